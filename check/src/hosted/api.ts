/**
 * The check's hosted API, a Hono app at `/check/v1` that the portal's Worker mounts (deploy/src/app.ts). Its
 * contract is specs/check-api/openapi.yaml (bundled as `check-api`, rendered at /api/check-api/): the routes
 * here, the bodies they read (validated against it on the way in, by the sandbox's own validation step:
 * `checkBody` of @portal/sandbox, with its 400 body) and the types of the command's client (../cli/hosted.ts).
 *
 * Each run is one Durable Object (deploy/src/runObject.ts, named by the run's id: 128 random bits, so an id
 * cannot be guessed), reached through `runs(env)(id)`, a typed stub whose methods are `RunApi`'s (./run.ts):
 * no internal URL, no second router. What is safe to do twice (making a run, reading its state or a file) is
 * retried as the platform allows (./retry.ts); a recorded call or a finish is tried once, and a platform error
 * on it answers 503. This app checks what needs no run: the key is a sandbox key (a real key is refused and
 * goes nowhere), the body's size and shape, and the new runs per key and per client address (the platform's
 * rate-limiting bindings). Every refusal has the APIs' error body (./errors.ts).
 */
import {Hono, type Context} from 'hono';
import {bodyLimit} from 'hono/body-limit';
import {
  CHECK_API_SLUG,
  operations,
  requestMedia,
  SpecValidator,
  type OpenApiDocument,
  type PrecompiledValidators,
} from '@portal/specs';
import {checkBody, errorBody, errorTemplate, SandboxError} from '@portal/sandbox';
import {toBase64Url} from '../base64';
import {SANDBOX_KEY_PREFIX} from '../keyNames';
import {checkScenarios, DEFAULT_TIMEOUT_SECONDS, type CheckScenario} from '../model';
import type {components} from '@portal/specs/types/check-api';
import {checkError, keyDigest, withAbsoluteHelp} from './errors';
import {HOSTED_RUN_RATE_LIMITS, MAX_KEY_LENGTH, MAX_RUN_REQUEST_BYTES} from './limits';
import {withRetries, type RetryOptions} from './retry';
import {runUrl, type ReportedEnd, type RunApi} from './run';

type Schemas = components['schemas'];

/** The platform's rate-limiting binding. */
export interface RunRateLimiter {
  limit(options: {key: string}): Promise<{success: boolean}>;
}

/** The stub of run `id`: a new one for each call, as the platform advises after an error. */
export type RunStubs = (id: string) => RunApi;

export interface HostedApiOptions<Bindings extends object> {
  /** The check API's specification (the bundle `check-api`): what the bodies are validated against. */
  doc: OpenApiDocument;
  /** Its request validators compiled ahead of time, where nothing may compile (the Worker). */
  precompiledValidators?: PrecompiledValidators;
  /** The runs of the Worker's bindings, or undefined when it has none (then every call answers 500). */
  runs: (env: Bindings) => RunStubs | undefined;
  /** The rate-limiting bindings that count new runs, per key and per client address. */
  limits?: (env: Bindings) => {perKey?: RunRateLimiter; perAddress?: RunRateLimiter};
  /**
   * Why the portal cannot sign attestations now (its signing key is missing or unusable), or undefined when it
   * can: a run is then refused at creation, before the partner's program runs, not at its finish.
   */
  cannotSign?: (env: Bindings) => Promise<string | undefined>;
  /** A new run id (tests pass their own). */
  newId?: () => string;
  /** How calls to a run are retried (tests pass their own clock). */
  retry?: RetryOptions;
}

const ID = /^[A-Za-z0-9_-]{22}$/;
/** 128 random bits, base64url. */
export const newRunId = (): string => toBase64Url(crypto.getRandomValues(new Uint8Array(16)));

/** A sandbox key, or the refusal: a real key is never taken (nor stored, nor passed on). */
function sandboxKey(c: Context): string | Response {
  const key = c.req.header('x-api-key');
  if (!key) return checkError(401, 'Send a sandbox_ key in x-api-key: the run answers only the key that made it.');
  if (!key.startsWith(SANDBOX_KEY_PREFIX) || key.length > MAX_KEY_LENGTH)
    return checkError(
      403,
      `Never send a real key to the sandbox or the check: a run is made with a sandbox_ key (any text after sandbox_, up to ${MAX_KEY_LENGTH} characters).`,
    );
  return key;
}

const tooLarge = () => checkError(413, `The body is larger than ${MAX_RUN_REQUEST_BYTES} bytes.`);

/** The API's base path on the portal. */
export const CHECK_API_BASE = '/check/v1';

const unavailable = () =>
  checkError(503, 'The run could not be reached just now: try again in a moment.', {retryAfterSeconds: 1});

