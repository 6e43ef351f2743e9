/**
 * Try it on a live search, past its first answer (website/src/components/TryIt), against the production
 * build and the sandbox in the page: another sort and the next page poll the same session again; each
 * row's button refreshes that itinerary's prices on the same timeline; the session as a program is the
 * loop CI runs; a sandbox scenario shows the loop's retries on the timeline; the local sandbox's address
 * is the reader's and is remembered. What the readable view shows is in live-results.spec.ts.
 */
import {firstExample, liveLoopOf, liveLoopPrograms, operations, requestMedia} from '@portal/specs';
import {loadBundle} from '@portal/specs/node';
import {test, expect, openedConsole} from './fixtures';
import {factor, lastSentBody, pollToComplete, search0, timelineSessions, type Answer} from './liveSearches';

test('hotels: another sort and the next page poll the same session again, and the rows follow', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/api/hotels-live/?try=HotelsService_CreateSearch');
  const dialog = await openedConsole(page, 'HotelsService_CreateSearch');
  const first = await pollToComplete(dialog);
  const rows = dialog.getByTestId('tryit-polls').locator('tbody tr');
  const before = await rows.count();
  const carry = dialog.getByTestId('tryit-carry-on');
  await carry.getByRole('combobox', {name: 'Sort by'}).selectOption('SORT_ORDER_TYPE_PRICE');
  // The example polls cheapest first: the dearest first is another view of the same search
  await carry.getByRole('combobox', {name: 'Direction'}).selectOption('SORT_ORDER_DIRECTION_DESCENDING');
  await expect(carry.locator('.cm-content')).toContainText('"order": "SORT_ORDER_DIRECTION_DESCENDING"');
  await carry.getByRole('button', {name: 'Poll this session again'}).click();
  await expect(rows).toHaveCount(before + 1);
  await expect(rows.last()).toContainText(`poll ${before}`);
  await expect(rows.last()).toContainText('RESULT_ACTION_REPLACED');

  type Sorted = Answer & {content: {results: {sortOptions: {hotel: {sortItems: {itemId: string; value: number}[]}}}}};
  const sorted = JSON.parse((await dialog.getByTestId('tryit-body').textContent()) ?? '') as Sorted;
  const items = sorted.content.results.sortOptions.hotel.sortItems;
  // Dearest first, as asked, and the view's rows in that order
  expect(items.map((item) => item.value)).toEqual([...items.map((item) => item.value)].sort((a, b) => b - a));
  const table = dialog.getByTestId('tryit-results-table');
  expect(await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-id')))).toEqual(
    items.map((item) => item.itemId),
  );
  // The same session: the check traces the new poll to the create call's session, and it breaks no rule
  await expect.poll(async () => (await timelineSessions(dialog)).length).toBe(before + 1);
  const sessions = await timelineSessions(dialog);
  expect(sessions.at(-1)?.split(' ')[0]).toBe(sessions[0].split(' ')[0]);

  // What each call did to the results held, as Create and poll says: REPLACED replaces them
  const held = rows.last().locator('td').nth(5);
  await expect(held).toHaveText(`replaced: ${items.length} hotels`);
  // The same body again: nothing changed, the answer says NOT_MODIFIED, and the results are kept
  await carry.getByRole('button', {name: 'Poll this session again'}).click();
  await expect(rows).toHaveCount(before + 2);
  await expect(rows.last()).toContainText('RESULT_ACTION_NOT_MODIFIED');
  await expect(rows.last().locator('td').nth(5)).toHaveText(`kept: ${items.length} hotels`);
  // Each call's request and answer: the create's sent body, and its answer
  await rows.first().getByRole('button', {name: 'Show the request and answer of create'}).click();
  const sent = dialog.getByTestId('tryit-sent');
  await expect(sent).toContainText('Sent for create: POST /apiservices/v1/hotels/live/search/create');
  expect(await sent.locator('pre').textContent()).toContain('"initialPageSize"');
  await expect(dialog.getByRole('region', {name: 'Response to create'}).getByTestId('tryit-body')).toContainText(
    'RESULT_STATUS_INCOMPLETE',
  );

  // The next page: the same total, other hotels, and a headline that names the page
  const total = first.content.totalHotelResultCount!;
  await carry.getByRole('button', {name: 'Next page'}).click();
  await expect(carry.locator('.cm-content')).toContainText('"offset"');
  await carry.getByRole('button', {name: 'Poll this session again'}).click();
  await expect(rows).toHaveCount(before + 3);
  await expect(rows.last()).toContainText('RESULT_ACTION_REPLACED');
  const next = JSON.parse((await dialog.getByTestId('tryit-body').textContent()) ?? '') as Sorted;
  const shown = Object.keys(next.content.results.hotelContent ?? {});
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.some((id) => items.some((item) => item.itemId === id))).toBe(false);
  const {pagination} = (await lastSentBody(dialog)) as {pagination: {limit: number; offset: number}};
  expect(pagination.offset).toBe(pagination.limit);
  await expect(dialog.getByTestId('tryit-results-count')).toHaveText(
    `Hotels ${pagination.offset + 1}–${pagination.offset + shown.length} of ${total}`,
  );
  await expect(dialog.getByTestId('tryit-results-summary')).toContainText('; cheapest on this page ');
  expect(consoleErrors).toEqual([]);
});

