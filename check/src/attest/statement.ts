/**
 * A hosted check's attestation (`attestation.json`): an in-toto Statement v1 with the test-result predicate
 * (`https://in-toto.io/attestation/test-result/v0.1`), signed in a DSSE envelope (./dsse.ts) with the
 * portal's Ed25519 key (./keys.ts).
 *
 * - `subject`: `session.har` (the HAR the run recorded, keys masked) with its SHA-256;
 * - `predicate.result`: `PASSED` or `FAILED`, as the check's verdict; `passedTests` and `failedTests` as
 *   `<scenario>/<rule-id>`. `warnedTests` is empty: in-toto reads it as "passed with warnings", which the check
 *   never says. The rules a run did not exercise are listed apart, in the check entry's `notExercisedTests`,
 *   and what each scenario covered (operations, completed sessions, rules exercised) in its `coverage`;
 * - `predicate.url`: the run's address on the portal;
 * - `predicate.configuration`: the check (the digest of its rules, the build's commit when known, when the
 *   run started and was judged, the program's label, the partner and the challenge when the command gave them,
 *   the problems that failed it) and every specification
 *   bundle it judged against, by its address on the portal and its SHA-256 (the same digests as
 *   `sandbox.mjs --version`, ../cli/version.ts).
 *
 * Browser-safe (Web Crypto only): the Worker signs with it, the command and the page verify with verify.ts.
 */
import type {OpenApiDocument} from '@portal/specs';
import type {CheckReport, Rule} from '../model';
import {signEnvelope, type DsseEnvelope} from './dsse';
import {coverageOf} from '../judge/coverage';
import type {Signer} from './keys';

export const IN_TOTO_PAYLOAD_TYPE = 'application/vnd.in-toto+json';
export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const TEST_RESULT_PREDICATE = 'https://in-toto.io/attestation/test-result/v0.1';
/** The name of the attested file, and of the configuration entry that is the check itself. */
export const ATTESTED_HAR = 'session.har';
export const CHECK_CONFIGURATION = 'integration-check';

/** An in-toto ResourceDescriptor, the fields used here. */
export interface ResourceDescriptor {
  name: string;
  uri?: string;
  digest?: Record<string, string>;
  annotations?: Record<string, unknown>;
}

export interface TestResultStatement {
  _type: typeof STATEMENT_TYPE;
  subject: {name: string; digest: {sha256: string}}[];
  predicateType: typeof TEST_RESULT_PREDICATE;
  predicate: {
    result: 'PASSED' | 'FAILED';
    configuration: ResourceDescriptor[];
    url: string;
    passedTests: string[];
    warnedTests: string[];
    failedTests: string[];
  };
}

/** The test lists of a statement: the predicate's three, and the rules not exercised (the check entry's). */
export type TestLists = Pick<TestResultStatement['predicate'], 'passedTests' | 'warnedTests' | 'failedTests'> & {
  notExercisedTests: string[];
};

/** The test lists of a report: each rule of each run as `<scenario>/<rule-id>`, by outcome. */
export function resultLists(report: CheckReport): TestLists {
  const lists: TestLists = {passedTests: [], warnedTests: [], failedTests: [], notExercisedTests: []};
  for (const run of report.runs) {
    const scenario = run.recording.scenario ?? run.recording.label ?? 'har';
    for (const verdict of run.verdicts) {
      const list =
        verdict.outcome === 'pass'
          ? lists.passedTests
          : verdict.outcome === 'fail'
            ? lists.failedTests
            : lists.notExercisedTests;
      list.push(`${scenario}/${verdict.rule}`);
    }
  }
  return lists;
}

const hex = (bytes: ArrayBuffer): string =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** SHA-256 of text (its UTF-8 bytes), hex. */
export const sha256Hex = async (text: string | Uint8Array<ArrayBuffer>): Promise<string> =>
  hex(await crypto.subtle.digest('SHA-256', typeof text === 'string' ? new TextEncoder().encode(text) : text));

