/**
 * `npm run -s signing-key -w @portal/deploy`: a new Ed25519 key for the hosted check's attestations. Prints the
 * private key (a JWK, for `wrangler secret put CHECK_SIGNING_KEY`) on one line and, after it, the public entry
 * the portal will publish (named by its thumbprint), to keep for a rotation (README.md, "The hosted check").
 * Nothing is written to disk.
 */
import {generateSigningKey, signerOf} from '@portal/check/signingKeys';

/** The key as the secret holds it, and its public entry. */
export async function newSigningKey(): Promise<{secret: string; published: string}> {
  const key = await generateSigningKey();
  const signer = await signerOf(JSON.stringify(key));
  return {secret: JSON.stringify(key), published: JSON.stringify(signer.published)};
}

if (require.main === module) {
  newSigningKey().then(
    ({secret, published}) => {
      console.log(secret);
      console.error(`Its public entry (published at /.well-known/integration-check-keys.json):\n${published}`);
    },
    (error: unknown) => {
      console.error(`signing-key: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
