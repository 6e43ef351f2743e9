/**
 * Whether the sandbox follows its specifications' enums and fields (`@portal/sandbox/coverage`, Node and
 * tests): `responseCoverageProblems` plays a set of calls (every request example of every operation, the
 * first at the maximum of each bounded integer (its largest page) and with each value of each request enum
 * it carries, each live search from create to complete and
 * polled again, with the `failed` and `empty` behaviours) and names
 * every response field and enum value of the specs no answer holds; `requestEnumProblems` sends each value
 * of each request enum a request example carries and names the values answered exactly like another value
 * (a value the sandbox does not model, priced as another) and those it refuses as not modelled
 * (`notModelled` of ./data/unmodelled.ts). What the sandbox leaves out on purpose is listed
 * with its reason in ./data/unmodelled.ts. Both take the bundles, so a test can change a spec and see the
 * check fail (responseCoverage.test.ts, website/test/apiChanges.test.ts).
 */
import {
  answerSchema,
  atMaximum,
  enumSites,
  liveFlows,
  mediaExamples,
  operationLinks,
  operations,
  parametersOf,
  requestMedia,
  schemaCoverage,
  valueCoverage,
  type Coverage,
  type OpenApiDocument,
  type Operation,
} from '@portal/specs';
import {BEHAVIOUR_HEADER, createApp} from './app';
import {answeredAlike, notProduced, NOT_MODELLED, refused, type Unmodelled} from './data/unmodelled';
import {STAGE_MS} from './services/session';

const KEY = 'sandbox_coverage';

