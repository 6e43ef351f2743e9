/**
 * The Worker's types are what `wrangler types` makes of wrangler.jsonc today (./types.ts): a binding, var or
 * secret added to wrangler.jsonc, or a new wrangler or workerd, without `npm run types -w @portal/deploy` fails
 * here. Generated beside the committed file (its imports of ./src are relative to it), then compared but for the
 * file name in its first comment.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {deployDir, generateWorkerTypes, typesFile} from './types';

/** The file as compared: the command line wrangler writes into its first comment names the output file. */
const comparable = (text: string): string => text.replace(/running `wrangler types \S+/, 'running `wrangler types');

describe("the Worker's types", () => {
  it('are what wrangler types makes of wrangler.jsonc (npm run types -w @portal/deploy writes them)', async () => {
    const fresh = path.join(deployDir, '.worker-configuration.fresh.d.ts');
    try {
      await generateWorkerTypes(fresh);
      expect(
        comparable(fs.readFileSync(typesFile, 'utf8')) === comparable(fs.readFileSync(fresh, 'utf8')),
        'deploy/worker-configuration.d.ts is stale: run `npm run types -w @portal/deploy`',
      ).toBe(true);
    } finally {
      fs.rmSync(fresh, {force: true});
    }
  });

  it('type the bindings from wrangler.jsonc, the run objects with their class', () => {
    const text = fs.readFileSync(typesFile, 'utf8');
    for (const binding of ['SANDBOX_TOKEN_SECRET: string;', 'CHECK_SIGNING_KEY: string;', 'ASSETS: Fetcher;'])
      expect(text).toContain(binding);
    expect(text).toContain('CHECK_RUNS: DurableObjectNamespace<import("./src/worker").CheckRun>;');
  });
});
