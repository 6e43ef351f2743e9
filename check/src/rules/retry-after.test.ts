/** `retry-after` (retry-after.ts) on synthetic recordings (fixture.ts): failed and passed, at the edges of its tolerance. */
import {describe, expect, it} from 'vitest';
import type {Header} from '../model';
import {create, expectNoFailure, expectOnlyFails, failing, judge, politeSearch, START, verdictOf} from './fixture';
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
});
