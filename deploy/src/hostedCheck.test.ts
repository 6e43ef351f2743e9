/**
 * The hosted integration check in workerd (the portal's Worker through Miniflare, offline, no account; its
 * Durable Objects' storage in a folder this test reads): the guides' JavaScript loop, exactly as Create and
 * poll shows it, passes `check --hosted` in the seven scenarios, its attestation says PASSED (and its ctrf.json,
 * valid CTRF, the same passed tests) and `verify`
 * holds against the portal's published keys with and without the HAR; each client of the check's fixtures
 * that breaks one rule fails hosted on exactly that rule, named in its attestation's failedTests. Two runs at
 * once see only their own calls, another key is refused, a finished run answers 410, a flood is stopped at its
 * bound, and a real key (in x-api-key, the query after a second `?`, authorization, a JSON body, the path) is
 * refused with no byte of it in the objects' storage or in session.har. The rate-limiting bindings refuse the
 * new run past a key's limit from any address, and past an address's (CF-Connecting-IP, never
 * X-Forwarded-For) with any key. The same code in Node, with the expiry on an injected clock:
 * check/src/hosted/hosted.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parse as parseCtrf, validate as validateCtrf} from 'ctrf';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {breakers, clientInputs, clientsDir} from '@portal/check/fixtures/breakers';
import {partnerCommand, partnerFolder} from '@portal/check/fixtures/partnerCommand';
import {HOSTED_MAX_CALLS_PER_SCENARIO, HOSTED_RUN_RATE_LIMITS} from '@portal/check/hosted/limits';
import {codeBlocks} from '@portal/content';
import {exampleBody, op} from '@portal/sandbox/testing';
import {loadBundles} from '@portal/specs/node';
import {guideRuns} from '@portal/test-utils/guideRuns';
import {startWorkerd, type RunningWorkerd} from './workerd';

const bundles = loadBundles();
const page = path.resolve(__dirname, '../../website/docs/getting-started/create-and-poll.mdx');
const {runs: loops} = guideRuns(codeBlocks('docs/getting-started/create-and-poll.mdx', fs.readFileSync(page, 'utf8')));
const javascript = loops.find((loop) => loop.language === 'javascript')!;

let worker: RunningWorkerd;
const persist = fs.mkdtempSync(path.join(os.tmpdir(), 'hosted-check-objects-'));

beforeAll(async () => {
  worker = await startWorkerd({persist});
}, 120_000);
afterAll(async () => {
  await worker?.close();
  fs.rmSync(persist, {recursive: true, force: true});
});

/** The partner's command in a folder of its own, with the files it is given (the clients' inputs: `clientInputs`). */
const sandbox = (argv: string[], files: Record<string, string> = {}) =>
  partnerCommand(bundles, partnerFolder(files, 'hosted-check-'), argv);

const predicateOf = (attestation: string) =>
  (
    JSON.parse(Buffer.from((JSON.parse(attestation) as {payload: string}).payload, 'base64').toString('utf8')) as {
      predicate: {result: string; failedTests: string[]; passedTests: string[]; url: string};
    }
  ).predicate;

