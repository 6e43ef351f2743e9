/**
 * `no-retry-client-errors`: a request answered 400, 401 or 403 is not sent again unchanged (same method,
 * URL, body and key); with anything changed it is a new request.
 */
import type {Call} from '../../record/recording';
import {
  callList,
  callName,
  defineRule,
  failed,
  guideSection,
  headerOf,
  listed,
  notExercised,
  orList,
  passed,
  plural,
  sameRequest,
} from './judgement';

/** The answers a request is not sent again unchanged after. */
const CLIENT_ERRORS = [400, 401, 403];
const statuses = orList(CLIENT_ERRORS);

export default defineRule({
  id: 'no-retry-client-errors',
  sentence: `A request answered ${statuses} is not sent again unchanged.`,
  tolerance: 'The same request with another body, URL or key passes: it is a new request.',
  guide: guideSection('Rate limits: Which errors to retry', 'rate-limits', 'which-errors-to-retry'),
  judge(run) {
    const refused = run.calls.filter((call) => CLIENT_ERRORS.includes(call.status));
    if (!refused.length) return notExercised(`no answer was a ${statuses}`);
    const keyOf = (call: Call) =>
      run.specs.allKeyHeaders.map((name) => headerOf(call.exchange.request.headers, name) ?? '').join('\n');
    const broken: string[] = [];
    const breaking: Call[] = [];
    for (const call of refused) {
      const again = run.calls.filter(
        (other) =>
          other !== call && other.start >= call.end && sameRequest(other, call) && keyOf(other) === keyOf(call),
      );
      if (again.length) {
        breaking.push(call, ...again);
        broken.push(`${callName(call)} answered ${call.status} and was sent again unchanged (${callList(again)})`);
      }
    }
    if (broken.length) return failed(listed(broken), breaking);
    return passed(
      `none of the ${plural(refused.length, 'request')} answered ${statuses} was sent again unchanged`,
      refused,
    );
  },
});
