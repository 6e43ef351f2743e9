/**
 * The Durable Object of a hosted check run (wrangler.jsonc's `CHECK_RUNS`, class `CheckRun`): one per run, named
 * by its id, holding the run's calls and reports in its own storage and deleting them with its alarm. Its
 * methods are the run's, called over RPC by the check's API (check/src/hosted/api.ts) on a typed stub: each
 * delegates to `HostedRun` (check/src/hosted/run.ts), which does the work with no tie to the platform (its
 * storage and clock are given), so the same run is tested in Node on memory storage.
 */
import {DurableObject} from 'cloudflare:workers';
import {HostedRun, signerFor, type RunApi} from '@portal/check/hosted';
import {workerSandbox, workerSpecs} from '@portal/sandbox/worker';

export class CheckRun extends DurableObject<Env> implements RunApi {
  private readonly run: HostedRun;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.run = new HostedRun({
      storage: ctx.storage,
      now: () => Date.now(),
      ...workerSpecs,
      sandbox: (siteUrl) => {
        const sandbox = workerSandbox(env.SANDBOX_TOKEN_SECRET, siteUrl);
        return (request) => sandbox.fetch(request);
      },
      signer: () => signerFor(env.CHECK_SIGNING_KEY),
      ...(env.BUILD_COMMIT ? {commit: env.BUILD_COMMIT} : {}),
    });
  }

  create(...input: Parameters<RunApi['create']>) {
    return this.run.create(...input);
  }
  call(...input: Parameters<RunApi['call']>) {
    return this.run.call(...input);
  }
  status(...input: Parameters<RunApi['status']>) {
    return this.run.status(...input);
  }
  finish(...input: Parameters<RunApi['finish']>) {
    return this.run.finish(...input);
  }
  file(...input: Parameters<RunApi['file']>) {
    return this.run.file(...input);
  }
  alarm(): Promise<void> {
    return this.run.alarm();
  }
}
