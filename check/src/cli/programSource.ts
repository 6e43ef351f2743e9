/**
 * What `check --hosted` declares of the partner's program (the check API's `programFiles` and
 * `programCommit`, signed into the attestation as declared by the partner's command): the SHA-256 of each
 * file the command line names that exists, and the git commit of the folder it runs in with whether its work
 * tree has changes not committed (the report folder left out, as the check itself writes there). Nothing here
 * is proof: the partner's machine computes it. A provider compares it with the program it was shown.
 */
import {execFile} from 'node:child_process';
import {createHash} from 'node:crypto';
import {createReadStream} from 'node:fs';
import {stat} from 'node:fs/promises';
import path from 'node:path';
import type {ProgramCommit, ProgramFile} from '../attest/statement';

/** The most files declared (the check API's `programFiles.maxItems`) and the longest name it takes. */
export const MAX_PROGRAM_FILES = 20;
const MAX_PATH = 200;
/** A file larger than this is not hashed (a runtime's binary, a data set): it is no program's source. */
export const MAX_HASHED_BYTES = 64 * 1024 * 1024;

export interface ProgramSource {
  programFiles?: ProgramFile[];
  programCommit?: ProgramCommit;
}

const sha256Of = (file: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });

/** `git <args>` in `cwd`: its output, or undefined when git is missing, fails, or takes over 10 s. */
const git = (cwd: string, args: string[]): Promise<string | undefined> =>
  new Promise((resolve) => {
    execFile('git', args, {cwd, timeout: 10_000, maxBuffer: 4 * 1024 * 1024}, (error, stdout) =>
      resolve(error ? undefined : stdout),
    );
  });

/** The files `words` (the command and its arguments) name that exist, by SHA-256, each once. */
async function namedFiles(words: string[], cwd: string): Promise<ProgramFile[]> {
  const files: ProgramFile[] = [];
  for (const word of new Set(words)) {
    if (files.length >= MAX_PROGRAM_FILES) break;
    if (!word || word.length > MAX_PATH || word.startsWith('-')) continue;
    const file = path.resolve(cwd, word);
    const found = await stat(file).catch(() => undefined);
    if (!found?.isFile() || found.size > MAX_HASHED_BYTES) continue;
    const sha256 = await sha256Of(file).catch(() => undefined);
    if (sha256) files.push({path: word, sha256});
  }
  return files;
}

/** The commit `cwd` is at, and whether its work tree has changes (but in `reportDir`), when it is a repository. */
async function commitOf(cwd: string, reportDir: string): Promise<ProgramCommit | undefined> {
  const head = (await git(cwd, ['rev-parse', '--verify', '--quiet', 'HEAD']))?.trim();
  if (!head || !/^([0-9a-f]{40}|[0-9a-f]{64})$/.test(head)) return undefined;
  const report = path.relative(cwd, reportDir);
  const outside = !report || report.startsWith('..') || path.isAbsolute(report);
  const status = await git(cwd, ['status', '--porcelain', '--', '.', ...(outside ? [] : [`:(exclude)${report}`])]);
  if (status === undefined) return undefined;
  return {commit: head, dirty: status.trim() !== ''};
}

export async function programSource(
  command: string,
  args: string[],
  cwd: string,
  reportDir: string,
): Promise<ProgramSource> {
  const [programFiles, programCommit] = await Promise.all([
    namedFiles([command, ...args], cwd),
    commitOf(cwd, reportDir),
  ]);
  return {...(programFiles.length ? {programFiles} : {}), ...(programCommit ? {programCommit} : {})};
}
