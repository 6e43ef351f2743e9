/**
 * The changes between two versions of a specification, as entries a reader can follow: which
 * operation, what changed, and whether the change is breaking. The comparison and its classification
 * are api-smart-diff's (a maintained OpenAPI diff library; specs/README.md says why this one); this
 * module prepares the two documents for it and turns its diffs into entries. Pure: the change log
 * (website/src/plugins/changelog) calls it with the snapshots of specs/releases (lib/releases.ts).
 */
import {apiCompare, type Diff} from 'api-smart-diff';
import {httpMethods, resolveRef, type OpenApiDocument} from './openapi';

/** api-smart-diff's classes, with `annotation` and `unclassified` (descriptions, `x-` notes) as one. */
export type ChangeKind = 'breaking' | 'deprecated' | 'non-breaking' | 'documentation';

/** One change of one API between two versions. */
export interface SpecChange {
  kind: ChangeKind;
  /** `POST /apiservices/...` when the change is inside an operation; empty for the document as a whole. */
  operation: string;
  /** Which operation (its operationId) and what changed, in a sentence with `code` spans. */
  text: string;
}

/** The changes of one API; `status` says when the whole API arrived or went. */
export interface ApiChanges {
  slug: string;
  title: string;
  status: 'added' | 'removed' | 'changed';
  changes: SpecChange[];
}

/**
 * Keys left out of the comparison: examples (illustrations, checked against the schemas elsewhere, and
 * some move with the day of bundling: specs/plugins/relative-dates.mjs) and generated code samples.
 */
const ignoredKeys = new Set(['example', 'examples', 'x-codeSamples']);

/**
 * A copy of a document ready for the comparison: ignored keys dropped, every local `$ref` inlined (a
 * `$ref` that refers to itself stays), and of `components` only the security schemes kept, because a
 * schema, parameter or response is compared where an operation uses it. Inlining matters: with `$ref`s
 * left in, api-smart-diff 1.0.6 pairs the branches of a `oneOf` wrongly after a change inside a shared
 * schema and reports changes that did not happen (specChanges.test.ts, "oneOf branches").
 */
export function comparable(doc: OpenApiDocument): Record<string, unknown> {
  const inline = (value: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => inline(item, seen));
    if (!value || typeof value !== 'object') return value;
    const ref = (value as {$ref?: unknown}).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/') && !seen.includes(ref)) {
      const siblings = Object.fromEntries(Object.entries(value).filter(([key]) => key !== '$ref'));
      const target = resolveRef(doc, {$ref: ref}) as Record<string, unknown>;
      return inline({...target, ...siblings}, [...seen, ref]);
    }
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !ignoredKeys.has(key))
        .map(([key, entry]) => [key, inline(entry, seen)]),
    );
  };
  const {components, ...rest} = inline(doc, []) as Record<string, unknown> & {
    components?: {securitySchemes?: unknown};
  };
  return components?.securitySchemes ? {...rest, components: {securitySchemes: components.securitySchemes}} : rest;
}

const kindOf = (diff: Diff): ChangeKind =>
  diff.type === 'breaking' || diff.type === 'deprecated' || diff.type === 'non-breaking' ? diff.type : 'documentation';

const methods = new Set<string>(httpMethods);

/** `POST /path` for a diff inside an operation, empty otherwise. */
function operationOf(path: readonly (string | number)[]): string {
  const [root, url, method] = path;
  if (root !== 'paths' || typeof url !== 'string') return '';
  return typeof method === 'string' && methods.has(method) ? `${method.toUpperCase()} ${url}` : url;
}

/** A value short enough to quote in a sentence, or nothing. */
function quoted(value: unknown): string | undefined {
  if (value === undefined || value === null || typeof value === 'object') return undefined;
  const text = String(value);
  return text.length <= 40 && !text.includes('`') ? `\`${text}\`` : undefined;
}

/** Where in the operation a diff is, from its path: the request body, a response, a parameter. */
function placeOf(path: readonly (string | number)[]): string {
  const at = path.indexOf('responses');
  if (at >= 0 && path[at + 1] !== undefined) return `${path[at + 1]} response`;
  if (path.includes('requestBody')) return 'request body';
  if (path.includes('parameters')) return 'parameters';
  return '';
}

