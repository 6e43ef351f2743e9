/** The names that carry a key (keyNames.ts), both ways, and the sandbox's key prefix. */
import {describe, expect, it} from 'vitest';
import {SANDBOX_KEY_PREFIX as sandboxsOwn} from '@portal/sandbox';
import {isKeyName, SANDBOX_KEY_PREFIX} from './keyNames';

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
    // A scheme names one header: any other name is still no key
    expect(isKeyName('locale', ['partner-token'])).toBe(false);
    for (const name of ['keys', 'monkey', 'key-id', 'api', 'apikeys', 'x-api-keys', 'locale', 'x-key'])
      expect(isKeyName(name), name).toBe(false);
  });
});

describe('SANDBOX_KEY_PREFIX', () => {
  it("is the prefix the sandbox's key step accepts", () => {
    expect(SANDBOX_KEY_PREFIX).toBe(sandboxsOwn);
  });
});
