/** The polling loop in JavaScript, and in TypeScript with its types (./index.ts). */
import type {LiveLoop} from './index';
import {jsLiteral, pollPathWith} from './literal';

/** The JavaScript program, and (with `typed`) the TypeScript one: the same statements, with types. */
export function javascript(loop: LiveLoop, typed = false): string {
  const t = (annotation: string) => (typed ? annotation : '');
  const replaced = loop.replaceWithoutAction
    ? "polled.action === 'RESULT_ACTION_REPLACED' || (polled.action === undefined && polled.content !== undefined)"
    : "polled.action === 'RESULT_ACTION_REPLACED'";
  const pollCall =
    loop.pollBody === undefined ? 'post(pollUrl(sessionToken))' : 'post(pollUrl(sessionToken), POLL_BODY)';
  return `// Server side
for (const name of ['API_BASE_URL', 'API_KEY'])
  if (!process.env[name]) throw new Error(\`Set \${name}: see /docs/getting-started/authentication#your-key-and-base-url\`);

const CREATE_URL = \`\${process.env.API_BASE_URL}${loop.createPath}\`;
const pollUrl = (sessionToken${t(': string')}) => \`\${process.env.API_BASE_URL}${pollPathWith(loop, '${sessionToken}')}\`;
const HEADERS = { 'x-api-key': ${typed ? 'process.env.API_KEY!' : 'process.env.API_KEY'}, 'Content-Type': 'application/json' };
const RETRYABLE = new Set([429, 500, 503]);
${
  typed
    ? `
/** The part of an answer the loop reads. */
interface Answer {
  ${loop.tokenField}?: string;
  status?: string;
  action?: string;
  content?: { results?: Record<string, Record<string, unknown> | undefined> };
  message?: string;
}
`
    : ''
}
const sleep = (ms${t(': number')}) => new Promise((resolve) => setTimeout(resolve, ms));

class ApiError extends Error {
${typed ? '  readonly status: number;\n  readonly body: Answer | null;\n\n' : ''}  constructor(status${t(': number')}, body${t(': Answer | null')}) {
    super(\`HTTP \${status}: \${body?.message ?? 'no message'}\`);
    this.status = status;
    this.body = body;
  }
}

/** What Retry-After asks for, in milliseconds (seconds or an HTTP date); 0 when absent or unreadable. */
function retryAfterMs(res${t(': Response')})${t(': number')} {
  const value = res.headers.get('retry-after');
  if (!value) return 0;
  if (/^\\d+$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? 0 : Math.max(0, date - Date.now());
}

/**
 * The fetchWithRetry of Rate limits, for a POST of JSON: retries 429, 500, 503 and no answer, and
 * throws when the budget is spent.
 */
${
  typed
    ? `async function postWithRetry(
  url: string,
  body?: unknown,
  { maxAttempts = 4, baseMs = 500, capMs = 8000, timeoutMs = 30_000 } = {},
): Promise<Response> {`
    : 'async function postWithRetry(url, body, { maxAttempts = 4, baseMs = 500, capMs = 8000, timeoutMs = 30_000 } = {}) {'
}
  for (let attempt = 1; ; attempt++) {
    let problem;
    let retryAfter = 0;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: HEADERS,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs), // a time limit per attempt
      });
      if (!RETRYABLE.has(res.status)) return res;
      problem = \`HTTP \${res.status}\`;
      retryAfter = retryAfterMs(res);
      await res.body?.cancel();
    } catch (err) {
      ${typed ? "const error = err as Error;\n      problem = `no answer (${error.name === 'TimeoutError' ? 'timed out' : error.message})`;" : "problem = `no answer (${err.name === 'TimeoutError' ? 'timed out' : err.message})`;"}
    }
    if (attempt === maxAttempts) throw new Error(\`retry budget spent after \${maxAttempts} attempts: \${problem}\`);
    const wait = Math.max(retryAfter, Math.random() * Math.min(capMs, baseMs * 2 ** (attempt - 1)));
    if (wait > capMs) throw new Error(\`\${problem}: Retry-After asks for \${wait / 1000}s, more than the cap\`);
    console.error(\`\${problem}, retrying in \${(wait / 1000).toFixed(2)}s\`);
    await sleep(wait);
  }
}

async function post(url${t(': string')}, body${t('?: unknown')})${t(': Promise<Answer>')} {
  const res = await postWithRetry(url, body);
  const data = ${typed ? '(await res.json().catch(() => null)) as Answer | null' : 'await res.json().catch(() => null)'};
  if (!res.ok) throw new ApiError(res.status, data); // 400, 401, 403, 404 and the rest: retrying will not help
  return data${typed ? ' ?? {}' : ''};
}

/**
 * Runs ${loop.what} to completion.
 * onUpdate(content) is called whenever the result set is replaced, so you can stream results.
 */
${
  typed
    ? `export async function liveSearch(
  body: unknown,
  { maxPolls = 20, onUpdate = (content: Answer['content']) => {} } = {},
) {`
    : 'export async function liveSearch(body, { maxPolls = 20, onUpdate = () => {} } = {}) {'
}
  const created = await post(CREATE_URL, body);
  const sessionToken = created.${loop.tokenField}${typed ? " ?? ''" : ''};
  let status = created.status;
  let content = created.content;
  onUpdate(content);

  let delay = ${loop.pollIntervalMs};
  for (let poll = 1; poll <= maxPolls; poll++) {
    if (${loop.terminalStatuses.map((status) => `status === '${status}'`).join(' || ')}) break;

    await sleep(delay + Math.random() * 250); // jitter spreads out simultaneous clients
    delay = Math.min(delay * 2, 5000);

    const polled = await ${pollCall}; // retries 429, 500 and 503 itself

    status = polled.status;
    if (${replaced}) {
      content = polled.content;
      onUpdate(content);
    }
    // NOT_MODIFIED, OMITTED and UNSPECIFIED: keep the content we have
  }

  if (status === 'RESULT_STATUS_FAILED') {
    throw new Error(\`Search failed (session \${sessionToken})\`);
  }
  return { sessionToken, status, complete: status === 'RESULT_STATUS_COMPLETE', content };
}

// The body shown above
const body = ${jsLiteral(loop.createBody)};
${loop.pollBody === undefined ? '' : `// The poll's body, sent with every poll\nconst POLL_BODY = ${jsLiteral(loop.pollBody)};\n`}const count = (content${t(": Answer['content']")}) => Object.keys(content?.results?.${loop.count.list} ?? {}).length;
const result = await liveSearch(body, {
  onUpdate: (content) => console.log(\`\${count(content)} ${loop.count.noun} so far\`),
});
console.log(\`final status: \${result.status}, \${count(result.content)} ${loop.count.noun}\`);
`;
}
