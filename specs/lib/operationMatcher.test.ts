/** The operation matcher (operationMatcher.ts) on the bundled specifications: what matches and what does not. */
import {describe, expect, it} from 'vitest';
import {loadBundles} from './bundles';
import {operationMatcher} from './operationMatcher';

const bundles = loadBundles();
const matcher = operationMatcher(bundles);
const id = (method: string, path: string) => matcher.match(method, path)?.operation.operationId;

describe('operationMatcher', () => {
  it('finds the operation of a method and path, with its path parameters decoded', () => {
    expect(id('POST', '/apiservices/v3/flights/live/search/create')).toBe('FlightsService_CreateSearch');
    const polled = matcher.match('post', '/apiservices/v3/flights/live/search/poll/a%2Fb%20c');
    expect([polled?.operation.operationId, polled?.params]).toEqual([
      'FlightsService_PollSearch',
      {sessionToken: 'a/b c'},
    ]);
    expect(matcher.match('GET', '/apiservices/v3/culture/markets/en-GB')?.params).toEqual({locale: 'en-GB'});
    expect(matcher.match('GET', '/apiservices/v3/culture/markets/%E0%A4')?.params).toEqual({locale: '%E0%A4'});
  });

  it('prefers a literal segment to a parameter: POST .../flights/nearest is not GET .../flights/{locale}', () => {
    expect(id('POST', '/apiservices/v3/geo/hierarchy/flights/nearest')).toBe('GeoService_NearestPlaces');
    expect(id('GET', '/apiservices/v3/geo/hierarchy/flights/en-GB')).toBe('GeoService_ListPlaces');
    expect(id('GET', '/apiservices/v3/geo/hierarchy/flights/nearest')).toBe('GeoService_ListPlaces');
  });

  it('matches nothing for another method, an extra or missing segment, an empty parameter or a prefix', () => {
    expect(id('GET', '/apiservices/v3/flights/live/search/create')).toBeUndefined();
    expect(id('POST', '/apiservices/v3/flights/live/search/create/')).toBeUndefined();
    expect(id('POST', '/apiservices/v3/flights/live/search/poll/')).toBeUndefined();
    expect(id('POST', '/apiservices/v3/flights/live/search/poll/t/extra')).toBeUndefined();
    expect(id('POST', '/x/apiservices/v3/flights/live/search/create')).toBeUndefined();
    expect(id('POST', '/apiservices/v3/flights/live/search.create')).toBeUndefined();
  });

  it('lists every operation at a path whatever its method, for a 405', () => {
    expect(matcher.atPath('/apiservices/v3/flights/live/search/create').map((m) => m.operation.method)).toEqual([
      'POST',
    ]);
    expect(matcher.atPath('/apiservices/v3/nothing/here')).toEqual([]);
  });

  it('is built once per set of bundles', () => {
    expect(operationMatcher(bundles)).toBe(matcher);
  });
});
