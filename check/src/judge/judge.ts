/**
 * The verdict of a whole check: each recording's requests matched to their operations and checked
 * (requestCheck.ts, with that recording's clock), read into calls and sessions (../record/recording.ts), then judged
 * by each rule of the registry (rules/index.ts) the recording's scenario lets it judge. Browser-safe: the
 * site's HAR check and the try-it console's timeline run it too, with the validators precompiled.
 */
import type {OpenApiDocument, PrecompiledValidators} from '@portal/specs';
import type {CheckedRequest, CheckReport, CheckScenario, Recording, Rule, RuleVerdict, RunReport} from '../model';
import {readRun, traceOf} from '../record/recording';
import {createRequestCheck} from './requestCheck';
import {ruleBook} from './rules';

/** Why a rule is not judged in a recording of another scenario, or undefined when it is. */
function outOfScenario(rule: Rule, scenario: CheckScenario | null): string | undefined {
  if (!rule.scenarios || (scenario !== null && rule.scenarios.includes(scenario))) return undefined;
  const which = `only the ${rule.scenarios.join(', ')} scenario${rule.scenarios.length > 1 ? 's' : ''} of the check exercise${rule.scenarios.length > 1 ? '' : 's'} it`;
  return scenario === null ? `a HAR plays no scenario: ${which}` : `the ${scenario} scenario does not: ${which}`;
}

/** Judges one recording: each exchange's operation, the sessions of its live searches, and a verdict per rule. */
export function judgeRecording(
  recording: Recording,
  checked: CheckedRequest[],
  bundles: Map<string, OpenApiDocument>,
): RunReport {
  const run = readRun(recording, checked, bundles);
  const verdicts = ruleBook.map((rule): RuleVerdict => {
    const why = outOfScenario(rule, recording.scenario);
    return {rule: rule.id, ...(why ? {outcome: 'not-exercised', detail: why, calls: []} : rule.judge(run))};
  });
  return {
    recording,
    operations: recording.exchanges.map((_, position) => checked[position]?.operationId),
    verdicts,
    sessions: run.sessions.map(traceOf),
  };
}

/** How the requests are checked: with validators compiled ahead of time, where nothing may compile (a page). */
export interface JudgeOptions {
  precompiledValidators?: PrecompiledValidators;
}

/** Judges every recording of a check (one per scenario run, or the one of a HAR). */
export async function judgeCheck(
  recordings: Recording[],
  bundles: Map<string, OpenApiDocument>,
  subject: string,
  mode: CheckReport['mode'],
  {precompiledValidators}: JudgeOptions = {},
): Promise<CheckReport> {
  const runs: RunReport[] = [];
  for (const recording of recordings) {
    // One check per recording: the x-validation rules that read the date read this recording's clock
    const check = createRequestCheck(bundles, {startedAt: recording.startedAt, precompiledValidators});
    const checked = [];
    for (const exchange of recording.exchanges) checked.push(await check(exchange));
    runs.push(judgeRecording(recording, checked, bundles));
  }

  const problems: string[] = [];
  if (!runs.some((run) => run.operations.some((operationId) => operationId !== undefined))) {
    const requests = recordings.reduce((count, recording) => count + recording.exchanges.length, 0);
    problems.push(
      mode === 'har'
        ? `none of the ${requests} request${requests === 1 ? '' : 's'} in the HAR calls an operation of the APIs`
        : 'the program made no call to the APIs in any run',
    );
  }
  // A program the check had to stop did not end by itself: no run of it passes (bounded-polling says so
  // itself when it was stopped polling a search that never completes)
  for (const run of runs) {
    const {program, scenario, timeLimitMs} = run.recording;
    if (!program || !(program.flooded || program.timedOut)) continue;
    if (run.verdicts.some((verdict) => verdict.rule === 'bounded-polling' && verdict.outcome === 'fail')) continue;
    const limit = timeLimitMs === undefined ? '' : ` of ${timeLimitMs / 1000} s`;
    problems.push(
      `in the ${scenario ?? 'recorded'} run the check stopped the program ${
        program.flooded ? 'for making more calls than a run may record' : `at the run's time limit${limit}`
      }`,
    );
  }
  const verdicts = runs.flatMap((run) => run.verdicts);
  return {
    subject,
    mode,
    runs,
    passed:
      !problems.length &&
      !verdicts.some((verdict) => verdict.outcome === 'fail') &&
      verdicts.some((verdict) => verdict.outcome !== 'not-exercised'),
    problems,
  };
}
