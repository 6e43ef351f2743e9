/**
 * Deprecation where assistants read it: an operation, a parameter and a field the spec deprecates are
 * marked by `list_operations`, `get_operation` and `validate_request` (./tools.ts), on bundles changed here
 * (the real ones deprecate one field only, which test-utils/mcpClientSuite.ts covers on every transport).
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import {loadBundles} from '@portal/specs/node';
import {callTool} from '@portal/test-utils/mcpClientSuite';
import {createServer} from './tools';

const bundles = loadBundles();
const geo = structuredClone(bundles.get('geo')!);
const flights = structuredClone(bundles.get('flights-live-pricing')!);
const changed = new Map([...bundles, ['geo', geo], ['flights-live-pricing', flights]]);
// Every geo operation deprecated
for (const item of Object.values(geo.paths)) {
  for (const operation of Object.values(item)) (operation as {deprecated?: boolean}).deprecated = true;
}
const client = new Client({name: 'deprecations-test', version: '1.0.0'});

beforeAll(async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createServer({bundles: changed, pages: []}).connect(serverSide);
  await client.connect(clientSide);
});
afterAll(() => client.close());

describe('the MCP server shows what the specs deprecate', () => {
  it('list_operations marks a deprecated operation, and only it', async () => {
    const {text} = await callTool(client, 'list_operations', {});
    const lines = text.split('\n');
    expect(
      lines
        .filter((line) => line.startsWith('geo '))
        .every((line) => line.endsWith('(deprecated: do not use it in new code)')),
    ).toBe(true);
    expect(lines.filter((line) => line.includes('deprecated'))).toHaveLength(
      lines.filter((line) => line.startsWith('geo ')).length,
    );
  });

  it('get_operation says an operation is deprecated, in its compact form too', async () => {
    const [operationId] = (await callTool(client, 'list_operations', {api: 'geo'})).text
      .split('\n')[0]
      .split(' ')
      .slice(1);
    const {text} = await callTool(client, 'get_operation', {operationId});
    expect(text).toContain('· **deprecated**');
    expect(text).toContain('**Deprecated.** Do not use this operation in new code');
    const other = await callTool(client, 'get_operation', {operationId: 'CultureService_ListCurrencies'});
    expect(other.text).not.toContain('eprecated');
  });

  it('get_operation marks a deprecated field in its rules', async () => {
    const {text} = await callTool(client, 'get_operation', {operationId: 'FlightsService_CreateSearch'});
    expect(text).toMatch(/\| `query\.includeBaggageData` \| boolean \| no \| [^|]*deprecated[^|]* \|/);
  });
});
