/**
 * The baseline of `npm run bench:site` (bench/site.ts): a stock Docusaurus classic site holding this
 * site's content, built with the Docusaurus of node_modules and the same bundler as ours (Rspack:
 * `future: {v4: true, faster: true}`, the create-docusaurus template's flags plus Docusaurus Faster, which
 * needs them). Stock theme and plugins only: preset-classic, `@docusaurus/theme-mermaid` (the guides have
 * mermaid code blocks) and `@easyops-cn/docusaurus-search-local` with its default options. Its config
 * takes from ours only stock settings: the title, tagline and favicon (website/docusaurus.config.ts), the
 * navbar, footer and announcement bar (website/config/), and Prism's `bash` in `additionalLanguages`, the
 * stock way to highlight our bash code blocks (it loads with main.js; our site loads it with its code blocks).
 * It holds:
 * - every guide of website/docs/, with the sidebars of website/sidebars.ts (evaluated here and written
 *   as data: its items are stock, only its list of APIs comes from website/config/apis.ts);
 * - the blog of website/blog/ (posts, authors.yml, tags.yml) and website/static/ (the guides' image);
 * - the home page (website/src/pages/index.tsx, a React page) as src/pages/index.mdx: the same text,
 *   headings and links in stock markup (the API catalogue from website/config/apis.ts).
 *
 * Where our MDX uses components of ours, each page gets the nearest stock rendering, listed by
 * `rewrites` (page, what) and printed by bench/site.ts. Code fences are never edited:
 * - `Tabs`/`TabItem` (injected, lazy, by website/src/theme/MDXComponents.tsx): the stock ones, imported
 *   from `@theme/` after the front matter, not lazy;
 * - `Assumption` (website/src/components/Assumption): a `:::note[Not confirmed]` admonition with the same
 *   text, as the component shows it (its `because` is not shown; its `id` anchor is left out);
 * - `EnumTable` and `SpecReleases`: what our remark plugins make of them (website/src/plugins/enumTables,
 *   website/src/plugins/changelog/specReleases), run here and printed as markdown (tables, lists, headings
 *   with their ids as stock MDX comment ids);
 * - `OneFileDownloads`, `SpecDownloads`, `SandboxEnvironmentLink`: markdown tables and links to the same
 *   files (`pathname://`: not served by the stock site; no sizes or checksums, which our downloads plugin
 *   computes);
 * - `CheckRules`, `CheckScenarios`: a list and a table from the same data (`@portal/check/contract`),
 *   each rule with its `<a id="rule-...">` anchor (which Docusaurus's anchor check does not see: it warns);
 * - `HostedSandbox`, `HostedMcp`: the paragraph each renders when the build names no hosted sandbox;
 * - `TryIt`: a link to the operation in the API reference, with the component's text;
 * - `PriceFormatter`, `EntityIdFinder`, `HarCheck` (interactive only): a paragraph that says what is left out.
 * Any other component or import makes the build stop here, naming it. Broken links do not fail the
 * stock build (`onBrokenLinks` and the markdown hooks warn): our `/api/...` reference pages, the `/openapi/`
 * and `/downloads/` files are not in it.
 */
