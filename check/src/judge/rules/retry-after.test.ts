/** `retry-after` (retry-after.ts) on synthetic recordings (recordings.fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import type {Header} from '../../model';
import {
  create,
  currencies,
  expectNoFailure,
  expectOnlyFails,
  failing,
  judge,
  politeSearch,
  START,
  verdictOf,
} from './recordings.fixture';
import {RETRY_AFTER_SLACK_MS} from './retry-after';

describe('retry-after', () => {
  const limited = (headers: Header[]) => ({...failing(create('s1'), 429, headers), after: 0});

  it('fails a call sooner than the 429 asked', async () => {
    const report = await judge([
      limited([['retry-after', '2']]),
      {...create('s1'), after: 500},
      ...politeSearch().slice(1),
    ]);
    expectOnlyFails(report, 'retry-after', /#1 came 0\.5 s after the 429 #0 that asked to wait 2 s/, [0, 1]);
  });

  it('reads an HTTP date, and passes a wait of what was asked less 50 ms', async () => {
    // The 429 is answered 100 ms into a run that started at START: a date 3 s later asks for 2.9 s
    const date = new Date(Date.parse(START) + 3000).toUTCString();
    const soon = await judge([
      limited([['retry-after', date]]),
      {...create('s1'), after: 1000},
      ...politeSearch().slice(1),
    ]);
    expectOnlyFails(soon, 'retry-after', /asked to wait 2\.9 s/);
    const report = await judge([
      limited([['retry-after', '2']]),
      {...create('s1'), after: 1950},
      ...politeSearch().slice(1),
    ]);
    expectNoFailure(report);
    expect(verdictOf(report, 'retry-after')).toMatchObject({outcome: 'pass', calls: [0]});
  });

  it(`fails a call ${RETRY_AFTER_SLACK_MS + 1} ms short of what the 429 asked, and passes one ${RETRY_AFTER_SLACK_MS} ms short`, async () => {
    expect(RETRY_AFTER_SLACK_MS).toBe(50);
    const nextAfter = (ms: number) =>
      judge([limited([['retry-after', '2']]), {...create('s1'), after: ms}, ...politeSearch().slice(1)]);
    const short = await nextAfter(2000 - RETRY_AFTER_SLACK_MS - 1);
    expectOnlyFails(short, 'retry-after', /#1 came 1\.949 s after the 429 #0 that asked to wait 2 s/, [0, 1]);
    const onTime = await nextAfter(2000 - RETRY_AFTER_SLACK_MS);
    expectNoFailure(onTime);
    expect(verdictOf(onTime, 'retry-after')).toMatchObject({
      outcome: 'pass',
      detail: 'the next call waited what each 429 asked: #1 came 1.95 s after #0, which asked for 2 s',
      calls: [0],
    });
  });

  it('is not exercised by a 429 without Retry-After', async () => {
    const report = await judge([limited([]), {...create('s1'), after: 10}, ...politeSearch().slice(1)]);
    expect(verdictOf(report, 'retry-after').outcome).toBe('not-exercised');
    expectNoFailure(report);
  });

  /** A 429 with this Retry-After, then the same create after `ms` and the rest of a polite search. */
  const retriedAfter = (retryAfter: string, ms: number) =>
    judge([limited([['retry-after', retryAfter]]), {...create('s1'), after: ms}, ...politeSearch().slice(1)]);

  it('takes a call sent in the very millisecond the 429 arrived as its next', async () => {
    const report = await retriedAfter('2', 0);
    expectOnlyFails(report, 'retry-after', /^#1 came 0 s after the 429 #0 that asked to wait 2 s$/, [0, 1]);
  });

  it('reads seconds with spaces around them, and several digits', async () => {
    expectOnlyFails(
      await retriedAfter(' 2 ', 500),
      'retry-after',
      /^#1 came 0\.5 s after the 429 #0 that asked to wait 2 s$/,
    );
    expectOnlyFails(
      await retriedAfter('12', 2000),
      'retry-after',
      /^#1 came 2 s after the 429 #0 that asked to wait 12 s$/,
    );
  });

  it.each(['2abc', 'abc2', '2 s', 'Someday, 99 Foo 2026'])(
    'is not exercised by a Retry-After it cannot read (%j), and says what the 429 sent',
    async (value) => {
      const report = await retriedAfter(value, 10);
      expectNoFailure(report);
      expect(verdictOf(report, 'retry-after')).toEqual({
        rule: 'retry-after',
        outcome: 'not-exercised',
        detail: `no 429's Retry-After was seconds or an HTTP date: #0 said ${JSON.stringify(value)}`,
        calls: [],
      });
    },
  );

  it.each(['', '   '])('takes a blank Retry-After (%j) as none', async (value) => {
    const report = await retriedAfter(value, 10);
    expect(verdictOf(report, 'retry-after')).toEqual({
      rule: 'retry-after',
      outcome: 'not-exercised',
      detail: 'no answer was a 429 with a Retry-After header',
      calls: [],
    });
  });

  it('reads an HTTP date already past as no wait', async () => {
    const report = await retriedAfter(new Date(Date.parse(START) - 60_000).toUTCString(), 0);
    expect(verdictOf(report, 'retry-after')).toMatchObject({
      outcome: 'pass',
      detail: 'the next call waited what each 429 asked: #1 came 0 s after #0, which asked for 0 s',
    });
  });

  it('does not judge a Retry-After on a status other than 429', async () => {
    const report = await judge([
      {...failing(create('s1'), 503, [['retry-after', '2']]), after: 0},
      {...create('s1'), after: 500},
      ...politeSearch().slice(1),
    ]);
    expectNoFailure(report);
    expect(verdictOf(report, 'retry-after').outcome).toBe('not-exercised');
  });

  it('takes the first call after the 429 as its next, not a call before it', async () => {
    const report = await judge([
      currencies(),
      limited([['retry-after', '2']]),
      {...create('s1'), after: 2000},
      ...politeSearch().slice(1),
    ]);
    expectNoFailure(report);
    expect(verdictOf(report, 'retry-after')).toEqual({
      rule: 'retry-after',
      outcome: 'pass',
      detail: 'the next call waited what each 429 asked: #2 came 2 s after #1, which asked for 2 s',
      calls: [1],
    });
  });

  it('passes a 429 after which nothing was sent, and says so', async () => {
    const report = await judge([currencies(), {...limited([['retry-after', '2']]), after: 1000}]);
    expect(verdictOf(report, 'retry-after')).toEqual({
      rule: 'retry-after',
      outcome: 'pass',
      detail: 'the next call waited what each 429 asked: nothing was sent after #1',
      calls: [1],
    });
  });

  it('takes the call after a 429 answered in no time (a call timed at 0 ms) as its next, not the 429 itself', async () => {
    const report = await judge([
      {...limited([['retry-after', '2']]), took: 0},
      {...create('s1'), after: 2000},
      ...politeSearch().slice(1),
    ]);
    expectNoFailure(report);
    expect(verdictOf(report, 'retry-after')).toMatchObject({
      outcome: 'pass',
      detail: 'the next call waited what each 429 asked: #1 came 2 s after #0, which asked for 2 s',
    });
  });
});
