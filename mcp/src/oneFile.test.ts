/**
 * The MCP server's one file for partners (oneFile/build.ts, as the site's downloads plugin builds it),
 * copied alone into an empty folder and started as the AI assistants page configures it, `node mcp.mjs`:
 * an MCP client of the SDK initialises it over stdio and lists its tools, and the pages and bundles it
 * answers from are the ones built into it.
 */
import {rmSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {loneCopy} from '../../test-utils/oneFile';
import {buildMcpFile} from './oneFile/build';

const client = new Client({name: 'one-file-test', version: '1.0.0'});
let dir = '';

beforeAll(async () => {
  dir = loneCopy({'mcp.mjs': (await buildMcpFile()).contents});
  await client.connect(
    new StdioClientTransport({
      command: 'node',
      args: ['mcp.mjs'],
      cwd: dir,
      env: {PATH: process.env.PATH ?? ''},
      stderr: 'pipe',
    }),
  );
}, 120_000);

afterAll(async () => {
  await client.close();
  rmSync(dir, {recursive: true, force: true});
});

describe('mcp.mjs, alone in an empty folder', () => {
  it('initialises over stdio and lists its five tools', async () => {
    expect(client.getServerVersion()).toMatchObject({name: 'api-developer-docs'});
    const {tools} = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'call_sandbox',
      'get_operation',
      'list_operations',
      'search_docs',
      'validate_request',
    ]);
  });

  it('answers from the pages and bundles inside it', async () => {
    const search = (await client.callTool({
      name: 'search_docs',
      arguments: {query: 'poll session token RESULT_STATUS_COMPLETE'},
    })) as {content: {text?: string}[]};
    expect(search.content.map((part) => part.text).join('\n')).toContain('/docs/getting-started/create-and-poll.md');
    const {resources} = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain('portal://openapi/geo.json');
  });
});
