/**
 * The Durable Object of a hosted run: one per run, named by its id (./api.ts), holding the run's calls and
 * reports in its own storage and deleting them with its alarm (./run.ts does the work). The portal's Worker
 * exports the class `checkRunObject` makes (deploy/src/worker.ts), bound as `CHECK_RUNS` in
 * deploy/wrangler.jsonc. Besides the API's paths (`/check/v1/runs/<id>/...`, passed on as they came), the
 * object answers `/create`, which only the API reaches (it passes on no other path).
 */
import type {OpenApiDocument, PrecompiledValidators} from '@portal/specs';
import type {Signer} from '../attest/keys';
import {checkError} from './errors';
import {isCheckScenario} from '../model';
import {HostedRun, type ReportedEnd, type RunMeta, type RunStorage} from './run';
import {isObject} from '../json';

/** What the object is given by the platform. */
export interface DurableObjectStateLike {
  storage: RunStorage;
}

export interface CheckRunDeps<Env> {
  bundles: Map<string, OpenApiDocument>;
  precompiledValidators?: PrecompiledValidators;
  sandbox: (env: Env, siteUrl: string) => (request: Request) => Response | Promise<Response>;
  signer: (env: Env) => Promise<Signer>;
  commit?: string;
  /** Now, ms since 1970 (Date.now unless given). */
  now?: () => number;
}

/** The `programs` of a finish body, or why it is refused. */
function readPrograms(body: unknown): Partial<Record<string, ReportedEnd>> | string {
  if (!isObject(body))
    return 'The body is {"programs": {"<scenario>": {"exitCode", "signal", "timedOut", "durationMs"}}}.';
  const programs = body.programs ?? {};
  if (!isObject(programs)) return 'programs is an object by scenario.';
  const read: Partial<Record<string, ReportedEnd>> = {};
  for (const [scenario, end] of Object.entries(programs)) {
    if (!isCheckScenario(scenario)) return `Unknown scenario ${scenario} in programs.`;
    if (
      !isObject(end) ||
      !(end.exitCode === null || Number.isInteger(end.exitCode)) ||
      !(end.signal === null || typeof end.signal === 'string') ||
      typeof end.timedOut !== 'boolean' ||
      typeof end.durationMs !== 'number' ||
      !Number.isFinite(end.durationMs) ||
      end.durationMs < 0
    )
      return `programs.${scenario} is {"exitCode": integer or null, "signal": text or null, "timedOut": boolean, "durationMs": number}.`;
    read[scenario] = {
      exitCode: end.exitCode as number | null,
      signal: typeof end.signal === 'string' ? end.signal.slice(0, 32) : null,
      timedOut: end.timedOut,
      durationMs: Math.round(end.durationMs),
    };
  }
  return read;
}

/** Answers one request to a run (the object's `fetch`). */
export async function answerRun(run: HostedRun, request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === '/create' && url.hostname === 'run.internal') {
    return Response.json(await run.create((await request.json()) as Parameters<HostedRun['create']>[0]));
  }
  const [, , , , , rest = '', ...more] = url.pathname.split('/');
  // /check/v1/runs/<id>, /check/v1/runs/<id>/<file>, .../finish, /check/v1/runs/<id>/<scenario>/apiservices/...
  if (more[0] === 'apiservices') {
    const at = url.pathname.indexOf('/apiservices/');
    return run.call(request, rest, url.pathname.slice(at) + url.search);
  }
  if (!rest && request.method === 'GET') return run.status(request);
  if (rest === 'finish' && request.method === 'POST' && !more.length) {
    let body: unknown = {};
    const text = await request.text();
    try {
      if (text.trim()) body = JSON.parse(text);
    } catch {
      return checkError(400, 'The body is not JSON.');
    }
    const programs = readPrograms(body);
    if (typeof programs === 'string') return checkError(400, programs);
    return run.finish(request, programs);
  }
  if (rest && !more.length && request.method === 'GET') return run.file(request, rest);
  return checkError(404, `The check's API has no ${request.method} ${url.pathname}.`);
}

/** The Durable Object class of hosted runs, given what it runs on. */
export function checkRunObject<Env>(deps: CheckRunDeps<Env>) {
  return class CheckRun {
    private readonly run: HostedRun;

    constructor(state: DurableObjectStateLike, env: Env) {
      this.run = new HostedRun({
        storage: state.storage,
        now: deps.now ?? (() => Date.now()),
        bundles: deps.bundles,
        precompiledValidators: deps.precompiledValidators,
        sandbox: (siteUrl) => deps.sandbox(env, siteUrl),
        signer: () => deps.signer(env),
        ...(deps.commit ? {commit: deps.commit} : {}),
      });
    }

    fetch(request: Request): Promise<Response> {
      return answerRun(this.run, request);
    }

    alarm(): Promise<void> {
      return this.run.alarm();
    }
  };
}

export type {RunMeta};
