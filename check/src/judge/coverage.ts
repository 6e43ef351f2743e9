/**
 * What a run covered, per scenario: the operations its program called (by operation id, with how many
 * calls), the live-search sessions it saw through to `RESULT_STATUS_COMPLETE` (by API), those in which it
 * then asked for a further page (a poll after completion asking for an offset no poll asked before it), and
 * the rules it exercised (passed or failed). A go-live policy (../attest/policy.ts) is judged on it. The attestation carries it (../attest/statement.ts), `verify` prints it and
 * compares it with the HAR judged again, so a provider sees what the run did, not only that nothing failed.
 * Browser-safe.
 */
import type {CheckReport, SessionTrace} from '../model';

export interface ScenarioCoverage {
  scenario: string;
  calls: number;
  /** Calls per operation id, in the order first called. */
  operations: Record<string, number>;
  /** Sessions completed per API slug. */
  completedSessions: Record<string, number>;
  /** Sessions per API slug in which a poll after completion asked for a further page. */
  furtherPages: Record<string, number>;
  /** The rules the run exercised (passed or failed). */
  exercisedRules: string[];
}

const COMPLETE = 'RESULT_STATUS_COMPLETE';

/**
 * Whether a session asked for a further page: after the first answer that says complete, a poll answered
 * 2xx asked for an offset that no poll of the session asked up to that answer. Only the polls of a flow
 * whose poll takes a page carry an offset (recording.ts `traceOf`).
 */
function askedFurtherPage(session: SessionTrace): boolean {
  const completed = session.calls.findIndex((call) => call.resultStatus === COMPLETE);
  if (completed < 0) return false;
  const asked = new Set(session.calls.slice(0, completed + 1).map((call) => call.offset));
  return session.calls
    .slice(completed + 1)
    .some(
      (call) =>
        call.role === 'poll' && call.resultStatus !== undefined && call.offset !== undefined && !asked.has(call.offset),
    );
}

export function coverageOf(report: CheckReport): ScenarioCoverage[] {
  return report.runs.map((run) => {
    const operations: Record<string, number> = {};
    for (const operation of run.operations) if (operation) operations[operation] = (operations[operation] ?? 0) + 1;
    const completedSessions: Record<string, number> = {};
    const furtherPages: Record<string, number> = {};
    for (const session of run.sessions) {
      if (session.calls.some((call) => call.resultStatus === COMPLETE))
        completedSessions[session.slug] = (completedSessions[session.slug] ?? 0) + 1;
      if (askedFurtherPage(session)) furtherPages[session.slug] = (furtherPages[session.slug] ?? 0) + 1;
    }
    return {
      scenario: run.recording.scenario ?? run.recording.label ?? 'har',
      calls: run.recording.exchanges.length,
      operations,
      completedSessions,
      furtherPages,
      exercisedRules: run.verdicts.filter((verdict) => verdict.outcome !== 'not-exercised').map(({rule}) => rule),
    };
  });
}

/** One line per scenario: its calls, operations, completed sessions and further pages. */
export function coverageLines(coverage: ScenarioCoverage[]): string[] {
  const counted = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([name, count]) => `${name} ×${count}`)
      .join(', ') || 'none';
  return coverage.map(
    (run) =>
      `${run.scenario}: ${run.calls} call${run.calls === 1 ? '' : 's'}; operations: ${counted(run.operations)}; sessions completed: ${counted(run.completedSessions)}; further pages: ${counted(run.furtherPages)}; rules exercised: ${run.exercisedRules.length}`,
  );
}
