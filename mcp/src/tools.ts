/**
 * The MCP server of the documentation: its tools and resources, on the bundled
 * specifications and the markdown pages, with the sandbox in process. No file system, no network:
 * ./server.ts loads what it needs and connects it to stdio; ./server.test.ts drives it over stdio;
 * ./http.ts serves it over Streamable HTTP, a server per request from one `serverFactory`.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import MiniSearch from 'minisearch';
import {z} from 'zod';
import {
  deprecatedFieldsIn,
  operations,
  requestIssues,
  requestMedia,
  SpecValidator,
  type OpenApiDocument,
  type Operation,
} from '@portal/specs';
import {createApp, MAX_DEPTH, type SandboxOptions} from '@portal/sandbox';
import type {MarkdownPage} from './pages';
import {operationAnswer, operationSections, type OperationSection} from './operationAnswer';

export interface ServerOptions {
  bundles: Map<string, OpenApiDocument>;
  pages: MarkdownPage[];
  /** The origin the pages' URLs are given with (`https://developers.example.com`); paths alone without it. */
  siteUrl?: string;
  /** Request validators compiled ahead of time, for a runtime that cannot compile (workerd: deploy/src/worker.ts). */
  precompiledValidators?: SandboxOptions['precompiledValidators'];
  /**
   * The sandbox `call_sandbox` sends to (a Hono app's `request`); a sandbox of its own, in process, unless
   * given. The Worker gives its own, so a session created here polls on its `/apiservices/` too.
   */
  sandbox?: {request(path: string, init: RequestInit): Response | Promise<Response>};
}

/** The key the sandbox tool sends unless told otherwise (the sandbox takes any `sandbox_` key). */
export const SANDBOX_KEY = 'sandbox_mcp';
/** Answers longer than this are cut, saying so (a complete flights poll is a few hundred KB). */
export const MAX_ANSWER_CHARS = 200_000;

/** One section of a page, as the search indexes it. */
interface Section {
  id: number;
  page: string;
  heading: string;
  url: string;
  text: string;
}

