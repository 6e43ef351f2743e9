/**
 * The hosted check's API and runs (api.ts, run.ts) in Node, each run's object on its own storage in
 * memory and one injected clock for the runs and the sandbox: a run is made, plays its scenario's faults,
 * is judged and attested; its reports verify. Refused, with the APIs' error body: a real key (and no byte of it
 * stored), another key, bad bodies at their bounds, too many runs, a finished run's calls, calls past a
 * scenario's bound, an expired run (then forgotten). Two runs at once see only their own calls, and an object
 * woken afresh goes on where its run was. The same code in workerd: deploy/src/hostedCheck.test.ts.
 */
import {parse as parseCtrf, validate as validateCtrf} from 'ctrf';
import {beforeEach, describe, expect, it} from 'vitest';
import {MAX_BODY_BYTES} from '@portal/sandbox';
import {loadCheckApi} from '@portal/specs/node';
import {bundles, exampleBody, exampleUrl, op, testApp} from '@portal/sandbox/testing';
import {verifyAttestation} from '../attest/verify';
import {hostedCheckApi, type RunRateLimiter} from './api';
import {DEFAULT_TIMEOUT_SECONDS} from '../model';
import {keyDigest} from './errors';
import {
  HOSTED_MAX_CALLS_PER_SCENARIO,
  MAX_KEY_LENGTH,
  MAX_PROGRAM_LABEL,
  MAX_RUN_REQUEST_BYTES,
  RECORDING_SLACK_MS,
  RUN_FILES,
  RUN_RETENTION_MS,
  TOMBSTONE_MS,
} from './limits';
import {memoryRuns} from './hosted.fixture';

const ORIGIN = 'https://portal.example';
const KEY = 'sandbox_hosted_test';
const START = Date.parse('2026-11-27T09:00:00Z');

let clock: {now: number};
let runs: Awaited<ReturnType<typeof memoryRuns>>;
let api: ReturnType<typeof hostedCheckApi>;
let ids: string[];
let denied: Set<string>;
/** What the rate limiters were asked to count, by limiter, in order. */
let counted: {key: string[]; address: string[]};
/** How many new runs each limiter lets through per thing counted (unlimited unless a test says). */
let allowed: {key: number; address: number};
/** The text of every request the sandbox was given (method, URL, headers, body). */
let reachedSandbox: string[];

const limiter = (kind: 'key' | 'address'): RunRateLimiter => ({
  limit: ({key}) => {
    counted[kind].push(key);
    const seen = counted[kind].filter((one) => one === key).length;
    return Promise.resolve({success: (!denied.has(kind) || !key) && seen <= allowed[kind]});
  },
});

beforeEach(async () => {
  const sandbox = testApp(START);
  clock = sandbox.clock;
  reachedSandbox = [];
  runs = await memoryRuns({
    bundles,
    sandbox: async (request) => {
      const body = await request.clone().text();
      reachedSandbox.push(`${request.method} ${request.url} ${JSON.stringify([...request.headers])} ${body}`);
      return sandbox.app.fetch(request);
    },
    clock,
  });
  ids = [];
  denied = new Set();
  counted = {key: [], address: []};
  allowed = {key: Infinity, address: Infinity};
  let made = 0;
  api = hostedCheckApi({
    doc: loadCheckApi(),
    runs: () => (id) => runs.stub(id),
    newId: () => {
      const id = `run${String(++made).padStart(19, '0')}`;
      ids.push(id);
      return id;
    },
    limits: () => ({perKey: limiter('key'), perAddress: limiter('address')}),
  });
});

const send = (path: string, init: RequestInit & {key?: string | null} = {}) => {
  const {key = KEY, ...rest} = init;
  const headers = new Headers(rest.headers);
  if (key) headers.set('x-api-key', key);
  return api.fetch(new Request(`${ORIGIN}${path}`, {...rest, headers}));
};
const JSON_TYPE = {'content-type': 'application/json'};
const createRun = async (body: unknown = {scenarios: ['normal', 'rate-limited']}, key: string | null = KEY) =>
  send('/check/v1/runs', {
    method: 'POST',
    headers: JSON_TYPE,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    key,
  });

interface Made {
  id: string;
  url: string;
  expiresAt: string;
  runs: {scenario: string; baseUrl: string}[];
}
const made = async (body?: unknown, key?: string): Promise<Made> => {
  const answer = await createRun(body, key);
  expect(answer.status).toBe(201);
  return (await answer.json()) as Made;
};

const createPath = new URL(exampleUrl(op('FlightsService_CreateSearch'))).pathname;
const pollPath = (token: string) =>
  new URL(exampleUrl(op('FlightsService_PollSearch'), {sessionToken: token})).pathname;
/** A call of the program: `base` is the scenario's base URL. */
const call = (base: string, path: string, init: RequestInit & {key?: string | null} = {}) =>
  send(new URL(base).pathname + path, {method: 'POST', ...init});
const createSearch = (base: string, key: string | null = KEY) =>
  call(base, createPath, {
    key,
    headers: {'content-type': 'application/json'},
    body: JSON.stringify(exampleBody(op('FlightsService_CreateSearch'))),
  });

/** A well-behaved program in one scenario: create, and poll once a second until complete, retrying as told. */
async function goodProgram(base: string): Promise<void> {
  let answer = await createSearch(base);
  while (answer.status === 429) {
    clock.now += Number(answer.headers.get('retry-after')) * 1000 + 100;
    answer = await createSearch(base);
  }
  expect(answer.status).toBe(200);
  let result = (await answer.json()) as {sessionToken: string; status: string};
  while (result.status !== 'RESULT_STATUS_COMPLETE') {
    clock.now += 1_100;
    const polled = await call(base, pollPath(result.sessionToken));
    expect(polled.status).toBe(200);
    result = (await polled.json()) as typeof result;
  }
}

const programs = (scenarios: string[]) =>
  Object.fromEntries(
    scenarios.map((scenario) => [scenario, {exitCode: 0, signal: null, timedOut: false, durationMs: 4000}]),
  );
const finish = (id: string, scenarios: string[], key = KEY) =>
  send(`/check/v1/runs/${id}/finish`, {
    method: 'POST',
    key,
    headers: JSON_TYPE,
    body: JSON.stringify({programs: programs(scenarios)}),
  });

