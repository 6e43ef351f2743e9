/**
 * The try-it console's pure core: what an operation asks for (its parameters, key headers and example
 * body, read through `@portal/specs`), the request the reader's edits make, which operation polls a
 * create call's session, and where a request goes (the targets). No React, no network: unit-tested in
 * `request.test.ts`.
 */
import {
  firstExample,
  liveFlows,
  operationLinks,
  operations,
  parametersOf,
  requestMedia,
  resolveRef,
  responseMedia,
  securityHeaders,
  type OpenApiDocument,
  type Operation,
  type Schema,
} from '@portal/specs';
import {BEHAVIOUR_HEADER} from '@portal/sandbox/behaviours';

/** A path or query parameter as the console shows it. */
export interface ParameterField {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  /** The value the input starts with: the parameter's example, else its schema's default. */
  initial: string;
}

/** Everything the console needs to know about one operation. */
export interface ConsoleOperation {
  slug: string;
  operationId: string;
  summary: string;
  method: string;
  path: string;
  parameters: ParameterField[];
  /** Headers that carry the API key (lower case); empty for operations with `security: []`. */
  keyHeaders: string[];
  /** The request body's schema, `$ref`s left for the editor's validator to follow; undefined when none. */
  bodySchema: Schema | undefined;
  bodyRequired: boolean;
  /** The first example of the request body, as pretty JSON (`''` when there is no body). */
  exampleBody: string;
  /** The operation that polls this one's session, when this is the create call of a create-and-poll pair. */
  poll: PollPlan | undefined;
}

/** How to poll the session a create call starts. */
export interface PollPlan {
  /** The API's slug. */
  slug: string;
  operationId: string;
  method: string;
  path: string;
  /** The answer field that carries the session token. */
  tokenField: string;
  /** The poll's path parameter that takes it. */
  tokenParameter: string;
  /** The poll's summary in its specification (`Poll a live search`). */
  summary: string;
  /**
   * The poll's request body when the poll requires one: its example, asking for the first page
   * (`firstPageBody`), since a search is read from its first page.
   */
  body: string;
  /**
   * The create's answer declares no `content` while the poll's does (the itinerary refresh: its create
   * answers a token and a status, the results come with a poll), so a session is polled at least once,
   * even when the create already says it is complete.
   */
  pollForContent: boolean;
  /** The statuses after which the session is not polled again (`x-live-flow` of the create's poll link). */
  terminalStatuses: readonly string[];
  /** The wait between polls the guides ask for (`x-live-flow`), in milliseconds. */
  intervalMs: number;
}

const text = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

const pretty = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value, null, 2));

/**
 * A poll body that asks for the first page: its `pagination.offset`, when it sets one and the poll's schema
 * has it, at the lowest value the schema allows (its `minimum`, else 0). An example may show a later page
 * (the hotels poll's asks for the second); a search shown from it would headline that page as the search.
 */
export function firstPageBody(doc: OpenApiDocument, schema: Schema | undefined, body: unknown): unknown {
  const offset = schemaAt(doc, schema, ['pagination', 'offset']);
  const value = body as {pagination?: Record<string, unknown>} | undefined;
  if (!offset || typeof value?.pagination?.offset !== 'number') return body;
  const lowest = typeof offset.minimum === 'number' ? offset.minimum : 0;
  return {...value, pagination: {...value.pagination, offset: lowest}};
}

/**
 * The poll operation of a create call, as its specification links it (`liveFlows` of @portal/specs:
 * the `poll` link of the create's answer), with the poll's example body, from the first page, when the
 * poll requires one.
 */
export function pollPlanOf(doc: OpenApiDocument, create: Operation): PollPlan | undefined {
  const flow = liveFlows(create.slug, doc).find((candidate) => candidate.create.operationId === create.operationId);
  if (!flow) return undefined;
  const {poll} = flow;
  const required = resolveRef(doc, poll.requestBody)?.required === true;
  const pollMedia = requestMedia(doc, poll);
  const declaresContent = (operation: Operation) => {
    const schema = responseMedia(doc, operation)?.schema;
    return schema !== undefined && resolveRef(doc, schema).properties?.content !== undefined;
  };
  return {
    slug: create.slug,
    operationId: poll.operationId,
    method: poll.method,
    path: poll.path,
    tokenField: flow.tokenField,
    tokenParameter: flow.tokenParameter,
    summary: poll.summary ?? poll.operationId,
    body: required ? pretty(firstPageBody(doc, pollMedia?.schema, firstExample(doc, pollMedia) ?? {})) : '',
    pollForContent: !declaresContent(create) && declaresContent(poll),
    terminalStatuses: flow.terminalStatuses,
    intervalMs: flow.pollIntervalMs,
  };
}

