/**
 * The same query answers the same bytes on every runtime the sandbox runs on: Node (`createApp`, as
 * `npm run sandbox` serves it), the Worker in workerd (./workerd.ts), the page's build
 * (`@portal/sandbox/browser` bundled for the browser and run in Chromium, as the try-it console runs it)
 * and the one file `sandbox.mjs` alone in an empty folder (test-utils/oneFile.ts). The queries: every
 * operation's request from its spec's examples (the polls' example tokens answer demo sessions),
 * culture, geo, autosuggest and a live search in other locales, and three requests refused by the specs'
 * schemas (the Worker validates with precompiled validators, the others compile theirs). A session token is signed with its instance's secret and
 * clock, so tokens are compared by their place only; every other byte of each answer is compared.
 */
import {rmSync} from 'node:fs';
import {build} from 'esbuild';
import {chromium, type Browser, type Page} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {buildSandboxFile} from '@portal/check/oneFile';
import {createApp} from '@portal/sandbox';
import {bundles, exampleBody, exampleUrl, KEY, op, operationsOf} from '@portal/sandbox/testing';
import {chromiumArgs, chromiumPath} from '@portal/test-utils/chromium';
import {loneCopy, startListening, type ListeningProcess} from '@portal/test-utils/oneFile';
import {startWorkerd, type RunningWorkerd} from './workerd';

const SITE = 'https://developers.example';

interface Query {
  name: string;
  method: string;
  /** Path and query, from `/apiservices/`. */
  path: string;
  body?: string;
}

interface Answer {
  status: number;
  body: string;
}

const pathOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** Every operation's example request, then the same operations in other locales. */
function queries(): Query[] {
  const examples = operationsOf().map((operation): Query => {
    const body = exampleBody(operation);
    return {
      name: operation.operationId,
      method: operation.method.toUpperCase(),
      path: pathOf(exampleUrl(operation)),
      ...(body === undefined ? {} : {body: JSON.stringify(body)}),
    };
  });
  const markets = ['es-ES', 'zh-TW', 'pt-PT', 'fr-CA', 'xx-YY'].map((locale): Query => ({
    name: `CultureService_ListMarkets in ${locale}`,
    method: 'GET',
    path: pathOf(exampleUrl(op('CultureService_ListMarkets'), {locale})),
  }));
  const inLocale = (operationId: string, locale: string, change: (body: Record<string, unknown>) => void): Query => {
    const body = exampleBody(op(operationId)) as Record<string, unknown>;
    change(body);
    return {
      name: `${operationId} in ${locale}`,
      method: 'POST',
      path: pathOf(exampleUrl(op(operationId))),
      body: JSON.stringify(body),
    };
  };
  return [
    ...examples,
    ...markets,
    {
      name: 'GeoService_ListPlaces in de-DE',
      method: 'GET',
      path: pathOf(exampleUrl(op('GeoService_ListPlaces'), {locale: 'de-DE'})),
    },
    inLocale('AutosuggestService_SuggestFlights', 'ja-JP', (body) => {
      (body.query as Record<string, unknown>).locale = 'ja-JP';
      (body.query as Record<string, unknown>).searchTerm = 'Lon';
    }),
    inLocale('FlightsService_CreateSearch', 'ar-AE', (body) => {
      (body.query as Record<string, unknown>).locale = 'ar-AE';
    }),
  ];
}

/** Requests each runtime refuses: the 400's body names the fields and why (the Worker's validators are precompiled). */
function refusals(): Query[] {
  const refused = (name: string, operationId: string, change: (body: Record<string, unknown>) => void): Query => {
    const body = exampleBody(op(operationId)) as Record<string, unknown>;
    change(body);
    return {name, method: 'POST', path: pathOf(exampleUrl(op(operationId))), body: JSON.stringify(body)};
  };
  return [
    refused('HotelsService_PollSearch with sort.type unspecified', 'HotelsService_PollSearch', (body) => {
      body.sort = {type: 'SORT_ORDER_TYPE_UNSPECIFIED', order: 'SORT_ORDER_DIRECTION_ASCENDING'};
    }),
    refused(
      'FlightsService_CreateSearch with cabin class unspecified and no adults',
      'FlightsService_CreateSearch',
      (body) => {
        (body.query as Record<string, unknown>).cabinClass = 'CABIN_CLASS_UNSPECIFIED';
        delete (body.query as Record<string, unknown>).adults;
      },
    ),
    refused(
      'FlightsIndicativeService_SearchFlights from anywhere',
      'FlightsIndicativeService_SearchFlights',
      (body) => {
        const [leg] = (body.query as {queryLegs: {originPlace: Record<string, unknown>}[]}).queryLegs;
        leg.originPlace.anywhere = true;
      },
    ),
  ];
}

/** Session tokens replaced by their field's name: they carry the instance's clock and signature. */
const withoutTokens = (text: string): string => text.replace(/"(\w*[Tt]oken)":"[^"]*"/g, '"$1":"<token>"');

const requestOf = (query: Query, origin: string): Request =>
  new Request(`${origin}${query.path}`, {
    method: query.method,
    headers: {'x-api-key': KEY, ...(query.body === undefined ? {} : {'content-type': 'application/json'})},
    body: query.body,
  });

