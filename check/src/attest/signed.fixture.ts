/**
 * An attestation signed here, for the verifier's tests (verify.test.ts, ../cli/verify.test.ts): runs of
 * ../report/report.fixture.ts written as the check writes its HAR, judged from that HAR as a hosted run judges, attested for a
 * run at `https://portal.example`, and signed with a key made for the test, with the key set that trusts it.
 */
import {bundles} from '@portal/sandbox/testing';
import {rules} from '../contract';
import {toHar} from '../har/har';
import type {CheckReport, ProgramEnd, Recording} from '../model';
import {SANDBOX_KEY} from '../report/report.fixture';
import {judgeHarText} from '../judge/judgeHar';
import {attest, type AttestationInput} from './statement';
import type {DsseEnvelope} from './dsse';
import {generateSigningKey, signerOf, type KeySet, type Signer} from './keys';

export interface SignedFixture {
  signer: Signer;
  /** The key set that holds the signer's key, and nothing else. */
  keys: KeySet;
  har: string;
  report: CheckReport;
  input: AttestationInput;
  envelope: DsseEnvelope;
}

/** A fresh signing key, as the portal's Worker would hold one. */
export const newSigner = async (): Promise<Signer> => signerOf(JSON.stringify(await generateSigningKey()));

/**
 * A run of one call that every rule it exercises passes (a key sent, a valid request): PASSED unless `program`
 * says otherwise (a time-out, say, fails it by its problem alone).
 */
export const oneCallRun = (program: Partial<ProgramEnd> = {}): Recording => ({
  scenario: 'normal',
  startedAt: '2026-11-23T10:00:00.000Z',
  timeLimitMs: 60_000,
  exchanges: [
    {
      index: 0,
      startedMs: 10,
      endedMs: 40,
      request: {method: 'GET', url: '/apiservices/v3/culture/currencies', headers: [['x-api-key', SANDBOX_KEY]]},
      response: {status: 200, headers: [['content-type', 'application/json']], body: '{"currencies":[]}'},
    },
  ],
  program: {exitCode: 0, signal: null, timedOut: false, flooded: false, durationMs: 900, stderrTail: '', ...program},
});

export async function signedFixture(
  recordings: Recording[],
  run: {finishedAt: string; baseUrl?: string} & Pick<AttestationInput, 'partner' | 'challenge'>,
): Promise<SignedFixture> {
  const signer = await newSigner();
  const har = JSON.stringify(toHar(recordings, run.baseUrl === undefined ? {} : {baseUrl: run.baseUrl}), null, 2);
  const report = await judgeHarText(har, 'session.har', bundles, {subject: 'node client.js', mode: 'program'});
  if ('error' in report) throw new Error(report.error);
  const input: AttestationInput = {
    report,
    rules,
    har,
    url: 'https://portal.example/check/v1/runs/r1',
    siteUrl: 'https://portal.example',
    bundles,
    startedAt: '2026-11-23T10:00:00.000Z',
    finishedAt: run.finishedAt,
    ...(run.partner !== undefined ? {partner: run.partner} : {}),
    ...(run.challenge !== undefined ? {challenge: run.challenge} : {}),
  };
  return {signer, keys: {keys: [signer.published]}, har, report, input, envelope: await attest(input, signer)};
}