/** Each bundle's digest, as ../cli/version.ts computes it for `--version` (SHA-256 of its JSON as carried). */
export async function bundleDescriptors(
  bundles: Map<string, OpenApiDocument>,
  siteUrl: string,
): Promise<ResourceDescriptor[]> {
  const descriptors: ResourceDescriptor[] = [];
  for (const [slug, doc] of bundles)
    descriptors.push({
      name: `${slug}.json`,
      uri: `${siteUrl}/openapi/${slug}.json`,
      digest: {sha256: await sha256Hex(JSON.stringify(doc))},
    });
  return descriptors;
}

/** The check's own version: the SHA-256 of its rules as the site states them (ids, sentences, tolerances). */
export const rulesDigest = (rules: Rule[]): Promise<string> =>
  sha256Hex(JSON.stringify(rules.map(({id, sentence, tolerance}) => [id, sentence, tolerance])));

export interface AttestationInput {
  report: CheckReport;
  rules: Rule[];
  /** `session.har` exactly as served. */
  har: string;
  /**
   * Where the run's reports are open to whoever holds the attestation until the run expires
   * (`<portal>/check/v1/runs/<id>/reports/<token>`, ../hosted/run.ts `reportsUrl`).
   */
  url: string;
  /** The portal's origin: the bundles' addresses. */
  siteUrl: string;
  bundles: Map<string, OpenApiDocument>;
  startedAt: string;
  finishedAt: string;
  /** The commit the Worker was built from, when known. */
  commit?: string;
  /** Who ran the check, as the partner's command declared it (not proven). */
  partner?: string;
  /** The text the provider issued for this check (`verify --challenge` compares it). */
  challenge?: string;
  /** The files the partner's command named, by SHA-256 (declared, not proven). */
  programFiles?: ProgramFile[];
  /** The git commit the partner's command ran at (declared, not proven). */
  programCommit?: ProgramCommit;
}

/** A file the partner's command named, by SHA-256 (the check API's `ProgramFile`). */
export interface ProgramFile {
  path: string;
  sha256: string;
}

/** The git commit the partner's command ran at (the check API's `ProgramCommit`). */
export interface ProgramCommit {
  commit: string;
  dirty: boolean;
}

/** The statement of a judged run. */
export async function testResultStatement(input: AttestationInput): Promise<TestResultStatement> {
  const {report} = input;
  const {notExercisedTests, ...lists} = resultLists(report);
  return {
    _type: STATEMENT_TYPE,
    subject: [{name: ATTESTED_HAR, digest: {sha256: await sha256Hex(input.har)}}],
    predicateType: TEST_RESULT_PREDICATE,
    predicate: {
      result: report.passed ? 'PASSED' : 'FAILED',
      configuration: [
        {
          name: CHECK_CONFIGURATION,
          uri: `${input.siteUrl}/docs/getting-started/integration-check`,
          digest: {sha256: await rulesDigest(input.rules)},
          annotations: {
            ...(input.commit ? {commit: input.commit} : {}),
            program: report.subject,
            ...(input.partner ? {partner: input.partner} : {}),
            ...(input.challenge ? {challenge: input.challenge} : {}),
            ...(input.programFiles ? {programFiles: input.programFiles} : {}),
            ...(input.programCommit ? {programCommit: input.programCommit} : {}),
            scenarios: report.runs.map((run) => run.recording.scenario ?? run.recording.label ?? 'har'),
            startedAt: input.startedAt,
            finishedAt: input.finishedAt,
            problems: report.problems,
            notExercisedTests,
            coverage: coverageOf(report),
          },
        },
        ...(await bundleDescriptors(input.bundles, input.siteUrl)),
      ],
      url: input.url,
      ...lists,
    },
  };
}

/** The signed attestation: the statement in a DSSE envelope, signed by `signer`. */
export async function attest(input: AttestationInput, signer: Signer): Promise<DsseEnvelope> {
  const statement = await testResultStatement(input);
  return signEnvelope(IN_TOTO_PAYLOAD_TYPE, new TextEncoder().encode(JSON.stringify(statement)), signer);
}

/** The rules a statement says were not exercised (its check entry's `notExercisedTests`), or undefined. */
export function notExercisedOf(statement: TestResultStatement): string[] | undefined {
  const check = statement.predicate.configuration.find((descriptor) => descriptor.name === CHECK_CONFIGURATION);
  const list = check?.annotations?.notExercisedTests;
  return Array.isArray(list) && list.every((item) => typeof item === 'string') ? (list as string[]) : undefined;
}