/** Where `needle` first occurs in `text` outside its `code` spans, or -1. */
function indexOutsideCode(text: string, needle: string): number {
  let offset = 0;
  for (const [index, part] of text.split(/(`[^`]*`)/).entries()) {
    const found = index % 2 === 0 ? part.indexOf(needle) : -1;
    if (found >= 0) return offset + found;
    offset += part.length;
  }
  return -1;
}

/**
 * A sentence turned to say its subject first: `Added X to Y` → `X added to Y`, `Removed X from Y` →
 * `X removed from Y`, `Changed X of Y` → `X of Y changed`; api-smart-diff's wording made plainer
 * (`Response 404` → `the 404 response`, `maximum validator` → `` `maximum` ``).
 */
function subjectFirst(sentence: string): string {
  const match = /^(Added|Removed|Changed|Renamed) (.*)$/s.exec(sentence);
  let text = sentence;
  if (match) {
    const [, verb, rest] = match;
    const participle = verb.toLowerCase();
    const at =
      verb === 'Added' || verb === 'Removed' ? indexOutsideCode(rest, verb === 'Added' ? ' to ' : ' from ') : -1;
    text = at >= 0 ? `${rest.slice(0, at)} ${participle}${rest.slice(at)}` : `${rest} ${participle}`;
  }
  return text
    .replace(/\bResponse (\w+)/g, 'the $1 response')
    .replace(/\bRequest Body\b/g, 'the request body')
    .replace(/\(response (\w+)\)/g, '($1 response)')
    .replace(/^the (description|summary|title) \((request body|\w+ response)\)/, 'the $1 of the $2')
    .replace(/\b(\w+) validator\b/g, '`$1`');
}

/** What an annotation became, when short enough to quote: a description's new text, the names of new links. */
function annotationValue(diff: Diff): string {
  const last = diff.path[diff.path.length - 1];
  if (last === 'links' && (diff.action === 'add' || diff.action === 'remove')) {
    const links = diff.action === 'add' ? diff.after : diff.before;
    const names = links && typeof links === 'object' ? Object.keys(links) : [];
    return names.length > 0 ? `: ${names.map((name) => `\`${name}\``).join(', ')}` : '';
  }
  const described =
    ['description', 'summary', 'title'].includes(String(last)) || diff.path.includes('x-enumDescriptions');
  const after = diff.after;
  if (!described || typeof after !== 'string' || after.length > 80 || after.includes('\n')) return '';
  if (diff.action === 'replace') return ` to "${after}"`;
  return diff.action === 'add' ? `: "${after}"` : '';
}

/**
 * What a diff changed, subject first, in a sentence with `code` spans: api-smart-diff's own
 * description without its bracketed action and media type; when it says too little (an `x-` note, a
 * new `items` schema), one made from the diff's path. Values short enough to quote follow (`` `minLength`
 * added to `pet.id` (request body): `1` ``), and a description's new text when it is short.
 */
export function describe(diff: Diff): string {
  const action = {add: 'Added', remove: 'Removed', replace: 'Changed', rename: 'Renamed'}[diff.action];
  const own = (diff.description ?? '')
    .replace(/^\[(\w+)\]\s*/, (_, word: string) => `${word === 'Replaced' ? 'Changed' : word} `)
    .replace(/ in Request Body content \([^)]*\)/, ' (request body)')
    .replace(/ in Response (\w+) content \([^)]*\)/, ' (response $1)')
    .replace(/annotation \((description|summary|title)\)/, 'the $1')
    .replace(/annotation \(([^)\s]+)\)/, (_, name: string) =>
      diff.path.includes('x-enumDescriptions') ? `the description of the value \`${name}\`` : `\`${name}\``,
    )
    .trim();
  const vague = !own || /^\w+ (`\d+`|to |from |of |in )/.test(own) || / {2}/.test(own);
  const onOperation = diff.path.length === 4 && diff.path[0] === 'paths' && methods.has(String(diff.path[2]));
  let text = subjectFirst(
    onOperation ? own.replace(/^(\w+) the (description|summary)$/, "$1 the operation's $2") : own,
  );
  if (vague) {
    const keys = diff.path.filter((key): key is string => typeof key === 'string');
    const last = keys[keys.length - 1] ?? '';
    const field = [...own.matchAll(/`([^`]+)`/g)].map((match) => match[1]).find((span) => !/^\d+$/.test(span));
    const place = placeOf(diff.path);
    text = `\`${last}\`${field ? ` of \`${field}\`` : ''}${place ? ` (${place})` : ''} ${action.toLowerCase()}`;
  }
  if (diff.type === 'annotation' || diff.type === 'unclassified') return `${text}${annotationValue(diff)}`;
  const before = quoted(diff.before);
  const after = quoted(diff.after);
  if (diff.action === 'add' && after && diff.after !== true) return `${text}: ${after}`;
  if (diff.action === 'remove' && before && !text.includes(String(diff.before))) return `${text} (was ${before})`;
  if ((diff.action === 'replace' || diff.action === 'rename') && before && after)
    return `${text}: ${before} to ${after}`;
  return text;
}

/** The operationId of the operation a diff is in (from the side that has it), or nothing. */
function operationIdOf(before: OpenApiDocument, after: OpenApiDocument, path: readonly (string | number)[]): string {
  const [root, url, method] = path;
  if (root !== 'paths' || typeof url !== 'string' || typeof method !== 'string' || !methods.has(method)) return '';
  const idIn = (doc: OpenApiDocument): unknown =>
    (doc.paths?.[url] as Record<string, {operationId?: unknown} | undefined> | undefined)?.[method]?.operationId;
  const id = idIn(after) ?? idIn(before);
  return typeof id === 'string' ? id : '';
}

/**
 * The entry of a diff: the operation first, by operationId (`` `FlightsService_PollSearch`: the
 * description of the 404 response changed ``); an operation added or removed as a whole says so.
 * A change outside any operation is the sentence alone.
 */
function entryText(diff: Diff, operationId: string): string {
  const whole = diff.path.length === 3 && diff.path[0] === 'paths';
  if (operationId && whole && (diff.action === 'add' || diff.action === 'remove')) {
    return `\`${operationId}\`: ${diff.action === 'add' ? 'a new operation' : 'the operation was removed'}`;
  }
  const what = describe(diff);
  return operationId ? `\`${operationId}\`: ${what}` : `${what.charAt(0).toUpperCase()}${what.slice(1)}`;
}

