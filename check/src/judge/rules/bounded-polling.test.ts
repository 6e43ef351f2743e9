/** `bounded-polling` (bounded-polling.ts) on synthetic recordings (recordings.fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import type {ProgramEnd} from '../../model';
import {
  create,
  endedItself,
  expectNoFailure,
  expectOnlyFails,
  judge,
  politeSearch,
  poll,
  verdictOf,
} from './recordings.fixture';

describe('bounded-polling', () => {
  const endless = [create('s1'), ...[1, 2, 3, 4, 5].map((n) => poll(`s${n}`, `s${n + 1}`))];
  const stopped: ProgramEnd = {...endedItself(60_000), exitCode: null, signal: 'SIGTERM', timedOut: true};

  it('fails a program the check stopped at the time limit while it polled a search that never completes', async () => {
    const report = await judge(endless, {scenario: 'never-completes', program: stopped});
    expectOnlyFails(report, 'bounded-polling', /time limit of 60 s .*session 1 was polled 5 times/, [1, 2, 3, 4, 5]);
    const flooded = await judge(endless, {
      scenario: 'never-completes',
      program: {...stopped, timedOut: false, flooded: true},
    });
    expectOnlyFails(flooded, 'bounded-polling', /more calls than a run may record/);
  });

  it('passes a program that stopped polling and ended by itself', async () => {
    const report = await judge(endless, {scenario: 'never-completes', program: {...endedItself(6000), exitCode: 1}});
    expectNoFailure(report);
    expect(verdictOf(report, 'bounded-polling')).toMatchObject({outcome: 'pass', calls: [1, 2, 3, 4, 5]});
  });

  it('is not exercised in another scenario, in a HAR, or when no search was left incomplete', async () => {
    const other = await judge(endless, {scenario: 'normal', program: stopped});
    expect(verdictOf(other, 'bounded-polling')).toMatchObject({
      outcome: 'not-exercised',
      detail: expect.stringMatching(/never-completes/),
    });
    const har = await judge(endless, {scenario: null, program: undefined, timeLimitMs: undefined});
    expect(verdictOf(har, 'bounded-polling')).toMatchObject({
      outcome: 'not-exercised',
      detail: expect.stringMatching(/HAR/),
    });
    const complete = await judge(politeSearch(), {scenario: 'never-completes', program: stopped});
    expect(verdictOf(complete, 'bounded-polling').outcome).toBe('not-exercised');
  });

  it("says when each endless session was last polled, from the run's start", async () => {
    // The create is sent at 1 s and each poll 1 s after the previous answer, 0.1 s each: the fifth poll at 6.5 s
    const report = await judge(endless, {scenario: 'never-completes', program: endedItself(6000)});
    expect(verdictOf(report, 'bounded-polling')).toEqual({
      rule: 'bounded-polling',
      outcome: 'pass',
      detail:
        'the program stopped polling and ended by itself after 6 s: session 1 was polled 5 times, the last at 6.5 s',
      calls: [1, 2, 3, 4, 5],
    });
  });

  it('is not exercised by a session that was never polled, or a recording that does not say how the program ended', async () => {
    const unpolled = await judge([create('s1')], {scenario: 'never-completes', program: stopped});
    expect(verdictOf(unpolled, 'bounded-polling')).toEqual({
      rule: 'bounded-polling',
      outcome: 'not-exercised',
      detail: 'no session that never completed was polled',
      calls: [],
    });
    const unsaid = await judge(endless, {scenario: 'never-completes', program: undefined});
    expect(verdictOf(unsaid, 'bounded-polling')).toEqual({
      rule: 'bounded-polling',
      outcome: 'not-exercised',
      detail: 'the recording does not say how the program ended',
      calls: [],
    });
  });
});
