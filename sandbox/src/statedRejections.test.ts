/**
 * Every rejection a spec states is enforced by the sandbox, or the spec says why not; the known ones are
 * sent: the request each describes answers 400 naming the field, the same request without it 200.
 *
 * A sentence of a bundle (the description of the API, an operation, a parameter, a schema or a
 * property, an enum value's `x-enumDescriptions` entry, or an `x-validation` note) that says something
 * is rejected, not valid, must not or is never (or not meant) to be sent, is refused, needs an x-validation
 * note that accounts for it:
 *
 * - a note that accounts for a constraint is one a constraint of `constraints.ts` cites (its `sources`), one that says
 *   `(enforced by `keyword`)` (Ajv checks the schema keyword; `constraints.test.ts` checks the schema has
 *   it), or one that says `Not enforced by the sandbox ...: <reason>`;
 * - a sentence that is itself an x-validation note must be such a note;
 * - a sentence of a description must sit next to such a note: on the same object, on an object
 *   that holds it (the schema of a property, the operation of a parameter), on an object that
 *   `$ref`s it (the request property that uses an enum) or one holding that, or, for an operation or
 *   the API's description, anywhere in the operation's request (its parameters and body schemas).
 *   When the sentence names something in backticks (or is about an enum value), the note must name
 *   it too.
 */
import {describe, expect, it} from 'vitest';
import {
  operations,
  parametersOf,
  pointerSegment,
  requestMedia,
  validationNotes,
  walkSchemas,
  type OpenApiDocument,
  type Schema,
} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';
import {enforcedBySchema, constraints} from './constraints';
import {knownRejections, type Body} from './statedRejectionCases';
import {exampleBody, hotelsSession, op, request, testApp} from './testing.fixture';

/** The wording of a stated rejection. */
const REJECTION =
  /\b(rejected|not valid|must not|do not send|never send|not meant to be sent|is refused|are refused)\b/i;

/** Whether a note explains why the sandbox does not enforce what it says: `Not enforced by the sandbox ...: <reason>`. */
const explainsNotEnforced = (note: string): boolean => /not enforced by the sandbox[^:.]*:\s*\S/i.test(note);

/** Whether an x-validation note accounts for a rejection: a constraint cites it, a schema keyword enforces it, or it says why not. */
const accounts = (slug: string, pointer: string, note: string): boolean =>
  constraints.some((constraint) =>
    constraint.sources.some(
      (source) => source.slug === slug && source.pointer === pointer && note.includes(source.phrase),
    ),
  ) ||
  enforcedBySchema(note) ||
  explainsNotEnforced(note);

const sentencesOf = (text: string): string[] =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+(?=[A-Z`])/);
const tokensOf = (sentence: string): string[] => [...sentence.matchAll(/`([^`]+)`/g)].map(([, token]) => token);

interface StatedRejection {
  pointer: string;
  /** `description`, `x-validation` or `x-enumDescriptions/<value>`. */
  where: string;
  sentence: string;
}

/** Every object of a document with the JSON pointer it is at (examples left out), and who `$ref`s whom. */
function indexDocument(doc: OpenApiDocument) {
  const pointers = new Map<object, string>();
  const referrers = new Map<string, string[]>();
  const walk = (node: unknown, pointer: string): void => {
    if (!node || typeof node !== 'object' || pointers.has(node)) return;
    pointers.set(node, pointer);
    const ref = (node as {$ref?: unknown}).$ref;
    if (typeof ref === 'string') referrers.set(ref, [...(referrers.get(ref) ?? []), pointer]);
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'examples' && key !== 'example') walk(child, `${pointer}/${pointerSegment(key)}`);
    }
  };
  walk(doc, '#');
  return {pointers, referrers};
}

/** The pointers that hold `pointer` (not the document, `#/components/...` or a path item). */
const holders = (pointer: string): string[] => {
  const segments = pointer.split('/');
  const found: string[] = [];
  for (let length = segments.length; length >= 4; length--) found.push(segments.slice(0, length).join('/'));
  return found;
};

