/**
 * The docs sidebar Docusaurus shows: `docsSidebar` of `@portal/content/sidebar` (content/src/sidebar.ts),
 * written there so that the pages' markdown versions (src/plugins/llms) and the MCP server gather the
 * guides in the same order, without importing the website.
 */
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {docsSidebar} from '@portal/content/sidebar';

const sidebars: SidebarsConfig = {docs: docsSidebar};

export default sidebars;
