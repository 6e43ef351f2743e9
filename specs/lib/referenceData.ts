/**
 * Reference data, as the specifications declare it: an operation whose answer changes rarely says so with
 * `x-refresh`, the data it gives (`data`), how often a partner refreshes a kept copy (`every`: `day`, `days` or
 * `traveller`) and, optionally, what a copy is kept per (`per`: names of the operation's parameters or of
 * its request body's fields, such as `locale`). The lint rule `reference-data/refresh`
 * (plugins/reference-data.mjs) checks the declaration's shape and names; `referenceData` reads it, checked
 * again, for what renders or judges it: the "Cache reference data" table of the Rate limits guide
 * (`refreshText`, website/src/plugins/specTables) and the integration check's rule `reference-data-cached`
 * (check/src/judge/rules/reference-data-cached.ts). Nothing else says which calls are reference data.
 */
import {operations, parametersOf, requestMedia, resolveRef, type OpenApiDocument, type Operation} from './openapi';

/** How often a kept copy is refreshed. */
export const refreshPeriods = ['day', 'days', 'traveller'] as const;
export type RefreshPeriod = (typeof refreshPeriods)[number];

/** The period as the guides say it. */
const periodText: Record<RefreshPeriod, string> = {
  day: 'Daily',
  days: 'Every few days',
  traveller: 'Once per traveller, then remember their choice',
};

/** One operation of reference data, with its declaration. */
export interface ReferenceData {
  slug: string;
  operation: Operation;
  /** What the answer holds, as a table names it (`Currencies`). */
  data: string;
  every: RefreshPeriod;
  /** What a copy is kept per: the operation's parameters or body fields (`locale`); empty when one copy does. */
  per: string[];
}

/** The names a `per` may give: the operation's parameters and its request body's top-level fields. */
function requestNames(doc: OpenApiDocument, operation: Operation): string[] {
  const parameters = parametersOf(doc, operation).flatMap((parameter) => (parameter.name ? [parameter.name] : []));
  const schema = resolveRef(doc, requestMedia(doc, operation)?.schema);
  return [...parameters, ...Object.keys(schema?.properties ?? {})];
}

/** The reference data of a document, in operation order; throws, naming the operation, on a malformed `x-refresh`. */
export function referenceData(slug: string, doc: OpenApiDocument): ReferenceData[] {
  return operations(slug, doc).flatMap((operation) => {
    const declared = operation['x-refresh'] as {data?: unknown; every?: unknown; per?: unknown} | undefined;
    if (declared === undefined) return [];
    const where = `${operation.operationId}: x-refresh`;
    if (typeof declared.data !== 'string' || declared.data.trim() === '')
      throw new Error(`${where}: data must name what the answer holds`);
    if (!refreshPeriods.includes(declared.every as RefreshPeriod))
      throw new Error(`${where}: every must be one of ${refreshPeriods.join(', ')}`);
    const per = declared.per ?? [];
    const names = requestNames(doc, operation);
    if (!Array.isArray(per) || per.some((name) => typeof name !== 'string' || !names.includes(name)))
      throw new Error(
        `${where}: per must list names of the operation's parameters or body fields (${names.join(', ')})`,
      );
    return [{slug, operation, data: declared.data, every: declared.every as RefreshPeriod, per: per as string[]}];
  });
}

/** The suggested refresh of a declaration, as the guides' table says it: `Daily, per locale`. */
export const refreshText = (reference: Pick<ReferenceData, 'every' | 'per'>): string =>
  `${periodText[reference.every]}${reference.per.length ? `, per ${reference.per.map((name) => `\`${name}\``).join(' and ')}` : ''}`;
