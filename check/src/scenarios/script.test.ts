import {describe, expect, it} from 'vitest';
import {bundles, exampleUrl, op} from '@portal/sandbox/testing';
import {callClassifier, scenarioScript, type CallKind} from './script';

const classify = callClassifier(bundles);
const pathOf = (operationId: string, replace: Record<string, string> = {}) =>
  new URL(exampleUrl(op(operationId), replace)).pathname;
const createPath = pathOf('FlightsService_CreateSearch');
const pollPath = (token: string) => pathOf('FlightsService_PollSearch', {sessionToken: token});
const create = classify('POST', createPath);
const poll = (token: string) => classify('POST', pollPath(token));
const answer = (token: string, status = 'RESULT_STATUS_INCOMPLETE') =>
  JSON.stringify({sessionToken: token, status, action: 'RESULT_ACTION_REPLACED', content: {}});

/** Plays calls through a script: each call's `before`, then (when passed on) `after` with a 200 answer. */
function play(script: ReturnType<typeof scenarioScript>, calls: [CallKind, string][]) {
  return calls.map(([call, body]) => {
    const before = script.before(call);
    if ('answer' in before) return before.answer.status;
    return script.after(call, 200, body);
  });
}

describe('the calls the scripts tell apart', () => {
  it("reads the specs' live searches: creates, and polls with their token", () => {
    expect(create).toEqual({kind: 'create', slug: 'flights-live-pricing', tokenField: 'sessionToken'});
    expect(poll('abc')).toMatchObject({kind: 'poll', token: 'abc'});
    expect(classify('POST', pathOf('HotelsService_CreateSearch')).kind).toBe('create');
    expect(classify('POST', pathOf('CarHireService_CreateSearch')).kind).toBe('create');
  });

  it('takes other calls, another method and an itinerary refresh for no search', () => {
    expect(classify('GET', createPath).kind).toBe('other');
    expect(classify('GET', pathOf('CultureService_ListCurrencies')).kind).toBe('other');
    expect(classify('POST', pathOf('FlightsService_CreateItineraryRefresh')).kind).toBe('other');
  });
});

describe('the scenario scripts', () => {
  it('normal passes every call on untouched', () => {
    expect(
      play(scenarioScript('normal'), [
        [create, answer('t1')],
        [poll('t1'), answer('t2')],
      ]),
    ).toEqual([{body: answer('t1')}, {body: answer('t2')}]);
  });

  it('rate-limited answers the first call 429 asking for 2 seconds, then passes the rest on', () => {
    const script = scenarioScript('rate-limited');
    const first = script.before(create);
    expect(first).toMatchObject({answer: {status: 429, retryAfterSeconds: 2}});
    expect(script.before(create)).toEqual({forward: true});
  });

  it("server-error answers the first session's first poll 503, once", () => {
    const script = scenarioScript('server-error');
    expect(script.before(create)).toEqual({forward: true});
    script.after(create, 200, answer('t1'));
    expect(script.before(poll('t1'))).toMatchObject({answer: {status: 503}});
    expect(script.before(poll('t1'))).toEqual({forward: true});
  });

  it('session-lost answers 404 from the second poll of the first session on, and only for it', () => {
    const script = scenarioScript('session-lost');
    script.before(create);
    script.after(create, 200, answer('t1'));
    expect(script.before(poll('t1'))).toEqual({forward: true});
    script.after(poll('t1'), 200, answer('t2'));
    // The poll answer's new token is the same session
    expect(script.before(poll('t2'))).toMatchObject({answer: {status: 404}});
    expect(script.before(poll('t1'))).toMatchObject({answer: {status: 404}});
    // A new search is not lost
    script.before(create);
    script.after(create, 200, answer('n1'));
    expect(script.before(poll('n1'))).toEqual({forward: true});
  });

  it('session-lost keeps the first session in progress until the 404, whatever the sandbox says, and no other session', () => {
    const script = scenarioScript('session-lost');
    // A search that completed at its create (a slow program polls after the sandbox's last stage)
    const [created, polled] = play(script, [
      [create, answer('t1', 'RESULT_STATUS_COMPLETE')],
      [poll('t1'), answer('t2', 'RESULT_STATUS_COMPLETE')],
    ]) as {body: string; fault?: unknown}[];
    for (const [rewritten, token] of [
      [created, 't1'],
      [polled, 't2'],
    ] as const) {
      expect(JSON.parse(rewritten.body)).toMatchObject({status: 'RESULT_STATUS_INCOMPLETE', sessionToken: token});
      expect(rewritten.fault).toEqual({
        kind: 'rewrite',
        description:
          'the first session answered RESULT_STATUS_INCOMPLETE in place of its status before its poll answered 404',
      });
    }
    // Already in progress: left as it is
    expect(play(scenarioScript('session-lost'), [[create, answer('t1')]])).toEqual([{body: answer('t1')}]);
    expect(script.before(poll('t2'))).toMatchObject({answer: {status: 404}});
    const [other] = play(script, [[create, answer('n1', 'RESULT_STATUS_COMPLETE')]]) as {body: string}[];
    expect(JSON.parse(other.body).status).toBe('RESULT_STATUS_COMPLETE');
  });

  it('never-completes rewrites every status of the first session to INCOMPLETE, and no other session', () => {
    const script = scenarioScript('never-completes');
    const [created, polled] = play(script, [
      [create, answer('t1')],
      [poll('t1'), answer('t2', 'RESULT_STATUS_COMPLETE')],
    ]) as {body: string; fault?: unknown}[];
    expect(created.fault).toBeUndefined();
    expect(JSON.parse(polled.body)).toMatchObject({status: 'RESULT_STATUS_INCOMPLETE', sessionToken: 't2'});
    expect(polled.fault).toMatchObject({kind: 'rewrite'});
    const [, other] = play(script, [
      [create, answer('n1')],
      [poll('n1'), answer('n2', 'RESULT_STATUS_COMPLETE')],
    ]) as {body: string}[];
    expect(JSON.parse(other.body).status).toBe('RESULT_STATUS_COMPLETE');
  });

  it("failed starts the first search in the sandbox's failed scenario, and only the first", () => {
    const script = scenarioScript('failed');
    expect(script.before(create)).toEqual({
      forward: true,
      headers: {'x-sandbox-scenario': 'failed'},
      fault: {kind: 'rewrite', description: "the first search started in the sandbox's failed scenario"},
    });
    script.after(create, 200, answer('t1'));
    expect(script.before(create)).toEqual({forward: true});
  });

  it('rejected answers every call 401', () => {
    const script = scenarioScript('rejected');
    for (const call of [create, poll('x'), classify('GET', '/anything')])
      expect(script.before(call)).toMatchObject({answer: {status: 401}});
  });
});
