/**
 * Compile-time checks of types.ts, run by `npm run typecheck` (tsc -p sandbox): each line marked
 * `@ts-expect-error` must fail to compile, or tsc fails on the unused directive. They prove that a
 * handler's answer and request are the spec's: an enum value the 200 schema lacks, a field of the
 * wrong type, a request field the operation does not take, or a missing operation does not compile.
 * (TypeScript does not check an arrow function's returned object literal for fields its type lacks;
 * app.test.ts checks every answer for them at run time, with `undeclaredFields`.) Nothing imports this file.
 */
import type {ApiHandlers, Handler} from './types';

/** Compiles: the 200 answer of the currencies call as its schema says. */
export const answersTheSchema: Handler<'CultureService_ListCurrencies'> = () => ({
  status: 'RESULT_STATUS_COMPLETE',
  currencies: [],
});

export const answersAWrongType: Handler<'CultureService_ListCurrencies'> = () => ({
  status: 'RESULT_STATUS_COMPLETE',
  // @ts-expect-error `currencies` is a list of currencies, not a count
  currencies: 3,
});

export const answersAnEnumValueTheSchemaLacks: Handler<'CultureService_ListCurrencies'> = () => ({
  // @ts-expect-error `RESULT_STATUS_DONE` is not a value of ResultStatus
  status: 'RESULT_STATUS_DONE',
  currencies: [],
});

export const readsARequestFieldTheOperationLacks: Handler<'AutosuggestService_SuggestFlights'> = (call) => ({
  // @ts-expect-error the query has no `term` (it is `searchTerm`)
  places: call.body.query.term ? [] : [],
});

// @ts-expect-error an API's handlers must answer every operation of its spec (geo has two)
export const missesAnOperation: ApiHandlers<'geo'> = {GeoService_ListPlaces: () => ({})};
