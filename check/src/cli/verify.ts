/**
 * `verify <attestation.json> [--har <session.har>] [--keys <portal origin or key set file>]`: checks a hosted
 * check's attestation offline but for the key set (../attest/verify.ts does the checking): 0 when the signature is by
 * a published key (and, with `--har`, the HAR is the attested one and judging it again gives the attested
 * verdict), 1 when anything does not match, saying what, 2 for input that cannot be read or a key set that
 * cannot be fetched. `--keys` takes the portal's origin (its `/.well-known/integration-check-keys.json` is
 * fetched) or a file holding that set.
 */
import {readFile, stat} from 'node:fs/promises';
import path from 'node:path';
import type {OpenApiDocument} from '@portal/specs';
import {MAX_HAR_BYTES} from '../har/har';
import {KEYS_PATH, MAX_SMALL_FILE, outcomeLines, verifyAttestation} from '../attest/verify';

export {KEYS_PATH};

export const verifyUsage = (invocation: string): string => `Usage:
  ${invocation} verify <attestation.json> --keys <portal origin or key set file> [--har <session.har>]

Checks the attestation of a hosted check (check --hosted): its signature is by a key the portal publishes
(at <origin>${KEYS_PATH}), and with --har the HAR is the one it attests and judging it again gives the
same verdict.
  --keys <origin|file>  the portal's origin (https://...), or a file holding its key set
  --har <file>          the run's session.har
  --help                this help
Exit codes: 0 it holds, 1 something does not match (said on the line above), 2 input that cannot be read.`;

export interface VerifyIo {
  cwd: string;
  bundles: Map<string, OpenApiDocument>;
  out: (line: string) => void;
  err: (line: string) => void;
  invocation: string;
  /** Now, ms since 1970 (Date.now unless given). */
  now?: () => number;
  fetch?: typeof fetch;
}

class Unreadable extends Error {}

/** The hosts an `http:` key set may come from: this machine (a local Worker), never the network. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

async function readSmall(file: string, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  let size: number;
  try {
    const stats = await stat(file);
    if (!stats.isFile()) throw new Unreadable(`${file} is not a file`);
    size = stats.size;
  } catch (error) {
    if (error instanceof Unreadable) throw error;
    throw new Unreadable(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  if (size > limit) throw new Unreadable(`${path.basename(file)} is ${size} bytes; at most ${limit} are read`);
  return new Uint8Array(await readFile(file));
}

async function keySet(source: string, io: VerifyIo): Promise<string> {
  if (/^https?:\/\//.test(source)) {
    if (!/^https?:\/\/[^/\s?#]+\/?$/.test(source))
      throw new Unreadable(`--keys takes the portal's origin (https://developers.example.com), not ${source}`);
    // The key set is the trust root: fetched in clear text, anyone on the way could hand over their own keys
    if (source.startsWith('http:') && !LOOPBACK.has(new URL(source).hostname))
      throw new Unreadable(
        `--keys fetches the key set over https only (http only from this machine: localhost, 127.0.0.1, [::1]), not ${source}`,
      );
    const url = source.replace(/\/$/, '') + KEYS_PATH;
    let answer: Response;
    try {
      answer = await (io.fetch ?? fetch)(url, {signal: AbortSignal.timeout(30_000)});
    } catch (error) {
      throw new Unreadable(`cannot fetch ${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!answer.ok) throw new Unreadable(`${url} answered ${answer.status}`);
    return answer.text();
  }
  return new TextDecoder().decode(await readSmall(path.resolve(io.cwd, source), MAX_SMALL_FILE));
}

/** The whole command; returns the exit code. */
export async function runVerify(argv: string[], io: VerifyIo): Promise<number> {
  const usageError = (message: string) => {
    io.err(`verify: ${message}. Run '${io.invocation} verify --help' for the options.`);
    return 2;
  };
  let attestation: string | undefined;
  const values = new Map<string, string>();
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index];
    if (token === '--help' || token === '-h') {
      io.out(verifyUsage(io.invocation));
      return 0;
    }
    const [name, inline] = token.startsWith('--') ? token.split(/=(.*)/s, 2) : [token];
    if (name === '--har' || name === '--keys') {
      const value = inline ?? argv[++index];
      if (!value) return usageError(`${name} needs a value`);
      if (values.has(name)) return usageError(`${name} is given twice`);
      values.set(name, value);
    } else if (token.startsWith('-')) {
      return usageError(`unknown option ${token}`);
    } else if (attestation === undefined) {
      attestation = token;
    } else {
      return usageError(`one attestation at a time, not ${token} as well`);
    }
  }
  if (attestation === undefined) return usageError('give the attestation.json to verify');
  const keys = values.get('--keys');
  if (keys === undefined) return usageError("give --keys: the portal's origin, or a file holding its key set");

  let outcome;
  try {
    const envelope = new TextDecoder().decode(await readSmall(path.resolve(io.cwd, attestation), MAX_SMALL_FILE));
    const harFile = values.get('--har');
    const har = harFile === undefined ? undefined : await readSmall(path.resolve(io.cwd, harFile), MAX_HAR_BYTES);
    outcome = await verifyAttestation({
      attestation: envelope,
      keys: await keySet(keys, io),
      now: (io.now ?? Date.now)(),
      bundles: io.bundles,
      ...(har ? {har} : {}),
    });
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    io.err(`verify: ${error.message}`);
    return 2;
  }
  if (outcome.status === 'unreadable') {
    io.err(`verify: ${outcome.message} [${outcome.code}]`);
    return 2;
  }
  for (const line of outcomeLines(outcome)) io.out(line);
  if (outcome.status === 'refused') {
    io.out('NOT VERIFIED');
    return 1;
  }
  io.out(
    values.has('--har') ? 'VERIFIED' : 'VERIFIED (the signature and the statement; give --har to check the HAR too)',
  );
  return 0;
}