import {cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import type {Root} from 'mdast';
import {checkScenarios} from '@portal/check/model';
import {rules, scenarioSummaries} from '@portal/check/contract';
import remarkEnumTables from '@portal/website/plugins/enumTables';
import remarkSpecReleases from '@portal/website/plugins/specReleases';
import sidebars from '@portal/website/sidebars';
import {apiFamilies, apis, guideCategoryPath, referencePath, specUrl} from '@portal/website/config/apis';
import {firstCall, steps, useCases} from '@portal/website/config/home';
import {navbar} from '@portal/website/config/navbar';
import {footer} from '@portal/website/config/footer';
import {announcement} from '@portal/website/config/site';
import {runMeasured} from './peakMemory';

export interface Rewrite {
  /** The source file, relative to website/ (`docs/intro.mdx`, `src/pages/index.tsx`). */
  page: string;
  /** What it got instead of our component. */
  what: string;
}

export interface StockSite {
  dir: string;
  seconds?: number;
  peakMemoryMiB?: number;
  rewrites: Rewrite[];
}

/** A markdown node (mdast, mdx and gfm), loosely: the plugins' own node types are subsets of it. */
interface Md {
  type: string;
  value?: string;
  url?: string;
  depth?: number;
  ordered?: boolean;
  spread?: boolean;
  children?: Md[];
  attributes?: {type: string; name: string; value: string}[];
  data?: {hProperties?: {id?: string}};
  name?: string;
}

const text = (value: string): Md => ({type: 'text', value});
const code = (value: string): Md => ({type: 'inlineCode', value});
const strong = (value: string): Md => ({type: 'strong', children: [text(value)]});
const link = (url: string, ...children: Md[]): Md => ({type: 'link', url, children});
const paragraph = (...children: Md[]): Md => ({type: 'paragraph', children});
const list = (ordered: boolean, items: Md[][]): Md => ({
  type: 'list',
  ordered,
  spread: false,
  children: items.map((children) => ({type: 'listItem', spread: false, children})),
});
const table = (header: string[], rows: Md[][][]): Md => ({
  type: 'table',
  children: [header.map((cell) => [text(cell)]), ...rows].map((cells) => ({
    type: 'tableRow',
    children: cells.map((children) => ({type: 'tableCell', children})),
  })),
});
/** Text in which `backticks` mark code, as our components read their string props. */
const inline = (value: string): Md[] =>
  value
    .split(/(`[^`]+`)/)
    .filter(Boolean)
    .map((part) =>
      part.length > 1 && part.startsWith('`') && part.endsWith('`') ? code(part.slice(1, -1)) : text(part),
    );

/** MDX-safe markdown of some nodes (remark-mdx escapes `{` and `<` in text). */
const printer = unified()
  .use(remarkMdx)
  .use(remarkGfm, {tablePipeAlign: false})
  .use(remarkStringify, {bullet: '-', fences: true, listItemIndent: 'one', rule: '-'});
const markdown = (...nodes: Md[]): string =>
  printer.stringify({type: 'root', children: nodes} as unknown as Root).trimEnd();

/** A heading id our plugins set (`data.hProperties.id`) as a stock MDX comment id after the title (`/* #id *\/` in braces). */
function headingIds(node: Md): void {
  const id = node.type === 'heading' ? node.data?.hProperties?.id : undefined;
  if (id) node.children = [...(node.children ?? []), text(' '), {type: 'mdxTextExpression', value: `/* #${id} */`}];
  node.children?.forEach(headingIds);
}

/** `<EnumTable ... />` and `<SpecReleases />` as our remark plugins expand them, in markdown. */
function bySitePlugins(element: string): string {
  const tree = unified().use(remarkParse).use(remarkMdx).parse(element) as unknown as Md;
  // The plugins take their own subset of mdast (`never`: their node types, not exported, are subsets of Md).
  remarkEnumTables()(tree as never);
  remarkSpecReleases()(tree as never);
  headingIds(tree);
  return markdown(...(tree.children ?? []));
}

/** The files of `/downloads/` (website/src/plugins/downloads), as website/src/components/OneFileDownloads describes them. */
const oneFiles: Record<string, string> = {
  'sandbox.mjs': 'The sandbox and the integration check, with the thirteen specifications',
  'mcp.mjs': 'The MCP server, with the guides, the API reference and the sandbox',
};
const fileLink = (file: string): Md => link(`pathname://${file}`, code(file.split('/').pop()!));

/** The elements of ours that become stock markup: the markdown that replaces the element, and what the rewrite is. */
const replacements: {element: RegExp; what: string; markdown: (match: RegExpExecArray) => string}[] = [
  {
    element: /<EnumTable [^>]*\/>/,
    what: 'EnumTable: the markdown table our remark plugin makes (website/src/plugins/enumTables)',
    markdown: ([element]) => bySitePlugins(element),
  },
  {
    element: /<SpecReleases \/>/,
    what: 'SpecReleases: the sections our remark plugin makes, as markdown (website/src/plugins/changelog/specReleases)',
    markdown: ([element]) => bySitePlugins(element),
  },
  {
    element: /<TryIt api="([^"]+)" operation="([^"]+)">(.*)<\/TryIt>/,
    what: 'TryIt (a button opening the try-it console): a link to the operation in the API reference, with its text',
    markdown: ([, api, operation, note]) =>
      markdown(
        paragraph(
          link(`/api/${api}/#tag/${operation.split('_')[0]}/operation/${operation}`, text('Try it: '), code(operation)),
          text(' '),
          ...inline(note),
        ),
      ),
  },
  {
    element: /<OneFileDownloads(?: only=\{\[([^\]]*)\]\})? \/>/,
    what: 'OneFileDownloads: a table of the files and what each holds (links; no size or SHA-256)',
    markdown: ([, only]) =>
      markdown(
        table(
          ['File', 'What it holds', 'Checksum'],
          Object.entries(oneFiles)
            .filter(([name]) => !only || only.includes(`'${name}'`))
            .map(([name, holds]) => [
              [fileLink(`/downloads/${name}`)],
              [text(holds)],
              [fileLink(`/downloads/${name}.sha256`)],
            ]),
        ),
      ),
  },
  {
    element: /<SpecDownloads \/>/,
    what: 'SpecDownloads: a table of the APIs and their four files (links)',
    markdown: () =>
      markdown(
        table(
          ['API', 'OpenAPI JSON', 'OpenAPI YAML', 'TypeScript types', 'Postman collection'],
          apis.map((api) => [
            [link(referencePath(api), text(api.title))],
            ...['.json', '.yaml', '.d.ts', '.postman.json'].map((ending) => [
              fileLink(specUrl(api).replace(/\.json$/, ending)),
            ]),
          ]),
        ),
      ),
  },
  {
    element: /<SandboxEnvironmentLink \/>/,
    what: 'SandboxEnvironmentLink: a link to the file',
    markdown: () => markdown(fileLink('/openapi/sandbox.postman_environment.json')),
  },
  {
    element: /<CheckScenarios \/>/,
    what: 'CheckScenarios: a table from @portal/check/contract',
    markdown: () =>
      markdown(
        table(
          ['Scenario', 'What the check does to the calls'],
          checkScenarios.map((scenario) => {
            const only = rules.filter((rule) => rule.scenarios?.includes(scenario)).map((rule) => rule.id);
            const judges = only.flatMap((id, index) => [...(index ? [text(', ')] : []), link(`#rule-${id}`, code(id))]);
            return [
              [code(scenario)],
              [
                text(scenarioSummaries[scenario]),
                ...(only.length ? [text(' Only this scenario judges '), ...judges, text('.')] : []),
              ],
            ];
          }),
        ),
      ),
  },
  {
    element: /<CheckRules \/>/,
    what: 'CheckRules: a list from @portal/check/contract',
    markdown: () =>
      markdown(
        list(
          true,
          rules.map((rule) => [
            // The anchor the scenarios table and other pages link to (`#rule-poll-interval`).
            paragraph(
              {
                type: 'mdxJsxTextElement',
                name: 'a',
                attributes: [{type: 'mdxJsxAttribute', name: 'id', value: `rule-${rule.id}`}],
              },
              code(rule.id),
            ),
            paragraph(text(rule.sentence)),
            list(false, [
              [paragraph(strong('Tolerance:'), text(` ${rule.tolerance}`))],
              [
                paragraph(
                  strong('Judged:'),
                  text(
                    rule.scenarios
                      ? ` Only in the ${rule.scenarios.join(', ')} scenario${rule.scenarios.length > 1 ? 's' : ''}; never in a HAR.`
                      : ' In every run and in a HAR, whenever the calls give it something to judge.',
                  ),
                ),
              ],
              [paragraph(strong('Guide:'), text(' '), link(rule.guide.path, text(rule.guide.title)))],
            ]),
          ]),
        ),
      ),
  },
  {
    // website/src/components/HostedSandbox/notes.tsx, without HOSTED_SANDBOX_URL (as bench:site builds ours).
    element: /<HostedSandbox \/>/,
    what: 'HostedSandbox: the paragraph it renders when the build names no hosted sandbox',
    markdown: () => 'This portal has no hosted sandbox: run the one file, or use the sandbox in this page.',
  },
  {
    element: /<HostedMcp \/>/,
    what: 'HostedMcp: the paragraph it renders when the build names no hosted sandbox',
    markdown: () =>
      'This portal has no hosted sandbox, so there is no hosted MCP server either: run `mcp.mjs` on your machine, as above.',
  },
  {
    element: /<PriceFormatter \/>/,
    what: 'PriceFormatter (interactive): a paragraph saying it is left out',
    markdown: () =>
      'The interactive price formatter of this page (a currency, an amount and a unit in, the formatted price out) is not in this stock build.',
  },
  {
    element: /<EntityIdFinder \/>/,
    what: 'EntityIdFinder (interactive): a paragraph saying it is left out',
    markdown: () =>
      "The entity-id finder of this page (a search box over the sandbox's places) is not in this stock build.",
  },
  {
    element: /<HarCheck \/>/,
    what: 'HarCheck (interactive): a paragraph saying it is left out',
    markdown: () => 'The in-page HAR check (pick or drop a `.har` file) is not in this stock build.',
  },
];

const tabsImport = ["import Tabs from '@theme/Tabs';", "import TabItem from '@theme/TabItem';"];

/** One MDX file of ours in stock markup (see the top of this file), and the rewrites it needed. */
export function toStockMdx(page: string, source: string): {mdx: string; rewrites: Rewrite[]} {
  const lines = source.split('\n');
  // The front matter, if any, stays first; imports go right after it.
  const frontMatter = lines[0] === '---' ? lines.indexOf('---', 1) + 1 : 0;
  const out = lines.slice(0, frontMatter);
  const what = new Set<string>();
  let fence: string | undefined;
  for (const [index, line] of lines.entries()) {
    if (index < frontMatter) continue;
    const marker = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      // Inside a code fence until a fence of the same character, at least as long, with nothing after it.
      if (marker && marker[1][0] === fence[0] && marker[1].length >= fence.length && !marker[2].trim())
        fence = undefined;
      out.push(line);
      continue;
    }
    if (marker) {
      fence = marker[1];
      out.push(line);
      continue;
    }
    const opening = /^<Assumption id="[a-z0-9-]+" because="[^"]*">$/.test(line);
    if (/^import \S.* from '@site\/src\/components\/[^']+';$/.test(line)) {
      // Our components' imports go with their elements (each listed below).
    } else if (opening) {
      what.add('Assumption: a :::note[Not confirmed] admonition, without its `because`');
      out.push(':::note[Not confirmed]');
    } else if (line === '</Assumption>') {
      out.push(':::');
    } else {
      let rewritten = line;
      for (const replacement of replacements) {
        for (let match; (match = replacement.element.exec(rewritten));) {
          const stock = replacement.markdown(match);
          rewritten = rewritten.replace(match[0], () => stock);
          what.add(replacement.what);
        }
      }
      if (/<\/?(Tabs|TabItem)\b/.test(rewritten))
        what.add('Tabs/TabItem: the stock ones imported from @theme (not lazy, every tab rendered)');
      // Anything else of ours left (outside `code` spans) would fail the stock build: stop here, naming it.
      const left = rewritten.replace(/`[^`]*`/g, '');
      if (/^import /.test(left) || /<\/?(?!Tabs\b|TabItem\b)[A-Z]/.test(left))
        throw new Error(`${page}:${index + 1}: no stock rendering for: ${line}`);
      out.push(rewritten);
    }
  }
  // The imports, in a block of their own (a blank line after them).
  if ([...what].some((entry) => entry.startsWith('Tabs/')))
    out.splice(frontMatter, 0, '', ...tabsImport, ...(out[frontMatter] === '' ? [] : ['']));
  return {mdx: out.join('\n'), rewrites: [...what].map((entry) => ({page, what: entry}))};
}

// The site's title and tagline, as website/docusaurus.config.ts sets them.
const title = 'API Developer Documentation';
const tagline = 'Build flight, car hire and hotel search on live travel data';

/** website/src/pages/index.tsx as a stock MDX page: its text, headings (with their ids) and links; buttons become links. */
function homePage(): string {
  const catalogue = apiFamilies.flatMap((family) => [
    `### ${family.title} {/* #family-${family.id} */}`,
    family.summary,
    ...apis
      .filter((api) => api.family === family.id)
      .flatMap((api) => [
        `#### ${api.title}`,
        api.summary,
        `[Guides](${guideCategoryPath(api)}) · [API reference](${referencePath(api)})`,
      ]),
  ]);
  const frontMatter = [
    '---',
    'title: Travel APIs for partners',
    `description: ${JSON.stringify('Guides, API reference and examples for thirteen travel APIs: flights, car hire, hotels and reference data.')}`,
    'hide_table_of_contents: true',
    '---',
  ];
  const body = [
    `${apis.length} REST APIs · JSON over HTTPS`,
    `# ${title}`,
    `${tagline}. Guides, references generated from the OpenAPI specifications, and examples you can run.`,
    '[Get started](/docs/intro) · [Browse the APIs](#apis)',
    '## What you can build {/* #build */}',
    ...useCases.flatMap((useCase) => [`### ${useCase.title}`, useCase.text]),
    '## The APIs {/* #apis */}',
    'Every API shares the same conventions: an API key in a header, JSON bodies, prices as exact integers with a unit (see [price units](/docs/getting-started/requests-and-responses#price-units)), and the same error body.',
    ...catalogue,
    '## Get started in three steps {/* #start */}',
    steps
      .map((step, index) => `${index + 1}. ### ${step.title}\n\n   ${step.text} [${step.link}](${step.to})`)
      .join('\n\n'),
    `\`\`\`bash title="Your first call"\n${firstCall}\n\`\`\``,
    '[Read the getting-started guides](/docs/category/getting-started)',
  ];
  return `${frontMatter.join('\n')}\n\n${body.join('\n\n')}\n`;
}

