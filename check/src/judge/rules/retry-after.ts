/**
 * `retry-after`: after a 429 with Retry-After (seconds, or an HTTP date read against the answer's time),
 * the program's next call, of any operation, waits at least that long, less a slack for timer granularity.
 */
import type {Call, Run} from '../../record/recording';
import {defineRule, failed, guideSection, headerOf, listed, notExercised, passed, seconds} from './judgement';

/** What `retry-after` allows for timer granularity. */
export const RETRY_AFTER_SLACK_MS = 50;

/** The time a 429's Retry-After asks to wait, in ms: seconds, or an HTTP date compared with the answer's time. */
function retryAfterMs(run: Run, call: Call): number | undefined {
  const value = headerOf(call.exchange.response.headers, 'retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - (Date.parse(run.recording.startedAt) + call.end));
}

export default defineRule({
  id: 'retry-after',
  sentence: 'After a 429 with Retry-After, the next call waits at least that long.',
  tolerance: `${seconds(RETRY_AFTER_SLACK_MS)} less than asked passes, for timer granularity; Retry-After in seconds or as an HTTP date.`,
  guide: guideSection('Rate limits: The 429 response', 'rate-limits', 'the-429-response'),
  judge(run) {
    const asked = run.calls.flatMap((call) => {
      const wait = call.status === 429 ? retryAfterMs(run, call) : undefined;
      return wait === undefined ? [] : [{call, wait}];
    });
    if (!asked.length) {
      const unread = run.calls.flatMap((call) => {
        const value = call.status === 429 ? headerOf(call.exchange.response.headers, 'retry-after')?.trim() : undefined;
        return value ? [`#${call.index} said ${JSON.stringify(value)}`] : [];
      });
      return notExercised(
        unread.length
          ? `no 429's Retry-After was seconds or an HTTP date: ${listed(unread)}`
          : 'no answer was a 429 with a Retry-After header',
      );
    }
    const broken: string[] = [];
    const breaking: Call[] = [];
    const waits: string[] = [];
    for (const {call, wait} of asked) {
      const next = run.calls.find((other) => other !== call && other.start >= call.end);
      if (!next) {
        waits.push(`nothing was sent after #${call.index}`);
        continue;
      }
      const waited = next.start - call.end;
      if (waited < wait - RETRY_AFTER_SLACK_MS) {
        breaking.push(call, next);
        broken.push(
          `#${next.index} came ${seconds(waited)} after the 429 #${call.index} that asked to wait ${seconds(wait)}`,
        );
      } else
        waits.push(`#${next.index} came ${seconds(waited)} after #${call.index}, which asked for ${seconds(wait)}`);
    }
    if (broken.length) return failed(listed(broken), breaking);
    return passed(
      `the next call waited what each 429 asked: ${listed(waits)}`,
      asked.map(({call}) => call),
    );
  },
});
