/**
 * Redocly plugin `live-flows`. Its rule `live-flows/session-links` makes the create-and-poll flows a
 * part of each specification instead of something code guesses: a success response whose body
 * carries a session token (a top-level property named `sessionToken` or `…SessionToken`) must say,
 * with an OpenAPI link named `poll`, which operation takes that token next, and every link of a
 * response must name an operation of the same document and fill only that operation's path
 * parameters from `$response.body#/<property>` of a property the response declares.
 * A `poll` link to another operation (a create's, starting a flow) also declares the facts of that flow, in
 * `x-live-flow`: `kind` (`search`, which starts a session, or `refresh`, which continues one), `results` (the
 * collection under `content.results` that holds the results), `terminalStatuses` (after which the session
 * is not polled again) and `pollIntervalSeconds` (the wait the guides ask for between polls), and, when the
 * poll's body asks for a page, `pageOffset` (a JSON pointer to the offset in it: after completion, a poll with
 * another offset asks for a further page).
 * `lib/flows.ts` reads the same links (`liveFlows`, `operationLinks`) and checks `x-live-flow` against the
 * poll's answer schema; CONVENTIONS.md states the rule.
 */
const FLOW_KINDS = ['search', 'refresh'];

/** What is wrong with a create's `x-live-flow`, as sentences (none when it is whole). */
function liveFlowProblems(flow) {
  if (!flow || typeof flow !== 'object')
    return ['declares no `x-live-flow` (kind, results, terminalStatuses, pollIntervalSeconds)'];
  const problems = [];
  if (!FLOW_KINDS.includes(flow.kind)) problems.push(`\`x-live-flow.kind\` must be one of ${FLOW_KINDS.join(', ')}`);
  if (typeof flow.results !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(flow.results))
    problems.push('`x-live-flow.results` must name a collection of `content.results`');
  if (
    !Array.isArray(flow.terminalStatuses) ||
    flow.terminalStatuses.length === 0 ||
    !flow.terminalStatuses.every((status) => typeof status === 'string')
  )
    problems.push('`x-live-flow.terminalStatuses` must list the statuses after which the session is not polled again');
  if (typeof flow.pollIntervalSeconds !== 'number' || !(flow.pollIntervalSeconds > 0))
    problems.push('`x-live-flow.pollIntervalSeconds` must be a number of seconds above 0');
  if (
    flow.pageOffset !== undefined &&
    !(typeof flow.pageOffset === 'string' && /^(\/[A-Za-z][A-Za-z0-9]*)+$/.test(flow.pageOffset))
  )
    problems.push(
      "`x-live-flow.pageOffset` must be a JSON pointer into the poll's request body (`/pagination/offset`)",
    );
  return problems;
}
const TOKEN = /^(sessionToken|[a-z][A-Za-z]*SessionToken)$/;
const EXPRESSION = /^\$response\.body#\/([A-Za-z][A-Za-z0-9]*)$/;

function SessionLinks() {
  /** operationId -> the path parameters its path template names. */
  const pathParameters = new Map();
  /** The links met, checked once every operation of the document is known. */
  const pending = [];
  /** The operation whose responses are being visited. */
  let operationId;
  return {
    Operation: {
      enter(operation) {
        operationId = operation.operationId;
      },
    },
    PathItem: {
      enter(pathItem, ctx) {
        if (typeof ctx.key !== 'string') return;
        const names = [...ctx.key.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
        // Every operation of the path item (its methods are the keys holding an operationId)
        for (const value of Object.values(pathItem)) {
          if (value && typeof value === 'object' && typeof value.operationId === 'string')
            pathParameters.set(value.operationId, names);
        }
      },
    },
    Response: {
      enter(response, ctx) {
        if (!/^2\d\d$/.test(String(ctx.key))) return;
        const schemaNode = response.content?.['application/json']?.schema;
        if (!schemaNode) return;
        const schema = ctx.resolve(schemaNode).node ?? {};
        const properties = Object.keys(schema.properties ?? {});
        const links = response.links ? (ctx.resolve(response.links).node ?? {}) : {};
        const tokens = properties.filter((name) => TOKEN.test(name));
        if (tokens.length > 0 && !links.poll) {
          ctx.report({
            message: `This answer carries ${tokens.map((name) => `\`${name}\``).join(', ')} but declares no \`poll\` link naming the operation that takes it next.`,
            location: ctx.location.key(),
          });
        }
        for (const [name, linkNode] of Object.entries(links)) {
          const link = ctx.resolve(linkNode).node ?? {};
          pending.push({name, link, from: operationId, properties, location: ctx.location.child(['links', name])});
        }
      },
    },
    Root: {
      leave(_root, ctx) {
        for (const {name, link, from, properties, location} of pending) {
          const targets = pathParameters.get(link.operationId);
          if (!targets) {
            ctx.report({
              message: `Link \`${name}\` names no operation of this document (\`${link.operationId}\`).`,
              location,
            });
            continue;
          }
          if (name === 'poll' && link.operationId !== from) {
            for (const problem of liveFlowProblems(link['x-live-flow']))
              ctx.report({message: `Link \`poll\` to ${link.operationId} ${problem}.`, location});
          }
          const parameters = Object.entries(link.parameters ?? {});
          if (parameters.length === 0) {
            ctx.report({message: `Link \`${name}\` fills none of ${link.operationId}'s path parameters.`, location});
          }
          for (const [parameter, expression] of parameters) {
            const field = EXPRESSION.exec(String(expression))?.[1];
            if (!targets.includes(parameter)) {
              ctx.report({
                message: `Link \`${name}\`: \`${parameter}\` is not a path parameter of ${link.operationId}.`,
                location,
              });
            } else if (!field || !properties.includes(field)) {
              ctx.report({
                message: `Link \`${name}\`: \`${parameter}\` must come from \`$response.body#/<property>\` of a property this answer declares, not \`${expression}\`.`,
                location,
              });
            }
          }
        }
      },
    },
  };
}

export default function liveFlowsPlugin() {
  return {
    id: 'live-flows',
    rules: {
      oas3: {'session-links': SessionLinks},
    },
  };
}
