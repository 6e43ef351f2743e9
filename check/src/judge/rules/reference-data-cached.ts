/**
 * `reference-data-cached`: a call of reference data is sent at most once per distinct request in a run. The
 * calls are those whose specification declares `x-refresh` (specs/lib/referenceData.ts): the same declarations
 * the Rate limits guide's "Cache reference data" table renders, so the rule and the page cannot name different
 * calls. Two calls are the same request when their `Call.key` is (record/recording.ts: method, path, query
 * parameters in any order, JSON body with its fields in any order). A request counts as asked again when it
 * is sent once the same request's 2xx answer had arrived: a retry after a 429, a 5xx or no answer, and a
 * request sent while the first was still unanswered, are not counted.
 */
import type {Call} from '../../record/recording';
import {allOf, callName, defineRule, failed, guideSection, listed, notExercised, passed, plural} from './judgement';

/** Why one answer is enough in a run: the guide's "Cache reference data" says the same words. */
export const REFERENCE_DATA_REASON =
  "A run is one piece of work, such as one traveller's search, far shorter than any refresh in the table: an answer it already received is still good, so asking for the same data again in the same run means the answer was not kept.";

export default defineRule({
  id: 'reference-data-cached',
  sentence:
    'A call of reference data (the calls of the Cache reference data table, x-refresh in their specifications) is sent at most once per distinct request in a run: its answer is kept and used again.',
  tolerance:
    'The same request sent before its first 2xx answer arrived, or again after a 429, a 5xx or no answer, passes; requests are the same when their method, path, query parameters (in any order) and JSON body (its fields in any order) are.',
  guide: guideSection('Rate limits: Cache reference data', 'rate-limits', 'cache-reference-data'),
  reason: REFERENCE_DATA_REASON,
  judge(run) {
    const data = (call: Call) => run.specs.referenceData.get(call.checked.operationId);
    const reference = run.calls.filter((call) => data(call) !== undefined);
    if (!reference.length) return notExercised('no call of reference data (x-refresh in its specification) was made');
    const repeats = reference.flatMap((call) => {
      const first = reference.find(
        (other) => other !== call && other.ok && other.key === call.key && other.end <= call.start,
      );
      return first ? [{call, first}] : [];
    });
    if (repeats.length) {
      return failed(
        `${plural(repeats.length, 'call')} of reference data asked again for what a 2xx answer had already given: ${listed(
          repeats.map(({call, first}) => `${callName(call)} (${data(call)}) repeated #${first.index}`),
        )}`,
        repeats.flatMap(({call, first}) => [first, call]),
      );
    }
    const distinct = new Set(reference.map((call) => call.key)).size;
    return passed(
      `${allOf(distinct, 'distinct request')} of reference data ${distinct === 1 ? 'was' : 'were'} sent until answered, then not again (${listed(
        [...new Set(reference.map((call) => data(call)!))],
      )})`,
      reference,
    );
  },
});
