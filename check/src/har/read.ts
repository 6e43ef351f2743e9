/**
 * Reading a HAR, the one way every reader of a HAR does it (`readHar`): `check --har`, the site's HAR check, a
 * hosted run's finish and `verify --har` (../judge/judgeHar.ts judges what this reads). Any HAR is read by
 * `fromHar` (./har.ts); a HAR the check wrote is read back as its runs were: each page's scenario, time limit and
 * program end (`CheckHarPage`) put back on its recording, with the run's start and its calls' times as recorded,
 * a run that made no call included. So the same HAR gives the same verdicts whoever judges it. Browser-safe.
 */
import {fromHar, type CheckHarPage, type HarReading} from './har';
import {isCheckScenario, type CheckScenario, type Recording} from '../model';
import {isObject} from '../json';

/** The pages of a HAR that name a scenario of the check, by scenario. */
function scenarioPages(har: unknown): Map<CheckScenario, CheckHarPage> {
  const pages = new Map<CheckScenario, CheckHarPage>();
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

/** The parsed HAR, or undefined when it is not JSON (fromHar says so). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The recordings of a HAR. A HAR the check wrote: one per page that names a scenario, in the pages' order, a run
 * that made no call included (so a run of a program that made no call reads as one, not as an empty HAR), then
 * any other group of calls. Any other HAR: as `fromHar` reads it. `name` (the file's name) starts each error.
 */
export function readHar(text: string, name: string): HarReading {
  const reading = fromHar(text, name);
  const har = 'error' in reading ? parsed(text) : JSON.parse(text);
  const pages = scenarioPages(har);
  if (!pages.size) return reading;
  const entries = isObject(har) && isObject(har.log) ? har.log.entries : undefined;
  // A HAR that cannot be read stays refused; one whose only fault is that no run made a call is read
  const noCall = Array.isArray(entries) && entries.length === 0;
  if ('error' in reading && !noCall) return reading;
  const recordings = 'error' in reading ? [] : reading.recordings;
  const byLabel = new Map(recordings.map((recording) => [recording.label, recording]));
  const runs = [...pages].map(([scenario, page]) => restored({...page, _scenario: scenario}, byLabel.get(scenario)));
  const others = recordings.filter((recording) => !isCheckScenario(recording.label) || !pages.has(recording.label));
  return {recordings: [...runs, ...others.filter((recording) => recording.exchanges.length)]};
}
