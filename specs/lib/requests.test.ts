import {describe, expect, it} from 'vitest';
import mini from './fixtures/mini.openapi.json';
import {operations, resolveRef, type OpenApiDocument, type Schema} from './openapi';
import {camelCase, canonicalJson, fieldName, instancesOf, securityHeaders, validationNotes} from './requests';
import {requestIssues, SpecValidator, validateParameters} from './validator';

const miniDoc = mini as unknown as OpenApiDocument;

/** A small document with the shapes the helpers read: x-validation notes, oneOf branches, integers. */
const doc = {
  openapi: '3.1.0',
  info: {title: 'Search', version: 'v1'},
  paths: {
    '/v1/search/{token}': {
      post: {
        operationId: 'SearchService_Search',
        'x-validation': ['Assumption: no body.'],
        parameters: [
          {name: 'token', in: 'path', required: true, schema: {type: 'string', minLength: 2}},
          {name: 'limit', in: 'query', schema: {type: 'integer', maximum: 9}},
        ],
        requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/Request'}}}},
        responses: {},
      },
    },
  },
  components: {
    schemas: {
      Request: {
        type: 'object',
        required: ['query'],
        properties: {
          query: {$ref: '#/components/schemas/Query'},
          filters: {type: 'array', items: {$ref: '#/components/schemas/Filter'}},
        },
      },
      Query: {
        type: 'object',
        'x-validation': ['Legs in date order.'],
        required: ['adults'],
        properties: {
          adults: {type: 'integer', format: 'int32', minimum: 1},
          queryLegs: {type: 'array', items: {$ref: '#/components/schemas/Leg'}},
          market: {type: 'string'},
        },
      },
      Leg: {type: 'object', allOf: [{$ref: '#/components/schemas/Date'}], properties: {origin_hint: {type: 'string'}}},
      Date: {type: 'object', properties: {year: {type: 'integer'}, dayFraction: {type: 'number'}}},
      Filter: {
        oneOf: [
          {type: 'object', required: ['starsFilter'], properties: {starsFilter: {$ref: '#/components/schemas/Range'}}},
          {type: 'object', required: ['priceRange'], properties: {priceRange: {$ref: '#/components/schemas/Range'}}},
        ],
      },
      Range: {type: 'object', properties: {minValue: {type: 'number'}, maxValue: {type: 'number'}}},
    },
  },
} as unknown as OpenApiDocument;
const request = resolveRef(doc, {$ref: '#/components/schemas/Request'}) as Schema;

describe('securityHeaders', () => {
  it('names the key header an operation needs, and none when it is open', () => {
    const [getTrip, , listPlaces] = operations('mini', miniDoc);
    expect(securityHeaders(miniDoc, getTrip)).toEqual(['x-api-key']);
    expect(securityHeaders(miniDoc, listPlaces)).toEqual([]);
  });
});

describe('validationNotes', () => {
  it('lists every x-validation list with the pointer of what carries it', () => {
    expect(validationNotes(doc)).toEqual([
      {pointer: '#/paths/~1v1~1search~1%7Btoken%7D/post', notes: ['Assumption: no body.']},
      {pointer: '#/components/schemas/Query', notes: ['Legs in date order.']},
    ]);
    const [{pointer}] = validationNotes(doc);
    expect(resolveRef(doc, {$ref: pointer})).toBe(doc.paths['/v1/search/{token}'].post);
  });
});

describe('instancesOf', () => {
  it('finds where a schema applies in a value, through refs, allOf, oneOf and items', () => {
    const body = {query: {adults: 1, queryLegs: [{year: 2027}, {year: 2026}]}, filters: [{priceRange: {minValue: 3}}]};
    const query = resolveRef(doc, {$ref: '#/components/schemas/Query'}) as Schema;
    expect(instancesOf(doc, request, body, query)).toEqual([{path: ['query'], value: body.query}]);
    const date = resolveRef(doc, {$ref: '#/components/schemas/Date'}) as Schema;
    expect(instancesOf(doc, request, body, date).map(({path}) => fieldName(path))).toEqual([
      'query.queryLegs[0]',
      'query.queryLegs[1]',
    ]);
    const range = resolveRef(doc, {$ref: '#/components/schemas/Range'}) as Schema;
    expect(instancesOf(doc, request, body, range)).toEqual([
      {path: ['filters', 0, 'priceRange'], value: {minValue: 3}},
    ]);
    expect(instancesOf(doc, request, {}, query)).toEqual([]);
  });
});

describe('canonicalJson', () => {
  it('accepts snake_case names and integers in strings, as protobuf JSON does', () => {
    expect(camelCase('itinerary_id')).toBe('itineraryId');
    const lenient = {
      query: {adults: '2', query_legs: [{year: '2027', day_fraction: '0.5', origin_hint: 'x'}], market: '12'},
      filters: [{stars_filter: {min_value: '1'}}],
      extra_field: '3',
    };
    expect(canonicalJson(doc, request, lenient)).toEqual({
      query: {adults: 2, queryLegs: [{year: 2027, dayFraction: 0.5, origin_hint: 'x'}], market: '12'},
      filters: [{starsFilter: {minValue: 1}}],
      extra_field: '3',
    });
  });

  it('leaves what it cannot read for the validator, and prefers the canonical name', () => {
    expect(canonicalJson(doc, request, {query: {adults: 'two', adults_: 1}})).toEqual({
      query: {adults: 'two', adults_: 1},
    });
    expect(canonicalJson(doc, request, {query: {adults: 1, adults_x: 2}, query_: 1})).toEqual({
      query: {adults: 1, adults_x: 2},
      query_: 1,
    });
    expect(canonicalJson(doc, request, {query: {query_legs: [], queryLegs: [{year: '1'}]}})).toEqual({
      query: {queryLegs: [{year: 1}]},
    });
    expect(canonicalJson(doc, request, {query: {adults: '99999999999999999999'}})).toEqual({
      query: {adults: '99999999999999999999'},
    });
    const proto = canonicalJson(doc, request, JSON.parse('{"__proto__": {"polluted": true}}')) as object;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(['__proto__']);
  });
});

describe('request issues', () => {
  const validator = new SpecValidator(new Map([['search', doc]]));

  it('names each failing field and rule of a body', () => {
    expect(requestIssues(validator, 'SearchService_Search', {query: {adults: 1}})).toEqual([]);
    expect(requestIssues(validator, 'SearchService_Search', {query: {adults: 0, queryLegs: [{year: 'x'}]}})).toEqual([
      {field: 'query.adults', rule: 'minimum', message: 'must be >= 1'},
      {field: 'query.queryLegs[0].year', rule: 'type', message: 'must be integer'},
    ]);
    expect(requestIssues(validator, 'SearchService_Search', {})).toEqual([
      {field: 'query', rule: 'required', message: "must have required property 'query'"},
    ]);
  });

  it('validates parameters, typed as their schemas say', () => {
    expect(validateParameters(validator, 'SearchService_Search', {path: {token: 'ab'}, query: {limit: '3'}})).toEqual({
      issues: [],
      values: {token: 'ab', limit: 3},
    });
    expect(validateParameters(validator, 'SearchService_Search', {query: {limit: '10'}}).issues).toEqual([
      {field: 'token', rule: 'required', message: 'path parameter is required'},
      {field: 'limit', rule: 'maximum', message: 'must be <= 9'},
    ]);
    expect(validateParameters(validator, 'SearchService_Search', {path: {token: 'a'}}).issues).toEqual([
      {field: 'token', rule: 'minLength', message: 'must NOT have fewer than 2 characters'},
    ]);
  });
});
