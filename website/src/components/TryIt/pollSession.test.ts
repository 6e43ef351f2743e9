/**
 * The poll loop of "Poll until complete" on scripted answers: no network, and no real time (the wait
 * between polls is passed in, or runs on Vitest's fake timers).
 */
import {afterEach, describe, expect, it, vi} from 'vitest';
import {
  abortableSleep,
  pollRequest,
  pollSession,
  retryAfterMs,
  retryPolicy,
  type PollRow,
  type SessionAnswer,
} from './pollSession';
import type {EditedRequest, PollPlan} from './request';

const incomplete = 'RESULT_STATUS_INCOMPLETE';
const complete = 'RESULT_STATUS_COMPLETE';

/** An answer as the sandbox gives it: `status`, `action` and (when given) a `sessionToken`. */
const answer = (status: string, token?: string, http = 200, ms = 5): SessionAnswer => ({
  status: http,
  ms,
  json: {status, action: 'RESULT_ACTION_REPLACED', ...(token === undefined ? {} : {sessionToken: token})},
});

/** A session whose create call answers `first` and whose polls answer `polls` in turn (then the last again). */
function scripted(first: SessionAnswer, polls: SessionAnswer[]) {
  const rows: PollRow[] = [];
  const create = vi.fn<(signal: AbortSignal) => Promise<SessionAnswer>>(async () => first);
  let polled = 0;
  const poll = vi.fn<(token: string, signal: AbortSignal) => Promise<SessionAnswer>>(
    async () => polls[Math.min(polled++, polls.length - 1)],
  );
  const sleep = vi.fn<(ms: number, signal: AbortSignal) => Promise<void>>(async () => {});
  const controller = new AbortController();
  const options = {
    create,
    poll,
    sleep,
    tokenField: 'sessionToken',
    terminalStatuses: ['RESULT_STATUS_COMPLETE', 'RESULT_STATUS_FAILED'],
    intervalMs: 1000,
    maxPolls: 30,
    signal: controller.signal,
    onCall: (row: PollRow) => rows.push(row),
  };
  return {rows, create, poll, sleep, controller, options};
}

afterEach(() => {
  vi.useRealTimers();
});

