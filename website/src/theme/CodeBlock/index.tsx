/**
 * Wraps the theme's code block (@theme-original/CodeBlock) to add Prism's bash grammar to
 * prism-react-renderer's Prism here, in the code block's chunk, instead of in main.js on every page
 * (the theme's `prism.additionalLanguages` puts it there). Only pages with a code block load it.
 *
 * The grammar is imported with a query (`?prism-react-renderer`) so that it is a module of its own:
 * Redoc requires the same file for its own Prism, and a module runs once, so without the query
 * whichever of the two loaded second would find the grammar already run, for the other Prism.
 * Imports run in order: exposePrism.ts sets the global Prism the grammar registers into.
 */
import type {ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import {previousPrism} from './exposePrism';
import 'prismjs/components/prism-bash?prism-react-renderer';
import CodeBlock from '@theme-original/CodeBlock';

const global = globalThis as {Prism?: unknown};
if (previousPrism === undefined) delete global.Prism;
else global.Prism = previousPrism;

export default function CodeBlockWithBash(props: Props): ReactNode {
  return <CodeBlock {...props} />;
}
