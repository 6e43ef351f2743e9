/**
 * CORS: the try-it console (website/src/components/TryIt) calls the local sandbox from pages of the
 * site, so the sandbox answers browsers' preflights and marks every answer readable from any origin.
 */
import {describe, expect, it} from 'vitest';
import {loadBundles} from '@portal/specs/node';
import {createApp} from './app';

const app = createApp({bundles: loadBundles()});
const origin = 'http://127.0.0.1:4185';

describe('CORS', () => {
  it('answers the preflight of a POST with a key and a JSON body', async () => {
    const response = await app.request('/apiservices/v3/flights/live/search/create', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-api-key');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('lets the page read answers and errors', async () => {
    const ok = await app.request('/apiservices/v3/culture/currencies', {headers: {origin, 'x-api-key': 'sandbox_me'}});
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await app.request('/apiservices/v3/culture/currencies', {headers: {origin}});
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });
});
