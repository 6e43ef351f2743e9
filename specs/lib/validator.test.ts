import {describe, expect, it} from 'vitest';
import mini from './fixtures/mini.openapi.json';
import type {OpenApiDocument} from './openapi';
import {createAjv, issuesOf, messageOf, SpecValidator} from './validator';

const validator = new SpecValidator(new Map([['mini', mini as unknown as OpenApiDocument]]));

describe('SpecValidator', () => {
  it('validates request bodies against the operation schema, naming each failing rule', () => {
    expect(validator.request('TripService_UpdateTrip', {status: 'STATUS_OPEN'})).toEqual({valid: true, errors: []});
    expect(validator.request('TripService_UpdateTrip', {status: 'OPEN'})).toEqual({
      valid: false,
      errors: ['/status must be one of STATUS_UNSPECIFIED, STATUS_OPEN, STATUS_CLOSED'],
    });
    expect(validator.request('TripService_UpdateTrip', {}).errors).toEqual(["/ must have required property 'status'"]);
  });

  it('validates responses, including those declared by $ref, and named component schemas', () => {
    expect(validator.response('TripService_GetTrip', {id: 't1'}).valid).toBe(true);
    expect(validator.response('TripService_GetTrip', {status: 'STATUS_OPEN'}).valid).toBe(false);
    expect(validator.response('TripService_GetTrip', {code: 3, message: 'bad'}, '400').valid).toBe(true);
    expect(validator.response('TripService_GetTrip', {code: 3.5}, '400').errors).toEqual([
      '/code must be integer',
      '/code must match format "int32"',
    ]);
    expect(validator.schema('Error', {code: 2 ** 31}).errors).toEqual(['/code must match format "int32"']);
  });

  it('compiles each schema once', () => {
    const first = validator.validatorAt('mini', validator.requestPointer('TripService_UpdateTrip'));
    expect(validator.validatorAt('mini', validator.requestPointer('TripService_UpdateTrip'))).toBe(first);
  });

  it('names what is missing', () => {
    expect(() => validator.request('TripService_GetTrip', {})).toThrow(
      'TripService_GetTrip takes no JSON request body',
    );
    expect(() => validator.operation('Nope_Nope')).toThrow(/No operation Nope_Nope .*known: PlaceService_ListPlaces/);
    expect(() => validator.response('PlaceService_ListPlaces', {}, '404')).toThrow('documents no 404 response');
    expect(() => validator.schema('Nope', {})).toThrow('No schema Nope');
  });

  it('names a field its schema does not take, where it is, and only such a field', () => {
    const closed = {
      type: 'object',
      additionalProperties: false,
      properties: {inner: {type: 'object', additionalProperties: false, properties: {kept: {type: 'string'}}}},
    };
    const validate = createAjv().compile(closed);
    validate({inner: {kept: 'x', colour: 'red'}, size: 2});
    expect(issuesOf(validate.errors)).toEqual([
      {field: 'size', rule: 'additionalProperties', message: 'is not a field here'},
      {field: 'inner.colour', rule: 'additionalProperties', message: 'is not a field here'},
    ]);
    expect(validate({inner: {kept: 'x'}})).toBe(true);
  });

  it('names a key its schema refuses by its name, once', () => {
    const validate = createAjv().compile({
      type: 'object',
      propertyNames: {enum: ['normal', 'failed']},
      additionalProperties: {type: 'integer'},
    });
    validate({normal: 1, chaos: 2});
    expect(issuesOf(validate.errors)).toEqual([
      {field: 'chaos', rule: 'enum', message: 'is not an allowed name here: must be one of normal, failed'},
    ]);
    expect(validate({normal: 1, failed: 2})).toBe(true);
  });

  it('refuses two documents that share an operationId', () => {
    const doc = mini as unknown as OpenApiDocument;
    expect(
      () =>
        new SpecValidator(
          new Map([
            ['a', doc],
            ['b', doc],
          ]),
        ),
    ).toThrow('operationId TripService_GetTrip is in both a and b');
  });

  it('lists the allowed values of an enum or a const, and leaves other messages as Ajv words them', () => {
    const messages = (schema: object, value: unknown): string[] => {
      const validate = createAjv().compile(schema);
      expect(validate(value)).toBe(false);
      return (validate.errors ?? []).map(messageOf);
    };
    expect(messages({enum: ['CABIN_CLASS_ECONOMY', 'CABIN_CLASS_BUSINESS']}, 'ECONOMY')).toEqual([
      'must be one of CABIN_CLASS_ECONOMY, CABIN_CLASS_BUSINESS',
    ]);
    // Past eight values, the count comes first; every value is still listed
    const long = Array.from({length: 9}, (_, index) => `V${index + 1}`);
    expect(messages({enum: long}, 'V10')).toEqual([
      'must be one of the 9 allowed values: V1, V2, V3, V4, V5, V6, V7, V8, V9',
    ]);
    expect(messages({enum: long.slice(0, 8)}, 'V10')).toEqual(['must be one of V1, V2, V3, V4, V5, V6, V7, V8']);
    // Values that are not plain names are shown as JSON, so an empty string or a space stays visible
    expect(messages({enum: ['', 'two words', 3, null]}, 'x')).toEqual(['must be one of "", "two words", 3, null']);
    expect(messages({enum: ['ONLY']}, 'x')).toEqual(['must be ONLY']);
    expect(messages({const: true}, false)).toEqual(['must be true']);
    expect(messages({type: 'integer', minimum: 1}, 0)).toEqual(['must be >= 1']);
  });

  it('names the value a `not` refuses and why, never "must NOT be valid"', () => {
    const messages = (schema: object, value: unknown): string[] => {
      const validate = createAjv().compile(schema);
      expect(validate(value)).toBe(false);
      return (validate.errors ?? []).map(messageOf);
    };
    const sort = (schema: object) => ({type: 'object', properties: {type: schema}});
    // A protobuf enum's zero value, named *_UNSPECIFIED (specs/CONVENTIONS.md)
    expect(
      messages(sort({type: 'string', not: {const: 'SORT_ORDER_TYPE_UNSPECIFIED'}}), {
        type: 'SORT_ORDER_TYPE_UNSPECIFIED',
      }),
    ).toEqual(['must not be SORT_ORDER_TYPE_UNSPECIFIED: the zero value is not accepted']);
    expect(messages({not: {enum: ['CABIN_CLASS_UNSPECIFIED']}}, 'CABIN_CLASS_UNSPECIFIED')).toEqual([
      'must not be CABIN_CLASS_UNSPECIFIED: the zero value is not accepted',
    ]);
    // Another refused value is named, with no reason the schema does not give
    expect(messages({not: {const: 'LEGACY'}}, 'LEGACY')).toEqual(['must not be LEGACY']);
    expect(messages({not: {const: ''}}, '')).toEqual(['must not be ""']);
    // A field never to be sent: the description of the schema that holds the `not` says why
    expect(messages({description: 'Not valid for an origin.', not: {}}, true)).toEqual([
      'must not be sent here. Not valid for an origin.',
    ]);
    expect(messages({not: {}}, {any: 'thing'})).toEqual(['must not be sent here']);
    expect(messages({not: true}, 1)).toEqual(['must not be sent here']);
    // Other `not` schemas name the value sent
    expect(messages({not: {type: 'integer'}}, 3)).toEqual(['must not be 3']);
    // The value the schema accepts is not refused
    expect(
      createAjv().compile(sort({not: {const: 'SORT_ORDER_TYPE_UNSPECIFIED'}}))({type: 'SORT_ORDER_TYPE_PRICE'}),
    ).toBe(true);
  });

  it('gives the same message to issues (the sandbox and the MCP server read them)', () => {
    const validate = validator.validatorAt('mini', validator.requestPointer('TripService_UpdateTrip'));
    expect(validate({status: 'OPEN'})).toBe(false);
    expect(issuesOf(validate.errors)).toEqual([
      {field: 'status', rule: 'enum', message: 'must be one of STATUS_UNSPECIFIED, STATUS_OPEN, STATUS_CLOSED'},
    ]);
  });
});