/** The stock site's docusaurus.config.js (see the top of this file). */
const config = {
  title,
  tagline,
  favicon: 'img/favicon.svg',
  url: 'http://localhost:3000',
  baseUrl: '/',
  // Our reference pages (/api/...) and static files are not in the stock site: broken links warn.
  onBrokenLinks: 'warn',
  markdown: {mermaid: true, hooks: {onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: 'warn'}},
  // The create-docusaurus template's `v4: true`, and the same bundler as our site (Rspack), so the
  // comparison is about the sites, not the bundlers (Docusaurus Faster needs the v4 flags).
  future: {v4: true, faster: true},
  presets: [['classic', {docs: {sidebarPath: './sidebars.js'}}]],
  themes: ['@docusaurus/theme-mermaid', '@easyops-cn/docusaurus-search-local'],
  themeConfig: {
    navbar: navbar(),
    footer: footer(),
    announcementBar: {...announcement, isCloseable: true},
    prism: {additionalLanguages: ['bash']},
  },
};

/** The files of a folder, relative to it. */
const filesOf = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) =>
    statSync(path.join(dir, name)).isDirectory()
      ? filesOf(path.join(dir, name)).map((file) => path.join(name, file))
      : [name],
  );

/**
 * Writes the stock site into `outSite` and builds it into `outSite/build` with `docusaurus build`, timed
 * and with its peak memory (./peakMemory.ts). `reuse`: keep an earlier build (no time, no memory).
 */
