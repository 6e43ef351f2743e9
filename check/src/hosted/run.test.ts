/**
 * A hosted run (run.ts) driven directly, on memory storage and an injected clock, for what its API cannot
 * reach: a finish that cannot sign or fails while signing (the run stays open, and a later finish is judged),
 * the build's commit in its attestation, its object made again before any call, and its alarm run again or
 * on an object woken afresh (the platform retries alarms): the note that the run expired stays until its time.
 */
import {describe, expect, it} from 'vitest';
import {bundles, exampleUrl, op, testApp} from '@portal/sandbox/testing';
import {generateSigningKey, signerOf, type Signer} from '../attest/keys';
import {verifyAttestation} from '../attest/verify';
import {keyDigest} from './errors';
import {memoryStorage} from './hosted.fixture';
import {RUN_RETENTION_MS, TOMBSTONE_MS} from './limits';
import {HostedRun, type RunDeps} from './run';

const KEY = 'sandbox_run_test';
const START = Date.parse('2026-11-27T09:00:00Z');
const ORIGIN = 'https://portal.example';
const programs = {normal: {exitCode: 0, signal: null, timedOut: false, durationMs: 1000}};

async function setUp(deps: Partial<RunDeps> = {}) {
  const sandbox = testApp(START);
  const storage = memoryStorage();
  const signer = await signerOf(JSON.stringify(await generateSigningKey()));
  const make = () =>
    new HostedRun({
      storage,
      now: () => sandbox.clock.now,
      bundles,
      sandbox: () => (request) => sandbox.app.fetch(request),
      signer: () => Promise.resolve(signer),
      ...deps,
    });
  const run = make();
  const meta = await run.create({
    id: 'run_test',
    keyDigest: await keyDigest(KEY),
    origin: ORIGIN,
    program: 'node search.mjs',
    scenarios: ['normal'],
    timeoutSeconds: 10,
  });
  const path = new URL(exampleUrl(op('CultureService_ListCurrencies'))).pathname;
  const call = (on: HostedRun) =>
    on.call(new Request(`${ORIGIN}${path}`, {headers: {'x-api-key': KEY}}), meta.segments.normal!, path);
  return {run, make, storage, signer, clock: sandbox.clock, call};
}

describe('finishing a run', () => {
  it('answers 503 when it cannot sign, stays open, and is judged by a finish once it can', async () => {
    let signing = false;
    const {run, call, signer} = await setUp({
      signer: () =>
        signing ? Promise.resolve(signerForTest) : Promise.reject(new Error('no key to sign attestations with')),
    });
    const signerForTest: Signer = signer;
    expect((await call(run)).status).toBe(200);
    const refused = await run.finish(KEY, programs);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as {message: string}).message).toBe(
      'The run cannot be attested: no key to sign attestations with',
    );
    // Still recording: it takes calls, and a finish that can sign judges it
    expect((await call(run)).status).toBe(200);
    signing = true;
    const finished = await run.finish(KEY, programs);
    expect(finished.status).toBe(200);
    expect(((await finished.json()) as {runs: {calls: number}[]}).runs[0].calls).toBe(2);
  });

  it('stays open when signing fails midway, so a later finish is judged', async () => {
    let broken = true;
    const {run, call, signer} = await setUp({
      signer: () => Promise.resolve(broken ? {...signer, key: {} as CryptoKey} : signer),
    });
    expect((await call(run)).status).toBe(200);
    await expect(run.finish(KEY, programs)).rejects.toThrow();
    expect((await call(run)).status).toBe(200);
    broken = false;
    expect((await run.finish(KEY, programs)).status).toBe(200);
  });

  it("names the build's commit in its attestation when the Worker knows it", async () => {
    const {run, signer, clock} = await setUp({commit: '0123456789abcdef0123456789abcdef01234567'});
    expect((await run.finish(KEY, programs)).status).toBe(200);
    const attestation = await (await run.file({key: KEY}, 'attestation.json')).text();
    const outcome = await verifyAttestation({
      attestation,
      keys: JSON.stringify({keys: [signer.published]}),
      now: clock.now,
    });
    expect(outcome.status === 'verified' && outcome.statement.predicate.configuration[0].annotations).toMatchObject({
      commit: '0123456789abcdef0123456789abcdef01234567',
      program: 'node search.mjs',
    });
  });
});

describe("a run's object made again", () => {
  it('answers a run made but not yet called', async () => {
    const {make} = await setUp();
    expect((await make().status({key: KEY})).status).toBe(200);
  });

  it('keeps the note that the run expired when its alarm runs on an object woken afresh', async () => {
    const {make, storage, clock} = await setUp();
    clock.now = START + RUN_RETENTION_MS;
    await make().alarm();
    expect([...storage.values.keys()]).toEqual(['expired']);
    expect(storage.alarmAt).toBe(START + RUN_RETENTION_MS + TOMBSTONE_MS);
    expect((await make().status({key: KEY})).status).toBe(410);
  });

  it('keeps the note when the alarm runs again before its time, and forgets the run at its time', async () => {
    const {run, make, storage, clock} = await setUp();
    clock.now = START + RUN_RETENTION_MS;
    await run.alarm();
    // The platform may run an alarm again: the note stays, its own alarm with it
    clock.now = START + RUN_RETENTION_MS + TOMBSTONE_MS - 1;
    await make().alarm();
    expect([...storage.values.keys()]).toEqual(['expired']);
    expect(storage.alarmAt).toBe(START + RUN_RETENTION_MS + TOMBSTONE_MS);
    const gone = await make().status({key: KEY});
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as {message: string}).message).toBe(
      'This run expired at 2026-11-28T09:00:00.000Z: its calls and reports are deleted. Start a new run.',
    );
    clock.now += 1;
    await make().alarm();
    expect(storage.values.size).toBe(0);
    const forgotten = await make().status({key: KEY});
    expect(forgotten.status).toBe(404);
    expect(((await forgotten.json()) as {message: string}).message).toBe(
      'No such run: its id is wrong, or it was deleted.',
    );
  });
});
