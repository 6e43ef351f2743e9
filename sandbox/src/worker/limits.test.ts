/**
 * The hosted sandbox's limits (`overLimit`, `limitsOf` in limits.ts), in Node with a fake of the platform's
 * rate-limiting binding that allows `allowed` requests per key: who is counted by what (the client address
 * from CF-Connecting-IP, never x-forwarded-for; the key, its first 256 characters), what is not counted
 * (preflights, a call without a key against the key limit), and the 429 a client is answered with over
 * each limit (its sentence and Retry-After), at the hosted limits and at limits a local run sets.
 */
import {describe, expect, it} from 'vitest';
import {HOSTED_RATE_LIMITS, limitsOf, overLimit, type LimitsEnv} from './limits';

/** The platform's binding: `allowed` requests per key, then refused; it keeps the keys it was asked about. */
function fakeLimiter(allowed: number) {
  const counts = new Map<string, number>();
  const keys: string[] = [];
  return {
    keys,
    async limit({key}: {key: string}) {
      keys.push(key);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return {success: counts.get(key)! <= allowed};
    },
  };
}

const URL_OF_SEARCH = 'https://sandbox.example/apiservices/v3/flights/live/search/create';
const call = (headers: Record<string, string>, method = 'POST') => new Request(URL_OF_SEARCH, {method, headers});

/**
 * What a client sees over a limit: the status, the sentence, the Retry-After seconds, and the failing fields
 * its body lists (none: no field of the request is wrong); undefined when not over.
 */
async function verdict(request: Request, env: LimitsEnv) {
  const error = await overLimit(request, env);
  return (
    error && {
      status: error.status,
      message: error.message,
      retryAfter: error.retryAfterSeconds,
      violations: error.violations,
    }
  );
}

const sentence = (what: string, limit: number, period: number) =>
  `Too many requests ${what}: the hosted sandbox answers at most ${limit} per ${period} seconds ${what}; retry after ${period} seconds, or run the sandbox on your machine (node sandbox.mjs, from the Downloads page), which has no limits`;

describe('the per-address limit', () => {
  it('counts two client addresses (CF-Connecting-IP) apart: one over its limit, the other still answered', async () => {
    const byAddress = fakeLimiter(2);
    const env = {RATE_LIMIT_BY_ADDRESS: byAddress};
    const from = (address: string) => call({'cf-connecting-ip': address});
    expect(await verdict(from('203.0.113.9'), env)).toBeUndefined();
    expect(await verdict(from('203.0.113.9'), env)).toBeUndefined();
    const {perAddress} = HOSTED_RATE_LIMITS;
    expect(await verdict(from('203.0.113.9'), env)).toEqual({
      status: 429,
      message: sentence('from one client address', perAddress.limit, perAddress.periodSeconds),
      retryAfter: perAddress.periodSeconds,
      violations: [],
    });
    expect(await verdict(from('203.0.113.10'), env)).toBeUndefined();
    expect(byAddress.keys).toEqual([
      'address:203.0.113.9',
      'address:203.0.113.9',
      'address:203.0.113.9',
      'address:203.0.113.10',
    ]);
  });

  it('does not read x-forwarded-for: a client cannot escape its limit, nor share another, by sending one', async () => {
    const byAddress = fakeLimiter(1);
    const env = {RATE_LIMIT_BY_ADDRESS: byAddress};
    expect(await verdict(call({'cf-connecting-ip': '198.51.100.4', 'x-forwarded-for': '192.0.2.1'}), env)).toBe(
      undefined,
    );
    // The same address, another x-forwarded-for: still the same count, now over it
    const again = await verdict(call({'cf-connecting-ip': '198.51.100.4', 'x-forwarded-for': '192.0.2.2'}), env);
    expect(again?.status).toBe(429);
    // Another address with the first one's x-forwarded-for: a count of its own
    expect(await verdict(call({'cf-connecting-ip': '198.51.100.5', 'x-forwarded-for': '192.0.2.1'}), env)).toBe(
      undefined,
    );
    expect(byAddress.keys).toEqual(['address:198.51.100.4', 'address:198.51.100.4', 'address:198.51.100.5']);
  });

  it('counts calls without CF-Connecting-IP together, whatever x-forwarded-for says', async () => {
    const byAddress = fakeLimiter(1);
    const env = {RATE_LIMIT_BY_ADDRESS: byAddress};
    expect(await verdict(call({'x-forwarded-for': '192.0.2.1'}), env)).toBeUndefined();
    expect((await verdict(call({'x-forwarded-for': '192.0.2.2'}), env))?.status).toBe(429);
    expect(byAddress.keys).toEqual(['address:unknown', 'address:unknown']);
  });

  it('does not count preflights (OPTIONS): never over, never asked', async () => {
    const byAddress = fakeLimiter(0);
    const byKey = fakeLimiter(0);
    const env = {RATE_LIMIT_BY_ADDRESS: byAddress, RATE_LIMIT_BY_KEY: byKey};
    const headers = {'cf-connecting-ip': '203.0.113.9', 'x-api-key': 'sandbox_k'};
    expect(await verdict(call(headers, 'OPTIONS'), env)).toBeUndefined();
    expect([...byAddress.keys, ...byKey.keys]).toEqual([]);
    // Any other method is counted, GET too
    expect((await verdict(call(headers, 'GET'), env))?.status).toBe(429);
  });
});

