/**
 * `npm run specs:release -- <YYYY-MM-DD> "<title>"`: records the current bundles (run
 * `npm run specs:bundle` first) as a release of the specifications in `releases/<date>/`
 * (lib/releases.ts). The change log (website/docs/change-log.mdx) lists what changed since the
 * release before on the next build. Refuses a date not after the last release, and a release with
 * no change.
 */
import {loadBundles} from './bundles';
import {listReleases, loadRelease, writeRelease} from './releases';
import {releaseChanges} from './specChanges';

function main(): void {
  const [date, title] = process.argv.slice(2);
  if (!date || !title) throw new Error('Usage: npm run specs:release -- <YYYY-MM-DD> "<what the release brings>"');
  const previous = listReleases().at(-1);
  if (previous && previous.date >= date)
    throw new Error(`The last release is ${previous.date}: a new one comes after it`);
  const bundles = loadBundles();
  const changes = previous ? releaseChanges(loadRelease(previous.date), bundles) : [];
  if (previous && changes.length === 0) throw new Error(`Nothing changed since the release of ${previous.date}`);
  const folder = writeRelease({date, title, source: `the bundles of \`npm run specs:bundle\` on ${date}`}, bundles);
  console.log(`Wrote ${folder}: ${bundles.size} specifications.`);
  for (const api of changes) {
    const breaking = api.changes.filter(({kind}) => kind === 'breaking').length;
    console.log(`  ${api.slug}: ${api.status}, ${api.changes.length} changes (${breaking} breaking)`);
  }
}

try {
  main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
