/**
 * Judging a HAR, the one way it is done: `check --har` (../cli/check.ts), the site's HAR check
 * (website/src/components/HarCheck), a hosted run's finish (../hosted/run.ts) and `verify --har`
 * (../attest/verify.ts) read it with `readHar` (../har/read.ts: a HAR the check wrote is read back as its runs
 * were, scenario by scenario) and judge it here, so one HAR gets the same passed, failed and not exercised lists
 * whoever judges it. Browser-safe.
 */
import type {OpenApiDocument, PrecompiledValidators} from '@portal/specs';
import {readHar} from '../har/read';
import type {CheckReport, Recording} from '../model';
import {judgeCheck} from './judge';

export interface HarJudgeOptions {
  /** What the report calls the subject: the HAR's file name unless given (a hosted run: its program's label). */
  subject?: string;
  /**
   * `'program'` for the HAR of a run the check itself recorded (a hosted run at its finish: its problems speak of
   * the program), `'har'` for a HAR given to be judged (the default).
   */
  mode?: CheckReport['mode'];
  precompiledValidators?: PrecompiledValidators;
}

/** Judges the recordings `readHar` read from the HAR `name`. */
export function judgeHar(
  reading: {recordings: Recording[]},
  name: string,
  bundles: Map<string, OpenApiDocument>,
  options: HarJudgeOptions = {},
): Promise<CheckReport> {
  const {subject = name, mode = 'har', precompiledValidators} = options;
  return judgeCheck(reading.recordings, bundles, subject, mode, {precompiledValidators});
}

/** Reads and judges a HAR's text: the report, or why the HAR cannot be read. */
export async function judgeHarText(
  text: string,
  name: string,
  bundles: Map<string, OpenApiDocument>,
  options: HarJudgeOptions = {},
): Promise<CheckReport | {error: string}> {
  const reading = readHar(text, name);
  if ('error' in reading) return reading;
  return judgeHar(reading, name, bundles, options);
}
