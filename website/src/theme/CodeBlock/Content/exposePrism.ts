/**
 * Puts prism-react-renderer's Prism (the one code blocks tokenise with) on `globalThis` for the
 * grammar highlighted.tsx imports next: Prism's language files register into the global `Prism`. What
 * was there before (Redoc's own Prism, if the reference has loaded it) is kept and put back by
 * highlighted.tsx.
 */
import {Prism} from 'prism-react-renderer';

const global = globalThis as {Prism?: unknown};

/** `globalThis.Prism` before this module ran. */
export const previousPrism: unknown = global.Prism;
global.Prism = Prism;