export function hostedCheckApi<Bindings extends object = object>(
  options: HostedApiOptions<Bindings>,
): Hono<{Bindings: Bindings}> {
  const app = new Hono<{Bindings: Bindings}>().basePath(CHECK_API_BASE);
  const newId = options.newId ?? newRunId;
  const validator = new SpecValidator(new Map([[CHECK_API_SLUG, options.doc]]), options.precompiledValidators);
  const bodyOf = new Map(
    operations(CHECK_API_SLUG, options.doc).map((operation) => [
      operation.operationId,
      {doc: options.doc, operationId: operation.operationId, bodySchema: requestMedia(options.doc, operation)?.schema},
    ]),
  );

  /** The body of a call, checked against its operation's schema: its value, or the sandbox's 400. */
  async function read<T>(c: Context, operationId: string): Promise<T | Response> {
    const text = await c.req.text();
    if (!text.trim()) return {} as T;
    try {
      return checkBody(validator, bodyOf.get(operationId)!, text, c.req.header('content-type') ?? '') as T;
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error;
      const operation = operations(CHECK_API_SLUG, options.doc).find((found) => found.operationId === operationId);
      const body = errorBody(errorTemplate(options.doc, operation, error.status), error);
      return c.json(body, error.status as 400);
    }
  }

  /** The run stubs of the Worker, or the refusal of a Worker without them. */
  const stubsOf = (c: Context): RunStubs | Response =>
    options.runs(c.env as Bindings) ??
    checkError(
      500,
      'The hosted check is not set up on this portal: the Worker has no CHECK_RUNS binding (deploy/wrangler.jsonc).',
    );

  /** A call to a run that may be made twice, retried as the platform allows. */
  const retried = <T>(attempt: () => Promise<T>): Promise<T> => withRetries(attempt, options.retry);
  /** A call to a run made once: a platform error on it answers 503. */
  const once = async (attempt: () => Promise<Response>): Promise<Response> => {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof Error && 'retryable' in error) return unavailable();
      throw error;
    }
  };

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
    const asked = await read<Schemas['CreateRunRequest']>(c, 'CheckService_CreateRun');
    if (asked instanceof Response) return asked;
    const stubs = stubsOf(c);
    if (stubs instanceof Response) return stubs;
    const unsigned = await options.cannotSign?.(c.env as Bindings);
    if (unsigned) return checkError(503, `This portal cannot sign attestations now, so no run was made: ${unsigned}`);
    const address = c.req.header('cf-connecting-ip') ?? 'unknown';
    const {perKey, perAddress} = options.limits?.(c.env as Bindings) ?? {};
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
    const scenarios = checkScenarios.filter((scenario) => (asked.scenarios ?? checkScenarios).includes(scenario));
    const digest = await keyDigest(key);
    const meta = await retried(() =>
      stubs(id).create({
        id,
        keyDigest: digest,
        origin,
        scenarios,
        program: asked.program ?? 'a program',
        ...(asked.partner ? {partner: asked.partner} : {}),
        ...(asked.challenge ? {challenge: asked.challenge} : {}),
        ...(asked.programFiles?.length ? {programFiles: asked.programFiles} : {}),
        ...(asked.programCommit ? {programCommit: asked.programCommit} : {}),
        timeoutSeconds: asked.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
      }),
    );
    const url = runUrl(origin, id);
    const made: Schemas['Run'] = {
      id,
      url,
      expiresAt: new Date(meta.expiresMs).toISOString(),
      runs: meta.scenarios.map((scenario: CheckScenario) => ({scenario, baseUrl: `${url}/${meta.segments[scenario]}`})),
    };
    return c.json(made, 201);
  });

  /** The stubs and the run id of a call to a run, or the refusal (a malformed id reaches no object). */
  const runOf = (c: Context): {stub: () => RunApi} | Response => {
    const id = c.req.param('id')!;
    if (!ID.test(id)) return checkError(404, 'No such run: its id is wrong, or it was deleted.');
    const stubs = stubsOf(c);
    if (stubs instanceof Response) return stubs;
    return {stub: () => stubs(id)};
  };

  app.get('/runs/:id', (c) => {
    const run = runOf(c);
    return run instanceof Response ? run : retried(() => run.stub().status({key: c.req.header('x-api-key')}));
  });
  // The run's shared address, which its attestation carries: its state and files with no key
  app.get('/runs/:id/reports/:token{[A-Za-z0-9_-]{22}}', (c) => {
    const run = runOf(c);
    return run instanceof Response ? run : retried(() => run.stub().status({reportsToken: c.req.param('token')}));
  });
  app.get('/runs/:id/reports/:token{[A-Za-z0-9_-]{22}}/:file{[a-z]+\\.[a-z]+}', (c) => {
    const run = runOf(c);
    return run instanceof Response
      ? run
      : retried(() => run.stub().file({reportsToken: c.req.param('token')}, c.req.param('file')));
  });
  app.post('/runs/:id/finish', bodyLimit({maxSize: MAX_RUN_REQUEST_BYTES, onError: tooLarge}), async (c) => {
    const run = runOf(c);
    if (run instanceof Response) return run;
    const asked = await read<Schemas['FinishRunRequest']>(c, 'CheckService_FinishRun');
    if (asked instanceof Response) return asked;
    const programs: Partial<Record<CheckScenario, ReportedEnd>> = {};
    for (const [scenario, end] of Object.entries(asked.programs ?? {}))
      programs[scenario as CheckScenario] = {...end, durationMs: Math.round(end.durationMs)};
    return once(() => run.stub().finish(c.req.header('x-api-key'), programs));
  });
  app.get('/runs/:id/:file{[a-z]+\\.[a-z]+}', (c) => {
    const run = runOf(c);
    return run instanceof Response
      ? run
      : retried(() => run.stub().file({key: c.req.header('x-api-key')}, c.req.param('file')));
  });
  app.all('/runs/:id/:segment/apiservices/*', (c) => {
    const run = runOf(c);
    if (run instanceof Response) return run;
    const url = new URL(c.req.url);
    const path = url.pathname.slice(url.pathname.indexOf('/apiservices/')) + url.search;
    return once(() => run.stub().call(c.req.raw, c.req.param('segment'), path));
  });
  // Every other path under the base is the API's to refuse, not the site's
  app.all('*', (c) => checkError(404, `The check's API has no ${c.req.method} ${c.req.path}.`));
  return app;
}
