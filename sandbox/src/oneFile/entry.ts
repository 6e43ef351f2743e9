/**
 * The entry of `sandbox.mjs` (./build.ts): node.ts's `main` on the bundles built into the file, the
 * check run where the command was started.
 */
import bundles from 'portal:bundles';
import {main} from '../node';

main(new Map(Object.entries(bundles)), process.argv.slice(2), process.cwd(), 'node sandbox.mjs');
