/**
 * Synthetic recordings for the rules' tests (rules/<id>.test.ts, ../../record/recording.test.ts): requests built from
 * the specifications' examples, answers made up (the rules verify no token), each step timed from the
 * previous answer; `judge` runs them through the whole judging (../requestCheck.ts, ../../record/recording.ts, every rule
 * of the registry), and `expectOnlyFails` asserts that exactly one rule failed, saying what broke.
 */
import {expect} from 'vitest';
import {bundles, exampleBody, exampleUrl, KEY, op} from '@portal/sandbox/testing';
import {judgeRecording} from '../judge';
import type {Exchange, Header, ProgramEnd, Recording, RunReport} from '../../model';
import {createRequestCheck} from '../requestCheck';

export {bundles, exampleBody, KEY, op};

export const START = '2026-06-15T12:00:00.000Z';

export type Request = Exchange['request'];
export type Response = Exchange['response'];
export interface Step {
  request: Request;
  response: Response;
  /** ms from the previous answer to this request (1000 unless told), or `at`: when it starts. */
  after?: number;
  at?: number;
  /** ms until its answer (100 unless told). */
  took?: number;
}

/** The exchanges of steps in order, each starting `after` ms after the latest answer so far. */
export function timeline(steps: Step[]): Exchange[] {
  let clock = 0;
  return steps.map((step, index) => {
    const startedMs = step.at ?? clock + (step.after ?? 1000);
    const endedMs = startedMs + (step.took ?? 100);
    clock = Math.max(clock, endedMs);
    return {index, startedMs, endedMs, request: step.request, response: step.response};
  });
}

export const pathOf = (operationId: string, replace: Record<string, string> = {}): string => {
  const url = new URL(exampleUrl(op(operationId), replace));
  return `${url.pathname}${url.search}`;
};
export const send = (method: string, url: string, body?: unknown, key: string | null = KEY): Request => ({
  method,
  url,
  headers: [
    ...(key === null ? [] : [['x-api-key', key] as Header]),
    ...(body === undefined ? [] : [['content-type', 'application/json'] as Header]),
  ],
  ...(body === undefined ? {} : {body: JSON.stringify(body)}),
});
export const answer = (status: number, body?: unknown, headers: Header[] = []): Response => ({
  status,
  headers: [['content-type', 'application/json'], ...headers],
  ...(body === undefined ? {} : {body: JSON.stringify(body)}),
});
export const errorAnswer = (status: number, headers: Header[] = []): Response =>
  answer(status, {code: 2, message: 'made up', details: []}, headers);

/** A flights live search's answer: a token, a status and `count` itineraries. */
export const searchAnswer = (token: string, status = 'RESULT_STATUS_INCOMPLETE', count = 2): Response =>
  answer(200, {
    sessionToken: token,
    status,
    action: 'RESULT_ACTION_REPLACED',
    content: {results: {itineraries: Object.fromEntries([...Array(count).keys()].map((n) => [`itinerary-${n}`, {}]))}},
  });
/** The specification's example flights create body. */
export const flightsQuery = (): {query: Record<string, unknown>} =>
  exampleBody(op('FlightsService_CreateSearch')) as {query: Record<string, unknown>};
/** The example flights create body for another search: two adults. */
export const otherFlightsQuery = (): {query: Record<string, unknown>} => {
  const body = flightsQuery();
  return {...body, query: {...body.query, adults: 2}};
};
export const create = (token: string, status?: string, count?: number, body: unknown = flightsQuery()): Step => ({
  request: send('POST', pathOf('FlightsService_CreateSearch'), body),
  response: searchAnswer(token, status, count),
});
export const pollRequest = (token: string): Request =>
  send('POST', pathOf('FlightsService_PollSearch', {sessionToken: token}));
export const poll = (token: string, next: string, status?: string, count?: number): Step => ({
  request: pollRequest(token),
  response: searchAnswer(next, status, count),
});
export const failing = (step: Step, status: number, headers: Header[] = []): Step => ({
  ...step,
  response: errorAnswer(status, headers),
});
export const currencies = (key: string | null = KEY, query = ''): Step => ({
  request: send('GET', `${pathOf('CultureService_ListCurrencies')}${query}`, undefined, key),
  response: answer(200, {currencies: []}),
});

/** A call of no reference data and no live search: the nearest airports to a point, answered 200. */
export const nearestPlaces = (): Step => ({
  request: send('POST', pathOf('GeoService_NearestPlaces'), exampleBody(op('GeoService_NearestPlaces'))),
  response: answer(200, {places: {}}),
});

/** A search that completes on its second poll, a second between calls (`body`: its create's). */
export const politeSearch = (prefix = 's', body: unknown = flightsQuery()): Step[] => [
  create(`${prefix}1`, undefined, undefined, body),
  poll(`${prefix}1`, `${prefix}2`),
  poll(`${prefix}2`, `${prefix}3`, 'RESULT_STATUS_COMPLETE', 5),
];

export const endedItself = (durationMs = 10_000): ProgramEnd => ({
  exitCode: 0,
  signal: null,
  timedOut: false,
  flooded: false,
  durationMs,
  stderrTail: '',
});

/** Judges the steps as a recording; `specs` replaces the specifications (a test of a flow they do not declare). */
export async function judge(
  steps: Step[] | Exchange[],
  recording: Partial<Recording> = {},
  specs: typeof bundles = bundles,
): Promise<RunReport> {
  const exchanges = steps.length && 'index' in steps[0] ? (steps as Exchange[]) : timeline(steps as Step[]);
  const whole: Recording = {
    scenario: 'normal',
    startedAt: START,
    exchanges,
    timeLimitMs: 60_000,
    program: endedItself(),
    ...recording,
  };
  const check = createRequestCheck(specs, {startedAt: whole.startedAt});
  return judgeRecording(whole, await Promise.all(exchanges.map(check)), specs);
}

/** The verdict of a rule in a report. */
export const verdictOf = (report: RunReport, rule: string) => report.verdicts.find((verdict) => verdict.rule === rule)!;
export const failures = (report: RunReport) =>
  report.verdicts.filter((verdict) => verdict.outcome === 'fail').map((verdict) => verdict.rule);
/** The report fails exactly this rule, and the verdict's detail says what broke. */
export function expectOnlyFails(report: RunReport, rule: string, detail: RegExp, calls?: number[]) {
  expect(failures(report), JSON.stringify(report.verdicts, null, 1)).toEqual([rule]);
  expect(verdictOf(report, rule).detail).toMatch(detail);
  if (calls) expect(verdictOf(report, rule).calls).toEqual(calls);
}
export const expectNoFailure = (report: RunReport) =>
  expect(failures(report), JSON.stringify(report.verdicts, null, 1)).toEqual([]);
