/**
 * The polling loop of Create and poll (website/docs/getting-started/create-and-poll.mdx, "A complete
 * polling loop") as a program for any live search, in bash with curl and jq, JavaScript, Python and
 * TypeScript: written once here. The guide's own loops are this code for its flights query (a test in
 * website/test/liveLoops.test.ts holds them equal), the try-it console shows it for the session it just
 * ran, and CI runs every language of it against the sandbox for each live search.
 *
 * What varies with the search is read from its specification (`liveLoopOf`): the create and poll paths,
 * the field and path parameter that carry the session token, and whether the poll's answer declares an
 * `action` (an answer documented without one holds the whole set, as Create and poll says of the car
 * hire and hotels answers). The bodies are the caller's: the create's, and the poll's when it takes one.
 */
import {liveFlows} from './flows';
import {resolveRef, responseMedia, type OpenApiDocument} from './openapi';

/** What a loop program is made of. */
export interface LiveLoop {
  /** `/apiservices/v3/flights/live/search/create` */
  createPath: string;
  createBody: unknown;
  /** The poll's path, the token's parameter in braces: `/apiservices/.../poll/{sessionToken}`. */
  pollPath: string;
  tokenParameter: string;
  /** The answer field that carries the token (`sessionToken`). */
  tokenField: string;
  /** The poll's body, when it takes one (hotels: sort, filters, page). */
  pollBody?: unknown;
  /** The poll's answer declares no `action`: an answer with content and no action is the whole set too. */
  replaceWithoutAction: boolean;
  /** What the program counts as it goes: `content.results.<list>`, called `noun`. */
  count: {list: string; noun: string};
  /** What the search is, for the programs' comments: `a flights live search`. */
  what: string;
}

export type LoopLanguage = 'bash' | 'javascript' | 'python' | 'typescript';

export interface LoopProgram {
  language: LoopLanguage;
  label: string;
  /** The fence language. */
  lang: string;
  source: string;
}

/**
 * The loop of a live search: the flow whose create is `createId`, as its specification links it, with
 * the bodies given.
 */
export function liveLoopOf(
  slug: string,
  doc: OpenApiDocument,
  createId: string,
  options: {createBody: unknown; pollBody?: unknown; count: LiveLoop['count']; what: string},
): LiveLoop {
  const flow = liveFlows(slug, doc).find((candidate) => candidate.create.operationId === createId);
  if (!flow) throw new Error(`${createId} starts no live flow of ${slug}`);
  if (flow.create.method !== 'POST' || flow.poll.method !== 'POST') {
    throw new Error(`${createId}: the loop POSTs its create and its polls, as the live searches do`);
  }
  const schema = responseMedia(doc, flow.poll)?.schema;
  const declaresAction = schema !== undefined && resolveRef(doc, schema).properties?.action !== undefined;
  return {
    createPath: flow.create.path,
    createBody: options.createBody,
    pollPath: flow.poll.path,
    tokenParameter: flow.tokenParameter,
    tokenField: flow.tokenField,
    ...(options.pollBody === undefined ? {} : {pollBody: options.pollBody}),
    replaceWithoutAction: !declaresAction,
    count: options.count,
    what: options.what,
  };
}

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

type Lang = 'json' | 'js' | 'python';

const isScalar = (value: unknown) => value === null || typeof value !== 'object';

/**
 * A JSON value as a literal of a language, as the guides write them: an object of scalars on one line
 * when it is short (`{ "entityId": "27544008" }`), other objects and arrays of objects expanded, arrays
 * of scalars on one line; JavaScript and Python with trailing commas where their formatters put them.
 */
function literal(value: unknown, indent: string, lang: Lang): string {
  const step = lang === 'python' ? '    ' : '  ';
  if (value === null) return lang === 'python' ? 'None' : 'null';
  if (typeof value === 'boolean') return lang === 'python' ? (value ? 'True' : 'False') : String(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (lang !== 'js') return JSON.stringify(value);
    return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
  }
  const inner = indent + step;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isScalar)) return `[${value.map((item) => literal(item, inner, lang)).join(', ')}]`;
    const items = value.map((item) => `${inner}${literal(item, inner, lang)}`);
    return `[\n${items.join(',\n')}${lang === 'js' ? ',' : ''}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const key = (name: string) => (lang === 'js' && identifier.test(name) ? name : literal(name, inner, lang));
  const pairs = entries.map(([name, item]) => `${key(name)}: ${literal(item, inner, lang)}`);
  const inline = lang === 'python' ? `{${pairs.join(', ')}}` : `{ ${pairs.join(', ')} }`;
  if (entries.every(([, item]) => isScalar(item)) && inline.length <= 60) return inline;
  const last = lang === 'json' ? '' : ',';
  return `{\n${pairs.map((pair) => `${inner}${pair}`).join(',\n')}${last}\n${indent}}`;
}

const jsonText = (value: unknown) => literal(value, '', 'json');
const jsLiteral = (value: unknown) => literal(value, '', 'js');
const pythonLiteral = (value: unknown) => literal(value, '', 'python');

/** The poll path with the token in the language's interpolation (`{sessionToken}` → `${sessionToken}`). */
const pollPathWith = (loop: LiveLoop, token: string) => loop.pollPath.replace(`{${loop.tokenParameter}}`, token);

function bash(loop: LiveLoop): string {
  const pollFile = loop.pollBody === undefined ? '' : ' poll.json';
  const replaced = loop.replaceWithoutAction
    ? '{ [[ "$ACTION" == "RESULT_ACTION_REPLACED" ]] || jq -e \'(has("action") | not) and has("content")\' answer.json > /dev/null; }'
    : '[[ "$ACTION" == "RESULT_ACTION_REPLACED" ]]';
  return `#!/usr/bin/env bash
