/**
 * Verifying an attestation (verify.ts): one signed here from the recordings of ../report/report.fixture.ts (judged from
 * their HAR, as a hosted run judges), then verified without and with its HAR, and refused with a reason for
 * each thing that can be tampered with: one byte of the HAR, of the payload or of the signature; a key not in
 * the published set; an entry of the set that has expired (at the boundary: expired at now, trusted a second
 * before); a statement whose lists the HAR does not give; a HAR judged against other specifications. Input that
 * is no attestation or key set at all is unreadable.
 */
import {beforeAll, describe, expect, it} from 'vitest';
import {bundles} from '@portal/sandbox/testing';
import {judgeCheck} from '../judge/judge';
import type {CheckReport, Recording} from '../model';
import {readHar} from '../har/read';
import {attest, resultLists, testResultStatement, type AttestationInput} from './statement';
import {fromBase64, toBase64} from '../base64';
import {signEnvelope, type DsseEnvelope} from './dsse';
import {normalRun, rateLimitedRun} from '../report/report.fixture';
import {newSigner, signedFixture} from './signed.fixture';
import type {KeySet, Signer} from './keys';
import {unverifiedStatement, verifyAttestation, type VerifyInput} from './verify';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const encode = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(new TextEncoder().encode(text));

/** The fixture's two runs and a third that made no call. */
function recordings(): Recording[] {
  return [
    normalRun().recording,
    rateLimitedRun().recording,
    {
      scenario: 'failed',
      startedAt: '2026-11-23T10:02:00.000Z',
      timeLimitMs: 60_000,
      exchanges: [],
      program: {exitCode: 2, signal: null, timedOut: false, flooded: false, durationMs: 40, stderrTail: 'boom'},
    },
  ];
}

let signer: Signer;
let keys: KeySet;
let har: string;
let report: CheckReport;
let input: AttestationInput;
let envelope: DsseEnvelope;

beforeAll(async () => {
  ({signer, keys, har, report, input, envelope} = await signedFixture(recordings(), {
    finishedAt: '2026-11-23T10:03:00.000Z',
    baseUrl: 'https://portal.example/check/v1/runs/r1/normal',
  }));
});

const verify = (overrides: Partial<VerifyInput> = {}) =>
  verifyAttestation({
    attestation: JSON.stringify(envelope),
    keys: JSON.stringify(keys),
    now: NOW,
    bundles,
    ...overrides,
  });

describe('a HAR the check wrote, judged again', () => {
  it('gives the verdicts the recordings gave, the run that made no call included', async () => {
    const direct = await judgeCheck(recordings(), bundles, 'node client.js', 'program');
    const lists = resultLists(report);
    expect(lists.passedTests.length).toBeGreaterThan(0);
    expect(lists.failedTests.length).toBeGreaterThan(0);
    expect(lists).toEqual(resultLists(direct));
    expect(report.passed).toBe(direct.passed);
    expect(report.problems).toEqual(direct.problems);
    const read = readHar(har, 'session.har');
    expect('recordings' in read && read.recordings.map((recording) => recording.scenario)).toEqual([
      'normal',
      'rate-limited',
      'failed',
    ]);
    expect('recordings' in read && read.recordings[1].exchanges.map((call) => call.startedMs)).toEqual([
      10, 1_400, 1_910,
    ]);
  });
});

describe('the statement', () => {
  it('is an in-toto test result naming session.har, the run, the check and every specification', async () => {
    const statement = await testResultStatement(input);
    expect(statement._type).toBe('https://in-toto.io/Statement/v1');
    expect(statement.predicateType).toBe('https://in-toto.io/attestation/test-result/v0.1');
    expect(statement.subject).toEqual([
      {name: 'session.har', digest: {sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string}},
    ]);
    expect(statement.predicate.result).toBe('FAILED');
    expect(statement.predicate.url).toBe('https://portal.example/check/v1/runs/r1');
    expect(statement.predicate.failedTests).toContain('normal/valid-requests');
    // Not exercised is not "passed with warnings": listed apart, in the check's own entry
    expect(statement.predicate.warnedTests).toEqual([]);
    expect(statement.predicate.configuration[0].annotations?.notExercisedTests).toContain('failed/bounded-polling');
    const names = statement.predicate.configuration.map((descriptor) => descriptor.name);
    expect(names).toEqual(['integration-check', ...[...bundles.keys()].map((slug) => `${slug}.json`)]);
    expect(statement.predicate.configuration[1].uri).toBe(
      `https://portal.example/openapi/${[...bundles.keys()][0]}.json`,
    );
  });
});

