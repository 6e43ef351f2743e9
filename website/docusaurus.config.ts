import type {Config, PluginModule} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {navbar} from './config/navbar';
import {footer} from './config/footer';
import {searchOptions} from './config/search';
import {announcement, hostedSandboxUrl, siteUrl} from './config/site';
import path from 'node:path';
import {bundleDir} from '@portal/specs/node';
import {assertApiContent} from './config/apiContent';
import {buildChecks} from './config/buildChecks';
import {prismDark, prismLight} from './config/prism';
import apiReferencePlugin from './src/plugins/apiReference';
import remarkFieldTables from './src/plugins/fieldTables';
import remarkTryIt from './src/components/TryIt/remarkTryIt';
import changelogPlugin from './src/plugins/changelog';
import {specRemarkPlugins} from './src/plugins/specComponents';
import dependencyPatchesPlugin from './src/plugins/dependencyPatches';
import codeColoursPlugin from './src/plugins/codeColours';
import codeHighlighterPlugin from './src/plugins/codeHighlighter';
import searchTheme, {searchIndexWritten} from './src/plugins/searchIndex';
import llmsPlugin from './src/plugins/llms';
import downloadsPlugin from './src/plugins/downloads';
import securityHeadersPlugin from './src/plugins/securityHeaders';
import precompiledValidatorsPlugin from './src/plugins/precompiledValidators';
import rehypeStaticMarkdown from './src/plugins/staticMarkdown';
import recmaLazyStaticMarkdown from './src/plugins/staticMarkdown/lazyChildren';

// Every API of config/apis.ts has its specification, bundle and guides, or the build stops here.
assertApiContent();

