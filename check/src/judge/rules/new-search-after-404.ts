/**
 * `new-search-after-404`: once a poll was answered 404 (the service no longer holds the session), no poll
 * uses a token of that session again; a new search is created instead. Any token of the session counts.
 */
import type {Call} from '../../record/recording';
import {callList, defineRule, failed, guideSection, listed, notExercised, passed, plural} from './judgement';

export default defineRule({
  id: 'new-search-after-404',
  sentence: 'After a poll answered 404, no poll uses a token of that session again: a new search is created instead.',
  tolerance:
    "Polls sent before the 404 arrived pass; any token of the session counts, the create's and every poll answer's.",
  guide: guideSection('Create and poll: A complete polling loop', 'create-and-poll', 'a-complete-polling-loop'),
  judge(run) {
    const lost = run.calls.filter((call) => call.role === 'poll' && call.status === 404);
    if (!lost.length) return notExercised('no poll was answered 404');
    const broken: string[] = [];
    const breaking: Call[] = [];
    for (const call of lost) {
      const session = call.session!;
      const again = session.calls.filter((other) => other.role === 'poll' && other !== call && other.start >= call.end);
      if (again.length) {
        breaking.push(call, ...again);
        broken.push(
          `after poll #${call.index} of session ${session.id} was answered 404, the session was polled again (${callList(again)})`,
        );
      }
    }
    if (broken.length) return failed(listed(broken), breaking);
    return passed(
      `after each of the ${plural(lost.length, 'poll')} answered 404 no poll used a token of its session again`,
      lost,
    );
  },
});
