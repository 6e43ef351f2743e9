/**
 * Go-live in one command, in workerd (the portal's Worker through Miniflare, offline): a hotels client that
 * keeps every rule as the hotels guides ask and then asks a further page (check/src/fixtures/clients/hotels.mjs)
 * passes `check --hosted --for hotels-live-prices`, and `verify --for hotels-live-prices --challenge` accepts
 * its attestation and prints who ran it, the program's digest, the scenarios and the operations; the same
 * attestation is refused for another challenge or another API's policy. A trivial program, one call per
 * scenario, gets a signed PASSED and is refused under any API's policy, each missing part named.
 */
import fs from 'node:fs';
import path from 'node:path';
import {createHash} from 'node:crypto';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {clientInputs, clientsDir} from '@portal/check/fixtures/breakers';
import {partnerCommand, partnerFolder} from '@portal/check/fixtures/partnerCommand';
import {loadBundles} from '@portal/specs/node';
import {startWorkerd, type RunningWorkerd} from './workerd';

const bundles = loadBundles();
let worker: RunningWorkerd;

beforeAll(async () => {
  worker = await startWorkerd();
}, 120_000);
afterAll(async () => {
  await worker?.close();
});

const sandbox = (dir: string, argv: string[]) => partnerCommand(bundles, dir, argv);
const folder = (files: Record<string, string>) => partnerFolder(files, 'go-live-');
const verifyArgs = ['verify', 'integration-report/attestation.json', '--har', 'integration-report/session.har'];

describe('go-live in one command, in workerd', () => {
  it('accepts a hotels client from the guides for hotels live, and for nothing else', async () => {
    const client = fs.readFileSync(path.join(clientsDir, 'hotels.mjs'), 'utf8');
    const dir = folder({
      'hotels.mjs': client,
      'lib.mjs': fs.readFileSync(path.join(clientsDir, 'lib.mjs'), 'utf8'),
      'hotels-query.json': clientInputs()['hotels-query.json'],
    });
    const run = await sandbox(dir, [
      'check',
      '--hosted',
      worker.url,
      '--for',
      'hotels-live-prices',
      '--partner',
      'acme',
      '--challenge',
      'acme-go-live-1',
      '--',
      'node',
      'hotels.mjs',
    ]);
    expect(run.code, run.out).toBe(0);
    expect(run.lines[0]).toMatch(
      /^Policy: hotels-live-prices asks for scenarios normal, rate-limited, .*a further page/,
    );
    expect(run.lines.at(-1)).toBe('ACCEPTABLE: the run meets the go-live policy of hotels-live-prices');

    const keys = ['--keys', worker.url];
    const accepted = await sandbox(dir, [
      ...verifyArgs,
      ...keys,
      '--for',
      'hotels-live-prices',
      '--challenge',
      'acme-go-live-1',
    ]);
    expect(accepted.code, accepted.out).toBe(0);
    expect(accepted.lines.at(-1)).toBe('ACCEPTED');
    const digest = createHash('sha256').update(client).digest('hex');
    for (const line of [
      "partner: acme (declared by the partner's command)",
      'challenge: acme-go-live-1',
      `program file: hotels.mjs sha256:${digest} (declared)`,
      'scenarios: normal, rate-limited, server-error, session-lost, never-completes, failed, rejected',
    ])
      expect(accepted.lines).toContain(line);
    expect(accepted.out).toMatch(
      /^covered in normal: 3 calls; operations: HotelsService_CreateSearch ×1, HotelsService_PollSearch ×2; sessions completed: hotels-live ×1; further pages: hotels-live ×1;/m,
    );

    const other = await sandbox(dir, [...verifyArgs, ...keys, '--for', 'hotels-live', '--challenge', 'acme-go-live-2']);
    expect([other.code, other.lines.at(-1)]).toEqual([1, 'REFUSED']);
    expect(other.lines).toContain('✗ challenge: the run carries "acme-go-live-1", not "acme-go-live-2"');
    const flights = await sandbox(dir, [...verifyArgs, ...keys, '--for', 'flights-live-prices']);
    expect([flights.code, flights.lines.at(-1)]).toEqual([1, 'REFUSED']);
    expect(flights.lines).toContain('✗ flights-live-prices: FlightsService_CreateSearch was never called');
  }, 300_000);

  it('refuses a trivial one-call program under any policy, though its run PASSED', async () => {
    // One call of the currencies per scenario, a scenario left out
    const dir = folder({
      'one-call.mjs':
        "await fetch(`${process.env.API_BASE_URL}/apiservices/v3/culture/currencies`, {headers: {'x-api-key': process.env.API_KEY}});\n",
    });
    const run = await sandbox(dir, [
      'check',
      '--hosted',
      worker.url,
      '--scenarios',
      'normal,server-error,session-lost,never-completes,failed,rejected',
      '--',
      'node',
      'one-call.mjs',
    ]);
    expect(run.code, run.out).toBe(0);
    expect(run.lines.at(-1)).toBe('PASSED: every rule holds in every run');
    const culture = await sandbox(dir, [...verifyArgs, '--keys', worker.url, '--for', 'culture']);
    expect([culture.code, culture.lines.at(-1)]).toEqual([1, 'REFUSED']);
    expect(culture.lines).toEqual(
      expect.arrayContaining([
        '✗ culture: scenario rate-limited was not run',
        '✗ culture: rule retry-after was never exercised',
      ]),
    );
    const hotels = await sandbox(dir, [...verifyArgs, '--keys', worker.url, '--for', 'hotels-live-prices']);
    expect(hotels.code).toBe(1);
    expect(hotels.lines).toEqual(
      expect.arrayContaining([
        '✗ hotels-live-prices: HotelsService_CreateSearch was never called',
        '✗ hotels-live-prices: no further page of results was asked for after a search completed',
      ]),
    );
  }, 300_000);
});