/** The console's view of one operation of a bundled specification. */
export function consoleOperation(slug: string, doc: OpenApiDocument, operationId: string): ConsoleOperation {
  const all = operations(slug, doc);
  const operation = all.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`${slug} has no operation ${operationId}`);
  const media = requestMedia(doc, operation);
  const parameters = parametersOf(doc, operation)
    .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
    .map((parameter): ParameterField => ({
      name: parameter.name ?? '',
      in: parameter.in as 'path' | 'query',
      required: parameter.in === 'path' || parameter.required === true,
      description: parameter.description ?? '',
      initial: text(parameter.example ?? parameter.schema?.example ?? parameter.schema?.default),
    }));
  return {
    slug,
    operationId,
    summary: operation.summary ?? operationId,
    method: operation.method,
    path: operation.path,
    parameters,
    keyHeaders: securityHeaders(doc, operation),
    bodySchema: media?.schema,
    bodyRequired: resolveRef(doc, operation.requestBody)?.required === true,
    exampleBody: pretty(firstExample(doc, media)),
    poll: pollPlanOf(doc, operation),
  };
}

/**
 * A JSON Schema the editor can validate a body against on its own: the body's schema with the
 * document's components beside it, so that its `#/components/...` references resolve.
 */
export function standaloneSchema(doc: OpenApiDocument, schema: Schema): Record<string, unknown> {
  return {...schema, components: doc.components};
}

/** Where the console sends requests: `hosted` only on a build that names a hosted sandbox (`hostedSandboxUrl`). */
export type TargetKind = 'browser' | 'hosted' | 'local' | 'custom';

/** The local Node sandbox (`npm run sandbox`, sandbox/src/node.ts), unless the reader types another address. */
export const localSandboxUrl = 'http://127.0.0.1:4010';

/**
 * A local sandbox address the reader typed, as the base of its requests: `http://` on a loopback host
 * (127.0.0.1 or localhost) with any port, the addresses the site's Content-Security-Policy lets a page
 * reach over http (website/src/plugins/securityHeaders/policy.ts); undefined for anything else. Empty
 * means the default, `localSandboxUrl`.
 */
export function localSandboxBase(typed: string): string | undefined {
  const value = typed.trim().replace(/\/+$/, '');
  if (!value) return localSandboxUrl;
  return /^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?$/.test(value) ? value : undefined;
}

/**
 * The targets offered: the hosted sandbox only when the build names one (`hostedUrl`, HOSTED_SANDBOX_URL
 * of website/config/site.ts), as "Sandbox on this site" when it is the site's own origin; the local
 * sandbox at `localUrl` (its default unless the reader typed another).
 */
export function targetChoices(
  hostedUrl: string | null | undefined,
  siteOrigin: string,
  localUrl: string = localSandboxUrl,
): [TargetKind, string][] {
  return [
    ['browser', 'Sandbox in this page (no server, sandbox_ key)'],
    ...(hostedUrl
      ? [
          ['hosted', hostedUrl === siteOrigin ? 'Sandbox on this site' : `Hosted sandbox (${hostedUrl})`] as [
            TargetKind,
            string,
          ],
        ]
      : []),
    ['local', `Local sandbox (${localUrl})`],
    ['custom', 'Your host and key'],
  ];
}

/** A key the sandboxes accept (any key that starts with `sandbox_`: sandbox/README.md). */
export const sandboxKey = 'sandbox_try_it';

/** The request as the reader has edited it, ready to send or to show as code. */
export interface EditedRequest {
  method: string;
  /** The target's base URL, no trailing slash. */
  base: string;
  /** The path with its parameters filled in (URI-encoded). */
  path: string;
  /** The non-empty query parameters. */
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The path with its `{parameters}` filled in, URI-encoded. */
export const filledPath = (path: string, values: Record<string, string>): string =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));

/** The full URL of an edited request. */
export function requestUrl(request: Pick<EditedRequest, 'base' | 'path' | 'query'>): string {
  const search = new URLSearchParams(request.query).toString();
  return `${request.base}${request.path}${search ? `?${search}` : ''}`;
}

/**
 * The base URL of a target, without a trailing slash (`hostedUrl`: the build's hosted sandbox, if any;
 * `localUrl`: the local sandbox's, `localSandboxBase` of what the reader typed).
 */
export function targetBase(
  kind: TargetKind,
  pageOrigin: string,
  customHost: string,
  hostedUrl?: string | null,
  localUrl: string = localSandboxUrl,
): string {
  if (kind === 'browser') return pageOrigin;
  if (kind === 'hosted') return hostedUrl ?? pageOrigin;
  if (kind === 'local') return localUrl;
  const host = customHost.trim().replace(/\/+$/, '');
  return /^https?:\/\//.test(host) ? host : `https://${host}`;
}

