/** The names that carry a key (keyNames.ts), both ways. */
import {describe, expect, it} from 'vitest';
import {isKeyName} from './keyNames';

describe('isKeyName', () => {
  it('knows the header the specs name and the spellings a client may use, in any case', () => {
    for (const name of [
      'x-api-key',
      'X-API-Key',
      'x_api_key',
      'xapikey',
      'api-key',
      'api_key',
      'apikey',
      'APIKEY',
      'key',
    ])
      expect(isKeyName(name), name).toBe(true);
  });

  it('knows a header a security scheme names, and nothing that only contains a key spelling', () => {
    expect(isKeyName('partner-token')).toBe(false);
    expect(isKeyName('Partner-Token', ['partner-token'])).toBe(true);
    for (const name of ['keys', 'monkey', 'key-id', 'api', 'apikeys', 'x-api-keys', 'locale', 'x-key'])
      expect(isKeyName(name), name).toBe(false);
  });
});