describe('a hosted run', () => {
  it('records a good program, plays the faults, passes, and serves reports whose attestation verifies', async () => {
    const run = await made();
    expect(run.runs.map(({scenario}) => scenario)).toEqual(['normal', 'rate-limited']);
    for (const {baseUrl} of run.runs) expect(baseUrl).toMatch(new RegExp(`^${run.url}/[\\w-]{11}$`));
    expect(Date.parse(run.expiresAt)).toBe(START + RUN_RETENTION_MS);
    for (const {baseUrl} of run.runs) await goodProgram(baseUrl);
    const status = (await (await send(`/check/v1/runs/${run.id}`, {method: 'GET'})).json()) as {
      calls: Record<string, number>;
    };
    expect(status.calls.normal).toBeGreaterThan(1);
    // rate-limited: the 429 the run played, then the same calls
    expect(status.calls['rate-limited']).toBe(status.calls.normal + 1);

    const finished = await finish(run.id, ['normal', 'rate-limited']);
    expect(finished.status).toBe(200);
    const verdict = (await finished.json()) as {result: string; runs: {verdicts: {rule: string; outcome: string}[]}[]};
    expect(verdict.result).toBe('PASSED');
    expect(verdict.runs[1].verdicts).toContainEqual(expect.objectContaining({rule: 'retry-after', outcome: 'pass'}));

    const file = async (name: string) => {
      const answer = await send(`/check/v1/runs/${run.id}/${name}`, {method: 'GET'});
      expect(answer.status).toBe(200);
      return answer;
    };
    expect(await (await file('junit.xml')).text()).toContain('<testsuite name="rate-limited"');
    const ctrf = await file('ctrf.json');
    expect(ctrf.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const tests = parseCtrf(await ctrf.text());
    expect(validateCtrf(tests).errors).toEqual([]);
    expect(tests.results.tests).toContainEqual(
      expect.objectContaining({name: 'rate-limited/retry-after', status: 'passed'}),
    );
    const html = await file('report.html');
    expect(html.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const har = new Uint8Array(await (await file('session.har')).arrayBuffer());
    const attestation = await (await file('attestation.json')).text();
    const keys = JSON.stringify({keys: [runs.signer.published]});
    const outcome = await verifyAttestation({attestation, keys, now: clock.now, har, bundles});
    expect(outcome.status).toBe('verified');
    // The attestation carries the run's shared address: its reports open there with no key
    const shared = outcome.status === 'verified' ? outcome.statement.predicate.url : '';
    expect(shared).toMatch(new RegExp(`^${run.url}/reports/[\\w-]{22}$`));
    const opened = await send(new URL(shared).pathname, {method: 'GET', key: null});
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as {files: string[]}).files).toContain(`${shared}/report.html`);
    const sharedHtml = await send(`${new URL(shared).pathname}/report.html`, {method: 'GET', key: null});
    expect([sharedHtml.status, sharedHtml.headers.get('content-security-policy')]).toEqual([
      200,
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    ]);
    expect(await sharedHtml.text()).toBe(await (await file('report.html')).text());
    // A token one character off, another run's token, a token of another length: no such run
    const token = shared.slice(-22);
    const other = token.slice(0, 21) + (token.endsWith('A') ? 'B' : 'A');
    for (const path of [
      `/check/v1/runs/${run.id}/reports/${other}`,
      `/check/v1/runs/${run.id}/reports/${other}/report.html`,
      `/check/v1/runs/${run.id}/reports/${token.slice(1)}/report.html`,
      `/check/v1/runs/${run.id}/reports/${token}A/report.html`,
    ])
      expect((await send(path, {method: 'GET', key: null})).status, path).toBe(404);
    // The key is not needed there, and the token opens no other address of the run
    expect((await send(`/check/v1/runs/${run.id}/report.html`, {method: 'GET', key: null})).status).toBe(401);
    const other2 = await made({scenarios: ['normal']});
    expect(
      (await send(`/check/v1/runs/${other2.id}/reports/${token}/report.html`, {method: 'GET', key: null})).status,
    ).toBe(404);
    expect(outcome.status === 'verified' && outcome.statement.predicate.passedTests).toContain(
      'rate-limited/retry-after',
    );
  });

  it('signs the partner, challenge, program files and commit the command declared into the statement', async () => {
    const declared = {
      partner: 'Acme Travel',
      challenge: 'go-live-7',
      programFiles: [{path: 'client.mjs', sha256: 'f'.repeat(64)}],
      programCommit: {commit: 'c'.repeat(40), dirty: false},
    };
    const run = await made({scenarios: ['normal'], ...declared});
    await goodProgram(run.runs[0].baseUrl);
    expect((await finish(run.id, ['normal'])).status).toBe(200);
    const attestation = await (await send(`/check/v1/runs/${run.id}/attestation.json`, {method: 'GET'})).text();
    const keys = JSON.stringify({keys: [runs.signer.published]});
    const outcome = await verifyAttestation({attestation, keys, now: clock.now});
    expect(outcome.status).toBe('verified');
    const check = outcome.status === 'verified' ? outcome.statement.predicate.configuration[0] : undefined;
    expect(check?.annotations).toMatchObject(declared);
    // Left out, none is claimed
    const bare = await made({scenarios: ['normal']});
    await goodProgram(bare.runs[0].baseUrl);
    await finish(bare.id, ['normal']);
    const plain = await (await send(`/check/v1/runs/${bare.id}/attestation.json`, {method: 'GET'})).text();
    const read = await verifyAttestation({attestation: plain, keys, now: clock.now});
    const annotations = read.status === 'verified' ? read.statement.predicate.configuration[0].annotations : {};
    for (const name of Object.keys(declared)) expect(annotations, name).not.toHaveProperty(name);
  });

  it('fails a program that retries a 429 too soon, on retry-after, in its attestation too', async () => {
    const run = await made({scenarios: ['rate-limited']});
    const base = run.runs[0].baseUrl;
    expect((await createSearch(base)).status).toBe(429);
    clock.now += 500;
    expect((await createSearch(base)).status).toBe(200);
    await finish(run.id, ['rate-limited']);
    const attestation = await (await send(`/check/v1/runs/${run.id}/attestation.json`, {method: 'GET'})).text();
    const keys = JSON.stringify({keys: [runs.signer.published]});
    const outcome = await verifyAttestation({attestation, keys, now: clock.now});
    expect(outcome.status === 'verified' && outcome.statement.predicate).toMatchObject({
      result: 'FAILED',
      failedTests: ['rate-limited/retry-after'],
    });
  });

  it('goes on where it was when its object wakes afresh', async () => {
    const run = await made({scenarios: ['rate-limited']});
    expect((await createSearch(run.runs[0].baseUrl)).status).toBe(429);
    runs.wake(run.id);
    expect((await createSearch(run.runs[0].baseUrl)).status).toBe(200);
  });
});

