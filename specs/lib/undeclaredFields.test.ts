import {describe, expect, it} from 'vitest';
import mini from './fixtures/mini.openapi.json';
import type {OpenApiDocument} from './openapi';
import {undeclaredFields} from './undeclaredFields';

const doc = mini as unknown as OpenApiDocument;

describe('undeclaredFields', () => {
  it('names keys an object schema does not declare, through refs, arrays and nested objects', () => {
    const trip = {$ref: '#/components/schemas/Trip'};
    expect(undeclaredFields(doc, trip, {id: 't1', status: 'STATUS_OPEN'})).toEqual([]);
    expect(
      undeclaredFields(doc, trip, {id: 't1', stauts: 'STATUS_OPEN', legs: [{origin: {name: 'x', kidn: 'y'}}]}),
    ).toEqual(['/stauts', '/legs/0/origin/kidn']);
  });

  it('accepts any key of a map (additionalProperties) and checks the values', () => {
    const places = doc.paths['/v1/places'].get!.responses['200'].content!['application/json'].schema;
    expect(undeclaredFields(doc, places, {places: {p1: {name: 'Paris'}, p2: {nmae: 'Rome'}}})).toEqual([
      '/places/p2/nmae',
    ]);
  });
});