/** A page cut at its `##` and `###` headings. */
function sectionsOf(page: MarkdownPage, url: string, first: number): Section[] {
  const parts = page.markdown.split(/\n(?=#{2,3} )/);
  return parts.map((text, index) => ({
    id: first + index,
    page: page.title,
    heading: /^#{1,3} (.+)$/m.exec(text)?.[1] ?? page.title,
    url,
    text,
  }));
}

const text = (value: string, isError = false) => ({content: [{type: 'text' as const, text: value}], isError});

/** The server of `options`, connected to one transport (stdio). */
export function createServer(options: ServerOptions): McpServer {
  return serverFactory(options)();
}

/**
 * What the servers of `options` share, made once (the search index over every page, the validators, the
 * sandbox), and a function that makes a server on it: an `McpServer` connects to one transport, so a
 * stateless HTTP endpoint makes one per request (./http.ts), cheaply.
 */
export function serverFactory(options: ServerOptions): () => McpServer {
  const {bundles, pages} = options;
  const site = (options.siteUrl ?? '').replace(/\/$/, '');
  const all = [...bundles].flatMap(([slug, doc]) => operations(slug, doc));
  const byId = new Map(all.map((operation) => [operation.operationId, operation]));
  const validator = new SpecValidator(bundles, options.precompiledValidators);
  const sandbox =
    options.sandbox ??
    createApp({
      bundles,
      siteUrl: options.siteUrl,
      ...(options.precompiledValidators ? {precompiledValidators: options.precompiledValidators} : {}),
    });

  const sections = pages.flatMap((page, index) => sectionsOf(page, `${site}${page.markdownPath}`, index * 1000));
  const search = new MiniSearch<Section>({
    fields: ['heading', 'page', 'text'],
    storeFields: ['page', 'heading', 'url', 'text'],
    searchOptions: {boost: {heading: 3, page: 2}, prefix: true, fuzzy: 0.2, combineWith: 'AND'},
  });
  search.addAll(sections);
  return () => registerAll({bundles, pages, site, all, byId, validator, sandbox, search});
}

function registerAll(parts: {
  bundles: Map<string, OpenApiDocument>;
  pages: MarkdownPage[];
  site: string;
  all: Operation[];
  byId: Map<string, Operation>;
  validator: SpecValidator;
  sandbox: NonNullable<ServerOptions['sandbox']>;
  search: MiniSearch<Section>;
}): McpServer {
  const {bundles, pages, site, all, byId, validator, sandbox, search} = parts;
  const server = new McpServer(
    {name: 'api-developer-docs', version: '1.0.0'},
    {
      instructions:
        'The partner travel APIs: search the guides, read any operation, validate a request body, and call the sandbox in process. Keys stay on the server; live prices are created then polled until RESULT_STATUS_COMPLETE; prices are integers with a unit; places are entity ids, not IATA codes; rate-limit values are not published, so back off on 429.',
    },
  );

  const known = (operationId: string): Operation | undefined => byId.get(operationId);
  const unknown = (operationId: string) =>
    text(
      `No operation ${operationId}. list_operations gives every operationId (e.g. FlightsService_CreateSearch).`,
      true,
    );

  server.registerTool(
    'search_docs',
    {
      title: 'Search the documentation',
      description:
        'Full-text search over every guide and API reference page (as markdown). Returns the best matching sections with their page URL.',
      inputSchema: {
        query: z.string().min(1).max(500).describe('Words to look for, e.g. "poll session token" or "childrenAges"'),
        limit: z.number().int().min(1).max(20).optional().describe('How many sections to return (default 5)'),
      },
    },
    async ({query, limit}) => {
      let found = search.search(query);
      if (found.length === 0) found = search.search(query, {combineWith: 'OR'});
      if (found.length === 0) return text(`Nothing in the documentation matches "${query}".`);
      return text(
        found
          .slice(0, limit ?? 5)
          .map((hit) => {
            const body = String(hit.text);
            return `## ${hit.page} › ${hit.heading}\n${hit.url}\n\n${body.length > 2000 ? `${body.slice(0, 2000)}…` : body}`;
          })
          .join('\n\n'),
      );
    },
  );

  server.registerTool(
    'list_operations',
    {
      title: 'List the API operations',
      description:
        'Every operation of the APIs: its operationId, method, path and summary, and whether it is deprecated. Optionally for one API.',
      inputSchema: {
        api: z
          .string()
          .optional()
          .describe(`One API's slug: ${[...bundles.keys()].join(', ')}`),
      },
    },
    async ({api}) => {
      if (api && !bundles.has(api)) return text(`No API ${api}. The APIs: ${[...bundles.keys()].join(', ')}.`, true);
      const listed = all.filter((operation) => !api || operation.slug === api);
      return text(
        listed
          .map(
            (operation) =>
              `${operation.slug} ${operation.operationId} ${operation.method} ${operation.path}: ${operation.summary ?? ''}${
                (operation as {deprecated?: boolean}).deprecated === true
                  ? ' (deprecated: do not use it in new code)'
                  : ''
              }`,
          )
          .join('\n'),
      );
    },
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Read one operation',
      description:
        'One operation, compact by default: summary, method and path, parameters and request body fields with their rules, the response\'s top-level fields, the enums by name, the errors, one request example, and links to its reference page. Ask for `detail: "full"` (every field of the response, enum values, examples, code samples, the request body JSON Schema) or for single `sections` in full.',
      inputSchema: {
        operationId: z.string().min(1).max(200).describe('e.g. FlightsService_CreateSearch'),
        detail: z
          .enum(['compact', 'full'])
          .optional()
          .describe('compact (default, a few KB) or full (everything; tens of KB for the live searches)'),
        sections: z
          .array(z.enum(Object.keys(operationSections) as [OperationSection, ...OperationSection[]]))
          .min(1)
          .optional()
          .describe('Only these parts, in full, e.g. ["enums"] or ["response"]'),
        languages: z
          .array(z.string())
          .optional()
          .describe(
            'Code sample languages to include in the full form or the code-samples section, by label or language (e.g. ["curl", "Python"]); all when left out',
          ),
      },
    },
    async ({operationId, detail, sections, languages}) => {
      const operation = known(operationId);
      if (!operation) return unknown(operationId);
      return text(operationAnswer(bundles.get(operation.slug)!, operation, {detail, sections, languages, site}));
    },
  );

  server.registerTool(
    'validate_request',
    {
      title: 'Validate a request body',
      description:
        "Checks a JSON request body against an operation's schema (the rules the sandbox and the API apply). Answers `valid` or each failing field with its rule, and names what the body uses that the spec deprecates.",
      inputSchema: {
        operationId: z.string().min(1).max(200).describe('e.g. FlightsService_CreateSearch'),
        body: z.unknown().describe('The JSON body to check'),
      },
    },
    async ({operationId, body}) => {
      const operation = known(operationId);
      if (!operation) return unknown(operationId);
      if (!requestMedia(bundles.get(operation.slug)!, operation))
        return text(`${operationId} takes no request body.`, true);
      const issues = requestIssues(validator, operationId, body);
      const doc = bundles.get(operation.slug)!;
      // What the body or the call uses that the spec deprecates: valid, but not for new code
      const deprecated = [
        ...((operation as {deprecated?: boolean}).deprecated === true ? [`the operation ${operationId}`] : []),
        ...deprecatedFieldsIn(doc, requestMedia(doc, operation)?.schema, body).map((field) => `the field ${field}`),
      ];
      const note =
        deprecated.length > 0
          ? `\nDeprecated (the spec says not to use it in new code): ${deprecated.join(', ')}.`
          : '';
      if (issues.length === 0) return text(`valid: the body meets the schema of ${operationId}.${note}`);
      return text(
        [
          `invalid: ${issues.length} problem(s) with the body of ${operationId}:`,
          ...issues.map((issue) => `- ${issue.field || '(body)'}: ${issue.message} (${issue.rule})`),
        ].join('\n') + note,
      );
    },
  );

  server.registerTool(
    'call_sandbox',
    {
      title: 'Call the sandbox',
      description:
        'Sends a request to the sandbox (in process, no network), which serves every operation with validation, create and poll, and deterministic data. Answers the HTTP status and the JSON body. For live prices: create, then poll with the sessionToken until status is RESULT_STATUS_COMPLETE.',
      inputSchema: {
        method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
        path: z
          .string()
          .regex(/^\/[^\s]*$/)
          .max(2000)
          .describe('e.g. /apiservices/v3/flights/live/search/create'),
        query: z.record(z.string(), z.string()).optional().describe('Query parameters'),
        body: z.unknown().optional().describe('The JSON body, for POST'),
        apiKey: z
          .string()
          .max(200)
          .optional()
          .describe(`Sent as x-api-key; default ${SANDBOX_KEY}. The sandbox takes any key starting with sandbox_`),
      },
    },
    async ({method, path, query, body, apiKey}) => {
      const url = new URL(path, 'http://sandbox.invalid');
      for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
      const headers: Record<string, string> = {'x-api-key': apiKey ?? SANDBOX_KEY};
      if (body !== undefined) headers['content-type'] = 'application/json';
      let json: string | undefined;
      try {
        json = body === undefined ? undefined : JSON.stringify(body);
      } catch {
        // Only a value nested past the engine's stack cannot be written back (the sandbox refuses far less)
        return text(
          `The body cannot be sent: it is nested too deeply (the sandbox takes at most ${MAX_DEPTH} levels).`,
          true,
        );
      }
      const response = await sandbox.request(url.pathname + url.search, {method, headers, body: json});
      const answer = await response.text();
      const cut = answer.length > MAX_ANSWER_CHARS;
      return text(
        `HTTP ${response.status}\n\n${cut ? `${answer.slice(0, MAX_ANSWER_CHARS)}\n… (cut at ${MAX_ANSWER_CHARS} of ${answer.length} characters)` : answer}`,
        response.status >= 400,
      );
    },
  );

  for (const [slug, doc] of bundles) {
    const uri = `portal://openapi/${slug}.json`;
    server.registerResource(
      `openapi-${slug}`,
      uri,
      {
        title: `${doc.info.title} ${doc.info.version} OpenAPI`,
        mimeType: 'application/json',
        description: doc.info.summary,
      },
      async () => ({contents: [{uri, mimeType: 'application/json', text: JSON.stringify(doc, null, 2)}]}),
    );
  }
  for (const page of pages) {
    const uri = `portal://site${page.markdownPath}`;
    server.registerResource(
      `page${page.markdownPath}`,
      uri,
      {title: page.title, mimeType: 'text/markdown', description: `${site}${page.path}`},
      async () => ({contents: [{uri, mimeType: 'text/markdown', text: page.markdown}]}),
    );
  }
  return server;
}