describe('isolation', () => {
  it('two runs at once see only their own calls', async () => {
    const first = await made({scenarios: ['normal']});
    const second = await made({scenarios: ['normal']});
    await createSearch(first.runs[0].baseUrl);
    await createSearch(first.runs[0].baseUrl);
    await createSearch(second.runs[0].baseUrl);
    const calls = async (id: string) =>
      ((await (await send(`/check/v1/runs/${id}`, {method: 'GET'})).json()) as {calls: {normal: number}}).calls.normal;
    expect(await calls(first.id)).toBe(2);
    expect(await calls(second.id)).toBe(1);
  });

  it('gives each scenario a base URL that does not name it, and records each call at the URL it was made to', async () => {
    const run = await made();
    const [normal, limited] = run.runs.map(({baseUrl}) => baseUrl);
    expect(normal).not.toBe(limited);
    for (const base of [normal, limited]) expect(base).not.toMatch(/normal|rate-limited/);
    // A scenario's name in place of its base URL's segment reaches nothing
    const named = await createSearch(`${run.url}/normal`);
    expect(named.status).toBe(404);
    expect(((await named.json()) as {message: string}).message).toMatch(/no such base URL/);
    await createSearch(normal);
    expect((await createSearch(limited)).status).toBe(429);
    expect((await finish(run.id, ['normal', 'rate-limited'])).status).toBe(200);
    const har = (await (await send(`/check/v1/runs/${run.id}/session.har`, {method: 'GET'})).json()) as {
      log: {entries: {_scenario: string; request: {url: string}}[]};
    };
    expect(har.log.entries.map(({_scenario, request}) => [_scenario, request.url])).toEqual([
      ['normal', normal + createPath],
      ['rate-limited', limited + createPath],
    ]);
  });

  it('answers another key 403 and no key 401, on its state, its finish, its files and its calls', async () => {
    const run = await made({scenarios: ['normal']});
    const other = 'sandbox_someone_else';
    for (const [path, method] of [
      [`/check/v1/runs/${run.id}`, 'GET'],
      [`/check/v1/runs/${run.id}/finish`, 'POST'],
      [`/check/v1/runs/${run.id}/report.md`, 'GET'],
    ] as const) {
      const answer = await send(path, {method, key: other});
      expect(answer.status).toBe(403);
      expect(((await answer.json()) as {code: number; message: string}).message).toBe(
        'This run answers only the key that made it.',
      );
      expect((await send(path, {method, key: null})).status).toBe(401);
    }
    expect((await createSearch(run.runs[0].baseUrl, other)).status).toBe(403);
    // The run's own key is answered
    expect((await send(`/check/v1/runs/${run.id}`, {method: 'GET'})).status).toBe(200);
  });

  it("links its refusals to the page on hosted runs at the portal's own address, the API's and a run's alike", async () => {
    const run = await made({scenarios: ['normal']});
    const help = `${ORIGIN}/docs/getting-started/integration-check#hosted-runs`;
    for (const answer of [
      await createRun({}, null),
      await send(`/check/v1/runs/${run.id}`, {method: 'GET', key: 'sandbox_someone_else'}),
      await send('/check/v1/nothing', {method: 'GET'}),
    ]) {
      const body = (await answer.json()) as {details: {'@type': string; links?: {url: string}[]}[]};
      expect(body.details.find((detail) => detail['@type'].endsWith('Help'))?.links).toEqual([
        {description: 'Hosted runs of the integration check', url: help},
      ]);
    }
  });

  it('answers an id that was never made 404, and a malformed id 404 without reaching any object', async () => {
    expect((await send('/check/v1/runs/AAAAAAAAAAAAAAAAAAAAAA', {method: 'GET'})).status).toBe(404);
    expect((await send('/check/v1/runs/AAAAAAAAAAAAAAAAAAAAAA/report.md', {method: 'GET'})).status).toBe(404);
    expect((await send('/check/v1/runs/short', {method: 'GET'})).status).toBe(404);
    expect(runs.storages.has('short')).toBe(false);
  });
});