# Requires jq. Writes the body shown above to create.json${loop.pollBody === undefined ? '' : ", and the poll's to poll.json"}, then runs the search.
set -uo pipefail # no -e: call() reads each status itself
cat > create.json <<'EOF'
${jsonText(loop.createBody)}
EOF
${
  loop.pollBody === undefined
    ? ''
    : `cat > poll.json <<'EOF'
${jsonText(loop.pollBody)}
EOF
`
}
# call URL [BODY_FILE]: POSTs, and writes the answer to answer.json. Retries 429, 500, 503 and no
# answer (the loop of Rate limits: capped backoff with full jitter, at least Retry-After, a time limit
# per attempt, no wait after the last of 4 attempts); exits on any other error.
call() {
  local args=(-s --max-time 30 -X POST "$1" -H "x-api-key: $API_KEY" -o answer.json -D headers.txt -w '%{http_code}')
  if [[ $# -gt 1 ]]; then args+=(-H "Content-Type: application/json" -d "@$2"); fi
  local attempt status retry_after delay
  for ((attempt = 1; attempt <= 4; attempt++)); do
    : > headers.txt
    status=$(curl "\${args[@]}") || status=000
    case "$status" in
      2??) return 0 ;;
      429|500|503|000) ;; # retryable
      *) echo "HTTP $status: $(cat answer.json)" >&2; exit 1 ;;
    esac
    if ((attempt == 4)); then break; fi
    retry_after=$(tr -d '\\r' < headers.txt | awk 'tolower($1) == "retry-after:" && $2 ~ /^[0-9]+$/ { print $2 }')
    delay=$(awk -v seed="$RANDOM" -v a="$attempt" -v r="\${retry_after:-0}" \\
      'BEGIN { srand(seed); m = 0.5 * 2 ^ (a - 1); if (m > 8) m = 8; w = rand() * m; if (r > w) w = r; print w }')
    if awk -v w="$delay" 'BEGIN { exit !(w > 8) }'; then echo "HTTP $status: Retry-After is too long" >&2; exit 1; fi
    printf 'HTTP %s, retrying in %.2fs\\n' "$status" "$delay" >&2
    sleep "$delay"
  done
  echo "retry budget spent after 4 attempts: HTTP $status" >&2; exit 1
}

call "$API_BASE_URL${loop.createPath}" create.json
cp answer.json results.json
TOKEN=$(jq -r '.${loop.tokenField}' answer.json)
STATUS=$(jq -r '.status' answer.json)

DELAY=1; MAX_POLLS=20
for ((i = 1; i <= MAX_POLLS; i++)); do
  [[ "$STATUS" == "RESULT_STATUS_COMPLETE" || "$STATUS" == "RESULT_STATUS_FAILED" ]] && break
  sleep "$DELAY"; DELAY=$(( DELAY * 2 > 5 ? 5 : DELAY * 2 ))
  call "$API_BASE_URL${pollPathWith(loop, '$TOKEN')}"${pollFile}
  STATUS=$(jq -r '.status' answer.json)
  ACTION=$(jq -r '.action' answer.json)
  ${replaced} && cp answer.json results.json
  echo "poll $i: $STATUS $ACTION"
done
echo "final status: $STATUS"
`;
}

/** The JavaScript program, and (with `typed`) the TypeScript one: the same statements, with types. */
function javascript(loop: LiveLoop, typed = false): string {
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

  let delay = 1000;
  for (let poll = 1; poll <= maxPolls; poll++) {
    if (status === 'RESULT_STATUS_COMPLETE' || status === 'RESULT_STATUS_FAILED') break;

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

function python(loop: LiveLoop): string {
  const replaced = loop.replaceWithoutAction
    ? 'polled.get("action") == "RESULT_ACTION_REPLACED" or ("action" not in polled and "content" in polled)'
    : 'polled.get("action") == "RESULT_ACTION_REPLACED"';
  const pollArguments = loop.pollBody === undefined ? '' : ', json=POLL_BODY';
  return `import os
