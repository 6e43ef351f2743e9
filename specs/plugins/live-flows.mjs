/**
 * Redocly plugin `live-flows`. Its rule `live-flows/session-links` makes the create-and-poll flows a
 * part of each specification instead of something code guesses: a success response whose body
 * carries a session token (a top-level property named `sessionToken` or `…SessionToken`) must say,
 * with an OpenAPI link named `poll`, which operation takes that token next, and every link of a
 * response must name an operation of the same document and fill only that operation's path
 * parameters from `$response.body#/<property>` of a property the response declares.
 * `lib/flows.ts` reads the same links (`liveFlows`, `operationLinks`); CONVENTIONS.md states the rule.
 */
const TOKEN = /^(sessionToken|[a-z][A-Za-z]*SessionToken)$/;
const EXPRESSION = /^\$response\.body#\/([A-Za-z][A-Za-z0-9]*)$/;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function SessionLinks() {
  /** operationId -> the path parameters its path template names. */
  const pathParameters = new Map();
  /** The links met, checked once every operation of the document is known. */
  const pending = [];
  return {
    PathItem: {
      enter(pathItem, ctx) {
        if (typeof ctx.key !== 'string') return;
        const names = [...ctx.key.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
        for (const method of METHODS) {
          const operationId = pathItem[method]?.operationId;
          if (operationId) pathParameters.set(operationId, names);
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
          pending.push({name, link, properties, location: ctx.location.child(['links', name])});
        }
      },
    },
    Root: {
      leave(_root, ctx) {
        for (const {name, link, properties, location} of pending) {
          const targets = pathParameters.get(link.operationId);
          if (!targets) {
            ctx.report({
              message: `Link \`${name}\` names no operation of this document (\`${link.operationId}\`).`,
              location,
            });
            continue;
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