describe('making a run', () => {
  it('refuses a real key with a message never to send one, makes no run and stores nothing', async () => {
    const answer = await createRun({}, 'live_8f3a2c1d9e');
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as {message: string}).message).toMatch(/^Never send a real key/);
    expect(ids).toEqual([]);
    expect((await createRun({}, null)).status).toBe(401);
  });

  it('takes a body up to its bound and refuses one byte more with 413', async () => {
    const padded = (size: number) => {
      const body = JSON.stringify({program: 'x'});
      return body.slice(0, -1) + ' '.repeat(size - body.length) + '}';
    };
    expect(padded(MAX_RUN_REQUEST_BYTES)).toHaveLength(MAX_RUN_REQUEST_BYTES);
    expect((await createRun(padded(MAX_RUN_REQUEST_BYTES))).status).toBe(201);
    const over = await createRun(padded(MAX_RUN_REQUEST_BYTES + 1));
    expect(over.status).toBe(413);
    expect(((await over.json()) as {code: number}).code).toBe(3);
  });

  it("refuses a body its specification refuses with the sandbox's 400 body, each field named, at each bound", async () => {
    const refused = async (body: unknown, headers: Record<string, string> = JSON_TYPE) => {
      const answer = await send('/check/v1/runs', {
        method: 'POST',
        headers,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(answer.status).toBe(400);
      const error = (await answer.json()) as {
        code: number;
        message: string;
        details: {'@type': string; fieldViolations?: unknown[]; links?: {url: string}[]}[];
      };
      // The sandbox's error body: google.rpc's BadRequest naming each field, then the catalogue's help link
      expect(error.code).toBe(3);
      expect(error.details.map((detail) => detail['@type'])).toEqual([
        'type.googleapis.com/google.rpc.BadRequest',
        'type.googleapis.com/google.rpc.Help',
      ]);
      expect(error.details[1].links?.[0].url).toBe(`${ORIGIN}/docs/getting-started/errors#400`);
      return error.details[0].fieldViolations;
    };
    const violation = (field: string, description: string, reason: string) => [{field, description, reason}];
    expect(await refused('{')).toEqual([
      expect.objectContaining({
        field: '',
        reason: 'json',
        description: expect.stringMatching(/^the body is malformed JSON/),
      }),
    ]);
    expect(await refused('{}', {'content-type': 'text/plain'})).toEqual([
      expect.objectContaining({field: '', reason: 'content-type'}),
    ]);
    expect(await refused({scenarios: ['normal', 'chaos']})).toEqual(
      violation(
        'scenarios[1]',
        'must be one of normal, rate-limited, server-error, session-lost, never-completes, failed, rejected',
        'enum',
      ),
    );
    expect(await refused({scenarios: []})).toEqual(
      violation('scenarios', 'must NOT have fewer than 1 items', 'minItems'),
    );
    expect(await refused({timeoutSeconds: 0.999})).toEqual(violation('timeoutSeconds', 'must be >= 1', 'minimum'));
    expect(await refused({timeoutSeconds: 3600.001})).toEqual(
      violation('timeoutSeconds', 'must be <= 3600', 'maximum'),
    );
    expect(await refused({colour: 'red'})).toEqual(violation('colour', 'is not a field here', 'additionalProperties'));
    expect(await refused({program: '   '})).toEqual(violation('program', 'must match pattern "\\S"', 'pattern'));
    expect(await refused({program: 'x'.repeat(MAX_PROGRAM_LABEL + 1)})).toEqual(
      violation('program', `must NOT have more than ${MAX_PROGRAM_LABEL} characters`, 'maxLength'),
    );
    const file = (index: number) => ({path: `f${index}.mjs`, sha256: 'a'.repeat(64)});
    expect(await refused({programFiles: Array.from({length: 21}, (_, index) => file(index))})).toEqual(
      violation('programFiles', 'must NOT have more than 20 items', 'maxItems'),
    );
    expect(await refused({programFiles: [{path: 'a.mjs', sha256: 'A'.repeat(64)}]})).toEqual(
      violation('programFiles[0].sha256', 'must match pattern "^[0-9a-f]{64}$"', 'pattern'),
    );
    expect(await refused({programFiles: [{...file(0), path: 'p'.repeat(201)}]})).toEqual(
      violation('programFiles[0].path', 'must NOT have more than 200 characters', 'maxLength'),
    );
    expect(await refused({programCommit: {commit: 'a'.repeat(41), dirty: false}})).toEqual(
      violation('programCommit.commit', 'must match pattern "^([0-9a-f]{40}|[0-9a-f]{64})$"', 'pattern'),
    );
    // Just inside each bound
    for (const body of [
      {timeoutSeconds: 3600},
      {timeoutSeconds: 1},
      {program: 'x'.repeat(MAX_PROGRAM_LABEL)},
      {scenarios: ['rejected']},
      {
        programFiles: Array.from({length: 20}, (_, index) => ({
          ...file(index),
          path: 'p'.repeat(200 - String(index).length) + index,
        })),
      },
      {programCommit: {commit: 'a'.repeat(64), dirty: true}},
    ])
      expect((await createRun(body)).status, JSON.stringify(body)).toBe(201);
  });

  it('refuses a finish body its specification refuses, naming the field', async () => {
    const run = await made();
    const refused = async (body: unknown) => {
      const answer = await send(`/check/v1/runs/${run.id}/finish`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(400);
      return ((await answer.json()) as {details: {fieldViolations?: {field: string; reason: string}[]}[]}).details[0]
        .fieldViolations;
    };
    const end = {exitCode: 0, signal: null, timedOut: false, durationMs: 10};
    expect(await refused({programs: {chaos: end}})).toEqual([
      {
        field: 'programs.chaos',
        description:
          'is not an allowed name here: must be one of normal, rate-limited, server-error, session-lost, never-completes, failed, rejected',
        reason: 'enum',
      },
    ]);
    expect(await refused({programs: {normal: {...end, durationMs: -1}}})).toEqual([
      expect.objectContaining({field: 'programs.normal.durationMs', reason: 'minimum'}),
    ]);
    expect(await refused({programs: {normal: {...end, signal: 'S'.repeat(33)}}})).toEqual([
      expect.objectContaining({field: 'programs.normal.signal', reason: 'maxLength'}),
    ]);
    expect(await refused({programs: {normal: {exitCode: 0}}})).toEqual([
      expect.objectContaining({field: 'programs.normal.signal', reason: 'required'}),
      expect.objectContaining({field: 'programs.normal.timedOut', reason: 'required'}),
      expect.objectContaining({field: 'programs.normal.durationMs', reason: 'required'}),
    ]);
    expect(await refused({programs: {normal: end}, verdict: 'PASSED'})).toEqual([
      expect.objectContaining({field: 'verdict', reason: 'additionalProperties'}),
    ]);
    // Still recording: the refusals changed nothing
    expect((await createSearch(run.runs[0].baseUrl)).status).toBe(200);
    expect((await finish(run.id, ['normal'])).status).toBe(200);
  });

  it('answers 429 with Retry-After past the new runs a key or an address may make', async () => {
    denied.add('key');
    const answer = await createRun();
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('60');
    expect(((await answer.json()) as {message: string}).message).toMatch(/^Too many new runs with one key/);
    denied.clear();
    denied.add('address');
    expect(((await (await createRun()).json()) as {message: string}).message).toMatch(/from one client address/);
  });
});

describe('what a run refuses', () => {
  it('records a call with a real key without the key: no stored byte holds it, and the report fails the call', async () => {
    const run = await made({scenarios: ['normal']});
    const secret = 'live_9c1e5b7a3d2f';
    const answer = await call(run.runs[0].baseUrl, `${createPath}?apikey=${secret}`, {
      key: secret,
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({note: `my key is ${secret}`}),
    });
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as {message: string}).message).toMatch(/^Never send a real key/);
    await goodProgram(run.runs[0].baseUrl);
    const finished = (await (await finish(run.id, ['normal'])).json()) as {
      result: string;
      runs: {verdicts: {rule: string; outcome: string}[]}[];
    };
    expect(finished.result).toBe('FAILED');
    expect(finished.runs[0].verdicts).toContainEqual(
      expect.objectContaining({rule: 'api-key-header', outcome: 'fail'}),
    );
    const stored = JSON.stringify([...runs.storages.get(run.id)!.values]);
    expect(stored).toContain('my key is');
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain('9c1e5b7a3d2f');
  });

  it('answers 410 to the calls of a finished run, and 409 to a second finish', async () => {
    const run = await made({scenarios: ['normal']});
    await goodProgram(run.runs[0].baseUrl);
    expect((await finish(run.id, ['normal'])).status).toBe(200);
    const late = await createSearch(run.runs[0].baseUrl);
    expect(late.status).toBe(410);
    expect(((await late.json()) as {message: string}).message).toMatch(/^This run is finished/);
    expect((await finish(run.id, ['normal'])).status).toBe(409);
  });

  it('finishes once when two finishes come at once: one verdict, one 409', async () => {
    const run = await made({scenarios: ['normal']});
    await goodProgram(run.runs[0].baseUrl);
    const answers = await Promise.all([finish(run.id, ['normal']), finish(run.id, ['normal'])]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    // The run is finished: its calls are refused as after any finish
    expect((await createSearch(run.runs[0].baseUrl)).status).toBe(410);
  });

  it('judges a run whose program made no call (a verdict, not an error)', async () => {
    const run = await made({scenarios: ['normal']});
    const finished = await finish(run.id, ['normal']);
    expect(finished.status).toBe(200);
    const verdict = (await finished.json()) as {
      result: string;
      problems: string[];
      runs: {scenario: string; calls: number; verdicts: {outcome: string}[]}[];
    };
    expect(verdict).toMatchObject({
      result: 'FAILED',
      problems: ['the program made no call to the APIs in any run'],
      runs: [{scenario: 'normal', calls: 0}],
    });
    expect(verdict.runs[0].verdicts.length).toBeGreaterThan(3);
    expect(verdict.runs[0].verdicts.every(({outcome}) => outcome === 'not-exercised')).toBe(true);
  });

  it('reads no more of a huge body than the sandbox needs to answer 413', async () => {
    const run = await made({scenarios: ['normal']});
    const huge = new Uint8Array(MAX_BODY_BYTES * 3).fill(32);
    const answer = await call(run.runs[0].baseUrl, createPath, {
      headers: {'content-type': 'application/json'},
      body: huge,
    });
    expect(answer.status).toBe(413);
    const stored = [...runs.storages.get(run.id)!.values.values()].map((value) => JSON.stringify(value).length);
    expect(Math.max(...stored)).toBeLessThan(MAX_BODY_BYTES * 1.5);
  });

  it('answers the last call a scenario may make, and 503 to the one after', async () => {
    const run = await made({scenarios: ['normal']});
    const cheap = () => call(run.runs[0].baseUrl, '/apiservices/v3/culture/currencies', {method: 'GET'});
    for (let at = 1; at < HOSTED_MAX_CALLS_PER_SCENARIO; at++) await cheap();
    expect((await cheap()).status).toBe(200);
    const flood = await cheap();
    expect(flood.status).toBe(503);
    expect(await flood.text()).toMatch(/stopped this run: more than 300 calls/);
  });

  it('expires after its retention: 410 everywhere, nothing kept but the note, then forgotten (404)', async () => {
    const run = await made({scenarios: ['normal']});
    await createSearch(run.runs[0].baseUrl);
    clock.now = START + RUN_RETENTION_MS - 1;
    expect((await send(`/check/v1/runs/${run.id}`, {method: 'GET'})).status).toBe(200);
    clock.now = START + RUN_RETENTION_MS;
    await runs.fireAlarm(run.id);
    expect([...runs.storages.get(run.id)!.values.keys()]).toEqual(['expired']);
    for (const answer of [
      await send(`/check/v1/runs/${run.id}`, {method: 'GET'}),
      await createSearch(run.runs[0].baseUrl),
      await finish(run.id, ['normal']),
      await send(`/check/v1/runs/${run.id}/report.md`, {method: 'GET'}),
    ]) {
      expect(answer.status).toBe(410);
      expect(((await answer.json()) as {message: string}).message).toMatch(
        /^This run expired at 2026-11-28T09:00:00.000Z/,
      );
    }
    clock.now += TOMBSTONE_MS;
    await runs.fireAlarm(run.id);
    expect(runs.storages.get(run.id)!.values.size).toBe(0);
    expect((await send(`/check/v1/runs/${run.id}`, {method: 'GET'})).status).toBe(404);
  });
});

