/**
 * The verdict of a whole check: each recording's requests matched to their operations and checked
 * (requestCheck.ts, with that recording's clock), then judged against the rules (rules.ts). Browser-safe:
 * the site's HAR check and the try-it console's timeline run it too, with the validators precompiled.
 */
import type {OpenApiDocument, PrecompiledValidators} from '@portal/specs';
import type {CheckReport, Recording, RunReport} from './model';
import {createRequestCheck} from './requestCheck';
import {judgeRecording} from './rules';

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
