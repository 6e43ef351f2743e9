/**
 * Redocly plugin `go-live`. Its rule `go-live/policy` lints the root `x-go-live` of a specification, the
 * provider's go-live policy for that API (lib/goLive.ts reads it; CONVENTIONS.md states it): `operations`
 * lists operation ids of this document, `rules` the ids of the check's rules (each once), `scenarios` (when
 * given) the check's scenarios, `completedSessions` is a whole number and `furtherPage` true or false; no
 * other key. What the lint cannot see (that a furtherPage has a poll taking a page, that the rules and
 * scenarios are the check's own) `goLivePolicy` checks, and the check's tests (check/src/attest/policy.test.ts).
 */
const KEYS = ['operations', 'rules', 'scenarios', 'completedSessions', 'furtherPage'];
const NAME = /^[a-z][a-z0-9-]*$/;

const names = (value) =>
  Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && NAME.test(item));

function Policy() {
  const operationIds = new Set();
  return {
    Operation: {
      enter(operation) {
        if (typeof operation.operationId === 'string') operationIds.add(operation.operationId);
      },
    },
    Root: {
      leave(root, ctx) {
        const policy = root['x-go-live'];
        if (policy === undefined) return;
        const location = ctx.location.child(['x-go-live']);
        const report = (message) => ctx.report({message: `\`x-go-live\`: ${message}`, location});
        if (!policy || typeof policy !== 'object' || Array.isArray(policy)) {
          report('must be an object (operations, rules, scenarios, completedSessions, furtherPage)');
          return;
        }
        for (const key of Object.keys(policy))
          if (!KEYS.includes(key)) report(`\`${key}\` is not a key of a policy (${KEYS.join(', ')})`);
        const ids = policy.operations;
        if (!Array.isArray(ids) || ids.length === 0) report('`operations` must list the operations a run must call');
        else
          for (const id of ids)
            if (!operationIds.has(id)) report(`\`operations\` names \`${id}\`, no operation of this document`);
        if (!names(policy.rules) || new Set(policy.rules).size !== policy.rules.length)
          report('`rules` must list the ids of the rules a run must exercise and pass, each once');
        if (policy.scenarios !== undefined && !names(policy.scenarios))
          report('`scenarios` must list the scenarios a run must include (all of them when left out)');
        if (
          policy.completedSessions !== undefined &&
          !(Number.isInteger(policy.completedSessions) && policy.completedSessions >= 0)
        )
          report('`completedSessions` must be a whole number, 0 or more');
        if (policy.furtherPage !== undefined && typeof policy.furtherPage !== 'boolean')
          report('`furtherPage` must be true or false');
      },
    },
  };
}

export default function goLivePlugin() {
  return {
    id: 'go-live',
    rules: {
      oas3: {policy: Policy},
    },
  };
}
