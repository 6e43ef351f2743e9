/**
 * The hosted check as the portal's Worker mounts it (`@portal/check/hosted`, deploy/src/app.ts): the API, the
 * run its Durable Object delegates to (deploy/src/runObject.ts), the signer from the Worker's secret and the
 * published key set.
 */
import {checkError} from './errors';
import {readKeySet, signerOf, type KeySet, type Signer} from '../attest/keys';

export {CHECK_API_BASE, hostedCheckApi, type HostedApiOptions, type RunRateLimiter, type RunStubs} from './api';
export {HostedRun, type RunApi, type RunDeps, type RunMeta, type RunStorage} from './run';
export {HOSTED_RUN_RATE_LIMITS} from './limits';
export {checkError} from './errors';

/** Why the Worker cannot sign: the secret is missing. */
export const MISSING_SIGNING_KEY =
  'The portal has no key to sign attestations with: set the Worker secret CHECK_SIGNING_KEY (deploy/README.md, "The hosted check\'s signing key").';

const signers = new Map<string, Promise<Signer>>();

/** The signer of the Worker's secret (made once per isolate); rejects with a sentence when there is none. */
export function signerFor(secret: string | undefined): Promise<Signer> {
  if (!secret) return Promise.reject(new Error(MISSING_SIGNING_KEY));
  let signer = signers.get(secret);
  if (!signer) {
    signer = signerOf(secret);
    signers.set(secret, signer);
  }
  return signer;
}

/** `/.well-known/integration-check-keys.json`: the signing key's public half, then the retired keys still trusted. */
export async function publishedKeys(secret: string | undefined, previous: string | undefined): Promise<Response> {
  let signer: Signer;
  try {
    signer = await signerFor(secret);
  } catch (error) {
    return checkError(503, error instanceof Error ? error.message : String(error));
  }
  const set: KeySet = {keys: [signer.published]};
  if (previous?.trim()) {
    const retired = await readKeySet(previous);
    if (typeof retired === 'string') return checkError(500, `CHECK_PREVIOUS_KEYS cannot be read: ${retired}.`);
    set.keys.push(...retired.keys.filter((key) => key.kid !== signer.keyid));
  }
  return new Response(JSON.stringify(set, null, 2), {
    headers: {'content-type': 'application/jwk-set+json'},
  });
}
