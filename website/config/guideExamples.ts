/**
 * Every JSON code block in the guides and the blog is an API body, checked against the specifications:
 * its fence names what it is (`json request=<operationId>`, `json response=<operationId>` with an
 * optional `status=<code>`, or `json schema=<ComponentSchema>`). An unmarked JSON block fails. Beyond
 * the schema, a block may name no field that the schema does not declare (`undeclaredFields` of
 * @portal/specs: the specs accept unknown fields, so a misspelled optional field would otherwise pass).
 * A block marked `invalid=<rule>` shows a body the API refuses: test/guideInvalidExamples.test.ts checks those.
 * A `json config=mcp-client` block is the MCP client configuration of the guides: each server runs the
 * one file `mcp.mjs` with `node`, or a script of the root package.json through `npm run --silent` (npm
 * would otherwise print on the protocol's channel). A `json file=<name>` block is a file beside the page's programs, not a body:
 * test-utils/guideRuns.ts uses and checks it.
 *
 * test/guideExamples.test.ts runs this check on the bundles. Run as a command
 * (`tsx config/guideExamples.ts`, the first step of `npm run build -w website`), it checks the
 * bundles when they come from the provider's host (`SPECS_FROM`, specs/lib/bundle.ts) and stops the
 * build naming the page, the line and the field of each example they reject; without `SPECS_FROM`
 * it does nothing (the tests check the authored specifications).
 */
import fs from 'node:fs';
import path from 'node:path';
import {contentFiles, jsonBlocks, type CodeBlock} from '@portal/content';
import {
  loadBundles,
  requestMedia,
  responseMedia,
  SpecValidator,
  undeclaredFields,
  type OpenApiDocument,
  type Schema,
} from '@portal/specs/node';

const websiteDir = path.resolve(__dirname, '..');

/** Every ```json block of website/docs and website/blog, those marked `invalid=` included. */
export function guideJsonBlocks(): CodeBlock[] {
  const files = [...contentFiles(path.join(websiteDir, 'docs')), ...contentFiles(path.join(websiteDir, 'blog'))];
  return files.flatMap((file) => jsonBlocks(file, fs.readFileSync(file, 'utf8')));
}

/** The keys of a block's value that its schema does not declare. */
function undeclared(
  validator: SpecValidator,
  {request, response, schema, status}: Record<string, string>,
  value: unknown,
): string[] {
  if (schema) {
    for (const doc of validator.specs.values()) {
      const named = doc.components?.schemas?.[schema];
      if (named) return undeclaredFields(doc, named, value);
    }
    return [];
  }
  const operation = validator.operation(request ?? response);
  const doc = validator.specs.get(operation.slug)!;
  const media: Schema | undefined = request
    ? requestMedia(doc, operation)?.schema
    : responseMedia(doc, operation, status ?? '200')?.schema;
  return undeclaredFields(doc, media, value);
}

