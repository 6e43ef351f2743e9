/**
 * The verifier (verify.ts) attacked: each statement here is signed by the trusted key itself, so the signature
 * holds, and each is wrong in one field the verifier must check. Each is refused with the code of that check and
 * no other, so a check that is weakened or dropped is seen here. Also each key set a portal could publish by
 * mistake (a key that is not 32 bytes, an `exp` that is not a number, a `kid` that is not the key's
 * thumbprint): unreadable with one sentence, never a crash.
 */
import {beforeAll, describe, expect, it} from 'vitest';
import {bundles} from '@portal/sandbox/testing';
import type {Recording} from '../model';
import {normalRun} from '../report/report.fixture';
import {signEnvelope} from './dsse';
import {oneCallRun, signedFixture, type SignedFixture} from './signed.fixture';
import {IN_TOTO_PAYLOAD_TYPE, testResultStatement, type TestResultStatement} from './statement';
import {verifyAttestation, type RefusalCode, type VerifyInput} from './verify';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const encode = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(new TextEncoder().encode(text));

/**
 * A run whose rules all pass or are not exercised, but whose program was stopped at its time limit: FAILED by
 * its problem alone, with no failed test.
 */
const timedOut = (): Recording => oneCallRun({exitCode: null, signal: 'SIGTERM', timedOut: true, durationMs: 60_000});

let failing: SignedFixture;
let stoppedRun: SignedFixture;

beforeAll(async () => {
  failing = await signedFixture([normalRun().recording], {finishedAt: '2026-11-23T10:03:00.000Z'});
  stoppedRun = await signedFixture([timedOut()], {finishedAt: '2026-11-23T10:03:00.000Z'});
});

const verify = (fixture: SignedFixture, overrides: Partial<VerifyInput>) =>
  verifyAttestation({
    attestation: JSON.stringify(fixture.envelope),
    keys: JSON.stringify(fixture.keys),
    now: NOW,
    bundles,
    har: encode(fixture.har),
    ...overrides,
  });

/** The fixture's statement changed by `change`, signed by the fixture's own trusted key. */
async function forged(
  fixture: SignedFixture,
  change: (statement: TestResultStatement & Record<string, unknown>) => void,
  payloadType = IN_TOTO_PAYLOAD_TYPE,
): Promise<string> {
  const statement = (await testResultStatement(fixture.input)) as TestResultStatement & Record<string, unknown>;
  change(statement);
  return JSON.stringify(await signEnvelope(payloadType, encode(JSON.stringify(statement)), fixture.signer));
}

/** The codes an outcome refuses with (none when it verifies). */
async function codes(outcome: ReturnType<typeof verifyAttestation>): Promise<RefusalCode[]> {
  const settled = await outcome;
  if (settled.status === 'verified') return [];
  return settled.status === 'refused' ? settled.reasons.map((reason) => reason.code) : [settled.code];
}

