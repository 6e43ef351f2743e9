/**
 * Verifying a hosted check's attestation (statement.ts), for `sandbox.mjs verify` (../cli/verify.ts)
 * and the Integration check page (nothing leaves the page). It holds when:
 *
 * - the envelope is signed by a key of the portal's published set that has not expired (keys.ts);
 * - its payload is an in-toto Statement v1 with the test-result predicate, naming `session.har` by SHA-256;
 * - given the HAR: the HAR is that subject (same SHA-256), the specifications it was judged against are those
 *   this verifier carries, and judging the HAR again (../judge/judgeHar.ts) gives the attested result and test lists.
 *
 * `unreadable` is input that is not an attestation or a key set at all (exit 2); `refused` is anything that
 * does not match (exit 1). Each refusal carries a code beside its sentence (`RefusalCode`, as sigstore's verifier
 * gives its errors a code): the command prints it, the page shows it, and the tests compare it. The checks run in
 * order (the envelope, the signature, the statement, the HAR), and the first that fails refuses. Browser-safe.
 */
import type {OpenApiDocument, PrecompiledValidators} from '@portal/specs';
import {
  ATTESTED_HAR,
  bundleDescriptors,
  CHECK_CONFIGURATION,
  notExercisedOf,
  IN_TOTO_PAYLOAD_TYPE,
  resultLists,
  sha256Hex,
  STATEMENT_TYPE,
  TEST_RESULT_PREDICATE,
  type TestResultStatement,
} from './statement';
import {readEnvelope, verifyEnvelope} from './dsse';
import {fromBase64} from '../base64';
import {KEYS_PATH, readKeySet, trustedKeys} from './keys';

export {KEYS_PATH};
import {judgeHarText} from '../judge/judgeHar';
import {coverageOf} from '../judge/coverage';
import {isObject} from '../json';

/** An attestation or key set is small; a file larger than this is not one. */
export const MAX_SMALL_FILE = 1024 * 1024;

export interface VerifyInput {
  /** attestation.json as read. */
  attestation: string;
  /** The published key set (`/.well-known/integration-check-keys.json`) as read. */
  keys: string;
  /** Now, ms since 1970: keys whose entry has expired are not trusted. */
  now: number;
  /** session.har as read, to check it is the subject and judge it again. */
  har?: Uint8Array<ArrayBuffer>;
  /** The specifications to judge the HAR against (needed with `har`). */
  bundles?: Map<string, OpenApiDocument>;
  precompiledValidators?: PrecompiledValidators;
}

/** Why an attestation is refused (or cannot be read), by the check that refused it. */
export const refusalCodes = [
  // Unreadable input (exit 2)
  'ATTESTATION_NOT_JSON',
  'NOT_A_DSSE_ENVELOPE',
  'KEY_SET_UNUSABLE',
  // The envelope and its signature
  'PAYLOAD_TYPE',
  'KEY_EXPIRED',
  'SIGNATURE',
  // The statement
  'PAYLOAD_NOT_JSON',
  'STATEMENT_TYPE',
  'PREDICATE_TYPE',
  'SUBJECT',
  'RESULT',
  'TEST_LISTS',
  'CONFIGURATION',
  // The HAR, judged again
  'HAR_DIGEST',
  'NO_SPECIFICATIONS',
  'SPECIFICATIONS_DIFFER',
  'HAR_UNREADABLE',
  'RESULT_DIFFERS',
  'TESTS_DIFFER',
  'COVERAGE_DIFFERS',
] as const;
export type RefusalCode = (typeof refusalCodes)[number];

/** One reason an attestation is refused: its code, and the sentence a reader is shown. */
export interface Refusal {
  code: RefusalCode;
  message: string;
}

const refusal = (code: RefusalCode, message: string): Refusal => ({code, message});

export type VerifyOutcome =
  | {status: 'verified'; statement: TestResultStatement; keyid: string; lines: string[]}
  | {status: 'refused'; reasons: Refusal[]; statement?: TestResultStatement}
  | ({status: 'unreadable'} & Refusal);

const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The subject entry naming the attested HAR, among entries of any shape. */
const harSubject = (subject: unknown[]): unknown =>
  subject.find((item) => isObject(item) && item.name === ATTESTED_HAR);

