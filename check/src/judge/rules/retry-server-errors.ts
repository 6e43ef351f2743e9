/**
 * `retry-server-errors`: a request answered 429, 500 or 503 is sent again once its answer arrived: not
 * given up on at once, not sent again before. Any wait passes (full jitter allows 0), and giving up after
 * a retry passes (the retry budget is spent).
 */
import type {Call} from '../../record/recording';
import {
  callList,
  callName,
  defineRule,
  failed,
  guideSection,
  listed,
  notExercised,
  orList,
  passed,
  plural,
  sameRequest,
} from './judgement';

/** The answers a request is sent again after. */
const RETRYABLE = [429, 500, 503];
const statuses = orList(RETRYABLE);

export default defineRule({
  id: 'retry-server-errors',
  sentence: `A request answered ${statuses} is sent again after its answer arrived, not given up on at once and not sent again before.`,
  tolerance:
    'Full jitter allows any wait from 0, so the wait is not judged here; giving up after at least one retry passes (the retry budget is spent).',
  guide: guideSection('Rate limits: Which errors to retry', 'rate-limits', 'which-errors-to-retry'),
  judge(run) {
    const failing = run.calls.filter((call) => RETRYABLE.includes(call.status));
    if (!failing.length) return notExercised(`no answer was a ${statuses}`);
    const broken: string[] = [];
    const breaking: Call[] = [];
    const retries: Call[] = [];
    for (const call of failing) {
      const same = run.calls.filter((other) => other !== call && sameRequest(other, call));
      const early = same.filter((other) => other.start > call.start && other.start < call.end);
      const retry = same.find((other) => other.start >= call.end);
      // Giving up after a retry is allowed: the retry budget of the guides is spent
      const wasRetry = same.some((other) => other.end <= call.start && RETRYABLE.includes(other.status));
      if (early.length) {
        breaking.push(call, ...early);
        broken.push(`${callName(call)} was sent again (${callList(early)}) before its ${call.status} answer arrived`);
      }
      if (retry) retries.push(retry);
      else if (!wasRetry) {
        breaking.push(call);
        const movedOn = run.calls.some((other) => other !== call && other.start >= call.end);
        broken.push(
          `${callName(call)} answered ${call.status} and was not sent again: the program ${movedOn ? 'moved on to other calls' : 'ended'}`,
        );
      }
    }
    if (broken.length) return failed(listed(broken), breaking);
    return passed(
      `each of the ${plural(failing.length, 'answer')} ${statuses} was followed by the same request once it had arrived (or the retries were spent)`,
      [...failing, ...retries],
    );
  },
});
