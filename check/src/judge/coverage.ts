/**
 * What a run covered, per scenario: the operations its program called (by operation id, with how many
 * calls), the live-search sessions it saw through to `RESULT_STATUS_COMPLETE` (by API), and the rules it
 * exercised (passed or failed). The attestation carries it (../attest/statement.ts), `verify` prints it and
 * compares it with the HAR judged again, so a provider sees what the run did, not only that nothing failed.
 * Browser-safe.
 */
import type {CheckReport} from '../model';

export interface ScenarioCoverage {
  scenario: string;
  calls: number;
  /** Calls per operation id, in the order first called. */
  operations: Record<string, number>;
  /** Sessions completed per API slug. */
  completedSessions: Record<string, number>;
  /** The rules the run exercised (passed or failed). */
  exercisedRules: string[];
}

const COMPLETE = 'RESULT_STATUS_COMPLETE';

export function coverageOf(report: CheckReport): ScenarioCoverage[] {
  return report.runs.map((run) => {
    const operations: Record<string, number> = {};
    for (const operation of run.operations) if (operation) operations[operation] = (operations[operation] ?? 0) + 1;
    const completedSessions: Record<string, number> = {};
    for (const session of run.sessions)
      if (session.calls.some((call) => call.resultStatus === COMPLETE))
        completedSessions[session.slug] = (completedSessions[session.slug] ?? 0) + 1;
    return {
      scenario: run.recording.scenario ?? run.recording.label ?? 'har',
      calls: run.recording.exchanges.length,
      operations,
      completedSessions,
      exercisedRules: run.verdicts.filter((verdict) => verdict.outcome !== 'not-exercised').map(({rule}) => rule),
    };
  });
}

/** One line per scenario: its calls, operations and completed sessions. */
export function coverageLines(coverage: ScenarioCoverage[]): string[] {
  const counted = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([name, count]) => `${name} ×${count}`)
      .join(', ') || 'none';
  return coverage.map(
    (run) =>
      `${run.scenario}: ${run.calls} call${run.calls === 1 ? '' : 's'}; operations: ${counted(run.operations)}; sessions completed: ${counted(run.completedSessions)}; rules exercised: ${run.exercisedRules.length}`,
  );
}
