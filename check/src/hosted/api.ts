/**
 * The check's hosted API on the portal's Worker (deploy/src/worker.ts mounts it at `/check/v1`), a Hono app:
 *
 * - `POST /runs` with a `sandbox_` key in `x-api-key` and `{"scenarios", "program", "timeoutSeconds"}` (each
 *   optional) makes a run: `201 {"id", "url", "expiresAt", "runs": [{"scenario", "baseUrl"}]}`;
 * - `<baseUrl>/apiservices/...`: the program's calls in one scenario, recorded by the run;
 * - `POST /runs/<id>/finish` with `{"programs": {"<scenario>": {exitCode, signal, timedOut, durationMs}}}`
 *   judges the run; `GET /runs/<id>` its state; `GET /runs/<id>/<file>` its reports and attestation.
 *
 * Each run is one Durable Object (./object.ts, named by the run's id: 128 random bits, so an id cannot be
 * guessed), reached through `runs(id)`. This app checks what needs no run: the key is a sandbox key (a real
 * key is refused and goes nowhere), the body's size and shape, and the new runs per key and per client address
 * (the platform's rate-limiting bindings). Every refusal has the APIs' error body (./errors.ts).
 */
import {Hono, type Context} from 'hono';
import {bodyLimit} from 'hono/body-limit';
import {SANDBOX_KEY_PREFIX} from '../keyNames';
import {
  checkScenarios,
  isCheckScenario,
  DEFAULT_TIMEOUT_SECONDS,
  MAX_TIMEOUT_SECONDS,
  type CheckScenario,
} from '../model';
import {checkError, keyDigest, withAbsoluteHelp} from './errors';
import {HOSTED_RUN_RATE_LIMITS, MAX_PROGRAM_LABEL, MAX_RUN_REQUEST_BYTES} from './limits';
import {runUrl, type RunMeta} from './run';
import {isObject} from '../json';
import {toBase64Url} from '../base64';

/** What reaches a run's object. */
export interface RunStub {
  fetch(request: Request): Promise<Response>;
}

/** The platform's rate-limiting binding. */
export interface RunRateLimiter {
  limit(options: {key: string}): Promise<{success: boolean}>;
}

export interface HostedApiOptions {
  /** The object of run `id`. */
  runs: (id: string) => RunStub;
  limits?: {perKey?: RunRateLimiter; perAddress?: RunRateLimiter};
  /** A new run id (tests pass their own). */
  newId?: () => string;
}

const ID = /^[A-Za-z0-9_-]{22}$/;
/** 128 random bits, base64url. */
export const newRunId = (): string => toBase64Url(crypto.getRandomValues(new Uint8Array(16)));

/** The create body read, or why it is refused. */
function readCreate(body: unknown): {scenarios: CheckScenario[]; program: string; timeoutSeconds: number} | string {
  if (!isObject(body))
    return 'The body is a JSON object: {"scenarios": [...], "program": "...", "timeoutSeconds": n}, each optional.';
  const unknown = Object.keys(body).filter((name) => !['scenarios', 'program', 'timeoutSeconds'].includes(name));
  if (unknown.length)
    return `Unknown field ${unknown.join(', ')}: the fields are scenarios, program and timeoutSeconds.`;
  const asked = body.scenarios ?? [...checkScenarios];
  if (!Array.isArray(asked) || !asked.length || !asked.every((id) => typeof id === 'string'))
    return `scenarios is a list of scenario ids: ${checkScenarios.join(', ')}.`;
  const wrong = (asked as string[]).filter((id) => !isCheckScenario(id));
  if (wrong.length) return `Unknown scenario ${wrong.join(', ')}: the scenarios are ${checkScenarios.join(', ')}.`;
  const program = body.program ?? 'a program';
  if (typeof program !== 'string' || !program.trim() || program.length > MAX_PROGRAM_LABEL)
    return `program is a label of 1 to ${MAX_PROGRAM_LABEL} characters.`;
  const timeoutSeconds = body.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  if (
    typeof timeoutSeconds !== 'number' ||
    !Number.isFinite(timeoutSeconds) ||
    timeoutSeconds < 1 ||
    timeoutSeconds > MAX_TIMEOUT_SECONDS
  )
    return `timeoutSeconds is a number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}.`;
  return {scenarios: checkScenarios.filter((id) => (asked as string[]).includes(id)), program, timeoutSeconds};
}