async function answerOf(response: Response): Promise<Answer> {
  return {status: response.status, body: withoutTokens(await response.text())};
}

/** The page's build: `@portal/sandbox/browser` bundled for the browser, as the site loads it. */
async function browserBundle(): Promise<string> {
  const bundled = await build({
    entryPoints: [require.resolve('@portal/sandbox/browser')],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'sandboxBrowser',
    write: false,
    logLevel: 'silent',
  });
  return bundled.outputFiles[0].text;
}

type Runtime = {name: string; ask: (query: Query) => Promise<Answer>};

describe('the same query on every runtime', () => {
  const runtimes: Runtime[] = [];
  let browser: Browser | undefined;
  let worker: RunningWorkerd | undefined;
  let oneFile: ListeningProcess | undefined;
  let loneDir: string | undefined;

  beforeAll(async () => {
    const app = createApp({bundles, siteUrl: SITE});
    runtimes.push({name: 'Node', ask: async (query) => answerOf(await app.request(requestOf(query, SITE)))});

    const [code, file] = await Promise.all([browserBundle(), buildSandboxFile({bundles})]);
    browser = await chromium.launch({executablePath: chromiumPath, args: [...chromiumArgs]});
    const page: Page = await browser.newPage();
    // A secure origin of its own (Web Crypto signs the tokens), served by the test, not a network
    await page.route(`${SITE}/`, (route) =>
      route.fulfill({contentType: 'text/html', body: '<!doctype html><title>sandbox</title>'}),
    );
    await page.goto(`${SITE}/`);
    await page.addScriptTag({content: code});
    await page.evaluate(
      ([documents, site]) => {
        const entry = (
          globalThis as unknown as {
            sandboxBrowser: {sandboxFetch: typeof import('@portal/sandbox/browser').sandboxFetch};
          }
        ).sandboxBrowser;
        (globalThis as unknown as {handle: unknown}).handle = entry.sandboxFetch(new Map(documents), {siteUrl: site});
      },
      [[...bundles], SITE] as const,
    );
    runtimes.push({
      name: 'Chromium (the page build)',
      ask: async (query) => {
        const answer = await page.evaluate(
          async ([sent, site]) => {
            const handle = (globalThis as unknown as {handle: (request: Request) => Promise<Response>}).handle;
            const response = await handle(
              new Request(`${site}${sent.path}`, {
                method: sent.method,
                headers: {
                  'x-api-key': sent.key,
                  ...(sent.body === undefined ? {} : {'content-type': 'application/json'}),
                },
                body: sent.body,
              }),
            );
            return {status: response.status, body: await response.text()};
          },
          [{...query, key: KEY}, SITE] as const,
        );
        return {status: answer.status, body: withoutTokens(answer.body)};
      },
    });

    worker = await startWorkerd({siteUrl: SITE});
    const workerUrl = worker.url;
    runtimes.push({name: 'workerd', ask: async (query) => answerOf(await fetch(requestOf(query, workerUrl)))});

    loneDir = loneCopy({'sandbox.mjs': file.contents});
    oneFile = await startListening('node', ['sandbox.mjs', '--port', '0', '--site-url', SITE], {cwd: loneDir});
    const oneFileUrl = oneFile.url;
    runtimes.push({name: 'sandbox.mjs', ask: async (query) => answerOf(await fetch(requestOf(query, oneFileUrl)))});
  });

  afterAll(async () => {
    await Promise.all([browser?.close(), worker?.close(), oneFile?.close()]);
    if (loneDir) rmSync(loneDir, {recursive: true, force: true});
  });

  it('answers every operation and locale with the same status and bytes as Node', async () => {
    const answered = queries();
    const all = [...answered, ...refusals()];
    expect(answered.length).toBeGreaterThan(operationsOf().length);
    expect(runtimes.map((runtime) => runtime.name)).toEqual([
      'Node',
      'Chromium (the page build)',
      'workerd',
      'sandbox.mjs',
    ]);
    const differences: string[] = [];
    const statuses: number[] = [];
    for (const query of all) {
      // Each query reaches every runtime at once: answers that read the date read the same one
      const [node, ...others] = await Promise.all(runtimes.map((runtime) => runtime.ask(query)));
      statuses.push(node.status);
      if (node.status === 400) expect(node.body).not.toContain('must NOT be valid');
      others.forEach((answer, index) => {
        if (answer.status === node.status && answer.body === node.body) return;
        let at = 0;
        while (answer.body[at] === node.body[at]) at++;
        differences.push(
          `${query.name} on ${runtimes[index + 1].name}: ${answer.status} where Node answered ${node.status}; ` +
            `${answer.body.length} bytes where Node answered ${node.body.length}, first differing at ${at}: ` +
            `${JSON.stringify(answer.body.slice(Math.max(0, at - 40), at + 40))} where Node has ` +
            `${JSON.stringify(node.body.slice(Math.max(0, at - 40), at + 40))}`,
        );
      });
    }
    expect(differences).toEqual([]);
    // The queries are answered, not refused alike everywhere; the refusals refused
    expect(statuses).toEqual([...answered.map(() => 200), 400, 400, 400]);
  });
});
