/**
 * The flows between operations, as the specifications declare them with OpenAPI links on success
 * responses (the `live-flows/session-links` lint rule of `plugins/live-flows.mjs` makes every answer
 * that carries a session token declare them): which operation takes a token next, and which answer
 * field fills which of its path parameters. A create's `poll` link also declares the facts of its flow
 * (`x-live-flow`: whether it is a search or a refresh, where its results are, the statuses that end it,
 * the wait between polls), checked here against the poll's answer schema. Nothing else in the repository
 * pairs a create call with its poll or states those facts: the integration check, the try-it console, the
 * sandbox, the code samples' checks and the MCP server read these.
 */
import {operations, resolveRef, responseMedia, type OpenApiDocument, type Operation, type Schema} from './openapi';

/** One OpenAPI link of an operation's success response, resolved to the operations it joins. */
export interface OperationLink {
  /** The link's name: `poll` for the operation that polls the session this answer carries. */
  name: string;
  from: Operation;
  to: Operation;
  /** Each path parameter of `to` the link fills, with the top-level answer field it comes from. */
  parameters: {parameter: string; field: string}[];
  description: string;
  /** The flow's facts, on a create's `poll` link. */
  liveFlow?: LiveFlowFacts;
}

/** A create-and-poll pair: the create call, the poll it links, and how the token travels. */
export interface LiveFlow {
  slug: string;
  create: Operation;
  poll: Operation;
  /** The field of the create's (and the poll's) answer that carries the session token. */
  tokenField: string;
  /** The poll's path parameter that takes it. */
  tokenParameter: string;
  /** `search` starts a session (its create takes no token); `refresh` continues one (an itinerary refresh). */
  kind: 'search' | 'refresh';
  /** The collection of the poll answer's `content.results` that holds the results (`itineraries`). */
  results: string;
  /** The statuses after which the session is not polled again. */
  terminalStatuses: readonly string[];
  /** The wait between polls the guides ask for, in milliseconds. */
  pollIntervalMs: number;
  /**
   * Where a poll's request body asks for a page of the results (`/pagination/offset`, a JSON pointer to an
   * integer), when the poll takes one: a poll after completion with another offset asks for a further page.
   */
  pageOffset?: string;
}

/** `x-live-flow` of a create's `poll` link, as written (plugins/live-flows.mjs lints its shape). */
interface LiveFlowFacts {
  kind?: unknown;
  results?: unknown;
  terminalStatuses?: unknown;
  pollIntervalSeconds?: unknown;
  pageOffset?: unknown;
}

interface LinkObject {
  operationId?: string;
  parameters?: Record<string, unknown>;
  description?: string;
  'x-live-flow'?: LiveFlowFacts;
}

const bodyField = /^\$response\.body#\/([A-Za-z][A-Za-z0-9]*)$/;

/** Every link of every operation's success responses, in operation order. */
export function operationLinks(slug: string, doc: OpenApiDocument): OperationLink[] {
  const all = operations(slug, doc);
  const byId = new Map(all.map((operation) => [operation.operationId, operation]));
  const found: OperationLink[] = [];
  for (const from of all) {
    for (const [status, responseRef] of Object.entries(from.responses)) {
      if (!/^2\d\d$/.test(status)) continue;
      const response = resolveRef(doc, responseRef) as {links?: Record<string, LinkObject>};
      for (const [name, linkRef] of Object.entries(response.links ?? {})) {
        const link = resolveRef(doc, linkRef);
        const to = byId.get(link.operationId ?? '');
        if (!to)
          throw new Error(`${from.operationId}: link ${name} names no operation of ${slug} (${link.operationId})`);
        const parameters = Object.entries(link.parameters ?? {}).map(([parameter, expression]) => {
          const field = bodyField.exec(String(expression))?.[1];
          if (!field)
            throw new Error(`${from.operationId}: link ${name} fills ${parameter} from ${String(expression)}`);
          return {parameter, field};
        });
        found.push({
          name,
          from,
          to,
          parameters,
          description: link.description ?? '',
          ...(link['x-live-flow'] ? {liveFlow: link['x-live-flow']} : {}),
        });
      }
    }
  }
  return found;
}

/** The property `name` of an object schema, refs followed. */
const propertyOf = (doc: OpenApiDocument, schema: Schema | undefined, name: string): Schema | undefined =>
  resolveRef(doc, resolveRef(doc, schema)?.properties?.[name]);

/** The facts of the flow `link` starts, checked against its poll's answer schema; throws what is wrong. */
function flowFacts(
  doc: OpenApiDocument,
  link: OperationLink,
): Pick<LiveFlow, 'kind' | 'results' | 'terminalStatuses' | 'pollIntervalMs' | 'pageOffset'> {
  const where = `${link.from.operationId}: the poll link's x-live-flow`;
  const facts = link.liveFlow;
  if (!facts) throw new Error(`${link.from.operationId}: the poll link declares no x-live-flow`);
  if (facts.kind !== 'search' && facts.kind !== 'refresh') throw new Error(`${where}: kind must be search or refresh`);
  const answer = responseMedia(doc, link.to)?.schema;
  const results = propertyOf(doc, propertyOf(doc, answer, 'content'), 'results');
  if (typeof facts.results !== 'string' || !resolveRef(doc, results)?.properties?.[facts.results])
    throw new Error(
      `${where}: results (${String(facts.results)}) is no collection of ${link.to.operationId}'s content.results`,
    );
  const statuses = propertyOf(doc, answer, 'status')?.enum ?? [];
  const terminal = facts.terminalStatuses;
  if (!Array.isArray(terminal) || terminal.length === 0 || !terminal.every((status) => statuses.includes(status)))
    throw new Error(
      `${where}: terminalStatuses must be values of ${link.to.operationId}'s status (${statuses.join(', ')})`,
    );
  const seconds = facts.pollIntervalSeconds;
  if (typeof seconds !== 'number' || !(seconds > 0)) throw new Error(`${where}: pollIntervalSeconds must be above 0`);
  const offset = facts.pageOffset;
  if (offset !== undefined) {
    const body = resolveRef(doc, link.to.requestBody)?.content?.['application/json']?.schema;
    const target =
      typeof offset === 'string' && /^(\/[A-Za-z][A-Za-z0-9]*)+$/.test(offset)
        ? offset
            .slice(1)
            .split('/')
            .reduce<Schema | undefined>((schema, name) => propertyOf(doc, schema, name), body)
        : undefined;
    if (target?.type !== 'integer')
      throw new Error(
        `${where}: pageOffset (${String(offset)}) must point to an integer property of ${link.to.operationId}'s request body`,
      );
  }
  return {
    kind: facts.kind,
    results: facts.results,
    terminalStatuses: terminal as string[],
    pollIntervalMs: seconds * 1000,
    ...(typeof offset === 'string' ? {pageOffset: offset} : {}),
  };
}

/**
 * The create-and-poll pairs of a document: each `poll` link from one operation to another, with the facts
 * its `x-live-flow` declares.
 */
export function liveFlows(slug: string, doc: OpenApiDocument): LiveFlow[] {
  return operationLinks(slug, doc)
    .filter((link) => link.name === 'poll' && link.to.operationId !== link.from.operationId)
    .map((link) => {
      const [token] = link.parameters;
      return {
        slug,
        create: link.from,
        poll: link.to,
        tokenField: token.field,
        tokenParameter: token.parameter,
        ...flowFacts(doc, link),
      };
    });
}