import random
import sys
import time
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from typing import Any, Callable, Dict

import requests

CREATE_URL = f"{os.environ['API_BASE_URL']}${loop.createPath}"
HEADERS = {"x-api-key": os.environ["API_KEY"], "Content-Type": "application/json"}
RETRYABLE = {429, 500, 503}
FINAL = {"RESULT_STATUS_COMPLETE", "RESULT_STATUS_FAILED"}


def poll_url(session_token: str) -> str:
    return f"{os.environ['API_BASE_URL']}${pollPathWith(loop, '{session_token}')}"


class SearchFailed(Exception):
    pass


def retry_after_seconds(res: requests.Response) -> float:
    """What Retry-After asks for, in seconds (seconds or an HTTP date); 0 when absent or unreadable."""
    value = res.headers.get("Retry-After", "").strip()
    if value.isdigit():
        return float(value)
    try:
        return max(0.0, (parsedate_to_datetime(value) - datetime.now(timezone.utc)).total_seconds())
    except (TypeError, ValueError):
        return 0.0


def request_with_retry(
    method: str,
    url: str,
    *,
    max_attempts: int = 4,
    base: float = 0.5,
    cap: float = 8.0,
    timeout: float = 30,
    **kwargs,
) -> requests.Response:
    """The request_with_retry of Rate limits: retries 429, 500, 503 and no answer."""
    for attempt in range(1, max_attempts + 1):
        retry_after = 0.0
        try:
            res = requests.request(method, url, timeout=timeout, **kwargs)  # a time limit per attempt
            if res.status_code not in RETRYABLE:
                return res
            problem = f"HTTP {res.status_code}"
            retry_after = retry_after_seconds(res)
        except (requests.ConnectionError, requests.Timeout) as err:
            problem = f"no answer ({type(err).__name__})"
        if attempt == max_attempts:
            raise RuntimeError(f"retry budget spent after {max_attempts} attempts: {problem}")
        wait = max(retry_after, random.uniform(0, min(cap, base * 2 ** (attempt - 1))))
        if wait > cap:
            raise RuntimeError(f"{problem}: Retry-After asks for {wait:.0f}s, more than the cap")
        print(f"{problem}, retrying in {wait:.2f}s", file=sys.stderr)
        time.sleep(wait)
    raise AssertionError("unreachable")


def live_search(
    body: Dict[str, Any], max_polls: int = 20, on_update: Callable[[Any], None] = lambda content: None
) -> Dict[str, Any]:
    """Run ${loop.what} to completion and return the final result set."""
    res = request_with_retry("POST", CREATE_URL, json=body, headers=HEADERS)
    res.raise_for_status()  # 400, 401, 403 and the rest: retrying will not help
    created = res.json()
    session_token = created["${loop.tokenField}"]
    status, content = created["status"], created.get("content")
    on_update(content)

    delay = 1.0
    for _ in range(max_polls):
        if status in FINAL:
            break
        time.sleep(delay + random.uniform(0, 0.25))  # jitter
        delay = min(delay * 2, 5.0)

        res = request_with_retry("POST", poll_url(session_token)${pollArguments}, headers=HEADERS)  # retries itself
        res.raise_for_status()  # 400, 401, 403, 404 and the rest: give up
        polled = res.json()

        status = polled["status"]
        if ${replaced}:
            content = polled["content"]
            on_update(content)
        # NOT_MODIFIED, OMITTED and UNSPECIFIED: keep the content we have

    if status == "RESULT_STATUS_FAILED":
        raise SearchFailed(f"search failed (session {session_token})")
    return {
        "sessionToken": session_token,
        "status": status,
        "complete": status == "RESULT_STATUS_COMPLETE",
        "content": content,
    }


# The body shown above
body = ${pythonLiteral(loop.createBody)}
${loop.pollBody === undefined ? '' : `# The poll's body, sent with every poll\nPOLL_BODY = ${pythonLiteral(loop.pollBody)}\n`}

def count(content) -> int:
    return len(((content or {}).get("results") or {}).get("${loop.count.list}") or {})


result = live_search(body, on_update=lambda content: print(f"{count(content)} ${loop.count.noun} so far"))
print(f"final status: {result['status']}, {count(result['content'])} ${loop.count.noun}")
`;
}

/** The loop as a program in each language. */
export function liveLoopPrograms(loop: LiveLoop): LoopProgram[] {
  return [
    {language: 'bash', label: 'curl', lang: 'bash', source: bash(loop)},
    {language: 'javascript', label: 'JavaScript', lang: 'js', source: javascript(loop)},
    {language: 'python', label: 'Python', lang: 'python', source: python(loop)},
    {language: 'typescript', label: 'TypeScript', lang: 'ts', source: javascript(loop, true)},
  ];
}
