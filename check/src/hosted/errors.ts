/**
 * The answers of the check's hosted API (./api.ts, ./run.ts) when it refuses: the APIs' error body (`code`,
 * `message`, `details` with a help link, as the sandbox answers) so a program reads them as it reads any
 * error, the help link pointing to the Integration check page's section on hosted runs. And the digest a run
 * keeps of the key that made it (never the key).
 */
import {sha256Hex} from '../attest/statement';

/** The page section the help links point to. */
export const HOSTED_HELP = '/docs/getting-started/integration-check#hosted-runs';

/** The google.rpc code each status answers with, as the APIs' error bodies carry them. */
const CODES: Record<number, number> = {
  400: 3,
  401: 16,
  403: 7,
  404: 5,
  405: 12,
  409: 9,
  410: 5,
  413: 3,
  415: 3,
  429: 8,
  500: 13,
  503: 14,
};

export function checkError(
  status: number,
  message: string,
  options: {siteUrl?: string; retryAfterSeconds?: number} = {},
): Response {
  const details: Record<string, unknown>[] = [];
  if (options.retryAfterSeconds !== undefined)
    details.push({'@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${options.retryAfterSeconds}s`});
  details.push({
    '@type': 'type.googleapis.com/google.rpc.Help',
    links: [{description: 'Hosted runs of the integration check', url: `${options.siteUrl ?? ''}${HOSTED_HELP}`}],
  });
  const headers: Record<string, string> = {'content-type': 'application/json'};
  if (options.retryAfterSeconds !== undefined) headers['retry-after'] = String(options.retryAfterSeconds);
  return new Response(JSON.stringify({code: CODES[status] ?? 2, message, details}), {status, headers});
}

/**
 * An error answer with its help links made absolute against `origin` (the portal the request came to), so a
 * program that prints the error prints a link a reader can open; any other answer is returned as it is (the
 * same object). The new answer's length is its own: the old `content-length` is not carried over.
 */
export async function withAbsoluteHelp(response: Response, origin: string): Promise<Response> {
  if (response.status < 400 || !response.headers.get('content-type')?.startsWith('application/json')) return response;
  const text = await response.text();
  let changed = false;
  let body: {details?: {links?: {url?: unknown}[]}[]} | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  for (const detail of Array.isArray(body?.details) ? body.details : [])
    for (const link of Array.isArray(detail?.links) ? detail.links : [])
      if (typeof link?.url === 'string' && link.url.startsWith('/') && !link.url.startsWith('//')) {
        link.url = `${origin}${link.url}`;
        changed = true;
      }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  // Unchanged bytes unless a link changed: a sandbox's answer reaches the program as the run recorded it
  return new Response(changed ? JSON.stringify(body) : text, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** The SHA-256 of a key, hex: what a run keeps to know the key that made it. */
export const keyDigest = (key: string): Promise<string> => sha256Hex(key);