/** The statement's shape, or what is wrong with it. */
function readStatement(value: unknown): TestResultStatement | Refusal {
  if (!isObject(value)) return refusal('STATEMENT_TYPE', 'its payload is not a JSON object');
  if (value._type !== STATEMENT_TYPE)
    return refusal('STATEMENT_TYPE', `its payload is not an in-toto Statement v1 (_type ${String(value._type)})`);
  if (value.predicateType !== TEST_RESULT_PREDICATE)
    return refusal(
      'PREDICATE_TYPE',
      `its predicate is not a test result (predicateType ${String(value.predicateType)})`,
    );
  const subject = Array.isArray(value.subject) ? (value.subject as unknown[]) : [];
  const har = harSubject(subject);
  if (!isObject(har) || !isObject(har.digest) || typeof har.digest.sha256 !== 'string')
    return refusal('SUBJECT', `its subject names no ${ATTESTED_HAR} with a SHA-256`);
  const predicate = value.predicate;
  if (!isObject(predicate) || (predicate.result !== 'PASSED' && predicate.result !== 'FAILED'))
    return refusal('RESULT', 'its predicate has no result PASSED or FAILED');
  for (const list of ['passedTests', 'warnedTests', 'failedTests'])
    if (!isTextList(predicate[list])) return refusal('TEST_LISTS', `its predicate's ${list} is not a list of names`);
  const configuration = predicate.configuration;
  if (
    !Array.isArray(configuration) ||
    !configuration.every((entry) => isObject(entry) && typeof entry.name === 'string')
  )
    return refusal('CONFIGURATION', "its predicate's configuration is not a list of named entries");
  if (!notExercisedOf(value as unknown as TestResultStatement))
    return refusal('TEST_LISTS', `its ${CHECK_CONFIGURATION} entry's notExercisedTests is not a list of names`);
  return value as unknown as TestResultStatement;
}

/**
 * The statement an attestation carries, read without checking its signature, or what is wrong with it: for
 * the partner's own command, which has just fetched it from the portal (`check --hosted --for` judges the
 * policy on it, cli/hosted.ts). Whoever decides on it verifies it first (`verifyAttestation`).
 */
export function unverifiedStatement(attestation: Uint8Array): TestResultStatement | string {
  try {
    const envelope = readEnvelope(JSON.parse(new TextDecoder('utf-8', {fatal: true}).decode(attestation)));
    if (typeof envelope === 'string') return envelope;
    const payload = fromBase64(envelope.payload);
    if (!payload) return 'its payload is not base64';
    const statement = readStatement(JSON.parse(new TextDecoder('utf-8', {fatal: true}).decode(payload)));
    return 'code' in statement ? statement.message : statement;
  } catch {
    return 'it is not JSON';
  }
}

const short = (digest: string): string => `${digest.slice(0, 12)}…`;

/** What differs between two lists of test names, in a phrase, or undefined when they are the same. */
function listDifference(name: string, attested: string[], judged: string[]): string | undefined {
  const missing = judged.filter((test) => !attested.includes(test));
  const extra = attested.filter((test) => !judged.includes(test));
  if (!missing.length && !extra.length && attested.length === judged.length) return undefined;
  const parts = [
    ...(missing.length ? [`judging again adds ${missing.join(', ')}`] : []),
    ...(extra.length ? [`the attestation has ${extra.join(', ')}, judging again does not`] : []),
  ];
  return `${name}: ${parts.join('; ') || 'the same names, counted differently'}`;
}

/** Judges the HAR again and compares; the reasons it does not give the attested verdict. */
async function rejudged(
  statement: TestResultStatement,
  input: VerifyInput & {har: Uint8Array<ArrayBuffer>},
): Promise<Refusal[]> {
  const bundles = input.bundles;
  if (!bundles) return [refusal('NO_SPECIFICATIONS', 'no specifications to judge the HAR against')];
  // Judged against other specifications, the same HAR may be judged otherwise: say which differ first
  // Every specification the statement names, each with its digest (one named without a digest cannot be ours)
  const attested = new Map(
    statement.predicate.configuration
      .filter((descriptor) => descriptor.name.endsWith('.json'))
      .map((descriptor) => [descriptor.name, descriptor.digest?.sha256]),
  );
  const ours = await bundleDescriptors(bundles, '');
  const differing = ours.filter((descriptor) => attested.get(descriptor.name) !== descriptor.digest!.sha256);
  const absent = [...attested.keys()].filter((name) => !ours.some((descriptor) => descriptor.name === name));
  if (differing.length || absent.length)
    return [
      refusal(
        'SPECIFICATIONS_DIFFER',
        `the run was judged against other specifications than this verifier carries (${[...differing.map((descriptor) => descriptor.name), ...absent].join(', ')}): verify with the sandbox.mjs of the same specifications`,
      ),
    ];
  // Judged as the hosted run judged it at its finish: the HAR of a run the check recorded
  const report = await judgeHarText(new TextDecoder().decode(input.har), ATTESTED_HAR, bundles, {
    mode: 'program',
    precompiledValidators: input.precompiledValidators,
  });
  if ('error' in report) return [refusal('HAR_UNREADABLE', `${ATTESTED_HAR} cannot be judged: ${report.error}`)];
  const lists = resultLists(report);
  const reasons = [
    listDifference('passedTests', statement.predicate.passedTests, lists.passedTests),
    listDifference('failedTests', statement.predicate.failedTests, lists.failedTests),
    listDifference('warnedTests', statement.predicate.warnedTests, lists.warnedTests),
    listDifference('notExercisedTests', notExercisedOf(statement)!, lists.notExercisedTests),
  ]
    .filter((reason): reason is string => reason !== undefined)
    .map((reason) => refusal('TESTS_DIFFER', reason));
  const attestedCoverage = statement.predicate.configuration.find((entry) => entry.name === CHECK_CONFIGURATION)
    ?.annotations?.coverage;
  if (JSON.stringify(attestedCoverage) !== JSON.stringify(coverageOf(report)))
    reasons.push(
      refusal('COVERAGE_DIFFERS', `judging ${ATTESTED_HAR} again gives another coverage than the attestation says`),
    );
  const result = report.passed ? 'PASSED' : 'FAILED';
  if (result !== statement.predicate.result)
    reasons.unshift(
      refusal(
        'RESULT_DIFFERS',
        `judging ${ATTESTED_HAR} again gives ${result}, the attestation says ${statement.predicate.result}`,
      ),
    );
  return reasons;
}

