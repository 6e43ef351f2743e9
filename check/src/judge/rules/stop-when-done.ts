/**
 * `stop-when-done`: a session is not polled again once an answer carried one of its flow's terminal
 * statuses (`x-live-flow.terminalStatuses`). A poll already sent when that answer arrived passes, and so
 * does a poll of a flow whose poll takes a body (hotels) that asks for another view (sort, filter, page).
 */
import {
  callList,
  defineRule,
  doneAnswer,
  failed,
  guideSection,
  listed,
  notExercised,
  passed,
  plural,
} from './judgement';
import type {Call} from '../../record/recording';

export default defineRule({
  id: 'stop-when-done',
  sentence: 'A session is not polled again once an answer said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED.',
  tolerance:
    'A poll sent before that answer arrived passes, and so does a hotels poll that asks for another sort, filter or page.',
  guide: guideSection('Create and poll: The flow', 'create-and-poll', 'the-flow'),
  judge(run) {
    const done = run.sessions.flatMap((session) => {
      const answer = doneAnswer(session);
      return answer ? [{session, answer}] : [];
    });
    if (!done.length) return notExercised('no answer of a session said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED');
    const broken: string[] = [];
    const breaking: Call[] = [];
    for (const {session, answer} of done) {
      const polls = session.calls.filter((call) => call.role === 'poll');
      const after = polls.filter((call, position) => {
        // The answer itself and the calls before it, and any poll sent before it arrived
        if (call.index <= answer.index || call.start < answer.end) return false;
        // A poll that asks for another view (hotels: another sort, filter or page) is a new request
        const previous = polls[position - 1];
        const body = call.exchange.request.body ?? '';
        const newView =
          run.specs.pollsWithBody.has(call.checked.operationId ?? '') &&
          body.trim() !== '' &&
          body !== (previous?.exchange.request.body ?? '');
        return !newView;
      });
      if (after.length) {
        breaking.push(...after);
        broken.push(
          `session ${session.id} was polled ${plural(after.length, 'more time')} (${callList(after)}) after #${answer.index} said ${String(answer.answer?.status)}`,
        );
      }
    }
    if (broken.length) return failed(listed(broken), breaking);
    return passed(
      `${plural(done.length, 'session')} stopped polling once an answer said RESULT_STATUS_COMPLETE or RESULT_STATUS_FAILED`,
      done.map(({answer}) => answer),
    );
  },
});
