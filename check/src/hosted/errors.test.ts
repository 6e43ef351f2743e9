/**
 * The hosted API's error answers (./errors.ts): `withAbsoluteHelp` makes a refusal's relative help links
 * absolute on the portal's origin and leaves everything else as it came: an answer that is not an error (the
 * same object), an error that is not JSON, a link already absolute or protocol-relative (the same bytes), a
 * body that is not JSON; the rewritten answer carries no stale length.
 */
import {describe, expect, it} from 'vitest';
import {checkError, HOSTED_HELP, withAbsoluteHelp} from './errors';

const ORIGIN = 'https://portal.example';
const json = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, {status, headers: {'content-type': 'application/json', ...headers}});
const links = async (response: Response) =>
  ((await response.json()) as {details: {links?: {url: string}[]}[]}).details.flatMap((d) => d.links ?? []);

describe('withAbsoluteHelp', () => {
  it("makes a refusal's help link absolute on the origin, with its status, headers and no stale length", async () => {
    const refused = checkError(429, 'Too many.', {retryAfterSeconds: 60});
    refused.headers.set('content-length', '12');
    const answer = await withAbsoluteHelp(refused, ORIGIN);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('60');
    expect(answer.headers.get('content-length')).toBeNull();
    expect(await links(answer)).toEqual([
      {description: 'Hosted runs of the integration check', url: `${ORIGIN}${HOSTED_HELP}`},
    ]);
  });

  it('leaves an answer that is not an error as the same object, and a 399 too', async () => {
    const ok = json(200, '{"details":[{"links":[{"url":"/x"}]}]}');
    expect(await withAbsoluteHelp(ok, ORIGIN)).toBe(ok);
    const below = json(399, '{"details":[{"links":[{"url":"/x"}]}]}');
    expect(await withAbsoluteHelp(below, ORIGIN)).toBe(below);
    const error = json(400, '{"details":[{"links":[{"url":"/x"}]}]}');
    expect(await links(await withAbsoluteHelp(error, ORIGIN))).toEqual([{url: `${ORIGIN}/x`}]);
  });

  it('leaves an error that is not JSON as the same object', async () => {
    const text = new Response('/x', {status: 500, headers: {'content-type': 'text/plain'}});
    expect(await withAbsoluteHelp(text, ORIGIN)).toBe(text);
  });

  it('keeps the bytes of a body whose links are already absolute, protocol-relative or absent, or that is not JSON', async () => {
    for (const body of [
      '{ "details": [ {"links": [{"url": "https://elsewhere.example/x"}]} ] }',
      '{"details":[{"links":[{"url":"//elsewhere.example/x"}]}]}',
      '{"details":[{"links":[{"url":42}]},{"other":true}, null]}',
      '{"details":"none"}',
      'not json {',
    ]) {
      const answer = await withAbsoluteHelp(json(403, body, {'content-length': String(body.length)}), ORIGIN);
      expect(await answer.text()).toBe(body);
      expect(answer.status).toBe(403);
    }
  });
});
