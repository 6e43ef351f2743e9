/**
 * The in-browser HAR check's work, loaded with `import()` only when the reader picks a file (HarCheck's
 * index.tsx): read the file, `readHar`, fetch the thirteen bundles from the site (`/openapi/<slug>.json`,
 * the console's `fetchBundle`) and their request validators, compiled when the site was built (the page's
 * policy allows no `new Function`: src/plugins/precompiledValidators), `judgeHar`, and the report as one
 * HTML document (`reportHtml`). The same code as `npm run sandbox -- check --har` (check/src/cli/check.ts), a hosted
 * run's finish and `verify --har`, so a HAR gets the same verdicts in each, and the same refusals: a file over `MAX_HAR_BYTES` is refused before it is read, a
 * HAR that cannot be read or that holds no call of the APIs answers one sentence. Nothing is sent anywhere.
 */
import type {OpenApiDocument, PrecompiledValidators} from '@portal/specs';
import {loadPrecompiledValidators} from '@generated/precompiled-validators';
import {judgeHar, MAX_HAR_BYTES, readHar, reportHtml, rules, type CheckReport} from '@portal/check';
import {fetchBundle} from '../TryIt/bundles';

/** One API's bundle, where the site serves it. */
export interface BundleSource {
  slug: string;
  href: string;
}

export type Step = 'reading' | 'specs' | 'judging';

export type Outcome =
  | {error: string}
  | {
      report: CheckReport;
      /** The report as a self-contained HTML document (no script). */
      html: string;
      /** Calls of the APIs the HAR holds, and entries left out (other hosts, assets). */
      calls: number;
      ignored: number;
    };

const MIB = 1024 * 1024;

/** "12.3 MiB", "0.4 MiB". */
const mib = (bytes: number): string => `${(bytes / MIB).toFixed(1)} MiB`;

/**
 * Checks a HAR file. `siteUrl` is the site's origin, so the report's links to the guides work once
 * downloaded. `onStep` says what it is doing, for the page's status line.
 */
export async function checkHarFile(
  file: File,
  sources: readonly BundleSource[],
  siteUrl: string,
  onStep: (step: Step) => void,
): Promise<Outcome> {
  if (file.size > MAX_HAR_BYTES) {
    return {
      error: `${file.name} is ${mib(file.size)}; the check reads HAR files of at most ${MAX_HAR_BYTES / MIB} MiB. Record fewer calls, or only the calls of the APIs.`,
    };
  }
  onStep('reading');
  let text: string;
  try {
    text = await file.text();
  } catch (error) {
    return {error: `${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}`};
  }
  const read = readHar(text, file.name);
  if ('error' in read) return {error: read.error};

  onStep('specs');
  let bundles: Map<string, OpenApiDocument>;
  let precompiledValidators: PrecompiledValidators;
  try {
    const [docs, validators] = await Promise.all([
      Promise.all(sources.map((source) => fetchBundle(source.href))),
      loadPrecompiledValidators(sources.map((source) => source.slug)),
    ]);
    bundles = new Map(sources.map((source, at) => [source.slug, docs[at]]));
    precompiledValidators = validators;
  } catch (error) {
    return {
      error: `The API specifications could not be loaded from this site: ${error instanceof Error ? error.message : String(error)}. Reload the page and try again.`,
    };
  }

  onStep('judging');
  const report = await judgeHar(read, file.name, bundles, {precompiledValidators});
  const calls = read.recordings.reduce((sum, recording) => sum + recording.exchanges.length, 0);
  const ignored = read.recordings.reduce((sum, recording) => sum + (recording.ignored ?? 0), 0);
  // As the command line: a HAR with no call of an operation is not a HAR of the APIs (exit code 2).
  if (report.runs.every((run) => run.operations.every((operation) => operation === undefined))) {
    const problem = report.problems[0] ?? 'it calls no operation of the APIs';
    const left = ignored
      ? ` ${ignored} ${ignored === 1 ? 'entry was' : 'entries were'} left out: other hosts, pages and assets.`
      : '';
    return {error: `${file.name}: ${problem}.${left}`};
  }
  return {report, html: reportHtml(report, rules, {siteUrl}), calls, ignored};
}