describe('a real key, wherever a call carries it', () => {
  const LIVE = 'live_7d3f9a1c5e2b';
  const searchBody = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({...(exampleBody(op('FlightsService_CreateSearch')) as object), ...extra});
  const jsonCall = (headers: Record<string, string> = {}, body = searchBody()) => ({
    headers: {'content-type': 'application/json', ...headers},
    body,
  });
  /** Each place a client could put a key, alone: the call made with the run's own sandbox key otherwise. */
  const places: {where: string; path: string; init: RequestInit & {key?: string}}[] = [
    {where: 'x-api-key', path: createPath, init: {...jsonCall(), key: LIVE}},
    {where: 'a header named like a key, in capitals', path: createPath, init: jsonCall({API_KEY: LIVE})},
    {where: 'a key 4 KiB long in x-api-key', path: createPath, init: {...jsonCall(), key: `live_${'9'.repeat(4096)}`}},
    {where: 'the query, after a second `?`', path: `${createPath}?note=a?b&apikey=${LIVE}`, init: jsonCall()},
    {where: 'the query, under an encoded name', path: `${createPath}?api%5Fkey=${LIVE}`, init: jsonCall()},
    {where: 'authorization: Bearer', path: createPath, init: jsonCall({authorization: `Bearer ${LIVE}`})},
    {where: 'authorization, bare', path: createPath, init: jsonCall({authorization: LIVE})},
    {where: 'a cookie named like a key', path: createPath, init: jsonCall({cookie: `theme=dark; apikey=${LIVE}`})},
    {where: 'a JSON body, deep', path: createPath, init: jsonCall({}, searchBody({auth: {client: {apiKey: LIVE}}}))},
    {
      where: 'a form body',
      path: createPath,
      init: {headers: {'content-type': 'application/x-www-form-urlencoded'}, body: `market=UK&key=${LIVE}`},
    },
    {
      where: 'the path, after a segment named like a key',
      path: `/apiservices/apikey/${LIVE}${createPath.slice(12)}`,
      init: jsonCall(),
    },
    {where: 'the path, as a matrix parameter', path: `${createPath};apikey=${LIVE}`, init: jsonCall()},
  ];

  it.each(places)(
    'in $where: refused 403 as any real key, never passed on, and no byte of it stored or in session.har',
    async ({path, init}) => {
      const run = await made({scenarios: ['normal']});
      const answer = await call(run.runs[0].baseUrl, path, init);
      expect(answer.status).toBe(403);
      expect(((await answer.json()) as {message: string}).message).toBe(
        'Never send a real key to the sandbox or the check: this call carried a key that is not a sandbox_ key. It was not passed on, and the run recorded it without the key.',
      );
      expect(reachedSandbox).toEqual([]);
      const finished = (await (await finish(run.id, ['normal'])).json()) as {
        result: string;
        runs: {calls: number; verdicts: {rule: string; outcome: string}[]}[];
      };
      // The call is recorded, and its report fails it
      expect(finished.runs[0].calls).toBe(1);
      expect(finished.runs[0].verdicts).toContainEqual(
        expect.objectContaining({rule: 'api-key-header', outcome: 'fail'}),
      );
      const har = await (await send(`/check/v1/runs/${run.id}/session.har`, {method: 'GET'})).text();
      expect(har).toContain('/apiservices/');
      const stored = JSON.stringify([...runs.storages.get(run.id)!.values]);
      for (const text of [har, stored]) {
        expect(text).not.toContain(LIVE);
        expect(text).not.toContain('7d3f9a1c5e2b');
        expect(text).not.toContain('9'.repeat(64));
      }
    },
  );

  it('a key of one character in x-api-key: refused, and stored masked', async () => {
    const run = await made({scenarios: ['normal']});
    expect((await createSearch(run.runs[0].baseUrl, 'k')).status).toBe(403);
    const [record] = [...runs.storages.get(run.id)!.values].filter(([name]) => name.startsWith('x:'));
    expect(record[1]).toMatchObject({
      refused: true,
      exchange: {request: {headers: expect.arrayContaining([['x-api-key', '…']])}},
    });
    expect(reachedSandbox).toEqual([]);
  });

  it('a sandbox key in those places is passed on, and the call answered', async () => {
    const run = await made({scenarios: ['normal']});
    const answer = await call(
      run.runs[0].baseUrl,
      `${createPath}?note=a?b`,
      jsonCall({authorization: `Bearer ${KEY}`, cookie: `apikey=${KEY}`}, searchBody({auth: {apiKey: KEY}})),
    );
    expect(answer.status).toBe(200);
    expect(reachedSandbox).toHaveLength(1);
    expect(reachedSandbox[0]).toContain(`Bearer ${KEY}`);
  });
});

