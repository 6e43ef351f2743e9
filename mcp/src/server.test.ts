/**
 * The MCP server as an assistant meets it over stdio: an MCP client of the official SDK spawns the
 * documented command (`npm run mcp`, root package.json), and the cases every way the server runs shares
 * (test-utils/mcpClientSuite.ts) run on it.
 */
import path from 'node:path';
import {afterAll, beforeAll, describe} from 'vitest';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {mcpClientSuite} from '@portal/test-utils/mcpClientSuite';

const root = path.resolve(__dirname, '../..');
const client = new Client({name: 'mcp-test', version: '1.0.0'});

beforeAll(async () => {
  await client.connect(
    new StdioClientTransport({command: 'npm', args: ['run', '--silent', 'mcp'], cwd: root, stderr: 'pipe'}),
  );
}, 120_000);

afterAll(async () => {
  await client.close();
});

describe('the MCP server over stdio', () => {
  mcpClientSuite(() => client);
});