describe('verify', () => {
  it('holds without the HAR and with it', async () => {
    const alone = await verify();
    expect(alone.status).toBe('verified');
    expect(alone.status === 'verified' && alone.keyid).toBe(signer.keyid);
    const withHar = await verify({har: encode(har)});
    expect(withHar.status).toBe('verified');
    expect(withHar.status === 'verified' && withHar.lines.at(-1)).toMatch(
      /judging it again gives FAILED with the same tests/,
    );
  });

  it('refuses a HAR with one byte changed', async () => {
    const changed = encode(har);
    changed[changed.length - 2] ^= 1;
    const outcome = await verify({har: changed});
    expect(outcome).toMatchObject({
      status: 'refused',
      reasons: [{code: 'HAR_DIGEST', message: expect.stringMatching(/the HAR is not the attested session\.har/)}],
    });
  });

  it('refuses a payload or a signature with one byte changed', async () => {
    const payload = fromBase64(envelope.payload)!;
    payload[payload.length - 2] ^= 1;
    const byPayload = await verify({attestation: JSON.stringify({...envelope, payload: toBase64(payload)})});
    expect(byPayload).toMatchObject({
      status: 'refused',
      reasons: [{code: 'SIGNATURE', message: expect.stringMatching(/the signature does not hold/)}],
    });
    const sig = fromBase64(envelope.signatures[0].sig)!;
    sig[0] ^= 1;
    const signatures = [{...envelope.signatures[0], sig: toBase64(sig)}];
    const bySignature = await verify({attestation: JSON.stringify({...envelope, signatures})});
    expect(bySignature).toMatchObject({
      status: 'refused',
      reasons: [{code: 'SIGNATURE', message: expect.stringMatching(/no signature verifies/)}],
    });
  });

  it('refuses a signature by a key that is not in the published set', async () => {
    const other = await newSigner();
    const outcome = await verify({attestation: JSON.stringify(await attest(input, other))});
    expect(outcome).toMatchObject({
      status: 'refused',
      reasons: [{code: 'SIGNATURE', message: expect.stringContaining('not among the trusted keys')}],
    });
  });

  it('refuses a key whose entry has expired, at its exp and after, and trusts it a second before', async () => {
    const exp = NOW / 1000;
    const set = (at: number) => JSON.stringify({keys: [{...signer.published, exp: at}]});
    expect(await verify({keys: set(exp)})).toMatchObject({
      status: 'refused',
      reasons: [
        {
          code: 'KEY_EXPIRED',
          message: `it is signed by key ${signer.keyid}, whose entry in the key set expired at 2026-11-27T12:00:00.000Z`,
        },
      ],
    });
    expect((await verify({keys: set(exp + 1)})).status).toBe('verified');
    // During a rotation the set holds both: the current key verifies what it signed
    const previous = await newSigner();
    const rotation = JSON.stringify({keys: [signer.published, {...previous.published, exp: exp + 86_400}]});
    expect((await verify({keys: rotation})).status).toBe('verified');
  });

  it('verifies a statement signed by an expired key and by a trusted one, and refuses it signed by the expired alone', async () => {
    const previous = await newSigner();
    const payload = fromBase64(envelope.payload)!;
    const [byPrevious] = (await signEnvelope(envelope.payloadType, payload, previous)).signatures;
    const keys = JSON.stringify({keys: [signer.published, {...previous.published, exp: NOW / 1000 - 1}]});
    const both = await verify({
      attestation: JSON.stringify({...envelope, signatures: [byPrevious, ...envelope.signatures]}),
      keys,
    });
    expect(both.status === 'verified' && both.keyid).toBe(signer.keyid);
    const alone = await verify({attestation: JSON.stringify({...envelope, signatures: [byPrevious]}), keys});
    expect(alone).toMatchObject({status: 'refused', reasons: [{code: 'KEY_EXPIRED'}]});
  });

  it('refuses a signed statement whose test lists judging the HAR again does not give', async () => {
    const statement = await testResultStatement(input);
    statement.predicate.failedTests = statement.predicate.failedTests.slice(1);
    statement.predicate.passedTests.push('normal/invented-rule');
    const forged = await signEnvelope('application/vnd.in-toto+json', encode(JSON.stringify(statement)), signer);
    const outcome = await verify({attestation: JSON.stringify(forged), har: encode(har)});
    expect(outcome.status).toBe('refused');
    const reasons = outcome.status === 'refused' ? outcome.reasons : [];
    expect(reasons.map((reason) => reason.code)).toEqual(['TESTS_DIFFER', 'TESTS_DIFFER']);
    const messages = reasons.map((reason) => reason.message).join('\n');
    expect(messages).toContain('passedTests: the attestation has normal/invented-rule, judging again does not');
    expect(messages).toContain(`failedTests: judging again adds ${report.runs[0].recording.scenario}/`);
  });

  it('refuses to judge against other specifications than those the run was judged against', async () => {
    const [slug, doc] = [...bundles][0];
    const changed = new Map(bundles);
    changed.set(slug, {...doc, info: {...doc.info, version: 'other'}});
    const outcome = await verify({har: encode(har), bundles: changed});
    expect(outcome).toMatchObject({
      status: 'refused',
      reasons: [
        {
          code: 'SPECIFICATIONS_DIFFER',
          message: expect.stringContaining(`other specifications than this verifier carries (${slug}.json)`),
        },
      ],
    });
  });

  it('calls input that is no attestation or key set unreadable', async () => {
    expect(await verify({attestation: 'not json'})).toEqual({
      status: 'unreadable',
      code: 'ATTESTATION_NOT_JSON',
      message: 'the attestation is not JSON',
    });
    expect(await verify({attestation: '{"payloadType":"x"}'})).toMatchObject({
      status: 'unreadable',
      code: 'NOT_A_DSSE_ENVELOPE',
    });
    expect(await verify({keys: '{"keys":[]}'})).toEqual({
      status: 'unreadable',
      code: 'KEY_SET_UNUSABLE',
      message: 'the key set cannot be used: it holds no Ed25519 key',
    });
  });
});