/** The sandbox on `bundles`, with a clock that moves only when told, and a call that keeps its 200 answers. */
function sandboxOn(bundles: Map<string, OpenApiDocument>) {
  const clock = {now: Date.parse('2026-11-28T09:00:00Z')};
  const app = createApp({bundles, now: () => clock.now});
  const all = [...bundles].flatMap(([slug, doc]) => operations(slug, doc));
  const links = [...bundles].flatMap(([slug, doc]) => operationLinks(slug, doc));

  const url = (operation: Operation, replace: Record<string, string>) => {
    let path = operation.path;
    const query = new URLSearchParams();
    for (const parameter of parametersOf(bundles.get(operation.slug)!, operation)) {
      const value = replace[parameter.name ?? ''] ?? String(parameter.example ?? '');
      if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
      else if (parameter.in === 'query' && parameter.name) query.set(parameter.name, value);
    }
    return `http://sandbox.test${path}${query.size ? `?${query}` : ''}`;
  };

  /** Calls an operation; its answer, status and body. */
  const call = async (
    operation: Operation,
    {body, replace = {}, behaviour}: {body?: unknown; replace?: Record<string, string>; behaviour?: string},
  ): Promise<{status: number; body: Record<string, unknown>; text: string}> => {
    const response = await app.request(
      new Request(url(operation, replace), {
        method: operation.method,
        headers: {
          'x-api-key': KEY,
          ...(body === undefined ? {} : {'content-type': 'application/json'}),
          ...(behaviour ? {[BEHAVIOUR_HEADER]: behaviour} : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await response.text();
    return {status: response.status, body: JSON.parse(text) as Record<string, unknown>, text};
  };

  /** Every request example of an operation, or none for an operation without a body. */
  const examples = (operation: Operation): unknown[] => {
    const doc = bundles.get(operation.slug)!;
    const found = [...mediaExamples(doc, requestMedia(doc, operation)).values()];
    return found.length > 0 ? found.map((value) => structuredClone(value)) : [undefined];
  };

  /** An example body with the linked call's itinerary, where the body names one. */
  const withItinerary = (body: unknown, itinerary?: string): unknown =>
    itinerary && body && typeof body === 'object' && 'itineraryId' in body ? {...body, itineraryId: itinerary} : body;

  /**
   * The path values an operation needs from the call its spec links to it (a poll's session token, a
   * refresh's itinerary), that call made first; and the itinerary a refresh body names.
   */
  const linked = async (operation: Operation): Promise<{replace: Record<string, string>; itinerary?: string}> => {
    const link = links.find(
      (candidate) =>
        candidate.to.operationId === operation.operationId && candidate.from.operationId !== operation.operationId,
    );
    if (!link) return {replace: {}};
    const from = all.find((candidate) => candidate.operationId === link.from.operationId)!;
    const before = await linked(from);
    const answer = (
      await call(from, {body: withItinerary(examples(from)[0], before.itinerary), replace: before.replace})
    ).body;
    const replace = Object.fromEntries(link.parameters.map(({parameter, field}) => [parameter, String(answer[field])]));
    const itineraries = (answer.content as {results?: {itineraries?: Record<string, unknown>}} | undefined)?.results
      ?.itineraries;
    return {replace, itinerary: itineraries ? Object.keys(itineraries)[0] : undefined};
  };

  return {app, clock, all, call, examples, linked, withItinerary};
}

/** One answer of the sandbox and the operation that gave it. */
interface Answer {
  operation: Operation;
  body: unknown;
}

/** The sandbox's 200 answers to the calls that reach what it can produce (above). */
async function answerCorpus(bundles: Map<string, OpenApiDocument>): Promise<Answer[]> {
  const sandbox = sandboxOn(bundles);
  const answers: Answer[] = [];
  const keep = async (operation: Operation, init: Parameters<typeof sandbox.call>[1]) => {
    const answer = await sandbox.call(operation, init);
    if (answer.status === 200) answers.push({operation, body: answer.body});
    return answer;
  };
  for (const operation of sandbox.all) {
    const {replace, itinerary} = await sandbox.linked(operation);
    for (const body of sandbox.examples(operation))
      await keep(operation, {replace, body: sandbox.withItinerary(body, itinerary)});
    // The first example asking for its largest page, and with each value of each request enum it carries
    // (a grouping by week, a sort)
    const doc = bundles.get(operation.slug)!;
    const base = sandbox.examples(operation)[0];
    const largest = atMaximum(doc, requestMedia(doc, operation)?.schema, base);
    if (largest !== undefined) await keep(operation, {replace, body: sandbox.withItinerary(largest, itinerary)});
    for (const site of enumSites(doc, requestMedia(doc, operation)?.schema, base)) {
      for (const value of site.values) {
        const fresh = await sandbox.linked(operation);
        sandbox.clock.now += 10 * STAGE_MS;
        const body = structuredClone(sandbox.withItinerary(base, fresh.itinerary));
        setAt(body, site.path, site.list ? [value] : value);
        await keep(operation, {replace: fresh.replace, body});
      }
    }
  }
  const searches = [...bundles].flatMap(([slug, doc]) => liveFlows(slug, doc).filter((flow) => flow.kind === 'search'));
  for (const search of searches) {
    const create = sandbox.all.find((operation) => operation.operationId === search.create.operationId)!;
    const poll = sandbox.all.find((operation) => operation.operationId === search.poll.operationId)!;
    for (const behaviour of [undefined, 'failed', 'empty']) {
      for (const body of sandbox.examples(create)) {
        let created = await keep(create, {body, behaviour});
        for (const pollBody of sandbox.examples(poll)) {
          // Not modified (nothing new yet), omitted (something new, too soon), then stage by stage to the end
          for (const step of [STAGE_MS / 10, STAGE_MS, STAGE_MS / 10, STAGE_MS, STAGE_MS, STAGE_MS, STAGE_MS]) {
            sandbox.clock.now += step;
            const token = String(created.body.sessionToken ?? '');
            const polled = await keep(poll, {replace: {sessionToken: token}, body: pollBody, behaviour});
            if (polled.status === 200) created = polled;
          }
        }
      }
    }
  }
  return answers;
}

/** Whether an entry of ./data/unmodelled.ts covers a name (`*` in its names stands for any text). */
const covers = (entry: Unmodelled, slug: string, name: string): boolean =>
  (entry.apis === '*' || entry.apis.includes(slug)) &&
  entry.names.some((pattern) =>
    new RegExp(`^${pattern.replace(/[.[\]()]/g, '\\$&').replace(/\*/g, '.*')}$`).test(name),
  );

/**
 * The response fields and enum values of `bundles` no answer of the sandbox holds and ./data/unmodelled.ts
 * does not list, as sentences naming the API; then the entries of `notProduced` that cover nothing left
 * out (an answer holds it now, or the spec dropped it), so the list stays true.
 */
export async function responseCoverageProblems(bundles: Map<string, OpenApiDocument>): Promise<string[]> {
  const produced = new Map<string, Coverage>();
  for (const {operation, body} of await answerCorpus(bundles)) {
    const doc = bundles.get(operation.slug)!;
    const coverage = produced.get(operation.slug) ?? {fields: new Set<string>(), values: new Set<string>()};
    valueCoverage(doc, answerSchema(doc, operation), body, coverage);
    produced.set(operation.slug, coverage);
  }
  const problems: string[] = [];
  const used = new Set<Unmodelled>();
  for (const [slug, doc] of bundles) {
    const possible: Coverage = {fields: new Set(), values: new Set()};
    for (const operation of operations(slug, doc)) {
      const own = schemaCoverage(doc, answerSchema(doc, operation));
      own.fields.forEach((field) => possible.fields.add(field));
      own.values.forEach((value) => possible.values.add(value));
    }
    const made = produced.get(slug) ?? {fields: new Set<string>(), values: new Set<string>()};
    for (const [kind, names, held] of [
      ['field', possible.fields, made.fields],
      ['enum value', possible.values, made.values],
    ] as const) {
      for (const name of names) {
        if (held.has(name)) continue;
        const entry = notProduced.find((candidate) => covers(candidate, slug, name));
        if (entry) used.add(entry);
        else
          problems.push(
            `${slug}: the ${kind} ${name} is in no answer of the sandbox: produce it (sandbox/src/data, sandbox/src/services) or list it in notProduced of sandbox/src/data/unmodelled.ts with the reason`,
          );
      }
    }
  }
  for (const entry of notProduced) {
    if (!used.has(entry) && [...bundles.keys()].some((slug) => entry.apis === '*' || entry.apis.includes(slug)))
      problems.push(
        `notProduced of sandbox/src/data/unmodelled.ts lists ${entry.names.join(', ')}, which every answer that can holds now, or no spec has: remove it`,
      );
  }
  return problems;
}

/** Sets the value at a path of a body. */
function setAt(body: unknown, path: (string | number)[], value: unknown): void {
  let node = body as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
}

/** An answer without what changes from call to call (session tokens). */
const comparable = (text: string): string => text.replace(/"(\w*[sS]essionToken)":"[^"]*"/g, '"$1":""');

/**
 * The values of every request enum a request example carries that the sandbox answers exactly as it
 * answers another value of the same enum, unless ./data/unmodelled.ts lists them (`answeredAlike`): a
 * value it does not model must be refused (400) or priced on purpose, never silently as another. Each call
 * gets a fresh session and a clock past the end of the search. Also the entries of `answeredAlike` that
 * cover nothing answered alike.
 */
export async function requestEnumProblems(bundles: Map<string, OpenApiDocument>): Promise<string[]> {
  const sandbox = sandboxOn(bundles);
  const problems: string[] = [];
  const used = new Set<Unmodelled>();
  for (const operation of sandbox.all) {
    const doc = bundles.get(operation.slug)!;
    const media = requestMedia(doc, operation);
    if (!media) continue;
    const base = sandbox.examples(operation)[0];
    for (const site of enumSites(doc, media.schema, base)) {
      const alike = new Map<string, string[]>();
      for (const value of site.values) {
        const {replace, itinerary} = await sandbox.linked(operation);
        sandbox.clock.now += 10 * STAGE_MS;
        const body = structuredClone(sandbox.withItinerary(base, itinerary));
        setAt(body, site.path, site.list ? [value] : value);
        const answer = await sandbox.call(operation, {body, replace});
        const name = `${operation.operationId} ${site.name} ${value}`;
        if (answer.status === 400 && answer.text.includes(NOT_MODELLED)) {
          const entry = refused.find((candidate) => covers(candidate, operation.slug, name));
          if (entry) used.add(entry);
          else
            problems.push(
              `${name}: the sandbox refuses it as not modelled: model it (sandbox/src/data, sandbox/src/services) or list it in refused of sandbox/src/data/unmodelled.ts with the reason`,
            );
        }
        if (answer.status !== 200) continue;
        const key = comparable(answer.text);
        alike.set(key, [...(alike.get(key) ?? []), value]);
      }
      for (const group of alike.values()) {
        const name = `${operation.operationId} ${site.name}`;
        const listed = group.filter((value) => {
          const entry = answeredAlike.find((candidate) => covers(candidate, operation.slug, `${name} ${value}`));
          if (entry) used.add(entry);
          return entry !== undefined;
        });
        const unlisted = group.filter((value) => !listed.includes(value));
        if (unlisted.length > 1) {
          problems.push(
            `${name}: ${unlisted.join(', ')} are answered alike: model each value (sandbox/src/data, sandbox/src/services), refuse it with a 400, or list it in answeredAlike of sandbox/src/data/unmodelled.ts with the reason`,
          );
        }
      }
    }
  }
  for (const entry of [...answeredAlike, ...refused]) {
    if (!used.has(entry) && [...bundles.keys()].some((slug) => entry.apis === '*' || entry.apis.includes(slug)))
      problems.push(
        `sandbox/src/data/unmodelled.ts lists ${entry.names.join(', ')}, which are no longer answered alike or refused: remove it`,
      );
  }
  return problems;
}