/** The sentences of a bundle that state a rejection no x-validation note accounts for. */
function unaccountedRejections(slug: string, doc: OpenApiDocument): StatedRejection[] {
  const {pointers, referrers} = indexDocument(doc);
  const notes = validationNotes(doc).flatMap(({pointer, notes: texts}) => texts.map((text) => ({pointer, text})));
  const pointerOf = (node: object | undefined): string[] => (node && pointers.has(node) ? [pointers.get(node)!] : []);

  /** The pointers of everything a request of the operation is made of. */
  const requestPointers = (operation: ReturnType<typeof operations>[number]): string[] => {
    const parameters = parametersOf(doc, operation);
    const found = [...pointerOf(operation), ...parameters.flatMap((parameter) => pointerOf(parameter))];
    walkSchemas(
      doc,
      [...parameters.map((parameter) => parameter.schema), requestMedia(doc, operation)?.schema],
      (schema) => found.push(...pointerOf(schema)),
    );
    return found;
  };

  // What states something, with the pointers whose notes may account for it.
  const places: {pointer: string; node: Record<string, unknown>; near: string[]}[] = [];
  const near = (pointer: string): string[] => [
    ...holders(pointer),
    ...(referrers.get(pointer) ?? []).flatMap((referrer) => holders(referrer)),
  ];
  const allOperations = operations(slug, doc);
  places.push({pointer: '#/info', node: doc.info, near: allOperations.flatMap(requestPointers)});
  for (const operation of allOperations) {
    const own = doc.paths[operation.path][operation.method.toLowerCase() as 'get'] as unknown as Record<
      string,
      unknown
    >;
    places.push({pointer: operation.pointer, node: own, near: [operation.pointer, ...requestPointers(operation)]});
    for (const parameter of parametersOf(doc, operation)) {
      for (const pointer of pointerOf(parameter)) places.push({pointer, node: parameter as never, near: near(pointer)});
    }
  }
  const roots: (Schema | undefined)[] = [
    ...Object.values(doc.components?.schemas ?? {}),
    ...allOperations.flatMap((operation) => [
      ...parametersOf(doc, operation).map((parameter) => parameter.schema),
      requestMedia(doc, operation)?.schema,
      ...Object.values(operation.responses).flatMap((response) =>
        Object.values(response.content ?? {}).map((media) => media.schema),
      ),
    ]),
  ];
  walkSchemas(doc, roots, (schema) => {
    for (const pointer of pointerOf(schema)) places.push({pointer, node: schema, near: near(pointer)});
  });

  const found: StatedRejection[] = [];
  const seen = new Set<string>();
  for (const {pointer, node, near: nearby} of places) {
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    const notesNear = notes.filter((note) => nearby.includes(note.pointer) && accounts(slug, note.pointer, note.text));
    const described: {where: string; text: string; tokens: string[]}[] = [];
    if (typeof node.description === 'string')
      described.push({where: 'description', text: node.description, tokens: []});
    for (const [value, text] of Object.entries((node['x-enumDescriptions'] as Record<string, string>) ?? {})) {
      described.push({where: `x-enumDescriptions/${value}`, text, tokens: [value]});
    }
    for (const {where, text, tokens} of described) {
      for (const sentence of sentencesOf(text).filter((part) => REJECTION.test(part))) {
        const names = [...tokens, ...tokensOf(sentence)];
        const covered = notesNear.some((note) => !names.length || names.some((name) => note.text.includes(name)));
        if (!covered) found.push({pointer, where, sentence});
      }
    }
    const own = notes.filter((note) => note.pointer === pointer);
    for (const note of own) {
      if (!accounts(slug, note.pointer, note.text)) {
        for (const sentence of sentencesOf(note.text).filter((part) => REJECTION.test(part))) {
          found.push({pointer, where: 'x-validation', sentence});
        }
      }
    }
  }
  // x-validation notes on objects no walk above reached (e.g. a component only some $ref reaches).
  for (const note of notes.filter((candidate) => !seen.has(candidate.pointer))) {
    if (!accounts(slug, note.pointer, note.text)) {
      for (const sentence of sentencesOf(note.text).filter((part) => REJECTION.test(part))) {
        found.push({pointer: note.pointer, where: 'x-validation', sentence});
      }
    }
  }
  return found;
}

/** Every sentence of a bundle that states a rejection (accounted for or not). */
function statedRejections(doc: OpenApiDocument): string[] {
  const texts: string[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'examples' || key === 'example') continue;
      if ((key === 'description' || key === 'x-validation') && typeof child === 'string') texts.push(child);
      else if (key === 'x-validation' && Array.isArray(child)) texts.push(...child.map(String));
      else if (key === 'x-enumDescriptions' && child && typeof child === 'object')
        texts.push(...Object.values(child).map(String));
      else walk(child);
    }
  };
  walk(doc);
  return texts.flatMap((text) => sentencesOf(text).filter((sentence) => REJECTION.test(sentence)));
}

const bundles = loadBundles();
const clone = (slug: string): OpenApiDocument => structuredClone(bundles.get(slug)!);

