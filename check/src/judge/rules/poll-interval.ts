/**
 * `poll-interval`: a session is polled no sooner than a share of the wait between polls its specification
 * declares (`x-live-flow.pollIntervalSeconds` on the create's poll link), counted from the session's last
 * 2xx answer. The wait after a 429, a 5xx or no answer is the retry rules' to judge.
 */
import type {LiveFlow} from '@portal/specs';
import type {Call, Session} from '../../record/recording';
import {defineRule, failed, guideSection, listed, notExercised, passed, plural, seconds} from './judgement';

/** The share of its flow's poll interval a poll may wait and pass. */
export const POLL_GAP_SHARE = 0.9;
/** Gaps between a session's 2xx answer and its next poll shorter than this fail. */
export const minPollGapMs = (flow: Pick<LiveFlow, 'pollIntervalMs'>): number => flow.pollIntervalMs * POLL_GAP_SHARE;

export default defineRule({
  id: 'poll-interval',
  sentence:
    'A session is polled no sooner than the wait between polls its specification asks for, never in a tight loop.',
  tolerance: `A poll ${Math.round(POLL_GAP_SHARE * 100)} % of the poll interval its specification declares after the session's last 2xx answer passes (x-live-flow of the create's poll link); the wait after a 429, a 5xx or no answer is judged by the retry rules instead.`,
  guide: guideSection('Rate limits: Poll politely', 'rate-limits', 'poll-politely'),
  judge(run) {
    const judged: {call: Call; gap: number; session: Session; least: number}[] = [];
    for (const session of run.sessions) {
      session.calls.forEach((call, position) => {
        const previous = session.calls[position - 1];
        if (call.role === 'poll' && previous?.ok)
          judged.push({call, gap: call.start - previous.end, session, least: minPollGapMs(session.flow)});
      });
    }
    if (!judged.length) return notExercised('no poll followed a 2xx answer of its session');
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
