/**
 * The guides' code as programs, and running them against the sandbox (`website/test/guideRuns.test.ts`).
 *
 * Which blocks run, and how (the code blocks are those of `codeBlocks` in `mdx.ts`, exactly as the
 * reader sees them):
 * - A ```bash, ```js or ```python block (and their aliases) runs, unless its fence says `fragment`
 *   (```js fragment: a type, one line of a larger program, a deliberately invalid example).
 * - Blocks whose fence says `program` (or `program=<name>`, when a page builds more than one program)
 *   are one program per language: they are joined in page order, as the page tells the reader to put
 *   the steps together. Every other block runs alone.
 * - A block whose fence says `file=<name>` is a file the page's other programs of its language use
 *   (`file=helpers.mjs`, imported by each example): it is written, under that name, into the directory
 *   of each of those runs, and does not run by itself. A ```json file=tsconfig.json block is the
 *   TypeScript programs' (`configFiles`).
 * - A block whose fence says `serve=<url>` is a server (it listens until it is stopped): it runs alone,
 *   the runner calls `<url>` (a GET on 127.0.0.1) once it answers, then stops it; what the server
 *   answered counts as its output. Such URLs name fixed ports, so servers run one at a time.
 * - bash runs with `/bin/bash` (with curl and jq on the PATH), JavaScript with this `node` from a `.mjs`
 *   file, Python with Debian's `/usr/bin/python3` (with python3-requests), TypeScript from a `.mts` file
 *   type-checked by `tsc` with the page's `tsconfig.json` (a ```json file=tsconfig.json block) and then
 *   run by `tsx`, beside what the typed-client guide has the reader install and download
 *   (website/docs/getting-started/typed-client.mdx): the repository's `node_modules` (openapi-fetch)
 *   and every API's generated `<slug>.d.ts`. Each runs in a new temporary
 *   directory, with only the environment the guides tell the reader to set: `API_BASE_URL` and
 *   `API_KEY` (and a PATH, HOME and LANG any shell has).
 *
 * `startSandbox` (sandbox.ts) serves a sandbox app on 127.0.0.1 on a free port and records each request,
 * the status it answered and, for a 400, the fields it named, so a run that reads an error as if it were
 * an answer is caught too. The guides' runs use a strict sandbox (`createApp({strict: true})`), so what their code
 * sends is checked as sent: its schema, its x-validation rules, and no field the schema does not declare.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import {artefactPath, listedSlugs} from '@portal/specs/node';
import {codeLanguageOf, type CodeBlock} from '@portal/content';

export type RunLanguage = 'bash' | 'javascript' | 'python' | 'typescript';

/** The language a fence's language runs as, if it is one the runner runs. */
export const runLanguageOf = (lang: string): RunLanguage | undefined => codeLanguageOf(lang);

/** The fence word that marks a block that is not a program. */
export const FRAGMENT = 'fragment';
/** The fence word (or key) that joins blocks into one program per language. */
export const PROGRAM = 'program';

export interface GuideRun {
  file: string;
  language: RunLanguage;
  /** `program` (or `program=<name>`) for joined blocks, else `line <n>` of the block. */
  name: string;
  blocks: CodeBlock[];
  /** The program's text: the blocks' bodies in page order, separated by a blank line. */
  source: string;
  /** For a server: the URL to call once it listens (`serve=<url>`). */
  serve?: string;
  /** The page's `file=<name>` blocks of the run's language, by name: written beside the program. */
  files: Record<string, string>;
}

/**
 * The name of a run, as every failure of the guides' runs gives it: the page, the language, the run's name
 * and the lines of its blocks (`docs/carriers/overview.mdx (bash, program, blocks at lines 30, 136)`).
 */
export const runName = (run: Pick<GuideRun, 'file' | 'language' | 'name' | 'blocks'>): string =>
  `${run.file} (${run.language}, ${run.name}, blocks at lines ${run.blocks.map((block) => block.line).join(', ')})`;

export interface GuidePlan {
  runs: GuideRun[];
  /** The blocks in a runnable language marked `fragment`. */
  fragments: CodeBlock[];
  /** The `file=<name>` blocks. */
  files: CodeBlock[];
}

/**
 * The configuration files a page has the reader save for the programs of a language, by name: a
 * ```json file=tsconfig.json block is written beside the page's TypeScript programs, which are
 * type-checked with it.
 */
const configFiles: Record<string, RunLanguage> = {'tsconfig.json': 'typescript'};

/** The language of the programs a `file=<name>` block is written beside (none for other blocks). */
export const fileLanguageOf = (block: CodeBlock): RunLanguage | undefined =>
  block.meta.file === undefined ? undefined : (runLanguageOf(block.lang) ?? configFiles[block.meta.file]);