/** The root package.json's scripts, which an MCP client configuration may run. */
const rootScripts = (): Record<string, string> =>
  (
    JSON.parse(fs.readFileSync(path.join(websiteDir, '..', 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    }
  ).scripts ?? {};

/** The one file of the MCP server the site serves (src/plugins/downloads), which `node` runs. */
const MCP_ONE_FILE = 'mcp.mjs';

/**
 * What is wrong with an MCP client configuration (`{"mcpServers": {name: {command, args}}}`): `node`
 * runs the one file (`args` its path alone), anything else a root script through `npm run --silent`.
 */
function mcpClientProblems(value: unknown): string[] {
  const servers = (value as {mcpServers?: unknown} | null)?.mcpServers;
  if (!servers || typeof servers !== 'object') return ['no mcpServers object'];
  const scripts = rootScripts();
  return Object.entries(servers).flatMap(([name, server]) => {
    const args = (server as {args?: unknown} | null)?.args;
    const list = Array.isArray(args) ? args.map(String) : [];
    if ((server as {command?: unknown} | null)?.command === 'node') {
      return list.length === 1 && path.posix.basename(list[0]) === MCP_ONE_FILE
        ? []
        : [`${name}: node's args are not the path of ${MCP_ONE_FILE} alone`];
    }
    const problems: string[] = [];
    if (list[0] !== 'run' || !list.includes('--silent'))
      problems.push(`${name}: args do not start with run and hold --silent`);
    const script = list.at(-1);
    if (!script || !Object.hasOwn(scripts, script)) {
      problems.push(`${name}: ${script ?? 'no script'} is not a script of the root package.json`);
    }
    return problems;
  });
}

/** What is wrong with one block, each line naming the page and line (`docs/x.mdx:12 (OperationId): /field ...`). */
export function exampleProblems(validator: SpecValidator, block: CodeBlock): string[] {
  const where = `${path.relative(websiteDir, block.file)}:${block.line}`;
  // A `file=<name>` block is a file the page's programs use (tsconfig.json): test-utils/guideRuns.ts checks it
  if (block.meta.file !== undefined) return [];
  let value: unknown;
  try {
    value = JSON.parse(block.body);
  } catch (error) {
    return [`${where}: not valid JSON (${(error as Error).message})`];
  }
  const {request, response, schema, status, config} = block.meta;
  if (config !== undefined) {
    if (config !== 'mcp-client')
      return [`${where}: config=${config} is not a configuration this check knows (mcp-client)`];
    return mcpClientProblems(value).map((problem) => `${where} (MCP client configuration): ${problem}`);
  }
  try {
    const result = request
      ? validator.request(request, value)
      : response
        ? validator.response(response, value, status ?? '200')
        : schema
          ? validator.schema(schema, value)
          : undefined;
    if (!result) return [`${where}: a JSON block must name request=, response=, schema= or config=`];
    const name = request ?? response ?? schema;
    return [
      ...result.errors.map((error) => `${where} (${name}): ${error}`),
      ...undeclared(validator, block.meta, value).map(
        (field) => `${where} (${name}): ${field} is not a field of the schema`,
      ),
    ];
  } catch (error) {
    return [`${where}: ${(error as Error).message}`];
  }
}

/** The problems of every example of the guides and the blog (the blocks not marked `invalid=`). */
export function guideExampleProblems(validator: SpecValidator, blocks = guideJsonBlocks()): string[] {
  return blocks
    .filter((block) => block.meta.invalid === undefined)
    .flatMap((block) => exampleProblems(validator, block));
}

/**
 * The build's step: nothing without `SPECS_FROM`; with it, the guides' examples against the bundles
 * (written from the host by `npm run specs:bundle`). Returns the exit code and what to print.
 */
export function guideCheck(
  from: string | undefined,
  specs: () => Map<string, OpenApiDocument> = () => loadBundles(),
): {code: 0 | 1; message?: string} {
  if (!from) return {code: 0};
  const blocks = guideJsonBlocks();
  const problems = guideExampleProblems(new SpecValidator(specs()), blocks);
  const examples = blocks.filter((block) => block.meta.invalid === undefined && block.meta.file === undefined);
  if (problems.length === 0) {
    return {
      code: 0,
      message: `The ${examples.length} JSON examples of the guides match the specifications from ${from}.`,
    };
  }
  const count = problems.length === 1 ? 'a problem' : `${problems.length} problems`;
  return {
    code: 1,
    message: `The specifications from ${from} reject examples of the guides (${count}; page:line (operation or schema): field and rule). Correct the specifications or the guides. The fetched specifications stay in specs/dist/openapi to be read; every npm script bundles again before it reads them (the authored ones unless SPECS_FROM is set):\n  ${problems.join('\n  ')}`,
  };
}

if (require.main === module) {
  try {
    const {code, message} = guideCheck(process.env.SPECS_FROM);
    if (message) (code === 0 ? console.log : console.error)(message);
    process.exitCode = code;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
