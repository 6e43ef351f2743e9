/**
 * What a page calls the sandbox's answer is the sandbox's answer. A code block that shows one (it carries
 * the `google.rpc.Help` detail only the sandbox adds) names the request that gets it in its fence,
 * ```json response=... sandbox=<request>```, a request of `sandboxRequests` below; the check sends it to
 * the sandbox (`createApp` of @portal/sandbox, on the bundles it is given) and compares the answer with
 * the block: a JSON block with the answer's body, a text block with the body on one line and its
 * `HTTP <status>` line, as `curl -w '\nHTTP %{http_code}\n'` prints them. So an enum value added to a spec
 * changes the 400 the errors page shows, or fails here naming the page and line.
 * test/sandboxAnswers.test.ts runs it.
 */
import {BEHAVIOUR_HEADER, createApp, MAX_BODY_BYTES} from '@portal/sandbox';
import {firstExample, operations, requestMedia, type OpenApiDocument} from '@portal/specs';
import {codeBlocks} from '@portal/content';
import type {GuidePage} from './guideProse';

/** A request a page shows the sandbox's answer to. */
export interface SandboxRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** The body: JSON, made from the bundles (an operation's example, changed), or raw text. */
  body?: (bundles: Map<string, OpenApiDocument>) => unknown;
}

const KEY = {'x-api-key': 'sandbox_me'};

/** The first request example of an operation. */
function example(bundles: Map<string, OpenApiDocument>, operationId: string): Record<string, unknown> {
  for (const [slug, doc] of bundles) {
    const operation = operations(slug, doc).find((candidate) => candidate.operationId === operationId);
    if (operation) return structuredClone(firstExample(doc, requestMedia(doc, operation))) as Record<string, unknown>;
  }
  throw new Error(`sandboxRequests: no operation ${operationId}`);
}

/** The requests whose answers the pages show, by the name their blocks give (`sandbox=<name>`). */
export const sandboxRequests: Record<string, SandboxRequest> = {
  'flights-create-cabin-economy-adults-0': {
    method: 'POST',
    path: '/apiservices/v3/flights/live/search/create',
    headers: KEY,
    body: (bundles) => {
      const body = example(bundles, 'FlightsService_CreateSearch') as {query: Record<string, unknown>};
      body.query.cabinClass = 'ECONOMY';
      body.query.adults = 0;
      return body;
    },
  },
  'flights-poll-unknown-token': {
    method: 'POST',
    path: '/apiservices/v3/flights/live/search/poll/not-a-session-token',
    headers: KEY,
    body: () => ({}),
  },
  'currencies-post': {method: 'POST', path: '/apiservices/v3/culture/currencies', headers: KEY, body: () => ({})},
  'flights-create-too-large': {
    method: 'POST',
    path: '/apiservices/v3/flights/live/search/create',
    headers: KEY,
    body: () => `{"padding": "${' '.repeat(MAX_BODY_BYTES)}"}`,
  },
  'currencies-scenario-429': {
    method: 'GET',
    path: '/apiservices/v3/culture/currencies',
    headers: {...KEY, [BEHAVIOUR_HEADER]: '429'},
  },
  'currencies-scenario-500-key': {
    method: 'GET',
    path: '/apiservices/v3/culture/currencies',
    headers: {'x-api-key': 'sandbox_scenario_500'},
  },
  'nearest-culture-scenario-503': {
    method: 'GET',
    path: '/apiservices/v3/culture/nearestculture?ipAddress=203.0.113.7',
    headers: {[BEHAVIOUR_HEADER]: '503'},
  },
  'currencies-unknown-scenario': {
    method: 'GET',
    path: '/apiservices/v3/culture/currencies',
    headers: {...KEY, [BEHAVIOUR_HEADER]: 'flaky'},
  },
};

/** The sandbox's answer to a named request: its status and body text. */
async function answer(
  app: ReturnType<typeof createApp>,
  bundles: Map<string, OpenApiDocument>,
  request: SandboxRequest,
): Promise<{status: number; text: string}> {
  const body = request.body?.(bundles);
  const response = await app.request(
    new Request(`http://sandbox.test${request.path}`, {
      method: request.method,
      headers: {...request.headers, ...(body === undefined ? {} : {'content-type': 'application/json'})},
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  return {status: response.status, text: await response.text()};
}

/** JSON equal, keys in any order. */
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, entry]) => [key, sorted(entry)]),
        )
      : value;

/** The blocks of the pages that show the sandbox's answers, and what is wrong with each. */
export async function sandboxAnswerProblems(
  bundles: Map<string, OpenApiDocument>,
  pages: GuidePage[],
): Promise<{checked: number; problems: string[]}> {
  const app = createApp({bundles});
  const problems: string[] = [];
  let checked = 0;
  for (const page of pages) {
    for (const block of codeBlocks(page.file, page.source)) {
      if (!block.body.includes('google.rpc.Help')) continue;
      const where = `${page.file}:${block.line}`;
      const name = block.meta.sandbox;
      const request = name ? sandboxRequests[name] : undefined;
      if (!request) {
        problems.push(
          name
            ? `${where}: sandbox=${name} names no request of sandboxRequests (website/config/sandboxAnswers.ts)`
            : `${where}: shows the sandbox's answer (google.rpc.Help) without sandbox=<request>: name the request that gets it (website/config/sandboxAnswers.ts)`,
        );
        continue;
      }
      checked += 1;
      const got = await answer(app, bundles, request);
      const shown = block.lang === 'json' ? {body: block.body} : readText(block.body);
      let same: boolean;
      try {
        same = sameJson(JSON.parse(shown.body), JSON.parse(got.text));
      } catch {
        same = false;
      }
      if (block.meta.status && Number(block.meta.status) !== got.status) same = false;
      if (shown.status !== undefined && shown.status !== got.status) same = false;
      if (!same) {
        problems.push(
          `${where}: the sandbox answers ${name} otherwise: ${got.status} ${got.text.length > 400 ? `${got.text.slice(0, 400)}…` : got.text}`,
        );
      }
    }
  }
  return {checked, problems};
}

/** A text block as curl prints it with `-w '\nHTTP %{http_code}\n'`: the body, then `HTTP <status>`. */
function readText(text: string): {body: string; status?: number} {
  const lines = text.trimEnd().split('\n');
  const status = /^HTTP (\d{3})$/.exec(lines.at(-1) ?? '')?.[1];
  return status ? {body: lines.slice(0, -1).join('\n'), status: Number(status)} : {body: text};
}