describe('stated rejections', () => {
  it('are each enforced by the sandbox (a constraint, or a schema keyword Ajv checks) or say why not', () => {
    const unaccounted = [...bundles].flatMap(([slug, doc]) =>
      unaccountedRejections(slug, doc).map(
        ({pointer, where, sentence}) => `${slug} ${pointer} (${where}): ${sentence}`,
      ),
    );
    expect(
      unaccounted,
      'a sentence says something is rejected, but no x-validation note beside it is enforced (a constraint of sandbox/src/constraints.ts, "(enforced by `keyword`)") or says "Not enforced by the sandbox: <reason>"',
    ).toEqual([]);
  });

  it('are found: the known ones are among the sentences read', () => {
    const all = [...bundles].flatMap(([slug, doc]) => statedRejections(doc).map((sentence) => `${slug}: ${sentence}`));
    expect(all.length).toBeGreaterThan(20);
    expect(knownRejections.length).toBeGreaterThan(10);
    for (const {sentence} of knownRejections) {
      expect(
        all.some((stated) => sentence.test(stated)),
        String(sentence),
      ).toBe(true);
    }
  });

  for (const {sentence, operationId, set, field, reason} of knownRejections) {
    it(`are what the sandbox does: ${String(sentence)} (${operationId} ${field}: 400, without it 200)`, async () => {
      const {app} = testApp();
      const operation = op(operationId);
      const replace = operationId === 'HotelsService_PollSearch' ? {sessionToken: await hotelsSession(app)} : undefined;
      const send = async (refused: boolean) => {
        const body = (exampleBody(operation) ?? {}) as Body;
        set(body, refused);
        const response = await app.request(request(operation, {body, replace}));
        return {status: response.status, text: await response.text()};
      };
      const refused = await send(true);
      expect(refused.status, refused.text).toBe(400);
      const {details} = JSON.parse(refused.text) as {details: {fieldViolations?: {field: string; reason: string}[]}[]};
      expect(details[0].fieldViolations).toContainEqual(expect.objectContaining({field, reason}));
      const accepted = await send(false);
      expect(accepted.status, accepted.text.slice(0, 300)).toBe(200);
    });
  }

  it('fail naming the spec, pointer and sentence: a new "X is rejected" sentence with no note', () => {
    const doc = clone('flights-live-pricing');
    const adults = doc.components!.schemas!.FlightsLiveQuery.properties!.adults;
    adults.description = `${adults.description} Infants on a lap are rejected.`;
    expect(unaccountedRejections('flights-live-pricing', doc)).toEqual([
      {
        pointer: '#/components/schemas/FlightsLiveQuery/properties/adults',
        where: 'description',
        sentence: 'Infants on a lap are rejected.',
      },
    ]);
    // A note beside it that says why the sandbox cannot enforce it accounts for it.
    adults['x-validation'] = [
      'Infants on a lap are rejected. Not enforced by the sandbox: the request does not say who sits on a lap.',
    ];
    expect(unaccountedRejections('flights-live-pricing', doc)).toEqual([]);
    // A note that merely repeats it does not.
    adults['x-validation'] = ['Infants on a lap are rejected.'];
    expect(unaccountedRejections('flights-live-pricing', doc).map(({where}) => where)).toEqual([
      'description',
      'x-validation',
    ]);
  });

  it('fail when the note a constraint cites is gone: continents, without the note constraints.ts claims', () => {
    const doc = clone('flights-live-pricing');
    delete doc.components!.schemas!.PlaceQuery['x-validation'];
    expect(unaccountedRejections('flights-live-pricing', doc)).toEqual([
      {
        pointer: '#/components/schemas/PlaceQuery',
        where: 'description',
        sentence: 'Continents are not valid search places.',
      },
    ]);
  });

  it('fail when a zero value "not meant to be sent" is not refused: a filter without its `not` note', () => {
    const doc = clone('hotels-reviews');
    const filters = doc.components!.schemas!.ReviewFilters.properties!;
    delete filters.travellerRatingFilter['x-validation'];
    filters.travellerRatingFilter.description = 'Only reviews whose rating falls in this band.';
    expect(unaccountedRejections('hotels-reviews', doc)).toEqual([
      {
        pointer: '#/components/schemas/TravellerRating',
        where: 'description',
        sentence: '`TRAVELLER_RATING_UNSPECIFIED` is the zero value; do not send it.',
      },
      {
        pointer: '#/components/schemas/TravellerRating',
        where: 'x-enumDescriptions/TRAVELLER_RATING_UNSPECIFIED',
        sentence: 'The zero value; not meant to be sent.',
      },
    ]);
  });

  it("fail when a zero value's note does not name it: an enum sentence needs a note naming its value", () => {
    const doc = clone('hotels-reviews');
    const sort = doc.components!.schemas!.HotelsReviewsRequest.properties!.sort;
    sort['x-validation'] = ['`sort` must be a known order (enforced by `not`).'];
    expect(unaccountedRejections('hotels-reviews', doc)).toEqual(
      expect.arrayContaining([
        {
          pointer: '#/components/schemas/ReviewSort',
          where: 'description',
          sentence: '`REVIEW_SORT_UNSPECIFIED` is the zero value; do not send it.',
        },
      ]),
    );
  });
});