describe('the per-key limit', () => {
  const {perKey} = HOSTED_RATE_LIMITS;

  it('counts each key apart and answers 429 with its sentence over it, the address still under its own', async () => {
    const byAddress = fakeLimiter(100);
    const byKey = fakeLimiter(1);
    const env = {RATE_LIMIT_BY_ADDRESS: byAddress, RATE_LIMIT_BY_KEY: byKey};
    const withKey = (key: string) => call({'cf-connecting-ip': '203.0.113.9', 'x-api-key': key});
    expect(await verdict(withKey('sandbox_a'), env)).toBeUndefined();
    expect(await verdict(withKey('sandbox_a'), env)).toEqual({
      status: 429,
      message: sentence('with one key', perKey.limit, perKey.periodSeconds),
      retryAfter: perKey.periodSeconds,
      violations: [],
    });
    expect(await verdict(withKey('sandbox_b'), env)).toBeUndefined();
    expect(byKey.keys).toEqual(['key:sandbox_a', 'key:sandbox_a', 'key:sandbox_b']);
  });

  it('counts a call without a key only against its address', async () => {
    const byKey = fakeLimiter(0);
    const env = {RATE_LIMIT_BY_ADDRESS: fakeLimiter(100), RATE_LIMIT_BY_KEY: byKey};
    expect(await verdict(call({'cf-connecting-ip': '203.0.113.9'}), env)).toBeUndefined();
    expect(await verdict(call({'cf-connecting-ip': '203.0.113.9', 'x-api-key': ''}), env)).toBeUndefined();
    expect(byKey.keys).toEqual([]);
  });

  it('counts a key by its first 256 characters: longer keys that share them are one count', async () => {
    const byKey = fakeLimiter(1);
    const env = {RATE_LIMIT_BY_KEY: byKey};
    const stem = 'k'.repeat(256);
    expect(await verdict(call({'x-api-key': `${stem}1`}), env)).toBeUndefined();
    expect((await verdict(call({'x-api-key': `${stem}2`}), env))?.status).toBe(429);
    // A key that differs within its first 256 characters is another count
    expect(await verdict(call({'x-api-key': `${'k'.repeat(255)}j`}), env)).toBeUndefined();
    expect(byKey.keys).toEqual([`key:${stem}`, `key:${stem}`, `key:${'k'.repeat(255)}j`]);
  });

  it('answers the address limit first when a call is over both', async () => {
    const env = {RATE_LIMIT_BY_ADDRESS: fakeLimiter(0), RATE_LIMIT_BY_KEY: fakeLimiter(0)};
    const over = await verdict(call({'cf-connecting-ip': '203.0.113.9', 'x-api-key': 'sandbox_a'}), env);
    expect(over?.message).toMatch(/^Too many requests from one client address:/);
  });
});

describe('without the bindings (local runs, the Node sandbox)', () => {
  it('never refuses', async () => {
    const headers = {'cf-connecting-ip': '203.0.113.9', 'x-api-key': 'sandbox_a'};
    for (let index = 0; index < 3; index++) expect(await verdict(call(headers), {})).toBeUndefined();
  });
});

describe('limits a local run sets (SANDBOX_RATE_LIMITS)', () => {
  it('are the hosted limits when unset or empty', () => {
    expect(limitsOf({})).toEqual(HOSTED_RATE_LIMITS);
    expect(limitsOf({SANDBOX_RATE_LIMITS: ''})).toEqual(HOSTED_RATE_LIMITS);
  });

  it('replace the limits they name in the sentence and Retry-After; the others stay hosted', async () => {
    const env = {
      RATE_LIMIT_BY_ADDRESS: fakeLimiter(0),
      SANDBOX_RATE_LIMITS: JSON.stringify({perAddress: {limit: 4, periodSeconds: 10}}),
    };
    expect(limitsOf(env)).toEqual({perAddress: {limit: 4, periodSeconds: 10}, perKey: HOSTED_RATE_LIMITS.perKey});
    expect(await verdict(call({'cf-connecting-ip': '203.0.113.9'}), env)).toEqual({
      status: 429,
      message: sentence('from one client address', 4, 10),
      retryAfter: 10,
      violations: [],
    });
  });
});
