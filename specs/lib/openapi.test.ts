import {describe, expect, it} from 'vitest';
import mini from './fixtures/mini.openapi.json';
import {
  fieldsAndValues,
  inlineRefs,
  firstExample,
  isOpen,
  mediaExamples,
  namedEnums,
  operations,
  parametersOf,
  requestMedia,
  resolveRef,
  responseMedia,
  schemaExamples,
  type OpenApiDocument,
} from './openapi';

const doc = mini as unknown as OpenApiDocument;

describe('operations', () => {
  it('lists every operation in path then method order, with its pointer', () => {
    expect(operations('mini', doc).map((op) => [op.slug, op.method, op.path, op.operationId, op.pointer])).toEqual([
      ['mini', 'GET', '/v1/trips/{tripId}', 'TripService_GetTrip', '#/paths/~1v1~1trips~1%7BtripId%7D/get'],
      ['mini', 'POST', '/v1/trips/{tripId}', 'TripService_UpdateTrip', '#/paths/~1v1~1trips~1%7BtripId%7D/post'],
      ['mini', 'GET', '/v1/places', 'PlaceService_ListPlaces', '#/paths/~1v1~1places/get'],
    ]);
  });

  it('tells the operations that need no key (security: [])', () => {
    expect(
      operations('mini', doc)
        .filter(isOpen)
        .map((op) => op.operationId),
    ).toEqual(['PlaceService_ListPlaces']);
  });
});

describe('resolveRef', () => {
  it('follows local refs, including pointer escapes, and returns other values as they are', () => {
    expect(resolveRef(doc, {$ref: '#/components/parameters/TripId'})).toMatchObject({name: 'tripId', in: 'path'});
    expect(resolveRef(doc, {$ref: '#/paths/~1v1~1places/get'})).toMatchObject({operationId: 'PlaceService_ListPlaces'});
    const plain = {type: 'string'};
    expect(resolveRef(doc, plain)).toBe(plain);
  });

  it('fails on a ref that points nowhere or outside the document', () => {
    expect(() => resolveRef(doc, {$ref: '#/components/schemas/Nope'})).toThrow(
      'Unresolvable $ref #/components/schemas/Nope',
    );
    expect(() => resolveRef(doc, {$ref: 'other.yaml#/x'})).toThrow('Only local $refs');
  });
});

describe('media and examples', () => {
  const [getTrip, updateTrip, listPlaces] = operations('mini', doc);

  it('resolves parameters, request and response media, and named examples', () => {
    expect(parametersOf(doc, getTrip).map((parameter) => parameter.name)).toEqual(['tripId']);
    expect(requestMedia(doc, getTrip)).toBeUndefined();
    expect(mediaExamples(doc, requestMedia(doc, updateTrip))).toEqual(new Map([['close', {status: 'STATUS_CLOSED'}]]));
    expect(firstExample(doc, responseMedia(doc, getTrip))).toEqual({id: 't1', status: 'STATUS_OPEN'});
    expect(responseMedia(doc, getTrip, '400')?.schema).toEqual({$ref: '#/components/schemas/Error'});
    expect(firstExample(doc, responseMedia(doc, listPlaces))).toBeUndefined();
  });
});

describe('fieldsAndValues', () => {
  it('collects property names and string enum values through refs, items and maps, each once, and ends on cycles', () => {
    expect(fieldsAndValues(doc, [{$ref: '#/components/schemas/Leg'}])).toEqual({
      fields: ['origin', 'name', 'kind', 'trip', 'id', 'status', 'legs'],
      values: ['PLACE_KIND_CITY', 'PLACE_KIND_AIRPORT', 'STATUS_UNSPECIFIED', 'STATUS_OPEN', 'STATUS_CLOSED'],
    });
  });
});

describe('namedEnums', () => {
  it('lists the enums of components.schemas with the description of each value', () => {
    expect([...namedEnums(doc).values()]).toEqual([
      {
        name: 'Status',
        description: 'Where a trip is.',
        values: [
          {value: 'STATUS_UNSPECIFIED', description: 'Not set.'},
          {value: 'STATUS_OPEN', description: 'Open.'},
          {value: 'STATUS_CLOSED', description: 'Closed.'},
        ],
      },
    ]);
  });
});

describe('schemaExamples', () => {
  it('finds the examples written on component schemas and their properties, with their pointers', () => {
    const withExamples = structuredClone(doc);
    withExamples.components!.schemas!.Trip.properties!.id.examples = ['t1', 't2'];
    withExamples.components!.schemas!.Status.examples = ['STATUS_OPEN'];
    expect(schemaExamples(withExamples)).toEqual([
      {pointer: '#/components/schemas/Status', examples: ['STATUS_OPEN']},
      {pointer: '#/components/schemas/Trip/properties/id', examples: ['t1', 't2']},
    ]);
  });
});

describe('inlineRefs', () => {
  it('writes every $ref out, keeping the siblings of a ref', () => {
    const spec: OpenApiDocument = {
      info: {title: 't', version: 'v1'},
      paths: {},
      components: {
        schemas: {
          Trip: {type: 'object', properties: {place: {$ref: '#/components/schemas/Place', description: 'Where.'}}},
          Place: {type: 'object', properties: {name: {type: 'string'}}},
        },
      },
    };
    expect(inlineRefs(spec, {$ref: '#/components/schemas/Trip'})).toEqual({
      type: 'object',
      properties: {place: {type: 'object', properties: {name: {type: 'string'}}, description: 'Where.'}},
    });
  });

  it('leaves a schema met again inside itself as a $ref that says so', () => {
    const spec: OpenApiDocument = {
      info: {title: 't', version: 'v1'},
      paths: {},
      components: {
        schemas: {
          Node: {type: 'object', properties: {children: {type: 'array', items: {$ref: '#/components/schemas/Node'}}}},
        },
      },
    };
    expect(inlineRefs(spec, {$ref: '#/components/schemas/Node'})).toEqual({
      type: 'object',
      properties: {
        children: {
          type: 'array',
          items: {$ref: '#/components/schemas/Node', description: 'The same Node as above (recursive).'},
        },
      },
    });
  });
});
