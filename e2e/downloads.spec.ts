/**
 * The downloads page (website/docs/getting-started/downloads.mdx): for each of the
 * seeds' thirteen APIs, four links (OpenAPI JSON and YAML, TypeScript types, Postman collection), and
 * the sandbox's Postman environment; each link is fetched by the page itself and must answer 200 with
 * the file it names. The one files (`sandbox.mjs`, `mcp.mjs`, src/plugins/downloads): the size and
 * SHA-256 the page shows are those of the file served, as is its `.sha256` file.
 */
import type {Page} from '@playwright/test';
import {parse} from 'yaml';
import {seedApiCount, seedApis, seedCallCount} from '@portal/test-utils/seed';
import {test, expect, hydrated, axeViolations} from './fixtures';

interface Fetched {
  href: string;
  status: number;
  body: string;
}

test('the downloads page links every API’s specification, types and Postman collection, and each answers with its file', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/docs/getting-started/downloads');
  await hydrated(page);
  await expect(page.getByRole('heading', {level: 1, name: 'Download the specifications'})).toBeVisible();
  expect(seedApis).toHaveLength(seedApiCount);

  const links = page.locator('tr[data-api] a[download], a[download][href$="sandbox.postman_environment.json"]');
  await expect(links).toHaveCount(seedApiCount * 4 + 1);

  // Fetched by the page, as the reader's click would: same origin, the site's base URL.
  const fetched = await links.evaluateAll((anchors) =>
    Promise.all(
      (anchors as HTMLAnchorElement[]).map(async (anchor) => {
        const response = await fetch(anchor.href);
        return {href: new URL(anchor.href).pathname, status: response.status, body: await response.text()};
      }),
    ),
  );
  const file = (name: string): Fetched => {
    const found = fetched.find((entry) => entry.href === `/openapi/${name}`);
    expect(found, `a link to /openapi/${name}`).toBeDefined();
    expect(found!.status, found!.href).toBe(200);
    return found!;
  };

  let calls = 0;
  for (const seed of seedApis) {
    const row = page.locator(`tr[data-api="${seed.slug}"]`);
    await expect(row.getByRole('link')).toHaveCount(5); // the reference page and the four files

    const json = JSON.parse(file(`${seed.slug}.json`).body) as {
      openapi: string;
      info: {title: string};
      paths: Record<string, Record<string, {'x-codeSamples'?: {label: string}[]}>>;
    };
    expect(json.openapi).toMatch(/^3\.1\./);
    for (const call of seed.calls) {
      const [method, path] = call.split(' ');
      const operation = json.paths[path]?.[method.toLowerCase()];
      expect(operation, `${seed.slug}: ${call}`).toBeDefined();
      expect(operation!['x-codeSamples']?.map((sample) => sample.label)).toContain('Python (requests)');
      calls++;
    }
    expect(parse(file(`${seed.slug}.yaml`).body), `${seed.slug}.yaml is the JSON's document`).toEqual(json);

    const types = file(`${seed.slug}.d.ts`).body;
    expect(types).toContain('export interface paths {');
    for (const call of seed.calls) expect(types).toContain(`"${call.split(' ')[1]}": {`);

    const collection = JSON.parse(file(`${seed.slug}.postman.json`).body) as {
      info: {name: string; schema: string};
      variable: {key: string}[];
    };
    expect(collection.info).toMatchObject({
      name: json.info.title,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    });
    expect(collection.variable.map((variable) => variable.key)).toEqual(expect.arrayContaining(['baseUrl', 'apiKey']));
  }
  expect(calls).toBe(seedCallCount);

  const environment = JSON.parse(file('sandbox.postman_environment.json').body) as {
    values: {key: string; value: string}[];
  };
  const values = Object.fromEntries(environment.values.map(({key, value}) => [key, value]));
  expect(values.baseUrl).toBe('http://127.0.0.1:4010');
  expect(values.apiKey).toMatch(/^sandbox_/);
  expect(consoleErrors).toEqual([]);
});

