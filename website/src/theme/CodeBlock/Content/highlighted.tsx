/**
 * The theme's highlighted code (@theme-original/CodeBlock/Content: prism-react-renderer), with Prism's
 * bash grammar added to prism-react-renderer's Prism here, in this module's chunk, instead of in main.js
 * on every page (the theme's `prism.additionalLanguages` puts it there). index.tsx beside it loads this
 * module only where a code block is drawn in the browser (see there); the server renders every block with it.
 *
 * The grammar is imported with a query (`?prism-react-renderer`) so that it is a module of its own:
 * Redoc requires the same file for its own Prism, and a module runs once, so without the query
 * whichever of the two loaded second would find the grammar already run, for the other Prism.
 * Imports run in order: exposePrism.ts sets the global Prism the grammar registers into.
 */
import type {ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock/Content';
import {previousPrism} from './exposePrism';
import 'prismjs/components/prism-bash?prism-react-renderer';
import Content from '@theme-original/CodeBlock/Content';

const global = globalThis as {Prism?: unknown};
if (previousPrism === undefined) delete global.Prism;
else global.Prism = previousPrism;

export default Content as (props: Props) => ReactNode;