describe('check --hosted, in workerd', () => {
  it('passes the guides’ JavaScript loop in every scenario, and its attestation verifies', async () => {
    const run = await sandbox(
      [
        'check',
        '--hosted',
        worker.url,
        '--partner',
        'Acme Travel',
        '--challenge',
        'go-live-7',
        '--',
        process.execPath,
        'search.mjs',
      ],
      {'search.mjs': javascript.source},
    );
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/^PASSED: every rule holds in every run$/m);
    const predicate = predicateOf(run.report('attestation.json'));
    expect(predicate.result).toBe('PASSED');
    expect(predicate.failedTests).toEqual([]);
    expect(predicate.passedTests).toContain('never-completes/bounded-polling');
    expect(run.report('junit.xml')).not.toContain('<failure');
    // ctrf.json as the Worker wrote it: valid CTRF, the attestation's tests, none failed
    const ctrf = parseCtrf(run.report('ctrf.json'));
    expect(validateCtrf(ctrf).errors).toEqual([]);
    expect(ctrf.results.summary.failed).toBe(0);
    expect(
      ctrf.results.tests
        .filter((test) => test.status === 'passed')
        .map((test) => test.name)
        .sort(),
    ).toEqual([...predicate.passedTests].sort());

    const files = {
      'attestation.json': run.report('attestation.json'),
      'session.har': run.report('session.har'),
    };
    const alone = await sandbox(['verify', 'attestation.json', '--keys', worker.url], files);
    expect(alone.code, alone.out).toBe(0);
    const withHar = await sandbox(
      ['verify', 'attestation.json', '--har', 'session.har', '--keys', worker.url, '--challenge', 'go-live-7'],
      files,
    );
    expect(withHar.code, withHar.out).toBe(0);
    expect(withHar.out).toContain("\npartner: Acme Travel (declared by the partner's command)\nchallenge: go-live-7\n");
    expect(withHar.out.split('\n').at(-1)).toBe('ACCEPTED');
    // The same attestation answers no other request
    const other = await sandbox(
      ['verify', 'attestation.json', '--keys', worker.url, '--challenge', 'go-live-8'],
      files,
    );
    expect([other.code, other.out.split('\n').at(-1)]).toEqual([1, 'REFUSED']);
  }, 300_000);

  it.concurrent.each(breakers)(
    '$client fails hosted on $rule in $scenario only, named in its attestation',
    async (breaker) => {
      const run = await sandbox(
        [
          'check',
          '--hosted',
          worker.url,
          '--scenarios',
          breaker.scenario,
          ...(breaker.timeout ? ['--timeout', breaker.timeout] : []),
          '--',
          'node',
          path.join(clientsDir, breaker.client),
        ],
        clientInputs(),
      );
      expect(run.code, run.out).toBe(1);
      expect(run.out).toContain(`✗ ${breaker.rule}:`);
      expect(predicateOf(run.report('attestation.json'))).toMatchObject({
        result: 'FAILED',
        failedTests: [`${breaker.scenario}/${breaker.rule}`],
      });
    },
    120_000,
  );
});

/**
 * Whether bytes hold a text, in UTF-8 or UTF-16: the platform's serialisation keeps a string that has a
 * character past Latin-1 (a HAR's `…`) in two bytes a character.
 */
const holds = (bytes: Buffer, text: string) =>
  bytes.includes(Buffer.from(text, 'utf8')) || bytes.includes(Buffer.from(text, 'utf16le'));

/**
 * Every byte the Durable Objects keep, read from their storage folder. SQLite's write-ahead logs are read
 * before the databases: a log checkpointed while this reads has its pages in its database by the time that
 * is read. A file gone since the listing (a `-shm` index, a checkpointed log) held nothing else.
 */
