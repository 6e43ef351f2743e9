/**
 * An attestation signed here, for the verifier's tests (verify.test.ts, ../cli/verify.test.ts): runs of
 * ../report/report.fixture.ts written as the check writes its HAR, judged from that HAR as a hosted run judges, attested for a
 * run at `https://portal.example`, and signed with a key made for the test, with the key set that trusts it.
 */
import {bundles} from '@portal/sandbox/testing';
import {rules} from '../contract';
import {toHar} from '../har/har';
import type {CheckReport, Recording} from '../model';
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

export async function signedFixture(
  recordings: Recording[],
  run: {finishedAt: string; baseUrl?: string},
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
  };
  return {signer, keys: {keys: [signer.published]}, har, report, input, envelope: await attest(input, signer)};
}