/** The runs of a page's code blocks, in page order (a joined program at its first block). */
export function guideRuns(blocks: CodeBlock[]): GuidePlan {
  const runs: GuideRun[] = [];
  const fragments: CodeBlock[] = [];
  const files: CodeBlock[] = [];
  const programs = new Map<string, GuideRun>();
  for (const block of blocks) {
    const language = runLanguageOf(block.lang);
    if (!language) {
      if (fileLanguageOf(block)) files.push(block);
      continue;
    }
    if (block.flags.includes(FRAGMENT)) {
      fragments.push(block);
      continue;
    }
    if (block.meta.file !== undefined) {
      files.push(block);
      continue;
    }
    const program = block.flags.includes(PROGRAM) ? '' : block.meta[PROGRAM];
    if (program === undefined) {
      const serve = block.meta.serve;
      runs.push({
        file: block.file,
        language,
        name: `line ${block.line}`,
        blocks: [block],
        source: block.body,
        ...(serve === undefined ? {} : {serve}),
        files: {},
      });
      continue;
    }
    const key = `${language} ${program}`;
    const existing = programs.get(key);
    if (existing) {
      existing.blocks.push(block);
      existing.source += `\n${block.body}`;
    } else {
      const run = {
        file: block.file,
        language,
        name: program ? `program=${program}` : PROGRAM,
        blocks: [block],
        source: block.body,
        files: {},
      };
      programs.set(key, run);
      runs.push(run);
    }
  }
  for (const run of runs) {
    for (const file of files) {
      if (fileLanguageOf(file) === run.language) run.files[file.meta.file] = file.body;
    }
  }
  return {runs, fragments, files};
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** For a server: what it answered the runner's call (status 0: it never answered). */
  answer?: {status: number; body: string};
}

const commands: Record<RunLanguage, {file: string; command: string}> = {
  bash: {file: 'program.sh', command: '/bin/bash'},
  javascript: {file: 'program.mjs', command: process.execPath},
  python: {file: 'program.py', command: '/usr/bin/python3'},
  typescript: {file: 'program.mts', command: path.resolve(__dirname, '../node_modules/.bin/tsx')},
};

/**
 * Readies a TypeScript run's directory as the typed-client guide readies the reader's: openapi-fetch
 * installed (the repository's node_modules) and the APIs' types saved beside the program, with the
 * guide's own `tsconfig.json` (its ```json file=tsconfig.json block, written beside the program by
 * `runProgram`); then type-checks the folder with it, as the guide's `npx tsc` does. Returns tsc's
 * complaints, or nothing when it type-checks.
 */
function prepareTypeScript(dir: string): string | undefined {
  const root = path.resolve(__dirname, '..');
  if (!fs.existsSync(path.join(dir, 'tsconfig.json'))) {
    return 'tsc: no tsconfig.json: the page must give it as a ```json file=tsconfig.json block';
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  for (const slug of listedSlugs()) fs.copyFileSync(artefactPath(slug, 'd.ts'), path.join(dir, `${slug}.d.ts`));
  try {
    execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], {encoding: 'utf8'});
    return undefined;
  } catch (error) {
    return `tsc: ${(error as {stdout?: string}).stdout ?? String(error)}`;
  }
}

/**
 * Runs a program in a new temporary directory with only `env` (plus PATH, HOME and LANG) set. With
 * `serve`, the program is a server: once `serve` answers (or the time is up), it is stopped.
 */
export async function runProgram(
  language: RunLanguage,
  source: string,
  env: Record<string, string>,
  {timeoutMs = 60_000, serve, files = {}}: {timeoutMs?: number; serve?: string; files?: Record<string, string>} = {},
): Promise<RunResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-run-'));
  const {file, command} = commands[language];
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, path.basename(name)), text);
  fs.writeFileSync(path.join(dir, file), source);
  try {
    const typeErrors = language === 'typescript' ? prepareTypeScript(dir) : undefined;
    if (typeErrors) return {code: 2, signal: null, stdout: '', stderr: typeErrors, timedOut: false};
    return await new Promise<RunResult>((resolve, reject) => {
      const child = spawn(command, [file], {
        cwd: dir,
        env: {PATH: '/usr/local/bin:/usr/bin:/bin', HOME: dir, LANG: 'C.UTF-8', ...env},
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      let timedOut = false;
      let exited = false;
      let answer: RunResult['answer'];
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, timeoutMs);
      child.on('error', reject);
      child.on('close', (code, signal) => {
        exited = true;
        clearTimeout(timer);
        resolve({code, signal, stdout, stderr, timedOut, ...(serve ? {answer: answer ?? {status: 0, body: ''}} : {})});
      });
      if (serve) {
        void (async () => {
          const deadline = Date.now() + Math.min(timeoutMs, 15_000);
          while (!exited && Date.now() < deadline) {
            try {
              const res = await fetch(serve, {signal: AbortSignal.timeout(10_000)});
              answer = {status: res.status, body: await res.text()};
              break;
            } catch {
              await new Promise((resolve) => setTimeout(resolve, 100)); // not listening yet
            }
          }
          child.kill('SIGTERM');
        })();
      }
    });
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
}
