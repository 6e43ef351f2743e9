import {requestSchemaRefs, type PrecompiledValidators, type SpecValidator} from '@portal/specs';
import {describe, expect, it} from 'vitest';
import {bundles, exampleBody, exampleUrl, KEY, op, validator} from '@portal/sandbox/testing';
import {judgeCheck} from './judge';
import type {Exchange, ProgramEnd, Recording} from '../model';

const program: ProgramEnd = {
  exitCode: 0,
  signal: null,
  timedOut: false,
  flooded: false,
  durationMs: 1000,
  stderrTail: '',
};

const pathOf = (operationId: string): string => {
  const url = new URL(exampleUrl(op(operationId)));
  return `${url.pathname}${url.search}`;
};

/** A call of an operation from its example request, answered 200. */
function call(index: number, operationId: string, body?: unknown, startedMs = index * 1000): Exchange {
  return {
    index,
    startedMs,
    endedMs: startedMs + 100,
    request: {
      method: op(operationId).method,
      url: pathOf(operationId),
      headers: [
        ['x-api-key', KEY],
        ...(body === undefined ? [] : [['content-type', 'application/json'] as [string, string]]),
      ],
      ...(body === undefined ? {} : {body: JSON.stringify(body)}),
    },
    response: {status: 200, headers: [], body: '{}'},
  };
}
const elsewhere = (index: number): Exchange => ({
  ...call(index, 'CultureService_ListCurrencies'),
  request: {method: 'GET', url: '/apiservices/v3/nowhere', headers: []},
});

const run = (exchanges: Exchange[], recording: Partial<Recording> = {}): Recording => ({
  scenario: 'normal',
  startedAt: '2026-06-15T12:00:00.000Z',
  exchanges,
  timeLimitMs: 60_000,
  program,
  ...recording,
});

describe('judgeCheck', () => {
  it('passes when no rule fails in any run and one is exercised', async () => {
    const report = await judgeCheck(
      [run([call(0, 'CultureService_ListCurrencies')])],
      bundles,
      'node client.mjs',
      'program',
    );
    expect(report).toMatchObject({subject: 'node client.mjs', mode: 'program', passed: true, problems: []});
    expect(report.runs[0].operations).toEqual(['CultureService_ListCurrencies']);
  });

  it('fails when a rule fails in any run', async () => {
    const real = call(0, 'CultureService_ListCurrencies');
    real.request.headers = [['x-api-key', 'live_0123456789']];
    const report = await judgeCheck(
      [run([call(0, 'CultureService_ListCurrencies')]), run([real], {scenario: 'rate-limited'})],
      bundles,
      'node client.mjs',
      'program',
    );
    expect(report.passed).toBe(false);
    expect(
      report.runs.map((one) => one.verdicts.find((verdict) => verdict.rule === 'api-key-header')?.outcome),
    ).toEqual(['pass', 'fail']);
  });

  it('says so when the program made no call to the APIs, or a HAR holds none', async () => {
    const program = await judgeCheck(
      [run([]), run([elsewhere(0)], {scenario: 'failed'})],
      bundles,
      'node idle.mjs',
      'program',
    );
    expect(program).toMatchObject({passed: false, problems: ['the program made no call to the APIs in any run']});
    const har = await judgeCheck(
      [run([elsewhere(0), elsewhere(1)], {scenario: null, program: undefined})],
      bundles,
      'site.har',
      'har',
    );
    expect(har).toMatchObject({
      passed: false,
      problems: ['none of the 2 requests in the HAR calls an operation of the APIs'],
    });
  });

  it('fails a run whose program the check had to stop, unless bounded-polling said so', async () => {
    const stopped = {...program, timedOut: true, exitCode: null, signal: 'SIGTERM'};
    const report = await judgeCheck(
      [run([call(0, 'CultureService_ListCurrencies')], {program: stopped})],
      bundles,
      'x',
      'program',
    );
    expect(report).toMatchObject({
      passed: false,
      problems: ["in the normal run the check stopped the program at the run's time limit of 60 s"],
    });
    const flooded = await judgeCheck(
      [run([call(0, 'CultureService_ListCurrencies')], {program: {...program, flooded: true}})],
      bundles,
      'x',
      'program',
    );
    expect(flooded.problems).toEqual([
      'in the normal run the check stopped the program for making more calls than a run may record',
    ]);
  });

  it("checks each recording's requests with its own clock", async () => {
    // Hotels indicative travel dates lie within the next 12 months of the call
    const body = exampleBody(op('HotelsIndicativeService_Search')) as {query: {travelDate: object}};
    body.query.travelDate = {fixedDate: {year: 2026, month: 7, day: 1}};
    const search = call(0, 'HotelsIndicativeService_Search', body);
    const report = await judgeCheck(
      [run([search]), run([search], {startedAt: '2026-08-01T00:00:00.000Z', scenario: 'failed'})],
      bundles,
      'x',
      'program',
    );
    expect(report.runs.map((one) => one.verdicts[0].outcome)).toEqual(['pass', 'fail']);
    expect(report.runs[1].verdicts[0].detail).toMatch(/hotels-indicative\.within-12-months/);
  });

  it('checks requests with the precompiled validators it is given, not with validators it compiles', async () => {
    const create = op('FlightsService_CreateSearch');
    const example = exampleBody(create) as {query: {adults: number}};
    const bodyCheck = async (adults: number, options?: Parameters<typeof judgeCheck>[4]) => {
      const search = run([call(0, create.operationId, {...example, query: {...example.query, adults}})]);
      const report = await judgeCheck([search], bundles, 'x', 'har', options);
      return report.runs[0].verdicts.find((verdict) => verdict.rule === 'valid-requests');
    };
    // Compiled: the spec's example passes, and with 3 adults
    expect((await bodyCheck(example.query.adults))?.outcome).toBe('pass');
    expect((await bodyCheck(3))?.outcome).toBe('pass');
    // Given validators (here one that refuses every body): theirs is the verdict, for the same bundles too (another
    // request: the sandbox's validation step keeps the outcome of a request it has checked)
    // A stand-in with what the check reads of a validator: its answer and its errors
    const refuse = Object.assign(() => false, {
      errors: [{instancePath: '/query', schemaPath: '#', keyword: 'given', params: {}, message: 'refused as given'}],
    }) as unknown as ReturnType<SpecValidator['validatorAt']>;
    const precompiledValidators: PrecompiledValidators = new Map(
      requestSchemaRefs(validator, create.operationId).map((ref) => [ref, refuse]),
    );
    const given = await bodyCheck(4, {precompiledValidators});
    expect(given?.outcome).toBe('fail');
    expect(given?.detail).toContain('query refused as given (given)');
  });
});