/** Where the downloads table's links stand against the box the table scrolls in, and the page's overflow. */
async function tableLayout(page: Page) {
  return page.locator('div:has(> table tr[data-api])').evaluate((box) => {
    const inner = box.getBoundingClientRect();
    const links = Array.from(box.querySelectorAll('a')).map((link) => link.getBoundingClientRect());
    return {
      scrolls: box.scrollWidth > box.clientWidth,
      overflowX: getComputedStyle(box).overflowX,
      linksOutside: links.filter((link) => link.left < inner.left - 0.5 || link.right > inner.right + 0.5).length,
      pageOverflows: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
}

test('at 1280 px the downloads table shows all its columns; on a phone it scrolls sideways in its own box', async ({
  page,
}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await page.goto('/docs/getting-started/downloads');
  await hydrated(page);
  await expect(page.getByRole('columnheader', {name: 'Postman collection'})).toBeVisible();
  expect(await tableLayout(page)).toEqual({scrolls: false, overflowX: 'auto', linksOutside: 0, pageOverflows: false});

  await page.setViewportSize({width: 390, height: 844});
  const narrow = await tableLayout(page);
  expect(narrow).toMatchObject({scrolls: true, overflowX: 'auto', pageOverflows: false});
  expect(narrow.linksOutside).toBeGreaterThan(0);
  // Scrolled to its end, the last column is in the box.
  const last = page.locator('tr[data-api]').first().getByRole('link').last();
  await last.focus();
  await expect(last).toBeInViewport();
  const box = await page.locator('div:has(> table tr[data-api])').boundingBox();
  const link = await last.boundingBox();
  expect(link!.x + link!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
});

test('the downloads page links the one files with the size and SHA-256 of the files served', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/docs/getting-started/downloads');
  await hydrated(page);
  for (const name of ['sandbox.mjs', 'mcp.mjs']) {
    const row = page.locator(`tr[data-download="${name}"]`);
    const shown = (await row.locator('code').last().textContent()) ?? '';
    const size = (await row.locator('td').nth(1).textContent()) ?? '';
    const served = await row.locator('a[download]').evaluateAll(async (anchors) =>
      Promise.all(
        (anchors as HTMLAnchorElement[]).map(async (anchor) => {
          const response = await fetch(anchor.href);
          const bytes = new Uint8Array(await response.arrayBuffer());
          const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
          return {
            status: response.status,
            bytes: bytes.byteLength,
            text: new TextDecoder().decode(bytes.slice(0, 200)),
            sha256: [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join(''),
          };
        }),
      ),
    );
    const [file, checksum] = served;
    expect([file.status, checksum.status]).toEqual([200, 200]);
    expect(file.sha256).toBe(shown);
    expect(checksum.text).toBe(`${shown}  ${name}\n`);
    expect(size).toBe(`${(file.bytes / 1e6).toFixed(1)} MB`);
    expect(file.text).toContain("import {createRequire as __oneFileRequire} from 'node:module';");
  }
  expect(consoleErrors).toEqual([]);
});

/**
 * Where each one file's SHA-256 and its `.sha256` link stand, as the page is first shown (nothing scrolled
 * sideways): inside the viewport, or not; and whether the table's box or the page scrolls sideways.
 */
async function checksumLayout(page: Page) {
  return page.locator('tr[data-download]').evaluateAll((rows) => {
    const inViewport = (element: Element | null) => {
      const rect = element!.getBoundingClientRect();
      return rect.width > 0 && rect.left >= 0 && rect.right <= document.documentElement.clientWidth + 0.5;
    };
    const box = rows[0].closest('table')!.parentElement!;
    return {
      files: rows.map((row) => {
        const cell = row.querySelector('td:last-child')!;
        return {
          digest: cell.querySelector('code')!.textContent,
          digestInViewport: inViewport(cell.querySelector('code')),
          checksumLinkInViewport: inViewport(cell.querySelector('a')),
        };
      }),
      boxScrolls: box.scrollWidth > box.clientWidth,
      pageOverflows: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
}

for (const path of ['/docs/getting-started/downloads', '/docs/getting-started/integration-check'])
  test(`${path}: each SHA-256 of the one files reads in full, with no sideways scroll, from 390 to 1280 px`, async ({
    page,
  }) => {
    // A phone; each side of where the table stacks into cards (its box 40rem wide: 672 px with no sidebar), where
    // the four columns are at their narrowest; a desktop
    for (const width of [390, 672, 674, 1280]) {
      await page.setViewportSize({width, height: 844});
      await page.goto(path);
      await hydrated(page);
      await expect(page.locator('tr[data-download]')).toHaveCount(2);
      const layout = await checksumLayout(page);
      expect(layout, `${width} px`).toEqual({
        files: [0, 1].map(() => ({
          digest: expect.stringMatching(/^[0-9a-f]{64}$/),
          digestInViewport: true,
          checksumLinkInViewport: true,
        })),
        boxScrolls: false,
        pageOverflows: false,
      });
      // Still a table to screen readers, cards or not: the column's name, each cell named by its value alone
      await expect(page.getByRole('columnheader', {name: 'SHA-256'})).toHaveCount(1);
      await expect(page.getByRole('cell', {name: /^[0-9a-f]{64} \S+\.sha256$/})).toHaveCount(2);
      if (width === 390 || width === 1280)
        expect(await axeViolations(page, {include: 'table:has(tr[data-download])'})).toEqual([]);
    }
  });
