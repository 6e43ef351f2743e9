/**
 * `npm run specs:release -- <YYYY-MM-DD> "<title>"`: records the current bundles (run
 * `npm run specs:bundle` first) as a release of the specifications in `releases/<date>/`
 * (lib/releases.ts), and prints its changes, API by API, each entry with its kind. The change log
 * (website/docs/change-log.mdx) lists them on the next build. `--dry-run` prints the entries the release
 * would hold and writes nothing (date and title may then be left out); `--help` prints the usage. Refuses
 * a date that is not a real day after the last release, a release with no change, and any other option,
 * with a message and exit code 1. `runRelease` is the command with its files and output given, for
 * release.test.ts.
 */
import {parseArgs} from 'node:util';
import type {OpenApiDocument} from './openapi';
import {loadBundles} from './bundles';
import {listReleases, loadRelease, writeRelease, type Release} from './releases';
import {releaseChanges, type ApiChanges} from './specChanges';

export const USAGE = [
  'Usage: npm run specs:release -- [--dry-run] <YYYY-MM-DD> "<what the release brings, in one line>"',
  '',
  'Records the current bundles (npm run specs:bundle first) as the release of that day in specs/releases/<date>/',
  'and prints its changes per API. The date comes after the last release.',
  '',
  '  --dry-run  print the changes since the last release and write nothing (date and title optional)',
  '  --help     print this',
].join('\n');

/** What the command reads and writes (the files of specs/releases and the bundles, in production). */
export interface ReleaseIo {
  bundles: () => Map<string, OpenApiDocument>;
  releases: () => Release[];
  load: (date: string) => Map<string, OpenApiDocument>;
  write: (release: Release, bundles: Map<string, OpenApiDocument>) => string;
}

const files: ReleaseIo = {bundles: loadBundles, releases: listReleases, load: loadRelease, write: writeRelease};

/** The changes as lines: per API its status and counts, then each entry with its kind. */
export function changeLines(changes: ApiChanges[]): string[] {
  return changes.flatMap((api) => {
    const breaking = api.changes.filter(({kind}) => kind === 'breaking').length;
    const head =
      api.status === 'changed'
        ? `${api.slug}: ${api.changes.length} change${api.changes.length === 1 ? '' : 's'}${breaking ? `, ${breaking} breaking` : ''}`
        : `${api.slug}: ${api.status}`;
    return [head, ...api.changes.map((change) => `  [${change.kind}] ${change.text}`)];
  });
}

/** A real day, written `YYYY-MM-DD`. */
const isDay = (date: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) && new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date;

/** The command: its exit code and what it prints (on stdout, or on stderr for an error). */
export function runRelease(argv: string[], io: ReleaseIo = files): {code: number; out: string} {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    return {code: 1, out: `${(error as Error).message}\n\n${USAGE}`};
  }
  const {values, positionals} = parsed;
  if (values.help) return {code: 0, out: USAGE};
  const [date, title, ...extra] = positionals;
  const dryRun = values['dry-run'] === true;
  if (extra.length > 0) return {code: 1, out: `Too many arguments: ${extra.join(' ')}\n\n${USAGE}`};
  if (!dryRun && (!date || !title?.trim())) return {code: 1, out: `A release needs a date and a title.\n\n${USAGE}`};
  if (date !== undefined && !isDay(date)) return {code: 1, out: `${date} is not a day written YYYY-MM-DD.\n\n${USAGE}`};
  const previous = io.releases().at(-1);
  if (date && previous && previous.date >= date)
    return {code: 1, out: `The last release is ${previous.date}: a new one comes after it.`};
  const bundles = io.bundles();
  const changes = previous ? releaseChanges(io.load(previous.date), bundles) : [];
  const since = previous ? `since the release of ${previous.date}` : 'in the first release';
  const lines = changeLines(changes);
  const count = changes.reduce((sum, api) => sum + Math.max(1, api.changes.length), 0);
  if (dryRun) {
    return {
      code: 0,
      out: [
        `Dry run: nothing written. ${previous ? `${count} change${count === 1 ? '' : 's'} ${since}` : `${bundles.size} specifications ${since}`}${changes.length ? ':' : '.'}`,
        ...lines,
      ].join('\n'),
    };
  }
  if (previous && changes.length === 0) return {code: 1, out: `Nothing changed since the release of ${previous.date}.`};
  const folder = io.write(
    {date: date!, title: title!.trim(), source: `the bundles of \`npm run specs:bundle\` on ${date}`},
    bundles,
  );
  return {
    code: 0,
    out: [
      `Wrote ${folder}: ${bundles.size} specifications, ${count} change${count === 1 ? '' : 's'} ${since}${changes.length ? ':' : '.'}`,
      ...lines,
    ].join('\n'),
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {'dry-run': {type: 'boolean'}, help: {type: 'boolean', short: 'h'}},
  });
}

// Run as the command (not when a test imports it)
if (process.argv[1] && /release\.ts$/.test(process.argv[1])) {
  try {
    const {code, out} = runRelease(process.argv.slice(2));
    (code === 0 ? console.log : console.error)(out);
    process.exitCode = code;
  } catch (error: unknown) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