export async function buildStockContentSite(
  root: string,
  outSite: string,
  options: {reuse: boolean},
): Promise<StockSite> {
  const website = path.join(root, 'website');
  const files = new Map<string, string>([['src/pages/index.mdx', homePage()]]);
  const rewrites: Rewrite[] = [
    {
      page: 'src/pages/index.tsx',
      what: 'the React home page: src/pages/index.mdx with its text, headings and links (buttons and cards as links and headings)',
    },
  ];
  for (const folder of ['docs', 'blog']) {
    for (const file of filesOf(path.join(website, folder))) {
      const page = path.join(folder, file);
      const source = readFileSync(path.join(website, page), 'utf8');
      if (!/\.mdx?$/.test(file)) {
        files.set(page, source);
        continue;
      }
      const stock = toStockMdx(page, source);
      files.set(page, stock.mdx);
      rewrites.push(...stock.rewrites);
    }
  }
  const dir = path.join(outSite, 'build');
  if (options.reuse && existsSync(path.join(dir, 'index.html'))) return {dir, rewrites};

  rmSync(outSite, {recursive: true, force: true});
  cpSync(path.join(website, 'static'), path.join(outSite, 'static'), {recursive: true});
  files.set('package.json', JSON.stringify({name: 'stock-site', private: true}, null, 2));
  files.set(
    'docusaurus.config.js',
    `// Written by bench/lib/stockSite.ts.\nexport default ${JSON.stringify(config, null, 2)};\n`,
  );
  files.set(
    'sidebars.js',
    `// website/sidebars.ts, evaluated.\nexport default ${JSON.stringify(sidebars, null, 2)};\n`,
  );
  for (const [file, contents] of files) {
    mkdirSync(path.dirname(path.join(outSite, file)), {recursive: true});
    writeFileSync(path.join(outSite, file), contents);
  }
  const docusaurus = path.join(root, 'node_modules', '.bin', 'docusaurus');
  const run = await runMeasured(docusaurus, ['build', outSite, '--out-dir', dir]);
  return {dir, seconds: run.seconds, peakMemoryMiB: run.peakRssMiB, rewrites};
}
