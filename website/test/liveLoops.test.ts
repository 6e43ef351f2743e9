/**
 * The polling loop as code (`liveLoopPrograms` of @portal/specs, specs/lib/liveLoops/), which the try-it
 * console shows for the session it ran: the loops of Create and poll are this code for the guide's own
 * query (so the console's programs are the loop the guide teaches, and the integration check's verdict on
 * the guide's loops, website/test/guideCheck.test.ts, is a verdict on them); and for each live search,
 * with the bodies the console sends (its specification's examples, the poll's from the first page), each
 * language runs against the sandbox, byte for byte as
 * generated, as the guides' code does (test-utils/guideRuns.ts): it exits 0, prints the search complete
 * with its results counted, and is answered no error.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {firstExample, liveLoopOf, liveLoopPrograms, operations, requestMedia} from '@portal/specs';
import {loadBundle, loadBundles} from '@portal/specs/node';
import {createApp} from '@portal/sandbox';
import {codeBlocks} from '@portal/content';
import {runProgram} from '@portal/test-utils/guideRuns';
import {startSandbox} from '@portal/test-utils/sandbox';
import {liveCount, type LiveViewApi} from '../src/components/TryIt/liveView';
import {consoleOperation} from '../src/components/TryIt/request';

const docsDir = path.resolve(__dirname, '../docs');
const blocksOf = (page: string) => codeBlocks(`docs/${page}`, fs.readFileSync(path.join(docsDir, page), 'utf8'));

/** The live searches the console runs, each by its create call. */
const searches: {slug: LiveViewApi; create: string; what: string}[] = [
  {slug: 'flights-live-pricing', create: 'FlightsService_CreateSearch', what: 'a flights live search'},
  {slug: 'hotels-live', create: 'HotelsService_CreateSearch', what: 'a hotels live search'},
  {slug: 'carhire-live-pricing', create: 'CarHireService_CreateSearch', what: 'a car hire live search'},
];

/**
 * The loop of a search as the console shows it after Poll until complete: its spec's example create body
 * and, when its poll takes one, the console's poll body (the poll's example from the first page, `poll.body`
 * of consoleOperation in src/components/TryIt/request.ts).
 */
function exampleLoop(search: (typeof searches)[number]) {
  const doc = loadBundle(search.slug);
  const create = operations(search.slug, doc).find((operation) => operation.operationId === search.create)!;
  const pollBody = consoleOperation(search.slug, doc, search.create).poll?.body;
  return liveLoopOf(search.slug, doc, search.create, {
    createBody: firstExample(doc, requestMedia(doc, create)),
    ...(pollBody ? {pollBody: JSON.parse(pollBody) as unknown} : {}),
    count: liveCount(search.slug),
    what: search.what,
  });
}

describe('the loop of Create and poll', () => {
  it("is the generated loop for the guide's query, in each of the guide's languages", () => {
    const blocks = blocksOf('getting-started/create-and-poll.mdx');
    const query = blocks.find((block) => block.meta.request === 'FlightsService_CreateSearch');
    expect(query).toBeDefined();
    const loop = liveLoopOf('flights-live-pricing', loadBundle('flights-live-pricing'), 'FlightsService_CreateSearch', {
      createBody: JSON.parse(query!.body),
      count: liveCount('flights-live-pricing'),
      what: 'a flights live search',
    });
    const programs = liveLoopPrograms(loop);
    const guideLoops = new Map(
      blocks
        .filter(
          (block) =>
            ['bash', 'js', 'python'].includes(block.lang) && /poll/i.test(block.body) && block.body.length > 2000,
        )
        .map((block) => [block.lang, block.body]),
    );
    expect([...guideLoops.keys()]).toEqual(['bash', 'js', 'python']);
    for (const program of programs.filter((candidate) => candidate.language !== 'typescript')) {
      expect(guideLoops.get(program.lang)?.replace(/\n$/, ''), program.language).toBe(
        program.source.replace(/\n$/, ''),
      );
    }
  });
});

describe('the loop as code of each live search', () => {
  // The TypeScript programs are type-checked with the typed-client guide's tsconfig.json
  const tsconfig = blocksOf('getting-started/typed-client.mdx').find((block) => block.meta.file === 'tsconfig.json');
  it("finds the typed-client guide's tsconfig.json", () => expect(tsconfig?.body).toContain('"strict": true'));

  for (const search of searches) {
    const loop = exampleLoop(search);
    it.concurrent.each(liveLoopPrograms(loop).map((program) => [program.language, program] as const))(
      `${search.slug}: the %s program runs against the sandbox to a complete search`,
      async (language, program) => {
        const sandbox = await startSandbox(createApp({bundles: loadBundles(), strict: true}).fetch);
        try {
          const result = await runProgram(
            language,
            program.source,
            {API_BASE_URL: sandbox.url, API_KEY: 'sandbox_live_loops'},
            {timeoutMs: 90_000, files: language === 'typescript' ? {'tsconfig.json': tsconfig?.body ?? ''} : {}},
          );
          const where = `the ${search.slug} loop (${language}, liveLoopPrograms)`;
          expect(result.code, `${where}\n${result.stdout}\n${result.stderr}`).toBe(0);
          expect(result.stdout, where).toContain('final status: RESULT_STATUS_COMPLETE');
          if (language !== 'bash')
            expect(result.stdout, where).toMatch(new RegExp(`, [1-9]\\d* ${loop.count.noun}\\n`));
          // Every call was answered 2xx: the create, the polls, and the poll bodies the spec requires
          expect(
            sandbox.requests.filter((request) => request.status >= 300),
            where,
          ).toEqual([]);
          expect(
            sandbox.requests.filter((request) => request.path.startsWith(loop.createPath)),
            where,
          ).toHaveLength(1);
          expect(sandbox.requests.length, where).toBeGreaterThan(1);
        } finally {
          await sandbox.close();
        }
      },
      120_000,
    );
  }
});
