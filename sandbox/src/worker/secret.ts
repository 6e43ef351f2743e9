/**
 * The Worker's token secret: a Worker secret named `SANDBOX_TOKEN_SECRET`, never a var and never a default
 * (deploy/src/app.ts reads it; what tests and pages read lives here, not in the Worker's module).
 */

/** The secret's binding name: `wrangler secret put SANDBOX_TOKEN_SECRET -c deploy/wrangler.jsonc`. */
export const SECRET_BINDING = 'SANDBOX_TOKEN_SECRET';

/** The message of the 500 every sandbox request answers while the Worker has no secret. */
export const MISSING_SECRET_MESSAGE = `the sandbox's ${SECRET_BINDING} secret is not set: wrangler secret put ${SECRET_BINDING}`;