describe("a run's bounds, each just inside and just outside", () => {
  it('takes calls until its recording window ends, then 410, its alarm not yet fired', async () => {
    const run = await made({scenarios: ['normal', 'rate-limited'], timeoutSeconds: 10});
    const cheap = () => call(run.runs[0].baseUrl, '/apiservices/v3/culture/currencies', {method: 'GET'});
    clock.now = START + 2 * 10_000 + RECORDING_SLACK_MS - 1;
    expect((await cheap()).status).toBe(200);
    clock.now += 1;
    const late = await cheap();
    expect(late.status).toBe(410);
    expect(((await late.json()) as {message: string}).message).toBe(
      "This run's time is over: it takes no more calls. Finish it, or start a new run.",
    );
    // Finishing is still allowed: the window bounds calls only
    expect((await finish(run.id, ['normal', 'rate-limited'])).status).toBe(200);
  });

  it('expires at its retention even when its alarm is late: 410 and nothing kept but the note', async () => {
    const run = await made({scenarios: ['normal']});
    await createSearch(run.runs[0].baseUrl);
    clock.now = START + RUN_RETENTION_MS - 1;
    expect((await send(`/check/v1/runs/${run.id}`, {method: 'GET'})).status).toBe(200);
    clock.now += 1;
    // No alarm fired: the run sees its own expiry on the next request
    for (const answer of [
      await createSearch(run.runs[0].baseUrl),
      await send(`/check/v1/runs/${run.id}`, {method: 'GET'}),
    ]) {
      expect(answer.status).toBe(410);
      expect(((await answer.json()) as {message: string}).message).toMatch(/^This run expired at /);
    }
    expect([...runs.storages.get(run.id)!.values.keys()]).toEqual(['expired']);
  });

  it('stores no header the platform or a proxy added (cf-*, x-forwarded-for, x-real-ip), nor passes it on', async () => {
    const run = await made({scenarios: ['normal']});
    const added = {
      'cf-connecting-ip': '203.0.113.7',
      'cf-ray': '8f00aa11bb22cc33-LHR',
      'cf-worker': 'platform-worker-name-7',
      'x-forwarded-for': '198.51.100.23',
      'x-real-ip': '192.0.2.44',
    };
    const answer = await call(run.runs[0].baseUrl, '/apiservices/v3/culture/currencies', {
      method: 'GET',
      headers: {...added, 'x-trace-note': 'kept-by-the-run', 'x-cf-note': 'kept-too'},
    });
    expect(answer.status).toBe(200);
    const stored = JSON.stringify([...runs.storages.get(run.id)!.values]);
    expect(stored).toContain('kept-by-the-run');
    expect(stored).toContain('kept-too');
    for (const [name, value] of Object.entries(added)) {
      expect(stored).not.toContain(name);
      expect(stored).not.toContain(value);
      expect(reachedSandbox.join('\n')).not.toContain(value);
    }
  });

  it(`takes a key of ${MAX_KEY_LENGTH} characters and refuses one more as no sandbox key`, async () => {
    const key = (length: number) => `sandbox_${'k'.repeat(length - 'sandbox_'.length)}`;
    expect(key(MAX_KEY_LENGTH)).toHaveLength(MAX_KEY_LENGTH);
    expect((await createRun({scenarios: ['normal']}, key(MAX_KEY_LENGTH))).status).toBe(201);
    const over = await createRun({scenarios: ['normal']}, key(MAX_KEY_LENGTH + 1));
    expect(over.status).toBe(403);
    expect(((await over.json()) as {message: string}).message).toBe(
      `Never send a real key to the sandbox or the check: a run is made with a sandbox_ key (any text after sandbox_, up to ${MAX_KEY_LENGTH} characters).`,
    );
    expect(ids).toHaveLength(1);
  });

  it(`takes a finish body of ${MAX_RUN_REQUEST_BYTES} bytes and refuses one byte more with 413`, async () => {
    const run = await made({scenarios: ['normal']});
    const padded = (size: number) => {
      const body = JSON.stringify({programs: programs(['normal'])});
      return body.slice(0, -1) + ' '.repeat(size - body.length) + '}';
    };
    const finishWith = (body: string) =>
      send(`/check/v1/runs/${run.id}/finish`, {method: 'POST', headers: JSON_TYPE, body});
    const over = await finishWith(padded(MAX_RUN_REQUEST_BYTES + 1));
    expect(over.status).toBe(413);
    expect(((await over.json()) as {message: string}).message).toBe(
      `The body is larger than ${MAX_RUN_REQUEST_BYTES} bytes.`,
    );
    expect((await finishWith(padded(MAX_RUN_REQUEST_BYTES))).status).toBe(200);
  });
});

