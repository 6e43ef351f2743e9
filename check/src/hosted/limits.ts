/**
 * The bounds of a hosted check run (./run.ts, ./api.ts), written once for the code, the tests and the
 * Integration check page. The platform's rate-limiting bindings that count new runs are declared in
 * deploy/wrangler.jsonc with the figures of `HOSTED_RUN_RATE_LIMITS` (deploy/src/config.test.ts proves both
 * equal).
 */
import {REPORT_FILES} from '../report/fileTypes';

/** The calls one scenario of a hosted run records; past it the run answers 503 (the guides' loops make a few dozen). */
export const HOSTED_MAX_CALLS_PER_SCENARIO = 300;
/** The bytes of a create or finish body the check's API reads. */
export const MAX_RUN_REQUEST_BYTES = 8 * 1024;
/** The longest key a run is made with (`sandbox_` included): a longer one is refused as no sandbox key. */
export const MAX_KEY_LENGTH = 256;
/** The longest label a program may be given. */
export const MAX_PROGRAM_LABEL = 200;
/** How long a run and its reports are kept after it was created; then its object deletes them. */
export const RUN_RETENTION_MS = 24 * 60 * 60 * 1000;
/** How long after its last scenario's time limit a run still takes calls (the command starts programs one after another). */
export const RECORDING_SLACK_MS = 5 * 60 * 1000;
/** How long a run's address answers 410 after it expired, before its object forgets it too (then 404). */
export const TOMBSTONE_MS = 7 * 24 * 60 * 60 * 1000;

/** New runs per key and per client address, as the platform's rate-limiting bindings count them. */
export const HOSTED_RUN_RATE_LIMITS = {
  perKey: {binding: 'CHECK_RUNS_BY_KEY', namespaceId: '4012', limit: 10, periodSeconds: 60},
  perAddress: {binding: 'CHECK_RUNS_BY_ADDRESS', namespaceId: '4013', limit: 20, periodSeconds: 60},
} as const;

/** The files of a finished run, with their media types: the report's (../report/fileTypes.ts) and the attestation. */
export const RUN_FILES = {
  ...REPORT_FILES,
  'attestation.json': 'application/json; charset=utf-8',
} as const;
export type RunFile = keyof typeof RUN_FILES;
