import {describe, expect, it} from 'vitest';
import {loadBundle} from './bundles';
import {deprecatedFieldsIn, deprecations} from './deprecations';
import {operations, requestMedia} from './openapi';

const flights = loadBundle('flights-live-pricing');
const create = operations('flights-live-pricing', flights).find(
  (op) => op.operationId === 'FlightsService_CreateSearch',
)!;
const schema = requestMedia(flights, create)?.schema;

describe('deprecations', () => {
  it('lists what a spec deprecates: the flights live query’s includeBaggageData', () => {
    const found = deprecations('flights-live-pricing', flights);
    expect(found.operations).toEqual([]);
    expect(found.parameters).toEqual([]);
    expect(found.fields.map((field) => field.name)).toEqual(['includeBaggageData']);
  });

  it('finds a deprecated field in a value by its path, and nothing in a value without it', () => {
    expect(deprecatedFieldsIn(flights, schema, {query: {market: 'UK', includeBaggageData: false}})).toEqual([
      'query.includeBaggageData',
    ]);
    expect(deprecatedFieldsIn(flights, schema, {query: {market: 'UK', includeSustainabilityData: true}})).toEqual([]);
  });
});
