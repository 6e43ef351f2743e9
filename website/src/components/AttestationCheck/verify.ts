/**
 * The in-browser verifier's work, loaded with `import()` only when the reader asks to verify (AttestationCheck's
 * index.tsx): read the picked files, take the key set (the file the reader picked, or else the one this site
 * publishes at `KEYS_PATH`), and, given the HAR, fetch the thirteen bundles from the site and their request
 * validators compiled when the site was built (the page's policy allows no `new Function`:
 * src/plugins/precompiledValidators), then `verifyAttestation`, the same code as `node sandbox.mjs verify`
 * (check/src/cli/verify.ts), with the same lines and the same refusals, and the same decision (accepted only
 * when authentic and PASSED, with the challenge given and meeting the go-live policy of the API chosen, whose
 * specification it fetches from the site: check/src/attest/decide.ts, policy.ts). The only requests are for this
 * site's own files: the check's code, the key set and the bundles. Nothing is sent anywhere.
 */
import type {OpenApiDocument, PrecompiledValidators} from '@portal/specs';
import {loadPrecompiledValidators} from '@generated/precompiled-validators';
import {MAX_HAR_BYTES} from '@portal/check';
import {KEYS_PATH, MAX_SMALL_FILE, outcomeLines, verifyAttestation} from '@portal/check/verify';
import {decide, factLines, runFacts} from '@portal/check/decide';
import {policiesFor, policyLine, type NamedPolicy} from '@portal/check/policy';
import type {BundleSource} from '../HarCheck/check';
import {fetchBundle} from '../TryIt/bundles';

export type Step = 'keys' | 'specs' | 'verifying';

/** Which key set the verdict was checked against, in a sentence. */
export type KeySource = {kind: 'file'; name: string} | {kind: 'site'; url: string};

export type Outcome =
  | {error: string}
  | {
      /** Whether the attestation is authentic: signed by a published key (and, with the HAR, its verdict holds). */
      authentic: boolean;
      /** Whether the run is accepted: authentic, and it PASSED. */
      accepted: boolean;
      /** The lines `sandbox.mjs verify` prints: ✓ each check that held, or ✗ each reason it is not authentic. */
      lines: string[];
      /** What the statement says of the run (its partner, program, scenarios, time, result), when authentic. */
      facts: string[];
      /** Why the run is refused (`FAILED: normal/poll-interval`), when authentic. */
      reasons: string[];
      keys: KeySource;
      /** Whether the HAR was checked too. */
      withHar: boolean;
    };

const MIB = 1024 * 1024;

/** A picked file's text, or why it cannot be read (a sentence). */
async function readFile(file: File, limit: number): Promise<Uint8Array<ArrayBuffer> | string> {
  if (file.size > limit) {
    const size = limit >= MIB ? `${limit / MIB} MiB` : `${limit} bytes`;
    return `${file.name} is larger than ${size}, so it is not ${limit === MAX_HAR_BYTES ? 'a HAR the check wrote' : 'an attestation or a key set'}.`;
  }
  try {
    return new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    return `${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}.`;
  }
}

const text = (bytes: Uint8Array<ArrayBuffer>): string => new TextDecoder().decode(bytes);

/** The key set this site publishes, or undefined when it publishes none (a static build has no Worker). */
async function siteKeys(origin: string): Promise<string | undefined> {
  try {
    const answer = await fetch(new URL(KEYS_PATH, origin));
    return answer.ok ? await answer.text() : undefined;
  } catch {
    return undefined;
  }
}

export interface VerifyFiles {
  attestation: File;
  har?: File;
  keys?: File;
  /** The API whose go-live policy the run must meet (its slug), as `verify --for`. */
  forApi?: string;
  /** The challenge the run must carry, as `verify --challenge`. */
  challenge?: string;
}

/**
 * Verifies the picked attestation (and HAR) against the picked key set, or else this site's. `origin` is the
 * page's origin; `onStep` says what it is doing, for the page's status line.
 */
export async function verifyFiles(
  files: VerifyFiles,
  sources: readonly BundleSource[],
  origin: string,
  onStep: (step: Step) => void,
): Promise<Outcome> {
  const attestation = await readFile(files.attestation, MAX_SMALL_FILE);
  if (typeof attestation === 'string') return {error: attestation};
  const har = files.har ? await readFile(files.har, MAX_HAR_BYTES) : undefined;
  if (typeof har === 'string') return {error: har};

  onStep('keys');
  let keys: string;
  let source: KeySource;
  if (files.keys) {
    const read = await readFile(files.keys, MAX_SMALL_FILE);
    if (typeof read === 'string') return {error: read};
    keys = text(read);
    source = {kind: 'file', name: files.keys.name};
  } else {
    const published = await siteKeys(origin);
    if (published === undefined)
      return {
        error: `This site publishes no key set at ${KEYS_PATH}. Pick the key set file: the portal's integration-check-keys.json, from the portal that ran the check.`,
      };
    keys = published;
    source = {kind: 'site', url: new URL(KEYS_PATH, origin).href};
  }

  let bundles: Map<string, OpenApiDocument> | undefined;
  let precompiledValidators: PrecompiledValidators | undefined;
  let policies: NamedPolicy[] = [];
  if (files.forApi) {
    // The policy is the one the API's specification on this site declares
    const source = sources.find((bundle) => bundle.slug === files.forApi);
    if (!source) return {error: `No API ${files.forApi} on this site.`};
    try {
      const found = policiesFor(source.slug, new Map([[source.slug, await fetchBundle(source.href)]]));
      if ('error' in found) return {error: `${found.error}.`};
      policies = found.policies;
    } catch (error) {
      return {
        error: `The API's specification could not be loaded from this site: ${error instanceof Error ? error.message : String(error)}. Reload the page and try again.`,
      };
    }
  }
  if (har) {
    onStep('specs');
    try {
      const [docs, validators] = await Promise.all([
        Promise.all(sources.map((bundle) => fetchBundle(bundle.href))),
        loadPrecompiledValidators(sources.map((bundle) => bundle.slug)),
      ]);
      bundles = new Map(sources.map((bundle, at) => [bundle.slug, docs[at]]));
      precompiledValidators = validators;
    } catch (error) {
      return {
        error: `The API specifications could not be loaded from this site: ${error instanceof Error ? error.message : String(error)}. Reload the page and try again.`,
      };
    }
  }

  onStep('verifying');
  const outcome = await verifyAttestation({
    attestation: text(attestation),
    keys,
    now: Date.now(),
    ...(har ? {har, bundles, precompiledValidators} : {}),
  });
  if (outcome.status === 'unreadable') {
    const name = outcome.code === 'KEY_SET_UNUSABLE' ? (files.keys?.name ?? KEYS_PATH) : files.attestation.name;
    return {error: `${name}: ${outcome.message} [${outcome.code}].`};
  }
  const decision =
    outcome.status === 'verified'
      ? decide(outcome.statement, {...(files.challenge ? {challenge: files.challenge} : {}), policies})
      : undefined;
  return {
    authentic: outcome.status === 'verified',
    accepted: decision?.accepted ?? false,
    lines: outcomeLines(outcome),
    facts:
      outcome.status === 'verified'
        ? [...factLines(runFacts(outcome.statement)), ...policies.map((policy) => `policy: ${policyLine(policy)}`)]
        : [],
    reasons: decision?.reasons ?? [],
    keys: source,
    withHar: har !== undefined,
  };
}