const config: Config = {
  title: 'API Developer Documentation',
  tagline: 'Build flight, car hire and hotel search on live travel data',
  favicon: 'img/favicon.svg',
  // The public origin (sitemap, canonical links, og:image): SITE_URL; a production build without it warns.
  url: siteUrl(),
  baseUrl: '/',
  // The hosted sandbox of this build, if any (HOSTED_SANDBOX_URL): the Sandbox page and the try-it console read it.
  customFields: {hostedSandboxUrl: hostedSandboxUrl()},
  titleDelimiter: '|',
  trailingSlash: undefined,
  baseUrlIssueBanner: true,
  // The bundles (`npm run specs:bundle`) are served as `/openapi/<slug>.json` (`specUrl` of config/apis.ts).
  staticDirectories: ['static', path.dirname(bundleDir)],

  // Build-time checks (config/buildChecks.ts): what fails the build and what warns.
  onBrokenLinks: buildChecks.onBrokenLinks,
  onBrokenAnchors: buildChecks.onBrokenAnchors,
  onDuplicateRoutes: buildChecks.onDuplicateRoutes,
  markdown: {format: 'mdx', mermaid: true, hooks: buildChecks.markdownHooks},

  // Rspack and SWC: the same site, built about four times faster.
  future: {
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      fasterByDefault: true,
      mdx1CompatDisabledByDefault: true,
      // Off: with CSS cascade layers the build rewrites Infima's rules to a specificity that
      // src/css/custom.css cannot override, so the theme's colours were silently ignored.
      useCssCascadeLayers: false,
      // Off: plain storage keys (`theme`, `docusaurus.announcement.id`). The site has its own
      // origin, so a per-site key suffix would only make the stored choices harder to find.
      siteStorageNamespacing: false,
    },
    faster: true,
  },

  i18n: {defaultLocale: 'en', locales: ['en']},

  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          routeBasePath: 'docs',
          // `<EnumTable name="..." />`, `<GoLivePolicies />`, `<ReferenceDataTable />` and, in the change log,
          // `<SpecReleases />`: markdown made from the bundled specifications (src/plugins/specComponents.ts);
          // `<FieldTable>`: a table of a schema's fields, checked against the schema; `<TryIt>`: the operation's
          // summary, from the same.
          remarkPlugins: [...specRemarkPlugins(false), remarkFieldTables, remarkTryIt],
          beforeDefaultRemarkPlugins: specRemarkPlugins(true),
          // Markdown that needs no JavaScript keeps the server's HTML through hydration, its elements made
          // only when drawn (src/plugins/staticMarkdown).
          rehypePlugins: [rehypeStaticMarkdown],
          recmaPlugins: [recmaLazyStaticMarkdown],
        },
        blog: {
          showReadingTime: true,
          blogSidebarTitle: 'Recent posts',
          blogSidebarCount: 10,
          feedOptions: {
            type: ['rss', 'atom'],
            title: 'API Developer Documentation blog',
            description: 'Announcements and integration advice for partner developers.',
            xslt: true,
          },
          onInlineTags: 'throw',
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'throw',
          rehypePlugins: [rehypeStaticMarkdown],
          recmaPlugins: [recmaLazyStaticMarkdown],
        },
        pages: {rehypePlugins: [rehypeStaticMarkdown], recmaPlugins: [recmaLazyStaticMarkdown]},
        theme: {customCss: './src/css/custom.css'},
        sitemap: {changefreq: 'weekly', priority: 0.5},
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    // `_headers` (CSP with the inline scripts' hashes, HSTS, caching): first, so it can wait for every
    // later plugin's postBuild that writes HTML (src/plugins/securityHeaders).
    securityHeadersPlugin,
    // Redoc's reference goes into each page's HTML after the search has indexed the page's outline.
    [apiReferencePlugin as PluginModule, {afterSearchIndex: searchIndexWritten}],
    dependencyPatchesPlugin,
    // Code colours from the stylesheet, written from the two Prism themes, instead of a style on every token.
    [codeColoursPlugin as PluginModule, {light: prismLight, dark: prismDark}],
    // Code blocks highlighted by the server and kept through hydration: the browser loads the highlighter
    // only for a block it draws itself (src/plugins/codeHighlighter, src/theme/CodeBlock/Content).
    codeHighlighterPlugin,
    // The change log's RSS and Atom feeds, `/docs/change-log/rss.xml` and `atom.xml`.
    changelogPlugin,
    // `/llms.txt`, `/llms-full.txt` and `<page>.md` for AI assistants (src/plugins/llms).
    llmsPlugin,
    // The request validators compiled at build time, for the console's in-page sandbox and the HAR check: the
    // policy allows no `new Function` (src/plugins/precompiledValidators).
    precompiledValidatorsPlugin,
    // `/downloads/sandbox.mjs` and `/downloads/mcp.mjs`, each one file with its `.sha256` (src/plugins/downloads).
    downloadsPlugin as PluginModule,
    [
      '@docusaurus/plugin-client-redirects',
      // `/docs` is the docs landing: it opens the intro page, as the navbar's "Docs" item does.
      {redirects: [{from: '/docs', to: '/docs/intro'}]},
    ],
  ],

  themes: ['@docusaurus/theme-mermaid', [searchTheme, searchOptions]],

  clientModules: [
    './src/clientModules/progressBar.ts',
    './src/clientModules/announcementBar.ts',
    // Tells src/plugins/staticMarkdown's runs whether they are being hydrated.
    './src/plugins/staticMarkdown/hydration.ts',
  ],

  themeConfig: {
    image: 'img/social-card.png',
    metadata: [
      {name: 'keywords', content: 'travel API, flights API, hotels API, car hire API, developer documentation'},
    ],
    colorMode: {defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false},
    announcementBar: {...announcement, isCloseable: true},
    docs: {sidebar: {hideable: false, autoCollapseCategories: false}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar: navbar(),
    footer: footer(),
    prism: {
      theme: prismLight,
      darkTheme: prismDark,
      // Python and JSON are in prism-react-renderer's own Prism already. Bash is added by the code block
      // itself (src/theme/CodeBlock/Content/highlighted.tsx), in its chunk: a language listed here would load into main.js on
      // every page, so src/plugins/dependencyPatches refuses one.
      additionalLanguages: [],
    },
    mermaid: {theme: {light: 'neutral', dark: 'dark'}},
  } satisfies Preset.ThemeConfig,
};

export default config;
