/**
 * Redocly plugin `reference-data`. Its rule `reference-data/refresh` checks how an operation declares that its
 * answer is reference data, kept and refreshed on a schedule rather than asked again: `x-refresh` with `data`
 * (what the answer holds, as the Rate limits guide's table names it), `every` (`day`, `days` or `traveller`: how
 * often a kept copy is refreshed) and, optionally, `per` (what a copy is kept per: names of the operation's
 * parameters or of its request body's top-level fields). `lib/referenceData.ts` reads the same declaration (the
 * guide's table and the integration check's `reference-data-cached` come from it); CONVENTIONS.md states it.
 */
const PERIODS = ['day', 'days', 'traveller'];

/** The names `per` may give: the operation's parameters and its JSON body's top-level fields. */
function requestNames(operation, ctx) {
  const parameters = (operation.parameters ?? []).map((parameter) => ctx.resolve(parameter).node?.name);
  const body = operation.requestBody ? ctx.resolve(operation.requestBody).node : undefined;
  const schemaNode = body?.content?.['application/json']?.schema;
  const schema = schemaNode ? (ctx.resolve(schemaNode).node ?? {}) : {};
  return [...parameters, ...Object.keys(schema.properties ?? {})].filter((name) => typeof name === 'string');
}

/** What is wrong with an `x-refresh`, as sentences (none when it is whole). */
function refreshProblems(refresh, names) {
  if (!refresh || typeof refresh !== 'object' || Array.isArray(refresh))
    return ['must be an object with `data`, `every` and, optionally, `per`'];
  const problems = [];
  if (typeof refresh.data !== 'string' || refresh.data.trim() === '')
    problems.push('`data` must name what the answer holds, as the Rate limits guide names it');
  if (!PERIODS.includes(refresh.every)) problems.push(`\`every\` must be one of ${PERIODS.join(', ')}`);
  if (refresh.per !== undefined) {
    if (!Array.isArray(refresh.per)) problems.push('`per` must be a list of names');
    else
      for (const name of refresh.per) {
        if (!names.includes(name))
          problems.push(
            `\`per\` names \`${name}\`, which is no parameter or body field of the operation (${names.join(', ') || 'it has none'})`,
          );
      }
  }
  for (const key of Object.keys(refresh)) {
    if (!['data', 'every', 'per'].includes(key)) problems.push(`\`${key}\` is not a field of \`x-refresh\``);
  }
  return problems;
}

function Refresh() {
  return {
    Operation: {
      enter(operation, ctx) {
        if (!('x-refresh' in operation)) return;
        for (const problem of refreshProblems(operation['x-refresh'], requestNames(operation, ctx)))
          ctx.report({
            message: `\`x-refresh\` of ${operation.operationId}: ${problem}.`,
            location: ctx.location.child(['x-refresh']),
          });
      },
    },
  };
}

export default function referenceDataPlugin() {
  return {
    id: 'reference-data',
    rules: {
      oas3: {refresh: Refresh},
    },
  };
}