/** A sandbox key, or the refusal: a real key is never taken (nor stored, nor passed on). */
function sandboxKey(c: Context): string | Response {
  const key = c.req.header('x-api-key');
  if (!key) return checkError(401, 'Send a sandbox_ key in x-api-key: the run answers only the key that made it.');
  if (!key.startsWith(SANDBOX_KEY_PREFIX) || key.length > 256)
    return checkError(
      403,
      'Never send a real key to the sandbox or the check: a run is made with a sandbox_ key (any text after sandbox_, up to 256 characters).',
    );
  return key;
}

const tooLarge = () => checkError(413, `The body is larger than ${MAX_RUN_REQUEST_BYTES} bytes.`);

/** The API's base path on the portal. */
export const CHECK_API_BASE = '/check/v1';

export function hostedCheckApi(options: HostedApiOptions): Hono {
  const app = new Hono().basePath(CHECK_API_BASE);
  const newId = options.newId ?? newRunId;
  // Every refusal, the run's own included, carries help links absolute on the portal it was sent to.
  app.use(async (c, next) => {
    await next();
    const answer = await withAbsoluteHelp(c.res, new URL(c.req.url).origin);
    if (answer === c.res) return;
    // Replaced, not merged: Hono's setter would copy the old answer's headers (its length among them) onto it
    c.res = undefined;
    c.res = answer;
  });

  app.post('/runs', bodyLimit({maxSize: MAX_RUN_REQUEST_BYTES, onError: tooLarge}), async (c) => {
    const key = sandboxKey(c);
    if (key instanceof Response) return key;
    let body: unknown = {};
    const text = await c.req.text();
    if (text.trim()) {
      try {
        body = JSON.parse(text);
      } catch {
        return checkError(400, 'The body is not JSON.');
      }
    }
    const asked = readCreate(body);
    if (typeof asked === 'string') return checkError(400, asked);
    const address = c.req.header('cf-connecting-ip') ?? 'unknown';
    const {perKey, perAddress} = options.limits ?? {};
    for (const [limiter, counted, what, limit] of [
      [perAddress, `address:${address}`, 'from one client address', HOSTED_RUN_RATE_LIMITS.perAddress],
      [perKey, `key:${await keyDigest(key)}`, 'with one key', HOSTED_RUN_RATE_LIMITS.perKey],
    ] as const) {
      if (limiter && !(await limiter.limit({key: counted})).success)
        return checkError(
          429,
          `Too many new runs ${what}: at most ${limit.limit} per ${limit.periodSeconds} seconds. Retry after ${limit.periodSeconds} seconds.`,
          {retryAfterSeconds: limit.periodSeconds},
        );
    }
    const id = newId();
    const origin = new URL(c.req.url).origin;
    const made = await options.runs(id).fetch(
      new Request('https://run.internal/create', {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify({id, keyDigest: await keyDigest(key), origin, ...asked}),
      }),
    );
    if (!made.ok) return made;
    const meta = (await made.json()) as RunMeta;
    const url = runUrl(origin, id);
    return c.json(
      {
        id,
        url,
        expiresAt: new Date(meta.expiresMs).toISOString(),
        runs: meta.scenarios.map((scenario) => ({scenario, baseUrl: `${url}/${scenario}`})),
      },
      201,
    );
  });

  const toRun = (c: Context) => {
    const id = c.req.param('id')!;
    if (!ID.test(id)) return checkError(404, 'No such run: its id is wrong, or it was deleted.');
    return options.runs(id).fetch(c.req.raw);
  };
  app.post('/runs/:id/finish', bodyLimit({maxSize: MAX_RUN_REQUEST_BYTES, onError: tooLarge}), toRun);
  app.get('/runs/:id', toRun);
  app.get('/runs/:id/:file{[a-z]+\\.[a-z]+}', toRun);
  app.all('/runs/:id/:scenario/apiservices/*', toRun);
  app.notFound((c) => checkError(404, `The check's API has no ${c.req.method} ${c.req.path}.`));
  return app;
}
