/**
 * `bounded-polling`: a program polling a search that never completes stops by itself. Judged only in the
 * never-completes scenario, where the check keeps the first session incomplete: the program passes when it
 * ended by itself, and fails when the check had to stop it (the run's time limit, or too many calls).
 */
import {defineRule, doneAnswer, failed, guideSection, listed, notExercised, passed, plural, seconds} from './judgement';

export default defineRule({
  id: 'bounded-polling',
  sentence: 'Polling a search that never completes stops by itself, within a maximum number of polls.',
  tolerance: "Any number of polls passes as long as the program stops polling and ends before the run's time limit.",
  guide: guideSection('Rate limits: Poll politely', 'rate-limits', 'poll-politely'),
  scenarios: ['never-completes'],
  judge(run) {
    const program = run.recording.program;
    if (!program) return notExercised('the recording does not say how the program ended');
    const endless = run.sessions.filter(
      (session) => !doneAnswer(session) && session.calls.some((call) => call.role === 'poll'),
    );
    if (!endless.length) return notExercised('no session that never completed was polled');
    const polls = endless.flatMap((session) => session.calls.filter((call) => call.role === 'poll'));
    const summary = listed(
      endless.map((session) => {
        const own = session.calls.filter((call) => call.role === 'poll');
        return `session ${session.id} was polled ${plural(own.length, 'time')}, the last at ${seconds(own.at(-1)!.start)}`;
      }),
    );
    if (program.timedOut || program.flooded) {
      const why = program.flooded
        ? 'for making more calls than a run may record'
        : `at the run's time limit${run.recording.timeLimitMs === undefined ? '' : ` of ${seconds(run.recording.timeLimitMs)}`}`;
      return failed(
        `the check stopped the program ${why} while it polled a search that never completed: ${summary}`,
        polls,
      );
    }
    return passed(
      `the program stopped polling and ended by itself after ${seconds(program.durationMs)}: ${summary}`,
      polls,
    );
  },
});
