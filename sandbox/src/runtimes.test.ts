/**
 * The sandbox's data is the same in every runtime it runs in: the place table (every id, parent, name,
 * type and IATA code), built by the browser bundle in Chromium (the entity-id finder's and the try-it
 * console's runtime, test-utils/chromium.ts) and by Node, compared entry by entry. Ids are indexes into
 * sorted lists, so a runtime that names or orders one place differently moves the ids of many.
 */
import {build} from 'esbuild';
import {chromium, type Browser} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {chromiumArgs, chromiumPath} from '@portal/test-utils/chromium';
import {places} from './data/places';

type Row = [entityId: string, parentId: string, name: string, type: string, iata: string];

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({executablePath: chromiumPath, args: [...chromiumArgs]});
});
afterAll(async () => {
  await browser?.close();
});

/** The place table as the browser bundle builds it in Chromium. */
async function tableInChromium(): Promise<Row[]> {
  const bundled = await build({
    stdin: {contents: "export {places} from './data/places';", resolveDir: __dirname, loader: 'ts'},
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'sandboxData',
    write: false,
    logLevel: 'silent',
  });
  const page = await browser.newPage();
  try {
    await page.addScriptTag({content: bundled.outputFiles[0].text});
    return await page.evaluate(() => {
      const data = (globalThis as unknown as {sandboxData: {places: typeof places}}).sandboxData;
      return data
        .places()
        .all.map((place): Row => [place.entityId, place.parentId, place.name, place.type, place.iata]);
    });
  } finally {
    await page.close();
  }
}

describe('the sandbox data in Node and in Chromium', () => {
  it('is the same place table, entry by entry', async () => {
    const node = places().all.map((place): Row => [place.entityId, place.parentId, place.name, place.type, place.iata]);
    expect(node.length).toBeGreaterThan(5000);
    const browserTable = await tableInChromium();
    expect(browserTable.length).toBe(node.length);
    const differing = node.filter((row, index) => JSON.stringify(row) !== JSON.stringify(browserTable[index]));
    expect(differing.slice(0, 10)).toEqual([]);
    // The finder's example: JFK's city and country, the same ids everywhere
    const byIata = new Map(node.filter((row) => row[3] === 'PLACE_TYPE_AIRPORT').map((row) => [row[4], row]));
    const jfk = byIata.get('JFK')!;
    const city = node.find((row) => row[0] === jfk[1])!;
    expect(city[2]).toBe('New York');
    expect(browserTable.find((row) => row[0] === jfk[1])?.[2]).toBe('New York');
  });
});