describe('the new runs a key and an address may make', () => {
  it('counts a key by its digest, never its text, and refuses its next run from any address', async () => {
    allowed.key = 1;
    const from = (address: string, key = KEY) =>
      send('/check/v1/runs', {method: 'POST', headers: {...JSON_TYPE, 'cf-connecting-ip': address}, body: '{}', key});
    expect((await from('203.0.113.1')).status).toBe(201);
    const again = await from('203.0.113.2');
    expect(again.status).toBe(429);
    expect(((await again.json()) as {message: string}).message).toMatch(
      /^Too many new runs with one key: at most 10 per 60 seconds/,
    );
    // Another key from the first address is counted apart
    expect((await from('203.0.113.1', 'sandbox_another_key')).status).toBe(201);
    expect(counted.key).toEqual([
      `key:${await keyDigest(KEY)}`,
      `key:${await keyDigest(KEY)}`,
      `key:${await keyDigest('sandbox_another_key')}`,
    ]);
    expect(JSON.stringify(counted)).not.toContain(KEY);
  });

  it('counts an address by CF-Connecting-IP, which the platform sets, never X-Forwarded-For, which a client may', async () => {
    allowed.address = 1;
    const from = (headers: Record<string, string>, key: string) =>
      send('/check/v1/runs', {method: 'POST', headers: {...JSON_TYPE, ...headers}, body: '{}', key});
    expect(
      (await from({'cf-connecting-ip': '203.0.113.1', 'x-forwarded-for': '198.51.100.1'}, 'sandbox_a')).status,
    ).toBe(201);
    // The same CF-Connecting-IP behind another X-Forwarded-For: the same address
    const same = await from({'cf-connecting-ip': '203.0.113.1', 'x-forwarded-for': '198.51.100.2'}, 'sandbox_b');
    expect(same.status).toBe(429);
    expect(((await same.json()) as {message: string}).message).toMatch(
      /^Too many new runs from one client address: at most 20 per 60 seconds/,
    );
    // Another CF-Connecting-IP behind the first X-Forwarded-For: another address
    expect(
      (await from({'cf-connecting-ip': '203.0.113.2', 'x-forwarded-for': '198.51.100.1'}, 'sandbox_c')).status,
    ).toBe(201);
    expect(counted.address).toEqual(['address:203.0.113.1', 'address:203.0.113.1', 'address:203.0.113.2']);
  });
});