const kindOrder: ChangeKind[] = ['breaking', 'deprecated', 'non-breaking', 'documentation'];

/**
 * The changes from `before` to `after` of one specification: one entry per distinct change, the same
 * change met in several branches of a `oneOf` counted once; breaking first, then deprecated,
 * non-breaking and documentation, each in api-smart-diff's order.
 */
export function specChanges(before: OpenApiDocument, after: OpenApiDocument): SpecChange[] {
  const {diffs} = apiCompare(comparable(before), comparable(after));
  const seen = new Set<string>();
  const changes: SpecChange[] = [];
  for (const diff of diffs) {
    const operationId = operationIdOf(before, after, diff.path);
    const found = enumValueChanges(diff, operationId) ?? [
      {kind: kindOf(diff), operation: operationOf(diff.path), text: entryText(diff, operationId)},
    ];
    for (const change of found) {
      const key = JSON.stringify(change);
      if (seen.has(key)) continue;
      seen.add(key);
      changes.push(change);
    }
  }
  return kindOrder.flatMap((kind) => changes.filter((change) => change.kind === kind));
}

/**
 * A change of an enum's values said as what it is: a value added to, or removed from, the values of a
 * field (api-smart-diff says "possible values changed", and pairs a value removed with one added at the
 * same place as one replacement, which is here two changes). A value added where the API answers, or
 * removed where it is sent, is breaking: a client may not know it, or may still send it.
 */
function enumValueChanges(diff: Diff, operationId: string): SpecChange[] | undefined {
  if (diff.path[diff.path.length - 2] !== 'enum' || typeof diff.path[diff.path.length - 1] !== 'number')
    return undefined;
  const field = /possible values of `([^`]+)`/.exec(diff.description ?? '')?.[1];
  const place = placeOf(diff.path);
  const answered = /response/.test(place);
  const where = `${field ? ` of \`${field}\`` : ''}${place ? ` (${place})` : ''}`;
  const operation = operationOf(diff.path);
  const entry = (what: string) =>
    operationId ? `\`${operationId}\`: ${what}` : `${what.charAt(0).toUpperCase()}${what.slice(1)}`;
  const changes: SpecChange[] = [];
  if ((diff.action === 'remove' || diff.action === 'replace') && typeof diff.before === 'string') {
    changes.push({
      kind: answered ? 'non-breaking' : 'breaking',
      operation,
      text: entry(`value \`${diff.before}\` removed from the values${where}`),
    });
  }
  if ((diff.action === 'add' || diff.action === 'replace') && typeof diff.after === 'string') {
    changes.push({
      kind: answered ? 'breaking' : 'non-breaking',
      operation,
      text: entry(`value \`${diff.after}\` added to the values${where}`),
    });
  }
  return changes.length > 0 ? changes : undefined;
}

const titleOf = (doc: OpenApiDocument, slug: string): string => doc.info?.title ?? slug;

/**
 * The changes of every API between two releases (documents by slug): an API present on one side only
 * is `added` or `removed` with no entries; an API with no changes is left out. In the order of `after`,
 * then the removed ones.
 */
export function releaseChanges(
  before: ReadonlyMap<string, OpenApiDocument>,
  after: ReadonlyMap<string, OpenApiDocument>,
): ApiChanges[] {
  const result: ApiChanges[] = [];
  for (const [slug, doc] of after) {
    const earlier = before.get(slug);
    if (!earlier) {
      result.push({slug, title: titleOf(doc, slug), status: 'added', changes: []});
      continue;
    }
    const changes = specChanges(earlier, doc);
    if (changes.length > 0) result.push({slug, title: titleOf(doc, slug), status: 'changed', changes});
  }
  for (const [slug, doc] of before) {
    if (!after.has(slug)) result.push({slug, title: titleOf(doc, slug), status: 'removed', changes: []});
  }
  return result;
}