describe('pollSession', () => {
  it('polls with the token until the status is over, waiting the interval before each poll', async () => {
    const session = scripted(answer(incomplete, 't0', 200, 40), [answer(incomplete, 't1', 200, 7), answer(complete)]);
    expect(await pollSession(session.options)).toBe('over');
    expect(session.rows).toEqual([
      {call: 'create', http: 200, status: incomplete, action: 'RESULT_ACTION_REPLACED', ms: 40},
      {call: 'poll 1', http: 200, status: incomplete, action: 'RESULT_ACTION_REPLACED', ms: 7},
      {call: 'poll 2', http: 200, status: complete, action: 'RESULT_ACTION_REPLACED', ms: 5},
    ]);
    expect(session.poll.mock.calls.map(([token]) => token)).toEqual(['t0', 't1']);
    expect(session.sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 1000]);
    expect(session.create).toHaveBeenCalledTimes(1);
  });

  it('ends after the create call when it is already over', async () => {
    const session = scripted(answer('RESULT_STATUS_FAILED', 't0'), []);
    expect(await pollSession(session.options)).toBe('over');
    expect(session.rows.map((row) => row.status)).toEqual(['RESULT_STATUS_FAILED']);
    expect(session.poll).not.toHaveBeenCalled();
  });

  it('keeps the previous token when an answer carries none, and takes a new one when it does', async () => {
    const session = scripted(answer(incomplete, 't0'), [
      answer(incomplete),
      answer(incomplete, 't2'),
      answer(incomplete, ''),
      answer(complete),
    ]);
    expect(await pollSession(session.options)).toBe('over');
    expect(session.poll.mock.calls.map(([token]) => token)).toEqual(['t0', 't0', 't2', 't2']);
  });

  it('sends no poll when the create call answers no token', async () => {
    const session = scripted(answer(incomplete), []);
    expect(await pollSession(session.options)).toBe('no-token');
    expect(session.rows).toHaveLength(1);
    expect(session.poll).not.toHaveBeenCalled();
    expect(session.sleep).not.toHaveBeenCalled();
  });

  it('stops after maxPolls polls of a session that stays incomplete', async () => {
    const session = scripted(answer(incomplete, 't0'), [answer(incomplete, 't1')]);
    expect(await pollSession({...session.options, maxPolls: 4})).toBe('max-polls');
    expect(session.poll).toHaveBeenCalledTimes(4);
    expect(session.rows.map((row) => row.call)).toEqual(['create', 'poll 1', 'poll 2', 'poll 3', 'poll 4']);
  });

  it('ends with the row of an answer that is not retried, of a poll or of the create call', async () => {
    const session = scripted(answer(incomplete, 't0'), [
      answer(incomplete, 't1'),
      {status: 404, ms: 3, json: {message: 'no such session'}},
      answer(complete),
    ]);
    expect(await pollSession(session.options)).toBe('failed');
    expect(session.rows.at(-1)).toEqual({call: 'poll 2', http: 404, status: '', action: '', ms: 3});
    expect(session.poll).toHaveBeenCalledTimes(2);

    // A 4xx with an incomplete status and a token is not polled either.
    const refused = scripted(answer(incomplete, 't0', 400), [answer(complete)]);
    expect(await pollSession(refused.options)).toBe('failed');
    expect(refused.rows.map((row) => [row.call, row.http])).toEqual([['create', 400]]);
    expect(refused.poll).not.toHaveBeenCalled();
  });

  it('sends a call answered 500 again after a jittered backoff, each attempt its own row', async () => {
    const session = scripted(answer(incomplete, 't0'), [
      {status: 500, ms: 3, json: {message: 'boom'}},
      answer(complete),
    ]);
    const options = {...session.options, random: () => 0.5};
    expect(await pollSession(options)).toBe('over');
    expect(session.rows.map((row) => [row.call, row.http])).toEqual([
      ['create', 200],
      ['poll 1', 500],
      ['poll 1, attempt 2', 200],
    ]);
    // The poll interval, then half of the first backoff step
    expect(session.sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 0.5 * retryPolicy.baseMs]);
    expect(session.poll.mock.calls.map(([token]) => token)).toEqual(['t0', 't0']);
  });

  it('waits at least what Retry-After asks, and gives up at once when it asks for more than the cap', async () => {
    const limited = (seconds: number): SessionAnswer => ({
      status: 429,
      ms: 1,
      json: {message: 'slow down'},
      headers: [['Retry-After', String(seconds)]],
    });
    const patient = scripted(limited(5), [answer(complete)]);
    patient.create.mockResolvedValueOnce(limited(5)).mockResolvedValueOnce(answer(complete));
    expect(await pollSession({...patient.options, random: () => 0.1})).toBe('over');
    expect(patient.rows.map((row) => row.call)).toEqual(['create', 'create, attempt 2']);
    expect(patient.sleep.mock.calls.map(([ms]) => ms)).toEqual([5000]);

    const hopeless = scripted(limited(retryPolicy.capMs / 1000 + 1), [answer(complete)]);
    expect(await pollSession(hopeless.options)).toBe('failed');
    expect(hopeless.create).toHaveBeenCalledTimes(1);
    expect(hopeless.sleep).not.toHaveBeenCalled();
  });

  it('gives up when the retry budget is spent, with no wait after the last attempt', async () => {
    const down: SessionAnswer = {status: 503, ms: 2, json: {message: 'unavailable'}};
    const session = scripted(down, [answer(complete)]);
    expect(await pollSession({...session.options, random: () => 1})).toBe('failed');
    expect(session.rows.map((row) => row.call)).toEqual([
      'create',
      'create, attempt 2',
      'create, attempt 3',
      'create, attempt 4',
    ]);
    expect(session.sleep.mock.calls.map(([ms]) => ms)).toEqual([500, 1000, 2000]);
    expect(session.poll).not.toHaveBeenCalled();
  });

  it('polls once for the content when asked, even after a create that is already over, and no more', async () => {
    const session = scripted(answer(complete, 'r0'), [answer(complete, 'r1'), answer(complete, 'r2')]);
    expect(await pollSession({...session.options, pollAtLeastOnce: true})).toBe('over');
    expect(session.rows.map((row) => row.call)).toEqual(['create', 'poll 1']);
    expect(session.poll.mock.calls.map(([token]) => token)).toEqual(['r0']);
  });

  it('reads Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(retryAfterMs([['retry-after', '7']], now)).toBe(7000);
    expect(retryAfterMs([['Retry-After', 'Thu, 26 Nov 2026 12:00:03 GMT']], now)).toBe(3000);
    expect(retryAfterMs([['Retry-After', 'soon']], now)).toBe(0);
    expect(retryAfterMs(undefined, now)).toBe(0);
  });

  it('reports each answer with its row as it arrives', async () => {
    const first = answer(incomplete, 't0');
    const last = answer(complete);
    const session = scripted(first, [last]);
    const seen: [string, SessionAnswer][] = [];
    await pollSession({...session.options, onCall: (row, received) => seen.push([row.call, received])});
    expect(seen).toEqual([
      ['create', first],
      ['poll 1', last],
    ]);
  });

  it('stops at once when aborted during the wait, and sends no further call', async () => {
    // Only the timers are fake: the real setImmediate below tells a settled loop from a waiting one.
    vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
    const session = scripted(answer(incomplete, 't0'), [answer(incomplete, 't1')]);
    let waits = 0;
    const run = pollSession({
      ...session.options,
      // An hour between polls, and the fake clock never moves: only the abort can end the second wait.
      intervalMs: 3_600_000,
      sleep: (ms, signal) => {
        waits++;
        if (waits === 1) return Promise.resolve();
        queueMicrotask(() => session.controller.abort());
        return abortableSleep(ms, signal);
      },
    });
    const settled = await Promise.race([run, new Promise((resolve) => setImmediate(() => resolve('still waiting')))]);
    expect(settled).toBe('stopped');
    expect(waits).toBe(2);
    expect(session.poll).toHaveBeenCalledTimes(1);
    expect(session.rows.map((row) => row.call)).toEqual(['create', 'poll 1']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends nothing when aborted before it starts', async () => {
    const session = scripted(answer(incomplete, 't0'), []);
    session.controller.abort();
    expect(await pollSession(session.options)).toBe('stopped');
    expect(session.create).not.toHaveBeenCalled();
  });

  it('reports no call that rejects or answers after Stop, and rethrows any other failure', async () => {
    const session = scripted(answer(incomplete, 't0'), []);
    session.poll.mockImplementation(async () => {
      session.controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    expect(await pollSession(session.options)).toBe('stopped');
    expect(session.rows).toHaveLength(1);

    const late = scripted(answer(incomplete, 't0'), []);
    late.poll.mockImplementation(async () => {
      late.controller.abort();
      return answer(complete);
    });
    expect(await pollSession(late.options)).toBe('stopped');
    expect(late.rows.map((row) => row.call)).toEqual(['create']);

    const failing = scripted(answer(incomplete, 't0'), []);
    failing.poll.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(pollSession(failing.options)).rejects.toThrow('Failed to fetch');
  });

  it('passes its signal to each call', async () => {
    const session = scripted(answer(incomplete, 't0'), [answer(complete)]);
    await pollSession(session.options);
    expect(session.create).toHaveBeenCalledWith(session.controller.signal);
    expect(session.poll).toHaveBeenCalledWith('t0', session.controller.signal);
  });
});

describe('abortableSleep', () => {
  it('resolves after its time', async () => {
    vi.useFakeTimers();
    let done = false;
    void abortableSleep(1000, new AbortController().signal).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('resolves as soon as its signal aborts, and at once when it already has', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const sleeping = abortableSleep(60_000, controller.signal);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    await sleeping;
    expect(vi.getTimerCount()).toBe(0);
    await abortableSleep(60_000, controller.signal);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('pollRequest', () => {
  const create: EditedRequest = {
    method: 'POST',
    base: 'http://127.0.0.1:4010',
    path: '/apiservices/v3/flights/live/search/create',
    query: {},
    headers: {'content-type': 'application/json', 'x-api-key': 'sandbox_try_it'},
    body: '{"query": {}}',
  };
  const plan: PollPlan = {
    slug: 'flights-live-pricing',
    operationId: 'FlightsService_PollSearch',
    method: 'POST',
    path: '/apiservices/v3/flights/live/search/poll/{sessionToken}',
    tokenField: 'sessionToken',
    tokenParameter: 'sessionToken',
    summary: 'Poll a live search',
    body: '',
    pollForContent: false,
    terminalStatuses: ['RESULT_STATUS_COMPLETE', 'RESULT_STATUS_FAILED'],
    intervalMs: 1000,
  };

  it('sends the token in the poll path, with the key and without a body', () => {
    expect(pollRequest(create, plan, 'a/b')).toEqual({
      method: 'POST',
      base: 'http://127.0.0.1:4010',
      path: '/apiservices/v3/flights/live/search/poll/a%2Fb',
      query: {},
      headers: {'x-api-key': 'sandbox_try_it'},
      body: undefined,
    });
  });

  it('sends the plan’s body as JSON when the poll requires one, and drops the create call’s query', () => {
    const request = pollRequest({...create, method: 'GET', query: {market: 'UK'}}, {...plan, body: '{}'}, 't');
    expect(request.body).toBe('{}');
    expect(request.query).toEqual({});
    expect(request.method).toBe('POST');
    expect(request.headers).toEqual({'x-api-key': 'sandbox_try_it', 'content-type': 'application/json'});
  });
});
