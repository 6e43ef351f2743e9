import {Collection, Property, VariableList, type Request} from 'postman-collection';
import {describe, expect, it} from 'vitest';
import {listedSlugs, loadBundle} from './bundles';
import {isOpen, operations} from './openapi';
import {postmanCollection, sandboxEnvironment} from './postman';
import {seedApiCount, seedApis} from '@portal/test-utils/seed';

/** Every request of a collection parsed by postman-collection (the library Postman's runner uses). */
function requestsOf(collection: Collection): {name: string; request: Request}[] {
  const found: {name: string; request: Request}[] = [];
  collection.forEachItem((item) => found.push({name: item.name, request: item.request}));
  return found;
}

const environment = sandboxEnvironment() as {name: string; values: {key: string; value: string}[]};

describe('the Postman collections', () => {
  it("cover the seeds' APIs", () => {
    expect([...listedSlugs()].sort()).toEqual(seedApis.map((api) => api.slug).sort());
    expect(listedSlugs()).toHaveLength(seedApiCount);
  });

  it.each(listedSlugs())(
    '%s: parses, and holds one request per operation, addressed through {{baseUrl}} and {{apiKey}}',
    async (slug) => {
      const doc = loadBundle(slug);
      const json = await postmanCollection(slug, doc);
      const collection = new Collection(json as never);
      expect(collection.name).toBe(doc.info.title);
      const requests = requestsOf(collection);
      const expected = operations(slug, doc);
      expect(requests).toHaveLength(expected.length);
      expect(requests.map(({name}) => name).sort()).toEqual(expected.map((operation) => operation.summary).sort());

      // The sandbox environment's values win over the collection's own, as they do in Postman.
      const variables = new VariableList(collection, [...(json.variable ?? []), ...environment.values] as never);
      const resolve = (text: string): string => Property.replaceSubstitutions(text, variables);
      for (const operation of expected) {
        const {request} = requests.find(({name}) => name === operation.summary)!;
        expect(request.method).toBe(operation.method);
        const url = resolve(request.url.toString());
        expect(url.startsWith(`http://127.0.0.1:4010${operation.path.replace(/\{.*$/, '')}`), url).toBe(true);
        const auth = request.auth ?? collection.auth;
        if (isOpen(operation)) {
          expect(auth?.type, operation.operationId).toBe('noauth');
        } else {
          expect(auth?.type, operation.operationId).toBe('apikey');
          const parameters = Object.fromEntries(
            auth!.parameters().map((parameter) => [parameter.key, parameter.value]),
          );
          expect(parameters).toEqual({key: 'x-api-key', value: '{{apiKey}}', in: 'header'});
          expect(resolve(String(parameters.value))).toBe('sandbox_postman');
        }
      }
    },
  );

  it('has a sandbox environment with its base URL and a sandbox_ key', () => {
    expect(environment.name).toBe('Sandbox (http://127.0.0.1:4010)');
    expect(Object.fromEntries(environment.values.map(({key, value}) => [key, value]))).toEqual({
      baseUrl: 'http://127.0.0.1:4010',
      apiKey: 'sandbox_postman',
    });
  });
});
