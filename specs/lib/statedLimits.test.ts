import {describe, expect, it} from 'vitest';
import type {OpenApiDocument} from './openapi';
import {
  boundsText,
  countsNoField,
  fieldsNamed,
  limitAgrees,
  schemaFields,
  sentences,
  statedLimits,
  textLimitProblems,
} from './statedLimits';
import {descriptionLimitProblems} from './descriptionLimits';

/** A document with a bounded integer, array, string and nested object (written for these tests). */
const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: {title: 'Limits', version: 'v1', description: 'Send `pageSize` (at most 50) and up to 100 `ids`.'},
  paths: {
    '/search': {
      post: {
        operationId: 'Service_Search',
        parameters: [
          {
            name: 'limit',
            in: 'query',
            description: 'How many, 1 to 20.',
            schema: {type: 'integer', minimum: 1, maximum: 20},
          },
        ],
        requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/Request'}}}},
        responses: {'200': {description: 'OK.'}},
      },
    },
  },
  components: {
    schemas: {
      Request: {
        type: 'object',
        description: 'The body: `pageSize` 1 to 50.',
        properties: {
          pageSize: {type: 'integer', minimum: 1, maximum: 50, description: 'How many per page, 1 to 50.'},
          ids: {
            type: 'array',
            minItems: 1,
            maxItems: 100,
            items: {type: 'string', minLength: 1, maxLength: 8},
            description: 'The ids, at most 100, each at most 8 characters.',
          },
          pagination: {$ref: '#/components/schemas/Pagination'},
        },
      },
      Pagination: {
        type: 'object',
        properties: {
          offset: {type: 'integer', minimum: 0, description: 'How many to skip, at least 0.'},
          limit: {type: 'integer', minimum: 1, maximum: 10, description: 'How many to return, at most 10.'},
        },
      },
    },
  },
};

describe('statedLimits', () => {
  it('reads ranges, maxima and minima in the ways the guides write them', () => {
    const read = (text: string) => statedLimits(text).map(({phrase, min, max}) => ({phrase, min, max}));
    expect(read('`limit` is **1 to 50**; at most 200 ids, up to 100 hotels, at least 1 adult.')).toEqual([
      {phrase: '1 to 50', min: 1, max: 50},
      {phrase: 'at most 200', min: undefined, max: 200},
      {phrase: 'up to 100', min: undefined, max: 100},
      {phrase: 'at least 1', min: 1, max: undefined},
    ]);
    expect(read('between 1 and 20, no more than 8, a maximum of 6, at most eight children')).toEqual([
      {phrase: 'between 1 and 20', min: 1, max: 20},
      {phrase: 'no more than 8', min: undefined, max: 8},
      {phrase: 'a maximum of 6', min: undefined, max: 6},
      {phrase: 'at most eight', min: undefined, max: 8},
    ]);
    expect(read('`monthOfYear`, 1 (January) to 12 (December)')).toEqual([
      {phrase: '1 (January) to 12 (December)', min: 1, max: 12},
    ]);
    // What is refused says the bound too
    expect(read('Anything above 50 is rejected. 21 or more is a bad request. Above 3 it is slow.')).toEqual([
      {phrase: 'above 50', min: undefined, max: 50},
      {phrase: '21 or more', min: undefined, max: 20},
    ]);
  });

  it('reads no times, decimals, dates, numbers in code or "at most one"', () => {
    expect(statedLimits('from 06:30 to 10:30, 4.5 to 4.8, 2027-03 to 2027-04, `1 to 50`, at most one filter')).toEqual(
      [],
    );
  });

  it('keeps the word before and after, and leaves out what counts no field', () => {
    const [seconds, characters, july, steps, round, ids] = statedLimits(
      'up to 5 seconds, up to 255 characters, 24 to 31 July, steps 1 to 3, round up to 12346, up to 100 ids',
    );
    expect([seconds, characters, july, steps, round].map(countsNoField)).toEqual([true, true, true, true, true]);
    expect(ids).toMatchObject({after: 'ids', before: ''});
    expect(countsNoField(ids)).toBe(false);
  });
});

describe('sentences', () => {
  it('splits at sentence ends and semicolons, not inside code or after "e.g."', () => {
    expect(sentences('A is 1, e.g. `a.b`. B is 2; C is 3.').map(({text}) => text.trim())).toEqual([
      'A is 1, e.g. `a.b`.',
      'B is 2;',
      'C is 3.',
    ]);
  });
});

