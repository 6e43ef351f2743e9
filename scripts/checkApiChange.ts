/**
 * `npm run check:api-change -- [<api slug>...]`: after a change to a specification, what catches what the
 * change leaves behind, in about a minute and a half (specs/README.md, "When the API changes"). In order,
 * stopping at the first step that fails:
 *
 * 1. `npm run specs:lint`: Redocly's rules and the conventions (a property, parameter or enum value without
 *    a description, an example that does not validate), then Prettier on the spec files;
 * 2. `npm run specs:bundle`;
 * 3. the checks that follow the specs (`checks` below): limits in the specs' prose and the guides', field
 *    tables and enum values of the guides, enum tables, the guides' JSON examples, deprecated uses, the
 *    sandbox's answers shown on pages, the sandbox's response fields and enum values, the reference's
 *    markdown and the MCP server's deprecation marks, and the check API's spec against the hosted check;
 * 4. with API slugs (`hotels-live`), the guides' runs of those APIs' guide folders (website/test/guideRuns.test.ts,
 *    by the name of each run). All of the guides' runs take minutes: `npx vitest run website/test/guideRuns.test.ts`.
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {apis} from '@portal/content/apis';

const root = path.resolve(__dirname, '..');

/** The test files of step 3. */
export const checks = [
  'specs/test/lint.test.ts',
  'specs/test/descriptions.test.ts',
  'specs/test/specs.test.ts',
  'specs/lib/referenceMarkdown.test.ts',
  'website/test/guideProse.test.ts',
  'website/test/guideEnums.test.ts',
  'website/test/guideExamples.test.ts',
  'website/test/guideDeprecations.test.ts',
  'website/test/sandboxAnswers.test.ts',
  'website/src/plugins/enumTables/index.test.ts',
  'website/src/plugins/fieldTables/index.test.ts',
  'sandbox/src/responseCoverage.test.ts',
  'mcp/src/deprecations.test.ts',
  // The portal's own API (specs/check-api): its bounds, scenarios and files against the hosted check's code
  'check/src/hosted/spec.test.ts',
];

const usage = [
  'Usage: npm run check:api-change -- [<api slug>...]',
  '',
  'Lints and bundles the specifications, then runs the checks that follow them; with API slugs, also the',
  "guides' runs of those APIs. Slugs:",
  `  ${apis.map((api) => api.slug).join(', ')}`,
  "After a change to the portal's own check API (specs/check-api), run it with no slug.",
].join('\n');

function run(step: string, command: string, args: string[]): void {
  console.log(`\n== ${step}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {cwd: root, stdio: 'inherit'});
  if (result.status !== 0) {
    console.error(`\ncheck:api-change: "${step}" failed; the messages above name the file and line to change.`);
    process.exit(result.status ?? 1);
  }
}

function main(argv: string[]): void {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage);
    return;
  }
  const unknown = argv.filter((slug) => !apis.some((api) => api.slug === slug));
  if (unknown.length > 0) {
    console.error(`No API ${unknown.join(', ')}.\n\n${usage}`);
    process.exit(1);
  }
  const started = Date.now();
  run('the lint of the specifications', 'npm', ['run', '--silent', 'specs:lint']);
  run('the bundles', 'npm', ['run', '--silent', 'specs:bundle']);
  run('the checks that follow the specifications', 'npx', ['vitest', 'run', ...checks]);
  if (argv.length > 0) {
    const folders = apis.filter((api) => argv.includes(api.slug)).map((api) => api.guideFolder);
    // The tests of guideRuns.test.ts are named by run: `docs/<folder>/<page>.mdx: <language>, <run>`
    run(`the guides' runs of ${argv.join(', ')}`, 'npx', [
      'vitest',
      'run',
      'website/test/guideRuns.test.ts',
      '-t',
      `^the code of the guides runs against the sandbox docs/(${folders.join('|')})/`,
    ]);
  }
  console.log(`\ncheck:api-change: all passed in ${Math.round((Date.now() - started) / 1000)} s.`);
}

main(process.argv.slice(2));