const storedBytes = () =>
  Buffer.concat(
    fs
      .readdirSync(persist, {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort((a, b) => Number(b.endsWith('-wal')) - Number(a.endsWith('-wal')))
      .map((file) => {
        try {
          return fs.readFileSync(file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return Buffer.alloc(0);
          throw error;
        }
      }),
  );

describe('hosted runs in workerd: isolation and refusals', () => {
  const KEY = 'sandbox_isolation_test';
  const send = (url: string, init: RequestInit & {key?: string} = {}) =>
    fetch(url, {
      ...init,
      headers: {'x-api-key': init.key ?? KEY, 'content-type': 'application/json', ...(init.headers as object)},
    });
  const make = async (headers: Record<string, string> = {}) => {
    const answer = await send(`${worker.url}/check/v1/runs`, {
      method: 'POST',
      body: '{"scenarios":["normal"]}',
      headers,
    });
    expect(answer.status).toBe(201);
    return (await answer.json()) as {id: string; url: string; runs: {baseUrl: string}[]};
  };
  const currencies = (base: string, key?: string) =>
    send(`${base}/apiservices/v3/culture/currencies`, {method: 'GET', ...(key ? {key} : {})});

  it('keeps two runs apart, answers another key 403 and a finished run 410', async () => {
    const [first, second] = await Promise.all([make(), make()]);
    await Promise.all([
      currencies(first.runs[0].baseUrl),
      currencies(first.runs[0].baseUrl),
      currencies(second.runs[0].baseUrl),
    ]);
    const calls = async (run: {url: string}) =>
      ((await (await send(run.url)).json()) as {calls: {normal: number}}).calls.normal;
    expect([await calls(first), await calls(second)]).toEqual([2, 1]);
    expect((await send(first.url, {key: 'sandbox_someone_else'})).status).toBe(403);
    expect((await currencies(first.runs[0].baseUrl, 'sandbox_someone_else')).status).toBe(403);
    const finish = await send(`${first.url}/finish`, {method: 'POST', body: '{}'});
    expect(finish.status).toBe(200);
    const late = await currencies(first.runs[0].baseUrl);
    expect(late.status).toBe(410);
    expect(((await late.json()) as {message: string}).message).toMatch(/^This run is finished/);
  });

  it('stops a flood: the last call a scenario may record is answered, the next 503', async () => {
    const run = await make();
    for (let at = 1; at < HOSTED_MAX_CALLS_PER_SCENARIO; at++)
      await (await currencies(run.runs[0].baseUrl)).arrayBuffer();
    expect((await currencies(run.runs[0].baseUrl)).status).toBe(200);
    const flood = await currencies(run.runs[0].baseUrl);
    expect(flood.status).toBe(503);
    expect(await flood.text()).toMatch(/stopped this run: more than \d+ calls/);
    expect(((await (await send(run.url)).json()) as {calls: {normal: number}}).calls.normal).toBe(
      HOSTED_MAX_CALLS_PER_SCENARIO,
    );
  }, 120_000);

  it('refuses a real key, and keeps no byte of it in any object’s storage', async () => {
    const secret = 'prod_4c2e9a7b1f3d5e';
    const refusedRun = await send(`${worker.url}/check/v1/runs`, {method: 'POST', body: '{}', key: secret});
    expect(refusedRun.status).toBe(403);
    const run = await make();
    const call = await send(`${run.runs[0].baseUrl}/apiservices/v3/culture/currencies?apikey=${secret}`, {
      method: 'GET',
      key: secret,
    });
    expect(call.status).toBe(403);
    expect(((await call.json()) as {message: string}).message).toMatch(/^Never send a real key/);
    expect(((await (await send(run.url)).json()) as {calls: {normal: number}}).calls.normal).toBe(1);
    const stored = storedBytes();
    expect(holds(stored, 'culture/currencies')).toBe(true);
    expect(holds(stored, secret)).toBe(false);
  });

  it('refuses a real key in authorization, a JSON body, the path or after a second `?`: no byte of it stored or in session.har', async () => {
    const secret = 'prod_8b1d3f5a7c9e2d';
    // An address of its own: the runs of this file share the per-address limit of new runs
    const run = await make({'cf-connecting-ip': '192.0.2.31'});
    const base = run.runs[0].baseUrl;
    const currencies = '/apiservices/v3/culture/currencies';
    const createPath = '/apiservices/v3/flights/live/search/create';
    const body = JSON.stringify({
      ...(exampleBody(op('FlightsService_CreateSearch')) as object),
      auth: {apiKey: secret},
    });
    const answers = [
      await send(`${base}${currencies}`, {headers: {authorization: `Bearer ${secret}`}}),
      await send(`${base}${createPath}`, {method: 'POST', body}),
      await send(`${base}/apiservices/apikey/${secret}/v3/culture/currencies`),
      await send(`${base}${currencies}?note=a?b&apikey=${secret}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(((await answer.json()) as {message: string}).message).toMatch(/^Never send a real key/);
    }
    expect(((await (await send(run.url)).json()) as {calls: {normal: number}}).calls.normal).toBe(4);
    const finished = await send(`${run.url}/finish`, {method: 'POST', body: '{}'});
    expect(finished.status).toBe(200);
    expect(((await finished.json()) as {result: string}).result).toBe('FAILED');
    const har = await (await send(`${run.url}/session.har`)).text();
    expect((JSON.parse(har) as {log: {entries: unknown[]}}).log.entries).toHaveLength(4);
    expect(har).not.toContain(secret);
    expect(har).not.toContain('8b1d3f5a7c9e2d');
    const stored = storedBytes();
    // The run's session.har (its URLs are the base URL's) is among the bytes read
    expect(holds(stored, `${new URL(base).pathname}/apiservices/`)).toBe(true);
    expect(holds(stored, 'apiservices/apikey/')).toBe(true);
    expect(holds(stored, '8b1d3f5a7c9e2d')).toBe(false);
  });
});

describe('hosted runs in workerd: the new runs a key and an address may make (the rate-limiting bindings)', () => {
  const create = (key: string, headers: Record<string, string>) =>
    fetch(`${worker.url}/check/v1/runs`, {
      method: 'POST',
      headers: {'x-api-key': key, 'content-type': 'application/json', ...headers},
      body: '{"scenarios":["normal"]}',
    });
  const messageOf = async (answer: Response) => ((await answer.json()) as {message: string}).message;

  it(`answers 429 past ${HOSTED_RUN_RATE_LIMITS.perKey.limit} new runs with one key, whatever the address`, async () => {
    const {limit, periodSeconds} = HOSTED_RUN_RATE_LIMITS.perKey;
    const key = 'sandbox_binding_per_key';
    const statuses = [];
    // Each from an address of its own: only the key is counted
    for (let at = 1; at <= limit; at++)
      statuses.push((await create(key, {'cf-connecting-ip': `198.51.100.${at}`})).status);
    expect(statuses).toEqual(Array(limit).fill(201));
    const over = await create(key, {'cf-connecting-ip': '198.51.100.99'});
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe(String(periodSeconds));
    expect(await messageOf(over)).toBe(
      `Too many new runs with one key: at most ${limit} per ${periodSeconds} seconds. Retry after ${periodSeconds} seconds.`,
    );
    // Another key from the first address is counted apart
    expect((await create('sandbox_binding_other_key', {'cf-connecting-ip': '198.51.100.1'})).status).toBe(201);
  }, 60_000);

  it(`answers 429 past ${HOSTED_RUN_RATE_LIMITS.perAddress.limit} new runs from one CF-Connecting-IP, whatever X-Forwarded-For says`, async () => {
    const {limit} = HOSTED_RUN_RATE_LIMITS.perAddress;
    const address = '203.0.113.50';
    const statuses = [];
    for (let at = 1; at <= limit; at++)
      statuses.push(
        (
          await create(`sandbox_binding_address_${at}`, {
            'cf-connecting-ip': address,
            'x-forwarded-for': `192.0.2.${at}`,
          })
        ).status,
      );
    expect(statuses).toEqual(Array(limit).fill(201));
    const over = await create('sandbox_binding_address_over', {
      'cf-connecting-ip': address,
      'x-forwarded-for': '192.0.2.200',
    });
    expect(over.status).toBe(429);
    expect(await messageOf(over)).toMatch(/^Too many new runs from one client address: /);
    // Another CF-Connecting-IP behind the same X-Forwarded-For is another address
    expect(
      (await create('sandbox_binding_address_next', {'cf-connecting-ip': '203.0.113.51', 'x-forwarded-for': address}))
        .status,
    ).toBe(201);
  }, 60_000);
});