describe('schemaFields and limitAgrees', () => {
  const fields = schemaFields(doc);

  it('finds fields by name and dotted path, through $refs, with their bounds and their items', () => {
    // Met from the operation's body and from the named schema
    expect(new Set(fieldsNamed(fields, 'pagination.limit').map((field) => JSON.stringify(field.bounds)))).toEqual(
      new Set([JSON.stringify([{of: 'value', min: 1, max: 10}])]),
    );
    expect(fieldsNamed(fields, 'limit').length).toBeGreaterThanOrEqual(2);
    expect(boundsText(fieldsNamed(fields, 'ids')[0].bounds)).toBe('1 to 100 items, each 1 to 8 length');
    expect(fieldsNamed(fields, 'Request')).toEqual([]);
  });

  it('agrees at the bound and not one past it, either way', () => {
    const [pageSize] = fieldsNamed(fields, 'pageSize');
    const limit = (text: string) => statedLimits(text)[0];
    expect(limitAgrees(limit('1 to 50'), pageSize.bounds)).toBe(true);
    expect(limitAgrees(limit('at most 50'), pageSize.bounds)).toBe(true);
    expect(limitAgrees(limit('at least 1'), pageSize.bounds)).toBe(true);
    expect(limitAgrees(limit('1 to 51'), pageSize.bounds)).toBe(false);
    expect(limitAgrees(limit('at most 49'), pageSize.bounds)).toBe(false);
    expect(limitAgrees(limit('0 to 50'), pageSize.bounds)).toBe(false);
    expect(limitAgrees(limit('at least 2'), pageSize.bounds)).toBe(false);
  });
});

describe('textLimitProblems', () => {
  const fields = schemaFields(doc);
  const problems = (text: string) => textLimitProblems(text, fields).problems.map(({message}) => message);

  it('binds a limit to the field named nearest before it, else after it', () => {
    expect(problems('`pageSize` is at most 50 and `pagination.limit` at most 10.')).toEqual([]);
    expect(problems('`pageSize` is at most 10 and `pagination.limit` at most 50.')).toEqual([
      '"at most 10" for `pageSize`, but its schema says 1 to 50',
      '"at most 50" for `pagination.limit`, but its schema says 1 to 10',
    ]);
    expect(problems('At most 40 per page (`pageSize`).')).toEqual([
      '"At most 40" for `pageSize`, but its schema says 1 to 50',
    ]);
  });

  it('binds a limit after a name that is no field to nothing, and returns it as unbound', () => {
    const result = textLimitProblems('The `p.auid` value, at most 50.', fields);
    expect(result.problems).toEqual([]);
    expect(result.unbound.map(({phrase}) => phrase)).toEqual(['at most 50']);
  });

  it('holds a limit to its own field, not to another of the same sentence', () => {
    expect(problems('`pagination.offset` is at least 0, `pagination.limit` at least 0.')).toEqual([
      '"at least 0" for `pagination.limit`, but its schema says 1 to 10',
    ]);
  });
});

describe('descriptionLimitProblems', () => {
  it('finds nothing in a document whose prose states its bounds', () => {
    expect(descriptionLimitProblems('limits', doc)).toEqual([]);
  });

  it('names the pointer of each description that disagrees, the property itself its subject', () => {
    const changed = structuredClone(doc);
    (changed.components!.schemas!.Request.properties!.pageSize as {maximum: number}).maximum = 40;
    expect(descriptionLimitProblems('limits', changed).map(({pointer, message}) => `${pointer}: ${message}`)).toEqual([
      '#/info/description: "at most 50" for `pageSize`, but its schema says 1 to 40',
      '#/components/schemas/Request/description: "1 to 50" for `pageSize`, but its schema says 1 to 40',
      '#/components/schemas/Request/properties/pageSize/description: "1 to 50" for `pageSize`, but its schema says 1 to 40',
    ]);
  });

  it('holds a limit about no field to the bounds of some field of the document', () => {
    const changed = structuredClone(doc);
    changed.info.description = 'Up to 100 ids; up to 300 things.';
    expect(descriptionLimitProblems('limits', changed).map(({message}) => message)).toEqual([
      '"up to 300" names no field, and no field of limits has that bound: name the field it limits in code (`field`) or correct the number',
    ]);
  });
});
