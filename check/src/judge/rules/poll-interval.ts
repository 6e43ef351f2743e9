/**
 * `poll-interval`: a search is polled for progress no sooner than a share of the wait between polls its
 * specification declares (`x-live-flow.pollIntervalSeconds` on the create's poll link), counted from the
 * session's last 2xx answer. The wait after a 429, a 5xx or no answer is the retry rules' to judge.
 *
 * Which polls it judges, and why (`POLL_INTERVAL_REASON`, which the guide it cites says word for word:
 * website/test/checkRuleLinks.test.ts compares them): the polls sent before the session's first answer
 * that said it was done (`doneAnswer`, a terminal status of `x-live-flow.terminalStatuses`) arrived. A
 * poll sent once that answer arrived asks for no progress: `stop-when-done` judges it (a hotels poll for
 * another view passes there, a repeat of the same view fails), so the two rules split a session's polls
 * between them at that answer's arrival and neither judges a poll the other does.
 */
import type {LiveFlow} from '@portal/specs';
import type {Call, Session} from '../../record/recording';
import {defineRule, doneAnswer, failed, guideSection, listed, notExercised, passed, plural, seconds} from './judgement';

/** The share of its flow's poll interval a poll may wait and pass. */
export const POLL_GAP_SHARE = 0.9;
/** Gaps between a session's 2xx answer and its next poll shorter than this fail. */
export const minPollGapMs = (flow: Pick<LiveFlow, 'pollIntervalMs'>): number => flow.pollIntervalMs * POLL_GAP_SHARE;

/** Why the wait is asked of polls for progress only: the guide's "Poll politely" says the same words. */
export const POLL_INTERVAL_REASON =
  "The wait between polls gives an incomplete search time to gather more results, so it applies to every poll until an answer says the search is done (RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED). After that answer the results are final and there is nothing to wait for: a poll that asks for another page, sort or filter of a complete hotels search is the traveller's own request, sent when they ask for it.";

export default defineRule({
  id: 'poll-interval',
  sentence:
    'A search is polled for progress no sooner than the wait between polls its specification asks for, never in a tight loop.',
  tolerance: `A poll ${Math.round(POLL_GAP_SHARE * 100)} % of the poll interval its specification declares after the session's last 2xx answer passes (x-live-flow of the create's poll link); the wait after a 429, a 5xx or no answer is judged by the retry rules instead, and a poll sent once an answer said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED by stop-when-done.`,
  guide: guideSection('Rate limits: Poll politely', 'rate-limits', 'poll-politely'),
  reason: POLL_INTERVAL_REASON,
  judge(run) {
    const judged: {call: Call; gap: number; session: Session; least: number}[] = [];
    for (const session of run.sessions) {
      const done = doneAnswer(session);
      session.calls.forEach((call, position) => {
        const previous = session.calls[position - 1];
        // Sent once the session said it was done: no poll for progress (stop-when-done judges it)
        if (done && call !== done && call.start >= done.end) return;
        // A session's calls after its first are its polls
        if (previous?.ok)
          judged.push({call, gap: call.start - previous.end, session, least: minPollGapMs(session.flow)});
      });
    }
    if (!judged.length) return notExercised('no poll of an incomplete search followed a 2xx answer of its session');
    const soon = judged.filter(({gap, least}) => gap < least);
    if (soon.length) {
      return failed(
        `${plural(soon.length, 'poll')} of ${judged.length} came sooner than ${seconds(Math.max(...soon.map(({least}) => least)))} after their session's last answer: ${listed(
          soon.map(({call, gap, session}) => `#${call.index} of session ${session.id} after ${seconds(gap)}`),
        )}`,
        soon.map(({call}) => call),
      );
    }
    const shortest = Math.min(...judged.map(({gap}) => gap));
    return passed(
      `${plural(judged.length, 'poll')} each came at least ${seconds(Math.min(...judged.map(({least}) => least)))} after their session's last answer (the shortest wait ${seconds(shortest)})`,
      judged.map(({call}) => call),
    );
  },
});
