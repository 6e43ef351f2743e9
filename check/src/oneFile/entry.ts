/**
 * The entry of `sandbox.mjs` (./build.ts): the partner's command (../cli/command.ts) on the bundles built into
 * the file, the check run where the command was started, `--version` naming the build (`portal:build`).
 */
import build from 'portal:build';
import bundles from 'portal:bundles';
import {main} from '../cli/command';

main(new Map(Object.entries(bundles)), process.argv.slice(2), process.cwd(), 'node sandbox.mjs', build);
