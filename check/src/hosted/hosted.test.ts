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
import {
  HOSTED_MAX_CALLS_PER_SCENARIO,
  MAX_PROGRAM_LABEL,
  MAX_RUN_REQUEST_BYTES,
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

const limiter = (kind: string): RunRateLimiter => ({
  limit: ({key}) => Promise.resolve({success: !denied.has(kind) || !key}),
});

beforeEach(async () => {
  const sandbox = testApp(START);
  clock = sandbox.clock;
  runs = await memoryRuns({bundles, sandbox: (request) => sandbox.app.fetch(request), clock});
  ids = [];
  denied = new Set();
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
    expect(outcome.status === 'verified' && outcome.statement.predicate.url).toBe(run.url);
    expect(outcome.status === 'verified' && outcome.statement.predicate.passedTests).toContain(
      'rate-limited/retry-after',
    );
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
    // Just inside each bound
    for (const body of [
      {timeoutSeconds: 3600},
      {timeoutSeconds: 1},
      {program: 'x'.repeat(MAX_PROGRAM_LABEL)},
      {scenarios: ['rejected']},
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