describe('a statement signed by the trusted key, wrong in one field', () => {
  it('is verified as it was signed (the baseline each forgery below changes one thing of)', async () => {
    expect(await codes(verify(failing, {attestation: await forged(failing, () => undefined)}))).toEqual([]);
    expect(await codes(verify(stoppedRun, {attestation: await forged(stoppedRun, () => undefined)}))).toEqual([]);
  });

  it('refuses another payloadType', async () => {
    const attestation = await forged(failing, () => undefined, 'application/json');
    expect(await codes(verify(failing, {attestation}))).toEqual(['PAYLOAD_TYPE']);
  });

  it('refuses another _type', async () => {
    const attestation = await forged(failing, (statement) => {
      statement._type = 'https://in-toto.io/Statement/v0.1' as never;
    });
    expect(await codes(verify(failing, {attestation}))).toEqual(['STATEMENT_TYPE']);
  });

  it('refuses another predicateType', async () => {
    const attestation = await forged(failing, (statement) => {
      statement.predicateType = 'https://slsa.dev/provenance/v1' as never;
    });
    expect(await codes(verify(failing, {attestation}))).toEqual(['PREDICATE_TYPE']);
  });

  it('refuses a subject that is not session.har', async () => {
    const attestation = await forged(failing, (statement) => {
      statement.subject[0].name = 'other.har';
    });
    expect(await codes(verify(failing, {attestation}))).toEqual(['SUBJECT']);
  });

  it('refuses a HAR digest that shares the 12 hex digits the verifier prints, and differs in the last', async () => {
    const attestation = await forged(failing, (statement) => {
      const digest = statement.subject[0].digest.sha256;
      statement.subject[0].digest.sha256 = digest.slice(0, -1) + (digest.endsWith('0') ? '1' : '0');
    });
    expect(await codes(verify(failing, {attestation}))).toEqual(['HAR_DIGEST']);
  });

  it('refuses a result that is neither PASSED nor FAILED, and lists or a configuration that are not lists', async () => {
    for (const [change, code] of [
      [(statement: TestResultStatement) => void (statement.predicate.result = 'PASS' as never), 'RESULT'],
      [(statement: TestResultStatement) => void (statement.predicate.warnedTests = 'none' as never), 'TEST_LISTS'],
      [
        (statement: TestResultStatement) =>
          void (statement.predicate.configuration[0].annotations!.notExercisedTests = 'none'),
        'TEST_LISTS',
      ],
      [(statement: TestResultStatement) => void (statement.predicate.configuration = {} as never), 'CONFIGURATION'],
    ] as const) {
      expect(await codes(verify(failing, {attestation: await forged(failing, change)}))).toEqual([code]);
    }
  });

  it('refuses PASSED for a run whose rules failed', async () => {
    const attestation = await forged(failing, (statement) => {
      expect(statement.predicate.failedTests.length).toBeGreaterThan(0);
      statement.predicate.result = 'PASSED';
    });
    expect(await codes(verify(failing, {attestation}))).toEqual(['RESULT_DIFFERS']);
  });

  it('refuses PASSED for a run that failed by a problem alone (its program timed out), no test failed', async () => {
    expect(stoppedRun.report.passed).toBe(false);
    const attestation = await forged(stoppedRun, (statement) => {
      expect(statement.predicate.failedTests).toEqual([]);
      expect(statement.predicate.passedTests.length).toBeGreaterThan(0);
      statement.predicate.result = 'PASSED';
    });
    expect(await codes(verify(stoppedRun, {attestation}))).toEqual(['RESULT_DIFFERS']);
  });

  it('refuses a test listed twice', async () => {
    const attestation = await forged(failing, (statement) => {
      statement.predicate.passedTests.push(statement.predicate.passedTests[0]);
    });
    const outcome = await verify(failing, {attestation});
    expect(outcome).toMatchObject({
      status: 'refused',
      reasons: [{code: 'TESTS_DIFFER', message: 'passedTests: the same names, counted differently'}],
    });
  });

  it('refuses a test moved from one list to another, not exercised or passed with warnings', async () => {
    const warned = await forged(failing, (statement) => {
      statement.predicate.warnedTests.push(statement.predicate.failedTests.pop()!);
    });
    expect(await codes(verify(failing, {attestation: warned}))).toEqual(['TESTS_DIFFER', 'TESTS_DIFFER']);
    const skipped = await forged(failing, (statement) => {
      const notExercised = statement.predicate.configuration[0].annotations!.notExercisedTests as string[];
      notExercised.push(statement.predicate.failedTests.pop()!);
    });
    const outcome = await verify(failing, {attestation: skipped});
    expect(outcome.status === 'refused' && outcome.reasons.map((reason) => reason.message)).toEqual([
      expect.stringMatching(/^failedTests: judging again adds /),
      expect.stringMatching(/^notExercisedTests: the attestation has /),
    ]);
  });

  it('refuses a coverage the HAR does not give (one call more of an operation)', async () => {
    const attestation = await forged(failing, (statement) => {
      const [first] = statement.predicate.configuration[0].annotations!.coverage as {
        operations: Record<string, number>;
      }[];
      const [operation] = Object.keys(first.operations);
      first.operations[operation] += 1;
    });
    expect(await codes(verify(failing, {attestation}))).toEqual(['COVERAGE_DIFFERS']);
  });

  it('refuses a specification added to those judged against, and one left out', async () => {
    const extra = await forged(failing, (statement) => {
      statement.predicate.configuration.push({name: 'hotels-bookings.json', digest: {sha256: '0'.repeat(64)}});
    });
    const added = await verify(failing, {attestation: extra});
    expect(await codes(Promise.resolve(added))).toEqual(['SPECIFICATIONS_DIFFER']);
    expect(added.status === 'refused' && added.reasons[0].message).toContain('(hotels-bookings.json)');
    const [slug] = [...bundles.keys()];
    const missing = await forged(failing, (statement) => {
      statement.predicate.configuration = statement.predicate.configuration.filter(
        (descriptor) => descriptor.name !== `${slug}.json`,
      );
    });
    const left = await verify(failing, {attestation: missing});
    expect(await codes(Promise.resolve(left))).toEqual(['SPECIFICATIONS_DIFFER']);
    expect(left.status === 'refused' && left.reasons[0].message).toContain(`(${slug}.json)`);
  });
});

describe('a key set published by mistake', () => {
  const withEntry = (change: Record<string, unknown>) =>
    JSON.stringify({keys: [{...failing.signer.published, ...change}]});

  it('is unreadable, with one sentence, when a key is not 32 bytes in base64url (short, long, padded, other characters)', async () => {
    const {x: good} = failing.signer.published;
    for (const x of ['AAAA', good.slice(0, -1), good + 'A', `${good}=`, good.replace(/.$/, '*')]) {
      const outcome = await verify(failing, {keys: JSON.stringify({keys: [{kty: 'OKP', crv: 'Ed25519', x}]})});
      expect(outcome).toMatchObject({
        status: 'unreadable',
        code: 'KEY_SET_UNUSABLE',
        message: expect.stringMatching(/is not an Ed25519 public key/) as string,
      });
    }
  });

  it('is unreadable when an exp is not a number (it would otherwise be trusted for ever)', async () => {
    expect(await verify(failing, {keys: withEntry({exp: '1700000000'})})).toMatchObject({
      status: 'unreadable',
      code: 'KEY_SET_UNUSABLE',
      message: expect.stringContaining('has an exp that is not a number') as string,
    });
    expect(await codes(verify(failing, {keys: withEntry({exp: NOW / 1000 + 1})}))).toEqual([]);
  });

  it("is unreadable when a kid is not its key's thumbprint", async () => {
    expect(await verify(failing, {keys: withEntry({kid: 'someone-else'})})).toMatchObject({
      status: 'unreadable',
      code: 'KEY_SET_UNUSABLE',
      message: expect.stringContaining('is named with an id that is not its thumbprint') as string,
    });
  });
});