describe("the statement read without its signature (for the partner's own command, which has just fetched it)", () => {
  it('is the statement signed, or what is wrong with the attestation', async () => {
    expect(unverifiedStatement(encode(JSON.stringify(envelope)))).toEqual(await testResultStatement(input));
    const cases: [string | Uint8Array<ArrayBuffer>, string][] = [
      ['not json', 'it is not JSON'],
      // JSON but for a byte that is not UTF-8 (read leniently, it would be JSON)
      [new Uint8Array([...encode('{"a":"'), 0xff, ...encode('"}')]), 'it is not JSON'],
      [
        JSON.stringify({
          ...envelope,
          payload: toBase64(new Uint8Array([...encode('{"_type":"'), 0xff, ...encode('"}')])),
        }),
        'it is not JSON',
      ],
      ['{"payloadType":"x"}', 'it has no payload'],
      [JSON.stringify({...envelope, payload: 'not base64!'}), 'its payload is not base64'],
      [JSON.stringify({...envelope, payload: toBase64(encode('[1'))}), 'it is not JSON'],
      [
        JSON.stringify({...envelope, payload: toBase64(encode('{"_type":"x"}'))}),
        'its payload is not an in-toto Statement v1 (_type x)',
      ],
    ];
    for (const [attestation, reason] of cases)
      expect(unverifiedStatement(typeof attestation === 'string' ? encode(attestation) : attestation)).toBe(reason);
  });
});
