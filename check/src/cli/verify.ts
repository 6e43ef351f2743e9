/**
 * `verify <attestation.json> --keys <portal origin or key set file> [--har <session.har>] [--for <api>[,<api>...]]
 * [--challenge <text>] [--json]`: decides on a hosted check's run, offline but for the key set. Authentic
 * (../attest/verify.ts): the signature is by a published key (and, with `--har`, the HAR is the attested one and
 * judging it again gives the attested verdict). Accepted (../attest/decide.ts): the run PASSED, carries the
 * challenge given, and meets the go-live policy of each API `--for` names (../attest/policy.ts). Exit 0
 * only when both hold, 1 when either does not, saying each reason, 2 for input that cannot be read or a key
 * set that cannot be fetched. `--keys` takes the portal's origin (its `/.well-known/integration-check-keys.json` is
 * fetched) or a file holding that set.
 */
import {readFile, stat} from 'node:fs/promises';
import path from 'node:path';
import type {OpenApiDocument} from '@portal/specs';
import {MAX_HAR_BYTES} from '../har/har';
import {readAtMost} from '../readAtMost';
import {KEYS_PATH, MAX_SMALL_FILE, outcomeLines, verifyAttestation} from '../attest/verify';
import {decide, factLines, runFacts} from '../attest/decide';
import {policiesFor, policyLine, type NamedPolicy} from '../attest/policy';

export {KEYS_PATH};

export const verifyUsage = (invocation: string): string => `Usage:
  ${invocation} verify <attestation.json> --keys <portal origin or key set file> [--har <session.har>]
      [--for <api>[,<api>...]] [--challenge <text>] [--json]

Decides whether to accept a hosted check's run (check --hosted). First, is the attestation authentic: its
signature is by a key the portal publishes (at <origin>${KEYS_PATH}), and with --har the HAR is the one it
attests and judging it again gives the same verdict. Then, is the run accepted: it PASSED, it carries the
challenge given, and it meets the go-live policy of each API named. Prints both apart, with the run's
partner, challenge, program, scenarios, time and coverage.
  --keys <origin|file>  the portal's origin (https://...), or a file holding its key set
  --har <file>          the run's session.har
  --for <api>[,<api>]   judge the run against each API's go-live policy: its guide folder
                        (hotels-live-prices) or its reference slug (hotels-live)
  --challenge <text>    the challenge you issued for this check: the run must carry it
  --json                print the same as one JSON document
  --help                this help
Exit codes: 0 authentic and accepted, 1 not authentic or refused (each reason said), 2 input that cannot be
read or a usage error.`;

export interface VerifyIo {
  cwd: string;
  bundles: Map<string, OpenApiDocument>;
  out: (line: string) => void;
  err: (line: string) => void;
  invocation: string;
  /** Now, ms since 1970 (Date.now unless given). */
  now?: () => number;
  fetch?: typeof fetch;
  /** How long fetching the key set may take before it is given up (30 s unless given). */
  keysTimeoutMs?: number;
}

class Unreadable extends Error {}

/** The hosts an `http:` key set may come from: this machine (a local Worker), never the network. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The one line for a file that cannot be read, with the system's code for why. */
const cannotRead = (file: string, error: unknown): Unreadable =>
  new Unreadable(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);

async function readSmall(file: string, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  let size: number;
  try {
    const stats = await stat(file);
    if (!stats.isFile()) throw new Unreadable(`${file} is not a file`);
    size = stats.size;
  } catch (error) {
    throw error instanceof Unreadable ? error : cannotRead(file, error);
  }
  if (size > limit) throw new Unreadable(`${path.basename(file)} is ${size} bytes; at most ${limit} are read`);
  try {
    return new Uint8Array(await readFile(file));
  } catch (error) {
    throw cannotRead(file, error);
  }
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
    try {
      // A key server that never answers would hold the command for ever: given up after the time-out
      const signal = AbortSignal.timeout(io.keysTimeoutMs ?? 30_000);
      const answer = await (io.fetch ?? fetch)(url, {signal});
      if (!answer.ok) throw new Unreadable(`${url} answered ${answer.status}`);
      // Read inside the try (an answer cut or stalled mid-body is a key set that cannot be fetched), and only
      // as much as a key set can be: what a server sends beyond it is not read
      const body = await readAtMost(answer.body, MAX_SMALL_FILE);
      if (body.length > MAX_SMALL_FILE)
        throw new Unreadable(`${url} answered more than ${MAX_SMALL_FILE} bytes: that is not a key set`);
      return new TextDecoder().decode(body);
    } catch (error) {
      if (error instanceof Unreadable) throw error;
      throw new Unreadable(`cannot fetch ${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
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
  let json = false;
  const values = new Map<string, string>();
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index];
    if (token === '--help' || token === '-h') {
      io.out(verifyUsage(io.invocation));
      return 0;
    }
    const [name, inline] = token.split(/=(.*)/s, 2);
    if (token === '--json') {
      json = true;
    } else if (name === '--har' || name === '--keys' || name === '--challenge' || name === '--for') {
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
  let policies: NamedPolicy[] = [];
  const named = values.get('--for');
  if (named !== undefined) {
    const found = policiesFor(named, io.bundles);
    if ('error' in found) return usageError(found.error);
    policies = found.policies;
  }

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
    if (json) io.out(JSON.stringify({authentic: false, unreadable: {code: outcome.code, message: outcome.message}}));
    io.err(`verify: ${outcome.message} [${outcome.code}]`);
    return 2;
  }
  const withHar = values.has('--har');
  const challenge = values.get('--challenge');
  const decision = outcome.status === 'verified' ? decide(outcome.statement, {challenge, policies}) : undefined;
  if (json) {
    io.out(
      JSON.stringify(
        {
          authentic: outcome.status === 'verified',
          harChecked: withHar,
          checks: outcomeLines(outcome),
          ...(outcome.status === 'refused' ? {refusals: outcome.reasons} : {}),
          ...(policies.length ? {for: policies.map(({name}) => name)} : {}),
          ...(outcome.status === 'verified' ? {run: runFacts(outcome.statement), decision} : {}),
        },
        null,
        2,
      ),
    );
  } else {
    for (const line of outcomeLines(outcome)) io.out(line);
    if (outcome.status === 'refused') io.out('NOT AUTHENTIC');
    else {
      io.out(withHar ? 'AUTHENTIC' : 'AUTHENTIC (the signature and the statement; give --har to check the HAR too)');
      for (const line of factLines(runFacts(outcome.statement))) io.out(line);
      for (const policy of policies) io.out(`policy: ${policyLine(policy)}`);
      for (const reason of decision!.reasons) io.out(`✗ ${reason}`);
      io.out(decision!.accepted ? 'ACCEPTED' : 'REFUSED');
    }
  }
  return outcome.status === 'verified' && decision!.accepted ? 0 : 1;
}