/**
 * The lines `sandbox.mjs verify` prints for an outcome, and the Integration check page shows: each check that
 * held with ✓, or each reason it is refused with ✗.
 */
export const outcomeLines = (outcome: Exclude<VerifyOutcome, {status: 'unreadable'}>): string[] =>
  outcome.status === 'verified'
    ? outcome.lines.map((line) => `✓ ${line}`)
    : outcome.reasons.map((reason) => `✗ ${reason.message} [${reason.code}]`);

/** Verifies an attestation (and, given it, its HAR) against a key set. */
export async function verifyAttestation(input: VerifyInput): Promise<VerifyOutcome> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.attestation);
  } catch {
    return {status: 'unreadable', ...refusal('ATTESTATION_NOT_JSON', 'the attestation is not JSON')};
  }
  const envelope = readEnvelope(parsed);
  if (typeof envelope === 'string')
    return {
      status: 'unreadable',
      ...refusal('NOT_A_DSSE_ENVELOPE', `the attestation is not a DSSE envelope: ${envelope}`),
    };
  const set = await readKeySet(input.keys);
  if (typeof set === 'string')
    return {status: 'unreadable', ...refusal('KEY_SET_UNUSABLE', `the key set cannot be used: ${set}`)};

  if (envelope.payloadType !== IN_TOTO_PAYLOAD_TYPE)
    return {
      status: 'refused',
      reasons: [refusal('PAYLOAD_TYPE', `its payloadType is ${envelope.payloadType}, not ${IN_TOTO_PAYLOAD_TYPE}`)],
    };
  const {trusted, expired} = await trustedKeys(set, input.now);
  const named = envelope.signatures.map((signature) => signature.keyid);
  const expiredSigner = expired.find((entry) => named.includes(entry.kid));
  if (expiredSigner && !trusted.some((key) => named.includes(key.keyid)))
    return {
      status: 'refused',
      reasons: [
        refusal(
          'KEY_EXPIRED',
          `it is signed by key ${expiredSigner.kid}, whose entry in the key set expired at ${new Date(expiredSigner.exp * 1000).toISOString()}`,
        ),
      ],
    };
  const signed = await verifyEnvelope(envelope, trusted);
  if (!signed.ok)
    return {status: 'refused', reasons: [refusal('SIGNATURE', `the signature does not hold: ${signed.reason}`)]};

  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', {fatal: true}).decode(signed.payload));
  } catch {
    return {status: 'refused', reasons: [refusal('PAYLOAD_NOT_JSON', 'its payload is not JSON')]};
  }
  const statement = readStatement(payload);
  if ('code' in statement) return {status: 'refused', reasons: [statement]};
  const {predicate} = statement;
  const subject = (harSubject(statement.subject) as {digest: {sha256: string}}).digest.sha256;
  const lines = [
    `signature: holds, by key ${signed.keyid} of the key set`,
    `statement: ${predicate.result}, ${predicate.passedTests.length} passed, ${predicate.failedTests.length} failed, ${notExercisedOf(statement)!.length} not exercised; run ${predicate.url}`,
  ];
  if (input.har) {
    const digest = await sha256Hex(input.har);
    if (digest !== subject)
      return {
        status: 'refused',
        statement,
        reasons: [
          refusal(
            'HAR_DIGEST',
            `the HAR is not the attested ${ATTESTED_HAR}: its SHA-256 is ${short(digest)}, the attestation names ${short(subject)}`,
          ),
        ],
      };
    const reasons = await rejudged(statement, {...input, har: input.har});
    if (reasons.length) return {status: 'refused', statement, reasons};
    lines.push(
      `${ATTESTED_HAR}: the attested subject (sha256 ${short(subject)}), and judging it again gives ${predicate.result} with the same tests`,
    );
  }
  return {status: 'verified', statement, keyid: signed.keyid, lines};
}
