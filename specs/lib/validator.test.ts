import {describe, expect, it} from 'vitest';
import mini from './fixtures/mini.openapi.json';
import type {OpenApiDocument} from './openapi';
import {SpecValidator} from './validator';

const validator = new SpecValidator(new Map([['mini', mini as unknown as OpenApiDocument]]));

describe('SpecValidator', () => {
  it('validates request bodies against the operation schema, naming each failing rule', () => {
    expect(validator.request('TripService_UpdateTrip', {status: 'STATUS_OPEN'})).toEqual({valid: true, errors: []});
    expect(validator.request('TripService_UpdateTrip', {status: 'OPEN'})).toEqual({
      valid: false,
      errors: ['/status must be equal to one of the allowed values'],
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
});
