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

/** Any payload, signed by the fixture's trusted key as an in-toto statement. */
const signedPayload = async (fixture: SignedFixture, payload: Uint8Array<ArrayBuffer>): Promise<string> =>
  JSON.stringify(await signEnvelope(IN_TOTO_PAYLOAD_TYPE, payload, fixture.signer));

/** The reasons an outcome gives, code and sentence. */
async function reasons(outcome: ReturnType<typeof verifyAttestation>): Promise<[RefusalCode, string][]> {
  const settled = await outcome;
  if (settled.status === 'verified') return [];
  return settled.status === 'refused'
    ? settled.reasons.map((reason) => [reason.code, reason.message])
    : [[settled.code, settled.message]];
}

describe('each refusal of a statement signed by the trusted key says what is wrong', () => {
  it('a payload that is JSON but no object, or no JSON at all (text, or bytes that are not UTF-8)', async () => {
    expect(await reasons(verify(failing, {attestation: await signedPayload(failing, encode('[]'))}))).toEqual([
      ['STATEMENT_TYPE', 'its payload is not a JSON object'],
    ]);
    const notUtf8 = new Uint8Array([...encode('{"_type":"'), 0xff, ...encode('"}')]);
    for (const payload of [encode('not json'), notUtf8])
      expect(await reasons(verify(failing, {attestation: await signedPayload(failing, payload)}))).toEqual([
        ['PAYLOAD_NOT_JSON', 'its payload is not JSON'],
      ]);
  });

  it('another payloadType, _type or predicateType, each named', async () => {
    const cases: [string, [RefusalCode, string]][] = [
      [
        await forged(failing, () => undefined, 'application/json'),
        ['PAYLOAD_TYPE', 'its payloadType is application/json, not application/vnd.in-toto+json'],
      ],
      [
        await forged(failing, (statement) => void (statement._type = 'https://in-toto.io/Statement/v0.1' as never)),
        ['STATEMENT_TYPE', 'its payload is not an in-toto Statement v1 (_type https://in-toto.io/Statement/v0.1)'],
      ],
      [
        await forged(
          failing,
          (statement) => void (statement.predicateType = 'https://slsa.dev/provenance/v1' as never),
        ),
        ['PREDICATE_TYPE', 'its predicate is not a test result (predicateType https://slsa.dev/provenance/v1)'],
      ],
    ];
    for (const [attestation, reason] of cases) expect(await reasons(verify(failing, {attestation}))).toEqual([reason]);
  });

  it('a subject that is no list, names session.har without a digest or with one that is not text', async () => {
    const changes: ((statement: TestResultStatement) => void)[] = [
      (statement) => void (statement.subject = {} as never),
      (statement) => void (statement.subject = [{name: 'session.har'}] as never),
      (statement) => void (statement.subject = [{name: 'session.har', digest: {sha256: 64}}] as never),
    ];
    for (const change of changes)
      expect(await reasons(verify(failing, {attestation: await forged(failing, change)}))).toEqual([
        ['SUBJECT', 'its subject names no session.har with a SHA-256'],
      ]);
  });

  it('a result, test list or configuration of another shape, each named', async () => {
    const cases: [(statement: TestResultStatement) => void, [RefusalCode, string]][] = [
      [
        (statement) => void (statement.predicate.result = 'PASS' as never),
        ['RESULT', 'its predicate has no result PASSED or FAILED'],
      ],
      [
        (statement) => void statement.predicate.passedTests.push(7 as never),
        ['TEST_LISTS', "its predicate's passedTests is not a list of names"],
      ],
      [
        (statement) => void (statement.predicate.failedTests = 'none' as never),
        ['TEST_LISTS', "its predicate's failedTests is not a list of names"],
      ],
      [
        (statement) => void (statement.predicate.configuration[0].annotations!.notExercisedTests = [null]),
        ['TEST_LISTS', "its integration-check entry's notExercisedTests is not a list of names"],
      ],
      [
        (statement) => void (statement.predicate.configuration = {} as never),
        ['CONFIGURATION', "its predicate's configuration is not a list of named entries"],
      ],
      [
        (statement) => void statement.predicate.configuration.push(null as never),
        ['CONFIGURATION', "its predicate's configuration is not a list of named entries"],
      ],
      [
        (statement) => void statement.predicate.configuration.unshift({name: 7} as never),
        ['CONFIGURATION', "its predicate's configuration is not a list of named entries"],
      ],
    ];
    for (const [change, reason] of cases)
      expect(await reasons(verify(failing, {attestation: await forged(failing, change)}))).toEqual([reason]);
  });

  it('a result judging the HAR again does not give, and a coverage it does not give', async () => {
    const passed = await forged(failing, (statement) => void (statement.predicate.result = 'PASSED'));
    expect((await reasons(verify(failing, {attestation: passed})))[0]).toEqual([
      'RESULT_DIFFERS',
      'judging session.har again gives FAILED, the attestation says PASSED',
    ]);
    const covered = await forged(failing, (statement) => {
      const [first] = statement.predicate.configuration[0].annotations!.coverage as {
        operations: Record<string, number>;
      }[];
      first.operations[Object.keys(first.operations)[0]] += 1;
    });
    expect(await reasons(verify(failing, {attestation: covered}))).toEqual([
      ['COVERAGE_DIFFERS', 'judging session.har again gives another coverage than the attestation says'],
    ]);
  });

  it('a HAR that is the attested subject but cannot be judged, and a HAR with no specifications to judge it', async () => {
    const unreadable = encode('{"log":{}}');
    const digest = Buffer.from(await crypto.subtle.digest('SHA-256', unreadable)).toString('hex');
    const attestation = await forged(failing, (statement) => void (statement.subject[0].digest.sha256 = digest));
    const [[code, message]] = await reasons(verify(failing, {attestation, har: unreadable}));
    expect([code, message]).toEqual(['HAR_UNREADABLE', expect.stringMatching(/^session\.har cannot be judged: \S/)]);
    expect(await reasons(verify(failing, {bundles: undefined}))).toEqual([
      ['NO_SPECIFICATIONS', 'no specifications to judge the HAR against'],
    ]);
  });

  it('specifications named without a digest, or two that differ, each named', async () => {
    const [first, second] = [...bundles.keys()].map((slug) => `${slug}.json`);
    const undigested = await forged(failing, (statement) => {
      const entry = statement.predicate.configuration.find((descriptor) => descriptor.name === first)!;
      delete entry.digest;
      statement.predicate.configuration.push({name: 'notes.json'});
    });
    expect(await reasons(verify(failing, {attestation: undigested}))).toEqual([
      [
        'SPECIFICATIONS_DIFFER',
        `the run was judged against other specifications than this verifier carries (${first}, notes.json): verify with the sandbox.mjs of the same specifications`,
      ],
    ]);
    const two = await forged(failing, (statement) => {
      for (const descriptor of statement.predicate.configuration)
        if (descriptor.name === first || descriptor.name === second) descriptor.digest = {sha256: '0'.repeat(64)};
    });
    expect((await reasons(verify(failing, {attestation: two})))[0][1]).toContain(`(${first}, ${second}):`);
  });

  it('test lists judging again does not give, each difference said in full', async () => {
    const passedTests = failing.report.runs.flatMap((run) =>
      run.verdicts
        .filter((verdict) => verdict.outcome === 'pass')
        .map((verdict) => `${run.recording.scenario}/${verdict.rule}`),
    );
    expect(passedTests.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = passedTests;
    // The same count: one name twice, another left out
    const duplicated = await forged(failing, (statement) => {
      statement.predicate.passedTests = statement.predicate.passedTests.map((name) => (name === b ? a : name));
    });
    expect(await reasons(verify(failing, {attestation: duplicated}))).toEqual([
      ['TESTS_DIFFER', `passedTests: judging again adds ${b}`],
    ]);
    // Two left out, two invented
    const changed = await forged(failing, (statement) => {
      statement.predicate.passedTests = statement.predicate.passedTests.filter((name) => name !== b && name !== c);
      statement.predicate.passedTests.push('normal/invented-rule', 'normal/another-rule');
    });
    expect(await reasons(verify(failing, {attestation: changed}))).toEqual([
      [
        'TESTS_DIFFER',
        `passedTests: judging again adds ${b}, ${c}; the attestation has normal/invented-rule, normal/another-rule, judging again does not`,
      ],
    ]);
    const warned = await forged(failing, (statement) => void statement.predicate.warnedTests.push(a));
    expect(await reasons(verify(failing, {attestation: warned}))).toEqual([
      ['TESTS_DIFFER', `warnedTests: the attestation has ${a}, judging again does not`],
    ]);
  });
});

describe('a statement signed by the trusted key, laid out otherwise but true', () => {
  it("is verified with the check's entry after the specifications, and another subject before session.har", async () => {
    const reordered = await forged(failing, (statement) => {
      statement.predicate.configuration.push(statement.predicate.configuration.shift()!);
    });
    expect(await reasons(verify(failing, {attestation: reordered}))).toEqual([]);
    const twoSubjects = await forged(failing, (statement) => {
      statement.subject.unshift({name: 'notes.txt', digest: {sha256: '0'.repeat(64)}});
      (statement.subject as unknown[]).unshift(null);
    });
    expect(await reasons(verify(failing, {attestation: twoSubjects}))).toEqual([]);
  });

  it('says what it verified: the key, the result with its counts, and the run', async () => {
    const outcome = await verify(failing, {});
    const {predicate} = await testResultStatement(failing.input);
    const notExercised = predicate.configuration[0].annotations!.notExercisedTests as string[];
    expect(outcome.status === 'verified' && outcome.lines.slice(0, 2)).toEqual([
      `signature: holds, by key ${failing.signer.keyid} of the key set`,
      `statement: FAILED, ${predicate.passedTests.length} passed, ${predicate.failedTests.length} failed, ${notExercised.length} not exercised; run https://portal.example/check/v1/runs/r1`,
    ]);
  });
});