test("flights: a row refreshes that itinerary's prices, on the same timeline", async ({page, consoleErrors}) => {
  await page.goto('/api/flights-live-pricing/?try=FlightsService_CreateSearch');
  const dialog = await openedConsole(page, 'FlightsService_CreateSearch');
  await pollToComplete(dialog);
  const rows = dialog.getByTestId('tryit-polls').locator('tbody tr');
  const before = await rows.count();
  // Each row's button says which itinerary it refreshes, as the row shows it: carriers, times, price
  const resultRows = dialog.getByTestId('tryit-results-table').locator('tbody tr');
  const names: string[] = [];
  for (const row of await resultRows.all()) {
    const [carriers, times] = await row.locator('td').allTextContents();
    const price = (await row.locator('td').nth(5).textContent()) ?? '';
    const name = `Refresh an itinerary's prices: ${carriers}, ${times}, ${price}`;
    await expect(row.getByRole('button')).toHaveAccessibleName(name);
    names.push(name);
  }
  expect(names.length).toBeGreaterThan(1);
  expect(new Set(names).size).toBe(names.length);
  const firstRow = resultRows.first();
  const itinerary = (await firstRow.getAttribute('data-id'))!;
  await firstRow.getByRole('button', {name: names[0], exact: true}).click();
  // The refresh's create, then its polls until one says it is complete: the first poll brings the content
  await expect(rows.nth(before)).toContainText('refresh');
  await expect(rows.last()).toContainText(/refresh poll \d+.*RESULT_STATUS_COMPLETE/, {timeout: 30_000});
  const refreshed = JSON.parse((await dialog.getByTestId('tryit-body').textContent()) ?? '') as Answer;
  expect(Object.keys(refreshed.content.results.itineraries ?? {})).toEqual([itinerary]);
  await expect(dialog.getByTestId('tryit-refreshed-count')).toHaveText('1 itinerary');
  const lowest = Math.min(...search0.prices(refreshed).map((price) => Number(price.amount) / factor[price.unit]));
  await expect(dialog.getByTestId('tryit-refreshed-cheapest')).toHaveText(
    `£${lowest.toLocaleString('en-GB', {minimumFractionDigits: 2, maximumFractionDigits: 2})}`,
  );
  await expect(dialog.frameLocator('[data-testid="tryit-timeline"]').locator('tbody tr')).toHaveCount(
    await rows.count(),
  );
  expect(consoleErrors).toEqual([]);
});

