/**
 * The MCP server's one file for partners (oneFile/build.ts, as the site's downloads plugin builds it),
 * copied alone into an empty folder and started as the AI assistants page configures it, `node mcp.mjs`:
 * an MCP client of the SDK initialises it over stdio, and the cases every way the server runs shares
 * (test-utils/mcpClientSuite.ts) run on it, answered from the pages and bundles built into it.
 */
import {rmSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {mcpClientSuite} from '@portal/test-utils/mcpClientSuite';
import {loneCopy} from '@portal/test-utils/oneFile';
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
  it('initialises over stdio as the server of the documentation', () => {
    expect(client.getServerVersion()).toMatchObject({name: 'api-developer-docs'});
  });

  mcpClientSuite(() => client);
});
