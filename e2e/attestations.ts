/**
 * Attestations for the in-browser verifier's tests (e2e/attestation-check.spec.ts, e2e/csp.spec.ts), made
 * when the tests run, as a hosted run makes them (check/src/hosted/run.ts): the passing HAR of a real check
 * (fixtures/integration-check/passing.har) judged again with the check's own code (`judgeHarText`), the
 * statement signed with `attest` by a key made here (`generateSigningKey`), against the specifications this
 * build serves (`loadBundles`, the same bundles as `/openapi/<slug>.json`). Written to a folder of the test's
 * output as the files a reader picks: `attestation.json`, `session.har`, a copy of the HAR with one byte
 * changed, and the key set (`integration-check-keys.json`). `expectedLines` gives what `sandbox.mjs verify`
 * prints for the same files (check/src/verify.ts), which the page must show.
 */
import fs from 'node:fs';
import path from 'node:path';
import {loadBundles} from '@portal/specs/node';
import {rules} from '@portal/check/contract';
import {attest} from '@portal/check/attestation';
import {judgeHarText} from '@portal/check/judgeHar';
import {generateSigningKey, signerOf, type KeySet} from '@portal/check/signingKeys';
import {outcomeLines, verifyAttestation} from '@portal/check/verify';

const fixtures = path.join(__dirname, 'fixtures', 'integration-check');
const passingHar = path.join(fixtures, 'passing.har');
/** A HAR that breaks rules: its attestation is authentic and its run refused. */
export const failingHar = path.join(fixtures, 'failing.har');

export interface AttestationFiles {
  attestation: string;
  har: string;
  /** The HAR with one digit of a call's time changed: still JSON, no longer the attested file. */
  tamperedHar: string;
  keys: string;
  /** The key's id, as the envelope names it. */
  keyid: string;
}

/** Makes the files in `dir`, of the passing HAR unless told. */
export async function makeAttestation(dir: string, harFile = passingHar): Promise<AttestationFiles> {
  const bundles = loadBundles();
  const har = fs.readFileSync(harFile, 'utf8');
  const report = await judgeHarText(har, 'session.har', bundles, {mode: 'program'});
  if ('error' in report) throw new Error(`${harFile} cannot be judged: ${report.error}`);
  const signer = await signerOf(JSON.stringify(await generateSigningKey()));
  const envelope = await attest(
    {
      report,
      rules,
      har,
      url: 'https://portal.example/check/v1/runs/e2e',
      siteUrl: 'https://portal.example',
      bundles,
      startedAt: '2026-11-27T10:00:00.000Z',
      finishedAt: '2026-11-27T10:05:00.000Z',
    },
    signer,
  );
  const keys: KeySet = {keys: [signer.published]};
  // One byte: the first digit of the first call's "time", one more (JSON still, the same calls but for it)
  const at = har.indexOf('"time":');
  const digit = har.slice(at).search(/\d/) + at;
  const tampered = `${har.slice(0, digit)}${(Number(har[digit]) + 1) % 10}${har.slice(digit + 1)}`;
  if (at < 0 || tampered.length !== har.length || tampered === har) throw new Error('the HAR was not changed');

  fs.mkdirSync(dir, {recursive: true});
  const files: AttestationFiles = {
    attestation: path.join(dir, 'attestation.json'),
    har: path.join(dir, 'session.har'),
    tamperedHar: path.join(dir, 'tampered', 'session.har'),
    keys: path.join(dir, 'integration-check-keys.json'),
    keyid: signer.keyid,
  };
  fs.mkdirSync(path.dirname(files.tamperedHar), {recursive: true});
  fs.writeFileSync(files.attestation, JSON.stringify(envelope, null, 2));
  fs.writeFileSync(files.har, har);
  fs.writeFileSync(files.tamperedHar, tampered);
  fs.writeFileSync(files.keys, JSON.stringify(keys, null, 2));
  return files;
}

/** What `sandbox.mjs verify` prints for these files (the ✓ and ✗ lines), with the HAR given or not. */
export async function expectedLines(files: AttestationFiles, har?: string): Promise<string[]> {
  const outcome = await verifyAttestation({
    attestation: fs.readFileSync(files.attestation, 'utf8'),
    keys: fs.readFileSync(files.keys, 'utf8'),
    now: Date.now(),
    bundles: loadBundles(),
    ...(har ? {har: new Uint8Array(fs.readFileSync(har))} : {}),
  });
  if (outcome.status === 'unreadable') throw new Error(outcome.message);
  return outcomeLines(outcome);
}