test('the session as a program is the loop CI runs, with the example bodies from the first page, in each language', async ({
  page,
}) => {
  await page.goto('/api/hotels-live/?try=HotelsService_CreateSearch');
  const dialog = await openedConsole(page, 'HotelsService_CreateSearch');
  await pollToComplete(dialog);
  const code = dialog.getByTestId('tryit-loop-code');
  await expect(code).toBeVisible();
  // The same inputs as website/test/liveLoops.test.ts, which runs each of these programs against the sandbox
  const doc = loadBundle('hotels-live');
  const all = operations('hotels-live', doc);
  const create = all.find((operation) => operation.operationId === 'HotelsService_CreateSearch')!;
  const poll = all.find((operation) => operation.operationId === 'HotelsService_PollSearch')!;
  // The poll's example asks for the second page; the console polls from the first
  const pollExample = firstExample(doc, requestMedia(doc, poll)) as {pagination: {limit: number; offset: number}};
  expect(pollExample.pagination.offset).toBeGreaterThan(0);
  const programs = liveLoopPrograms(
    liveLoopOf('hotels-live', doc, 'HotelsService_CreateSearch', {
      createBody: firstExample(doc, requestMedia(doc, create)),
      pollBody: {...pollExample, pagination: {...pollExample.pagination, offset: 0}},
      count: {noun: 'hotels'},
      what: 'this search',
    }),
  );
  expect(programs.map((program) => program.label)).toEqual(['curl', 'JavaScript', 'Python', 'TypeScript']);
  for (const program of programs) {
    await code.getByRole('tab', {name: program.label}).click();
    // The code block's lines, as the reader sees (and copies) them
    const shown = (await code.locator('[role="tabpanel"]:not([hidden]) pre code .token-line').allTextContents()).join(
      '\n',
    );
    expect(shown.replace(/\n$/, ''), program.label).toBe(program.source.replace(/\n$/, ''));
  }
});

test('a scenario shows the loop retrying: 500 on every call, four attempts, then it gives up', async ({page}) => {
  await page.goto('/api/flights-live-pricing/?try=FlightsService_CreateSearch');
  const dialog = await openedConsole(page, 'FlightsService_CreateSearch');
  await dialog.getByRole('combobox', {name: 'Scenario'}).selectOption('500');
  await expect(dialog.locator('[role="tabpanel"]:not([hidden])')).toContainText('x-sandbox-scenario');
  await dialog.getByRole('button', {name: 'Poll until complete'}).click();
  const rows = dialog.getByTestId('tryit-polls').locator('tbody tr');
  await expect(rows).toHaveCount(4, {timeout: 30_000});
  await expect(dialog.getByRole('button', {name: 'Poll until complete'})).toBeEnabled();
  expect(await rows.locator('td:first-child').allTextContents()).toEqual([
    'create',
    'create, attempt 2',
    'create, attempt 3',
    'create, attempt 4',
  ]);
  expect(await rows.locator('td:nth-child(2)').allTextContents()).toEqual(['500', '500', '500', '500']);
  await expect(dialog.frameLocator('[data-testid="tryit-timeline"]').locator('tbody tr')).toHaveCount(4);
  // Back to no scenario: the same search completes
  await dialog.getByRole('combobox', {name: 'Scenario'}).selectOption('');
  await pollToComplete(dialog);
});

test("the local sandbox's address is the reader's, remembered, and only one on this machine", async ({page}) => {
  await page.goto('/api/geo/?try=GeoService_ListPlaces');
  let dialog = await openedConsole(page, 'GeoService_ListPlaces');
  await dialog.getByRole('radio', {name: /^Local sandbox/}).check();
  const address = dialog.getByRole('textbox', {name: 'Local sandbox address'});
  await address.fill('http://127.0.0.1:4011');
  await expect(dialog.getByRole('radio', {name: 'Local sandbox (http://127.0.0.1:4011)'})).toBeChecked();
  await expect(dialog.getByRole('button', {name: 'Send', exact: true})).toBeEnabled();

  await address.fill('http://192.168.1.10:4010');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText('the page may call a sandbox on this machine only');
  await expect(dialog.getByRole('button', {name: 'Send', exact: true})).toBeDisabled();

  await address.fill('http://localhost:4012');
  await page.reload();
  dialog = await openedConsole(page, 'GeoService_ListPlaces');
  await expect(dialog.getByRole('radio', {name: 'Local sandbox (http://localhost:4012)'})).toBeVisible();
});
