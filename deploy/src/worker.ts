/**
 * The portal's Worker module (wrangler.jsonc's entry, bundled by ./build.ts): the one Hono app of ./app.ts as its
 * `fetch`, and the Durable Object class of a hosted check run (./runObject.ts, bound as `CHECK_RUNS`).
 */
import {app} from './app';

export {CheckRun} from './runObject';
export default app;
