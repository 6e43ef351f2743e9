/**
 * A HAR the check wrote, judged again as its runs were: each page's scenario, time limit and program end
 * (../har/har.ts `CheckHarPage`) put back on the recording `fromHar` reads, with the run's start and its calls' times
 * as recorded. A hosted run judges its own HAR this way (../hosted/run.ts), so `verify --har` (../attest/verify.ts),
 * judging the attested HAR again, reaches the attested verdict exactly. Browser-safe.
 */
import type {OpenApiDocument, PrecompiledValidators} from '@portal/specs';
import {fromHar, type CheckHarPage, type HarReading} from '../har/har';
import {judgeCheck} from './judge';
import {isCheckScenario, type CheckReport, type CheckScenario, type Recording} from '../model';
import {isObject} from '../json';

/** The pages of a HAR that name a scenario of the check, by scenario. */
function scenarioPages(text: string): Map<CheckScenario, CheckHarPage> {
  const pages = new Map<CheckScenario, CheckHarPage>();
  const har: unknown = JSON.parse(text);
  const list = isObject(har) && isObject(har.log) ? har.log.pages : undefined;
  if (!Array.isArray(list)) return pages;
  for (const page of list as unknown[]) {
    if (isObject(page) && isCheckScenario(page._scenario) && typeof page.startedDateTime === 'string')
      pages.set(page._scenario, page as unknown as CheckHarPage);
  }
  return pages;
}

/** The run a page names, with the calls read from the HAR for its scenario (none when it made none). */
function restored(page: CheckHarPage & {_scenario: CheckScenario}, read: Recording | undefined): Recording {
  const start = Date.parse(page.startedDateTime);
  const first = read ? Date.parse(read.startedAt) : start;
  const shift = Number.isFinite(first - start) ? first - start : 0;
  const program = page._program;
  return {
    scenario: page._scenario,
    startedAt: new Date(Number.isFinite(start) ? start : 0).toISOString(),
    exchanges: (read?.exchanges ?? []).map((exchange) => ({
      ...exchange,
      startedMs: exchange.startedMs + shift,
      endedMs: exchange.endedMs + shift,
    })),
    ...(typeof page._timeLimitMs === 'number' ? {timeLimitMs: page._timeLimitMs} : {}),
    ...(isObject(program) ? {program: {...program, stderrTail: ''}} : {}),
  };
}

/**
 * The recordings of a HAR the check wrote, as the check recorded them: one per page that names a scenario, in
 * the pages' order, a run that made no call included. Any other HAR: as `fromHar` reads it.
 */
export function recordingsOfCheckHar(text: string, name: string): HarReading {
  const reading = fromHar(text, name);
  if ('error' in reading) return reading;
  const pages = scenarioPages(text);
  if (!pages.size) return reading;
  const byLabel = new Map(reading.recordings.map((recording) => [recording.label, recording]));
  const runs = [...pages].map(([scenario, page]) => restored({...page, _scenario: scenario}, byLabel.get(scenario)));
  const others = reading.recordings.filter(
    (recording) => !isCheckScenario(recording.label) || !pages.has(recording.label),
  );
  return {recordings: [...runs, ...others.filter((recording) => recording.exchanges.length)]};
}

/** Judges a HAR the check wrote as its runs were judged: the report, or why the HAR cannot be read. */
export async function judgeCheckHar(
  text: string,
  bundles: Map<string, OpenApiDocument>,
  subject: string,
  options: {precompiledValidators?: PrecompiledValidators} = {},
): Promise<CheckReport | {error: string}> {
  const reading = recordingsOfCheckHar(text, 'session.har');
  if ('error' in reading) return reading;
  return judgeCheck(reading.recordings, bundles, subject, 'program', options);
}
