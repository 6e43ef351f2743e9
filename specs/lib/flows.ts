/**
 * The flows between operations, as the specifications declare them with OpenAPI links on success
 * responses (the `live-flows/session-links` lint rule of `plugins/live-flows.mjs` makes every answer
 * that carries a session token declare them): which operation takes a token next, and which answer
 * field fills which of its path parameters. Nothing else in the repository pairs a create call with
 * its poll: the try-it console, the code samples' checks, the sandbox's tests and the MCP server read
 * these.
 */
import {operations, resolveRef, type OpenApiDocument, type Operation} from './openapi';

/** One OpenAPI link of an operation's success response, resolved to the operations it joins. */
export interface OperationLink {
  /** The link's name: `poll` for the operation that polls the session this answer carries. */
  name: string;
  from: Operation;
  to: Operation;
  /** Each path parameter of `to` the link fills, with the top-level answer field it comes from. */
  parameters: {parameter: string; field: string}[];
  description: string;
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
}

interface LinkObject {
  operationId?: string;
  parameters?: Record<string, unknown>;
  description?: string;
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
        found.push({name, from, to, parameters, description: link.description ?? ''});
      }
    }
  }
  return found;
}

/** The create-and-poll pairs of a document: each `poll` link from one operation to another. */
export function liveFlows(slug: string, doc: OpenApiDocument): LiveFlow[] {
  return operationLinks(slug, doc)
    .filter((link) => link.name === 'poll' && link.to.operationId !== link.from.operationId)
    .map((link) => {
      const [token] = link.parameters;
      return {slug, create: link.from, poll: link.to, tokenField: token.field, tokenParameter: token.parameter};
    });
}