/**
 * The request the console sends: JSON body (if any), the key in each header the operation names, and the
 * sandbox scenario asked for (the sandbox's `x-sandbox-scenario` header; `''` for none).
 */
export function editedRequest(
  operation: Pick<ConsoleOperation, 'method' | 'path' | 'parameters' | 'keyHeaders'>,
  base: string,
  values: Record<string, string>,
  key: string,
  body: string | undefined,
  scenario = '',
): EditedRequest {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  for (const header of operation.keyHeaders) headers[header] = key;
  if (scenario) headers[BEHAVIOUR_HEADER] = scenario;
  const query: Record<string, string> = {};
  for (const field of operation.parameters) {
    if (field.in === 'query' && values[field.name]) query[field.name] = values[field.name];
  }
  return {method: operation.method, base, path: filledPath(operation.path, values), query, headers, body};
}

/** What a create or poll answer says about the session (`status`, `action`, the next token). */
export interface SessionState {
  status: string;
  action: string;
  token: string;
}

export function sessionStateOf(answer: unknown, tokenField: string): SessionState {
  const value = (answer ?? {}) as Record<string, unknown>;
  return {status: text(value.status), action: text(value.action), token: text(value[tokenField])};
}

/** A session is over when its status is one of its flow's terminal statuses (`PollPlan.terminalStatuses`). */
export const sessionOver = (status: string, terminalStatuses: readonly string[]): boolean =>
  terminalStatuses.includes(status);

/** The schema at a path of properties under `schema` (`$ref`s followed), or undefined. */
export function schemaAt(doc: OpenApiDocument, schema: Schema | undefined, path: string[]): Schema | undefined {
  let current = schema && resolveRef(doc, schema);
  for (const name of path) {
    const next = current?.properties?.[name];
    current = next && resolveRef(doc, next);
  }
  return current;
}

/**
 * The values a request may send in the enum field at `path` of `schema`: its enum's values but those the
 * spec refuses with `not: {const}` (a zero value not meant to be sent). Empty when the field is no enum.
 */
export function sendableValues(doc: OpenApiDocument, schema: Schema | undefined, path: string[]): string[] {
  const parent = schemaAt(doc, schema, path.slice(0, -1));
  const field = parent?.properties?.[path.at(-1) ?? ''];
  if (!field) return [];
  const refused = (field as {not?: {const?: unknown}}).not?.const;
  const values = resolveRef(doc, field).enum ?? [];
  return values.map(String).filter((value) => value !== refused);
}

/**
 * The offset of the page a request body asks for: its `pagination.offset`, or 0 when it names none (a
 * create call's body, a poll body without one: a field left out is its zero value, as protobuf JSON reads
 * it); undefined when there is no body, or it is not a JSON object.
 */
export function pageOffset(body: string | undefined): number | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body ?? '');
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const offset = (value as {pagination?: {offset?: unknown}}).pagination?.offset;
  return typeof offset === 'number' ? offset : 0;
}

/** The poll operation's request body schema of a plan (undefined when the poll takes no body). */
export function pollBodySchema(doc: OpenApiDocument, plan: PollPlan): Schema | undefined {
  const poll = operations(plan.slug, doc).find((operation) => operation.operationId === plan.operationId);
  return poll && requestMedia(doc, poll)?.schema;
}

/**
 * What can be done with one result of a live session, as its spec links it: a link (other than `poll`)
 * from the session's create call to the create call of another live flow (the flights itinerary refresh),
 * its path parameter filled from the session's answer field, and the one field its body requires, which
 * takes the result's id (the link's description says which id).
 */
export interface ResultFollowUp {
  /** The link's name in the spec (`refreshItinerary`). */
  name: string;
  operation: ConsoleOperation;
  /** The follow-up's own create-and-poll plan. */
  plan: PollPlan;
  /** Its path parameters, each from a field of the session's answers. */
  parameters: {parameter: string; field: string}[];
  /** The one field its body requires, given the result's id. */
  bodyField: string;
  description: string;
}

export function resultFollowUp(doc: OpenApiDocument, slug: string, createId: string): ResultFollowUp | undefined {
  const flows = liveFlows(slug, doc);
  for (const link of operationLinks(slug, doc)) {
    if (link.from.operationId !== createId || link.name === 'poll') continue;
    if (!flows.some((flow) => flow.create.operationId === link.to.operationId)) continue;
    const body = requestMedia(doc, link.to)?.schema;
    const required = body ? (resolveRef(doc, body).required ?? []) : [];
    if (required.length !== 1) continue;
    const operation = consoleOperation(slug, doc, link.to.operationId);
    if (!operation.poll) continue;
    return {
      name: link.name,
      operation,
      plan: operation.poll,
      parameters: link.parameters,
      bodyField: required[0],
      description: link.description,
    };
  }
  return undefined;
}