describe("the API's answers, field by field", () => {
  const messageOf = async (answer: Response) => ((await answer.json()) as {message: string}).message;
  type Har = {
    log: {
      pages: {startedDateTime: string; _timeLimitMs?: number; _program?: Record<string, unknown>}[];
      entries: {
        startedDateTime: string;
        time: number;
        request: {method: string; url: string};
        response: {status: number; content: {mimeType: string; text?: string}};
      }[];
    };
  };
  const harOf = async (id: string) =>
    (await (await send(`/check/v1/runs/${id}/session.har`, {method: 'GET'})).json()) as Har;

  it('answers 500 saying so on every route when the Worker has no CHECK_RUNS binding', async () => {
    const bare = hostedCheckApi({doc: loadCheckApi(), runs: () => undefined});
    const id = 'AAAAAAAAAAAAAAAAAAAAAA';
    for (const [path, method] of [
      ['/check/v1/runs', 'POST'],
      [`/check/v1/runs/${id}`, 'GET'],
      [`/check/v1/runs/${id}/finish`, 'POST'],
      [`/check/v1/runs/${id}/report.md`, 'GET'],
      [`/check/v1/runs/${id}/segment/apiservices/v3/culture/currencies`, 'GET'],
    ]) {
      const answer = await bare.fetch(
        new Request(`${ORIGIN}${path}`, {
          method,
          headers: {'x-api-key': KEY, ...JSON_TYPE},
          body: method === 'POST' ? '{}' : null,
        }),
      );
      expect(answer.status, path).toBe(500);
      expect(await messageOf(answer)).toBe(
        'The hosted check is not set up on this portal: the Worker has no CHECK_RUNS binding (deploy/wrangler.jsonc).',
      );
    }
  });

  it('answers a malformed run id 404 on every route, reaching no object', async () => {
    for (const [path, method] of [
      ['/check/v1/runs/short', 'GET'],
      ['/check/v1/runs/short/finish', 'POST'],
      ['/check/v1/runs/short/report.md', 'GET'],
      ['/check/v1/runs/short/segment/apiservices/v3/culture/currencies', 'GET'],
    ] as const) {
      const answer = await send(path, {method, ...(method === 'POST' ? {headers: JSON_TYPE, body: '{}'} : {})});
      expect(answer.status, path).toBe(404);
      expect(await messageOf(answer)).toBe('No such run: its id is wrong, or it was deleted.');
    }
    expect(runs.storages.has('short')).toBe(false);
  });

  it('answers 503 with Retry-After when the platform fails a call or a finish it may retry, and hides no other error', async () => {
    let thrown: Error = Object.assign(new Error('Durable Object reset'), {retryable: true});
    const failing = {
      call: () => Promise.reject(thrown),
      finish: () => Promise.reject(thrown),
    } as unknown as ReturnType<typeof runs.stub>;
    const flaky = hostedCheckApi({doc: loadCheckApi(), runs: () => () => failing});
    const id = 'AAAAAAAAAAAAAAAAAAAAAA';
    const both = () =>
      Promise.all([
        flaky.fetch(new Request(`${ORIGIN}/check/v1/runs/${id}/seg/apiservices/v3/culture/currencies`)),
        flaky.fetch(
          new Request(`${ORIGIN}/check/v1/runs/${id}/finish`, {method: 'POST', headers: JSON_TYPE, body: '{}'}),
        ),
      ]);
    for (const answer of await both()) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(await messageOf(answer)).toBe('The run could not be reached just now: try again in a moment.');
    }
    thrown = new Error('a bug');
    for (const answer of await both()) expect(answer.status).toBe(500);
  });

  it('makes runs without rate limiters or an id maker of its own: ids of 128 random bits', async () => {
    const plain = hostedCheckApi({doc: loadCheckApi(), runs: () => (id) => runs.stub(id)});
    const made = async () => {
      const answer = await plain.fetch(
        new Request(`${ORIGIN}/check/v1/runs`, {method: 'POST', headers: {'x-api-key': KEY, ...JSON_TYPE}, body: '{}'}),
      );
      expect(answer.status).toBe(201);
      return ((await answer.json()) as {id: string}).id;
    };
    const [first, second] = [await made(), await made()];
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second).not.toBe(first);
  });

  it('reads a blank create body as no field given, and counts a request without CF-Connecting-IP as one unknown address', async () => {
    expect((await createRun('  \n ')).status).toBe(201);
    expect(counted.address).toEqual(['address:unknown']);
  });

  it('gives a run made without a label or a time limit "a program" and the default time limit', async () => {
    const run = await made({scenarios: ['normal']});
    const cheap = () => call(run.runs[0].baseUrl, '/apiservices/v3/culture/currencies', {method: 'GET'});
    clock.now = START + DEFAULT_TIMEOUT_SECONDS * 1000 + RECORDING_SLACK_MS - 1;
    expect((await cheap()).status).toBe(200);
    clock.now += 1;
    expect((await cheap()).status).toBe(410);
    expect((await finish(run.id, ['normal'])).status).toBe(200);
    const report = await (await send(`/check/v1/runs/${run.id}/report.md`, {method: 'GET'})).text();
    expect(report).toContain('Program: `a program`');
    expect((await harOf(run.id)).log.pages[0]._timeLimitMs).toBe(DEFAULT_TIMEOUT_SECONDS * 1000);
  });

  it('says what is missing: no key on a create or a run, no such path', async () => {
    expect(await messageOf(await createRun({}, null))).toBe(
      'Send a sandbox_ key in x-api-key: the run answers only the key that made it.',
    );
    const run = await made({scenarios: ['normal']});
    expect(await messageOf(await send(`/check/v1/runs/${run.id}`, {method: 'GET', key: null}))).toBe(
      'Send the sandbox_ key that made this run in x-api-key.',
    );
    expect(await messageOf(await createSearch(run.runs[0].baseUrl, 'sandbox_someone_else'))).toBe(
      'This run answers only the key that made it: call it with the API_KEY the check gave your program.',
    );
    const nothing = await send('/check/v1/nothing', {method: 'DELETE'});
    expect(nothing.status).toBe(404);
    expect(await messageOf(nothing)).toBe("The check's API has no DELETE /check/v1/nothing.");
  });

  it('records how each program ended, its time limit, and its calls as they were made, in session.har', async () => {
    const run = await made({scenarios: ['normal'], timeoutSeconds: 10});
    clock.now = START + 2_000;
    const first = clock.now;
    expect((await createSearch(run.runs[0].baseUrl)).status).toBe(200);
    clock.now += 1_500;
    await call(run.runs[0].baseUrl, '/apiservices/v3/culture/currencies', {method: 'patch'});
    const ended = {exitCode: 3, signal: null, timedOut: false, durationMs: 1234.6};
    const finished = await send(`/check/v1/runs/${run.id}/finish`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({programs: {normal: ended}}),
    });
    expect(finished.headers.get('content-type')).toBe('application/json');
    const har = await harOf(run.id);
    expect(har.log.pages[0]).toMatchObject({
      startedDateTime: new Date(first).toISOString(),
      _timeLimitMs: 10_000,
      _program: {exitCode: 3, signal: null, timedOut: false, flooded: false, durationMs: 1235},
    });
    expect(har.log.entries.map(({startedDateTime, time, request}) => [startedDateTime, time, request.method])).toEqual([
      [new Date(first).toISOString(), 0, 'POST'],
      [new Date(first + 1_500).toISOString(), 0, 'PATCH'],
    ]);
  });

  it('says whether it is finished, and where its files are once it is', async () => {
    const run = await made({scenarios: ['normal']});
    const status = async () => {
      const answer = await send(`/check/v1/runs/${run.id}`, {method: 'GET'});
      expect(answer.headers.get('content-type')).toBe('application/json');
      return (await answer.json()) as {state: string; files?: string[]};
    };
    expect(await status()).not.toHaveProperty('files');
    expect((await status()).state).toBe('recording');
    const early = await send(`/check/v1/runs/${run.id}/report.md`, {method: 'GET'});
    expect(early.status).toBe(409);
    expect(await messageOf(early)).toBe('This run is not finished yet: finish it first, then fetch its reports.');
    const files = ['junit.xml', 'ctrf.json', 'report.md', 'report.html', 'session.har', 'attestation.json'].map(
      (name) => `${run.url}/${name}`,
    );
    const finished = (await (await finish(run.id, ['normal'])).json()) as {files: string[]};
    expect(finished.files).toEqual(files);
    expect(await status()).toMatchObject({state: 'finished', files});
    const again = await finish(run.id, ['normal']);
    expect(await messageOf(again)).toBe('This run is finished already: its reports are at its address.');
    const unknown = await send(`/check/v1/runs/${run.id}/notes.txt`, {method: 'GET'});
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe(
      'A run has no file notes.txt: its files are junit.xml, ctrf.json, report.md, report.html, session.har, attestation.json.',
    );
  });

  it('serves each file with its media type, and a policy on report.html alone', async () => {
    const run = await made({scenarios: ['normal']});
    await finish(run.id, ['normal']);
    for (const [name, type] of Object.entries(RUN_FILES)) {
      const answer = await send(`/check/v1/runs/${run.id}/${name}`, {method: 'GET'});
      expect(answer.headers.get('content-type'), name).toBe(type);
      expect(answer.headers.get('content-security-policy'), name).toBe(
        name === 'report.html' ? "default-src 'none'; style-src 'unsafe-inline'; sandbox" : null,
      );
    }
  });

  it('records a refused call with its JSON answer, and never plays it to the scenario, even woken afresh', async () => {
    const run = await made({scenarios: ['rate-limited']});
    const base = run.runs[0].baseUrl;
    // A create with a real key, refused: the scenario's first create is still to come
    expect((await call(base, createPath, {key: 'live_0a1b2c3d4e', headers: JSON_TYPE, body: '{}'})).status).toBe(403);
    runs.wake(run.id);
    expect((await createSearch(base)).status).toBe(429);
    await finish(run.id, ['rate-limited']);
    const [refused] = (await harOf(run.id)).log.entries;
    expect(refused.response).toMatchObject({status: 403, content: {mimeType: 'application/json'}});
    expect(JSON.parse(refused.response.content.text!)).toMatchObject({message: expect.stringMatching(/^Never send/)});
  });

  it('keeps its calls in order past ten, woken afresh', async () => {
    const run = await made({scenarios: ['normal']});
    for (let at = 0; at < 12; at++) {
      clock.now += 1000;
      await call(run.runs[0].baseUrl, `/apiservices/v3/culture/currencies?at=${at}`, {method: 'GET'});
    }
    runs.wake(run.id);
    await finish(run.id, ['normal']);
    expect((await harOf(run.id)).log.entries.map(({request}) => new URL(request.url).searchParams.get('at'))).toEqual(
      [...Array(12).keys()].map(String),
    );
  });

  it('says a flooded program was stopped, woken afresh, and serves a HAR of more than one stored piece whole', async () => {
    const run = await made({scenarios: ['normal']});
    const cheap = () => call(run.runs[0].baseUrl, '/apiservices/v3/culture/currencies', {method: 'GET'});
    for (let at = 0; at < HOSTED_MAX_CALLS_PER_SCENARIO; at++) await cheap();
    expect((await cheap()).status).toBe(503);
    expect((await cheap()).status).toBe(503);
    runs.wake(run.id);
    await finish(run.id, ['normal']);
    const text = await (await send(`/check/v1/runs/${run.id}/session.har`, {method: 'GET'})).text();
    // Values are stored in pieces of 512 KiB (run.ts)
    expect(text.length).toBeGreaterThan(512 * 1024);
    const har = JSON.parse(text) as Har;
    expect(har.log.entries).toHaveLength(HOSTED_MAX_CALLS_PER_SCENARIO);
    expect(har.log.pages[0]._program).toMatchObject({flooded: true});
  });
});
