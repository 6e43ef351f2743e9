/**
 * `/llms.txt` and `/llms-full.txt` (the llmstxt.org format) from the site's pages: the site's purpose,
 * the instructions for agents, and one link per page, grouped as the sidebar groups the guides, then
 * the API reference, the blog and every other page. `llms-full.txt` adds every page's markdown. Pure:
 * ./index.ts gathers the pages; `llmsTxt.test.ts` holds the golden test.
 */

export interface LlmsPage {
  title: string;
  /** The page's path on the site: `/docs/intro`, `/api/geo/`. */
  path: string;
  /** The path of its markdown version, when it has one: `/docs/intro.md`. */
  markdownPath?: string;
  description?: string;
  /** The `##` section it is listed under: `Getting started`, `API reference`, `Blog`, `Other pages`. */
  section: string;
  /** Its markdown, for `llms-full.txt`. */
  markdown?: string;
}

export interface LlmsSite {
  title: string;
  tagline: string;
  /** The site's origin, with no trailing slash: `https://developers.example.com`. */
  url: string;
}

/**
 * The rules an assistant most often gets wrong, each pointing to the guide that explains it. Every
 * statement here is made, with its details, on the linked page.
 */
export const agentInstructions: {rule: string; path: string}[] = [
  {
    rule: 'Keep the API key on the server: send it in the `x-api-key` header from backend code, never from a browser or a mobile app, and never in a URL. The APIs send no CORS headers on purpose.',
    path: '/docs/getting-started/authentication',
  },
  {
    rule: 'Live prices are created then polled: send the create call, then poll with the returned session token until `status` is `RESULT_STATUS_COMPLETE` (or `RESULT_STATUS_FAILED`), applying the `action` of each answer (`RESULT_ACTION_REPLACED` replaces everything you hold: never merge it). Do not treat the create answer as final.',
    path: '/docs/getting-started/create-and-poll',
  },
  {
    rule: 'Prices are integers with a unit: `amount` is an integer carried as a JSON string and `unit` (`PRICE_UNIT_WHOLE`, `PRICE_UNIT_CENTI`, `PRICE_UNIT_MILLI`, ...) says how many units make one currency unit. Never parse `amount` as a decimal price.',
    path: '/docs/getting-started/requests-and-responses',
  },
  {
    rule: 'Places are entity ids, not IATA codes: responses identify every place by entity id (a string); a city and its airport can share an IATA code. Store and send entity ids.',
    path: '/docs/getting-started/iata-and-entity-ids',
  },
  {
    rule: 'Rate-limit values, and what a limit applies to, are not published: on `429` back off with jitter (respect `Retry-After`), cache what you can, and never load-test the production APIs.',
    path: '/docs/getting-started/rate-limits',
  },
  {
    rule: 'Enum values are full strings (`CABIN_CLASS_ECONOMY`, not `ECONOMY`); never send a `..._UNSPECIFIED` value.',
    path: '/docs/getting-started/enums',
  },
  {
    rule: 'Develop against the sandbox: it serves every operation of these specifications with any key that starts with `sandbox_`. The MCP server of this documentation calls it in process.',
    path: '/docs/getting-started/sandbox',
  },
];

const absolute = (site: LlmsSite, path: string): string => `${site.url}${path}`;

const entry = (site: LlmsSite, page: LlmsPage): string =>
  `- [${page.title}](${absolute(site, page.markdownPath ?? page.path)})${
    page.description ? `: ${page.description.replace(/\s+/g, ' ').trim()}` : ''
  }`;

function head(site: LlmsSite, pages: LlmsPage[]): string[] {
  const known = new Set(pages.map((page) => page.path));
  return [
    `# ${site.title}`,
    '',
    `> ${site.tagline}. Guides, an API reference for every partner REST API, and a blog for developers who integrate the provider's travel data.`,
    '',
    `Every guide, guide category, post and API reference page has a markdown version at its URL plus \`.md\` (listed below). \`${absolute(site, '/llms-full.txt')}\` holds all of them in one file. Each API's OpenAPI 3.1 specification is at \`${absolute(site, '/openapi/<slug>.json')}\`.`,
    '',
    '## Instructions for agents',
    '',
    ...agentInstructions
      .filter((instruction) => known.has(instruction.path))
      .map((instruction) => `- ${instruction.rule} See ${absolute(site, `${instruction.path}.md`)}`),
    '',
  ];
}

/** The sections in the order their first page is listed. */
function sections(pages: LlmsPage[]): Map<string, LlmsPage[]> {
  const found = new Map<string, LlmsPage[]>();
  for (const page of pages) found.set(page.section, [...(found.get(page.section) ?? []), page]);
  return found;
}

/** `/llms.txt`: the head, then every page's link under its section. */
export function llmsTxt(site: LlmsSite, pages: LlmsPage[]): string {
  const lines = head(site, pages);
  for (const [section, listed] of sections(pages)) {
    lines.push(`## ${section}`, '', ...listed.map((page) => entry(site, page)), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** `/llms-full.txt`: `/llms.txt`, then every page's markdown, each after its URL. */
export function llmsFullTxt(site: LlmsSite, pages: LlmsPage[]): string {
  const parts = [llmsTxt(site, pages).trimEnd()];
  for (const page of pages) {
    if (page.markdown === undefined) continue;
    parts.push(`---\n\nSource: ${absolute(site, page.path)}\n\n${page.markdown.trim()}`);
  }
  return `${parts.join('\n\n')}\n`;
}
