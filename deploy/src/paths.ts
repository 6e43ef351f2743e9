/**
 * The paths the portal's Worker answers itself (./app.ts mounts each); every other path is the site's, served
 * from its build before the Worker runs. wrangler.jsonc's `assets.run_worker_first` lists the same
 * (config.test.ts proves both agree). Apart from ./app.ts so the Node side (the tests, the local runs) reads it
 * without the Worker's runtime types.
 */
export const WORKER_PATHS = [
  '/apiservices/*',
  '/mcp',
  '/check/v1/*',
  '/.well-known/integration-check-keys.json',
] as const;
