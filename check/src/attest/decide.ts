/**
 * What a provider decides from an authentic attestation (verify.ts says whether it is authentic): the run is
 * accepted only when it PASSED, when the provider gave one, it carries the challenge the provider issued, and
 * it meets the go-live policy of each API the provider named (./policy.ts).
 * Each reason it is refused is one line (`FAILED: normal/poll-interval`). `runFacts` gives what the statement
 * says of the run (partner, challenge, program, scenarios, times), for `verify` and the page to show without
 * decoding the payload by hand. Browser-safe.
 */
import {
  CHECK_CONFIGURATION,
  notExercisedOf,
  type ProgramCommit,
  type ProgramFile,
  type TestResultStatement,
} from './statement';
import {coverageLines, type ScenarioCoverage} from '../judge/coverage';
import {isObject} from '../json';
import {policyReasons, type NamedPolicy} from './policy';

export interface DecideOptions {
  /** The challenge the provider issued for this check: the statement must carry exactly it. */
  challenge?: string;
  /** The go-live policies of the APIs the run is judged for (`--for`): the run must meet each. */
  policies?: NamedPolicy[];
}

export interface Decision {
  accepted: boolean;
  /** Why it is refused, one line each (none when accepted). */
  reasons: string[];
}

/** What the statement says of the run, as its check entry's annotations carry it. */
export interface RunFacts {
  url: string;
  result: 'PASSED' | 'FAILED';
  /** Declared by the partner's command, not proven. */
  partner?: string;
  challenge?: string;
  /** The program's label, declared by the partner's command. */
  program?: string;
  /** The files the partner's command named, by SHA-256, as it declared them. */
  programFiles: ProgramFile[];
  /** The git commit the partner's command ran at, as it declared it. */
  programCommit?: ProgramCommit;
  scenarios: string[];
  startedAt?: string;
  finishedAt?: string;
  problems: string[];
  passed: number;
  failed: string[];
  notExercised: number;
  /** What each scenario covered, as the statement says (none when it says nothing readable). */
  coverage: ScenarioCoverage[];
}

const counts = (value: unknown): boolean =>
  isObject(value) && Object.values(value).every((count) => typeof count === 'number');

/** A scenario's coverage as the statement carries it, its shape checked (the page and the command print it). */
const isCoverage = (value: unknown): value is ScenarioCoverage =>
  isObject(value) &&
  typeof value.scenario === 'string' &&
  typeof value.calls === 'number' &&
  counts(value.operations) &&
  counts(value.completedSessions) &&
  counts(value.furtherPages) &&
  Array.isArray(value.exercisedRules);

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const isProgramFile = (value: unknown): value is ProgramFile =>
  isObject(value) && typeof value.path === 'string' && typeof value.sha256 === 'string';
const isProgramCommit = (value: unknown): value is ProgramCommit =>
  isObject(value) && typeof value.commit === 'string' && typeof value.dirty === 'boolean';
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function runFacts(statement: TestResultStatement): RunFacts {
  const {predicate} = statement;
  const check = predicate.configuration.find((descriptor) => descriptor.name === CHECK_CONFIGURATION);
  const notes = check?.annotations ?? {};
  const optional = (name: string) => {
    const value = text(notes[name]);
    return value === undefined ? {} : {[name]: value};
  };
  return {
    url: predicate.url,
    result: predicate.result,
    ...optional('partner'),
    ...optional('challenge'),
    ...optional('program'),
    programFiles: Array.isArray(notes.programFiles) ? (notes.programFiles as unknown[]).filter(isProgramFile) : [],
    ...(isProgramCommit(notes.programCommit)
      ? {programCommit: {commit: notes.programCommit.commit, dirty: notes.programCommit.dirty}}
      : {}),
    scenarios: texts(notes.scenarios),
    ...optional('startedAt'),
    ...optional('finishedAt'),
    problems: texts(notes.problems),
    passed: predicate.passedTests.length,
    failed: predicate.failedTests,
    notExercised: notExercisedOf(statement)?.length ?? 0,
    coverage: Array.isArray(notes.coverage) ? (notes.coverage as unknown[]).filter(isCoverage) : [],
  };
}

/** Accepted, or refused with each reason. */
export function decide(statement: TestResultStatement, options: DecideOptions = {}): Decision {
  const facts = runFacts(statement);
  const reasons: string[] = [];
  if (facts.result !== 'PASSED') {
    for (const test of facts.failed) reasons.push(`FAILED: ${test}`);
    for (const problem of facts.problems) reasons.push(`FAILED: ${problem}`);
    // A FAILED statement names at least one of them; if it names none, it is still refused, and says so
    if (!reasons.length) reasons.push('FAILED: the run did not pass');
  }
  if (options.challenge !== undefined && facts.challenge !== options.challenge)
    reasons.push(
      facts.challenge === undefined
        ? `challenge: the run carries none, where ${JSON.stringify(options.challenge)} was asked for`
        : `challenge: the run carries ${JSON.stringify(facts.challenge)}, not ${JSON.stringify(options.challenge)}`,
    );
  for (const policy of options.policies ?? [])
    reasons.push(...policyReasons(policy, {scenarios: facts.scenarios, coverage: facts.coverage}));
  return {accepted: !reasons.length, reasons};
}

/** The facts of the run as lines, for `verify` and the page. */
export function factLines(facts: RunFacts): string[] {
  return [
    `run: ${facts.url}`,
    ...(facts.partner !== undefined ? [`partner: ${facts.partner} (declared by the partner's command)`] : []),
    ...(facts.challenge !== undefined ? [`challenge: ${facts.challenge}`] : []),
    ...(facts.program !== undefined ? [`program: ${facts.program} (declared by the partner's command)`] : []),
    ...facts.programFiles.map((file) => `program file: ${file.path} sha256:${file.sha256} (declared)`),
    ...(facts.programCommit
      ? [
          `program commit: ${facts.programCommit.commit}${facts.programCommit.dirty ? ', with changes not committed' : ''} (declared)`,
        ]
      : []),
    `scenarios: ${facts.scenarios.join(', ') || 'none'}`,
    ...(facts.startedAt && facts.finishedAt ? [`time: ${facts.startedAt} to ${facts.finishedAt}`] : []),
    ...coverageLines(facts.coverage).map((line) => `covered in ${line}`),
    `result: ${facts.result}, ${facts.passed} passed, ${facts.failed.length} failed, ${facts.notExercised} not exercised`,
  ];
}
