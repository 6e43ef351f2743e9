/**
 * A loopback load test: the Node sandbox (`@hono/node-server`, as `node.ts` serves it) on a free port
 * of 127.0.0.1, and concurrent create-and-poll sessions of flights, car hire and hotels live over
 * HTTP. Every answer must be 200 with a body valid against the operation's 200 schema, and every
 * session must reach RESULT_STATUS_COMPLETE. No timing is asserted (performance is `bench/sandbox.ts`'s).
 *
 * Sessions advance with the app's clock (one stage per STAGE_MS): the clock here is a number each
 * session moves forward by STAGE_MS / CONCURRENCY before each poll, so nothing sleeps and, with all
 * sessions polling, the clock moves about a stage per round of polls: sessions go through their
 * stages (INCOMPLETE, then COMPLETE), and the polls that come too soon answer NOT_MODIFIED or OMITTED,
 * which are valid answers too.
 */
import {startSandbox, type RunningSandbox} from '@portal/test-utils/sandbox';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createApp} from './app';
import {STAGE_MS} from './services/session';
import {bundles, exampleBody, exampleUrl, KEY, liveSearches, op, validator} from './testing.fixture';

/** Sessions per API, run this many at a time. */
const SESSIONS = 50;
const CONCURRENCY = 10;
/** How far one poll moves the clock. */
const STEP_MS = STAGE_MS / CONCURRENCY;
/** Polls a session may take before it counts as lost (flights, 3 stages, need 20 when polled alone). */
const MAX_POLLS = 40;
/** No request may take longer than this (the test stops by itself). */
const REQUEST_TIMEOUT_MS = 10_000;

/** The live searches the specs link (testing.fixture.ts). */
const families = liveSearches;

interface LiveAnswer {
  sessionToken?: string;
  status?: string;
  action?: string;
}

interface Tally {
  requests: number;
  errors: string[];
  complete: number;
  lost: string[];
  /** Answers by status and action (`RESULT_STATUS_INCOMPLETE RESULT_ACTION_REPLACED`). */
  answers: Record<string, number>;
}

const clock = {now: Date.now()};
let server: RunningSandbox | undefined;
let origin = '';

beforeAll(async () => {
  server = await startSandbox(createApp({bundles, now: () => clock.now}).fetch);
  origin = server.url;
});

afterAll(async () => {
  await server?.close();
});

/** One call over HTTP; an answer that is not 200 with a valid body is an error of the tally. */
async function call(
  tally: Tally,
  operationId: string,
  body: unknown,
  replace: Record<string, string> = {},
): Promise<LiveAnswer | undefined> {
  const operation = op(operationId);
  const url = new URL(exampleUrl(operation, replace));
  tally.requests++;
  try {
    const response = await fetch(`${origin}${url.pathname}${url.search}`, {
      method: operation.method,
      headers: {'x-api-key': KEY, 'content-type': 'application/json'},
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const answer = (await response.json()) as LiveAnswer;
    const issues = response.status === 200 ? validator.response(operationId, answer).errors : [];
    if (response.status !== 200 || issues.length || !answer.sessionToken) {
      tally.errors.push(
        `${operationId}: ${response.status} ${JSON.stringify(issues.length ? issues : answer).slice(0, 300)}`,
      );
      return undefined;
    }
    const kind = `${answer.status} ${answer.action}`;
    tally.answers[kind] = (tally.answers[kind] ?? 0) + 1;
    return answer;
  } catch (error) {
    tally.errors.push(`${operationId}: ${(error as Error).message}`);
    return undefined;
  }
}

/**
 * Whether the holder has the complete results: COMPLETE, and not OMITTED (an omitted answer leaves the
 * content out; NOT_MODIFIED at COMPLETE means the complete set was answered before).
 */
const done = (answer: LiveAnswer | undefined): boolean =>
  answer?.status === 'RESULT_STATUS_COMPLETE' && answer.action !== 'RESULT_ACTION_OMITTED';

/** Create, then poll until COMPLETE; true when the session completed. */
async function session(tally: Tally, family: (typeof families)[number]): Promise<boolean> {
  let answer = await call(tally, family.create, exampleBody(op(family.create)));
  const pollBody = exampleBody(op(family.poll)) ?? {};
  for (let polls = 0; answer && !done(answer) && polls < MAX_POLLS; polls++) {
    clock.now += STEP_MS;
    answer = await call(tally, family.poll, pollBody, {sessionToken: answer.sessionToken!});
  }
  return done(answer);
}

/** Runs `count` sessions, `concurrency` at a time. */
async function load(family: (typeof families)[number], count: number, concurrency: number): Promise<Tally> {
  const tally: Tally = {requests: 0, errors: [], complete: 0, lost: [], answers: {}};
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      if (await session(tally, family)) tally.complete++;
      else tally.lost.push(`session ${index}`);
    }
  };
  await Promise.all(Array.from({length: concurrency}, worker));
  return tally;
}

describe('load over loopback HTTP', () => {
  it('serves on a free port of 127.0.0.1', () => {
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  for (const family of families) {
    it(`${family.create}: ${SESSIONS} sessions, ${CONCURRENCY} at a time, all 200 and all COMPLETE`, async () => {
      const tally = await load(family, SESSIONS, CONCURRENCY);
      console.log(
        `${family.create}: ${SESSIONS} sessions, ${tally.requests} requests, ${tally.errors.length} errors, ` +
          `${tally.complete} complete, ${tally.lost.length} lost; answers ${JSON.stringify(tally.answers)}`,
      );
      expect(tally.errors.slice(0, 5)).toEqual([]);
      expect(tally.lost.slice(0, 5)).toEqual([]);
      expect(tally.complete).toBe(SESSIONS);
      // Every session made its create call and at least one poll.
      expect(tally.requests).toBeGreaterThanOrEqual(SESSIONS * 2);
    }, 120_000);
  }
});
