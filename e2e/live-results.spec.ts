/**
 * Try it on a live search as a developer reads it (website/src/components/TryIt: LiveResults.tsx,
 * liveView.ts, readable.ts), against the production build and the sandbox in the page: after "Poll until
 * complete", which starts from the first page, the readable view's headline names what it counts (the
 * search, or the page held) and its counts and cheapest price are those of the answer's JSON, worked out
 * here from the JSON alone; stars, distances and arrival days read as a reader reads them; each row's
 * button names its itinerary; at 390 px nothing scrolls sideways; a sandbox scenario shows the loop's
 * retries on the timeline; the local sandbox's address is the reader's and is remembered.
 */
import AxeBuilder from '@axe-core/playwright';
import type {Locator} from '@playwright/test';
import {firstExample, liveLoopOf, liveLoopPrograms, operations, requestMedia} from '@portal/specs';
import {loadBundle} from '@portal/specs/node';
import {test, expect, openedConsole} from './fixtures';

interface Price {
  amount: string;
  unit: string;
}
/** The complete answer, as far as the test reads it. */
interface Answer {
  status: string;
  action: string;
  content: {
    totalHotelResultCount?: number;
    results: {
      itineraries?: Record<string, {pricingOptions: {price: Price}[]}>;
      hotelContent?: Record<string, unknown>;
      hotelsPricingOptions?: Record<string, {hotelId: string; price: {price: Price}}>;
      quotes?: Record<string, {price: Price}>;
    };
  };
}

const factor: Record<string, number> = {
  PRICE_UNIT_WHOLE: 1,
  PRICE_UNIT_CENTI: 100,
  PRICE_UNIT_MILLI: 1000,
  PRICE_UNIT_MICRO: 1e6,
};

/** Each live search: what its rows are, how many the answer holds, and every price they are compared by. */
const searches = [
  {
    slug: 'flights-live-pricing',
    create: 'FlightsService_CreateSearch',
    noun: 'itineraries',
    count: (answer: Answer) => Object.keys(answer.content.results.itineraries ?? {}).length,
    total: () => undefined,
    prices: (answer: Answer) =>
      Object.values(answer.content.results.itineraries ?? {}).flatMap((itinerary) =>
        itinerary.pricingOptions.map((option) => option.price),
      ),
  },
  {
    slug: 'hotels-live',
    create: 'HotelsService_CreateSearch',
    noun: 'hotels',
    count: (answer: Answer) => Object.keys(answer.content.results.hotelContent ?? {}).length,
    total: (answer: Answer) => answer.content.totalHotelResultCount,
    prices: (answer: Answer) => {
      const shown = new Set(Object.keys(answer.content.results.hotelContent ?? {}));
      return Object.values(answer.content.results.hotelsPricingOptions ?? {})
        .filter((option) => shown.has(option.hotelId))
        .map((option) => option.price.price);
    },
  },
  {
    slug: 'carhire-live-pricing',
    create: 'CarHireService_CreateSearch',
    noun: 'quotes',
    count: (answer: Answer) => Object.keys(answer.content.results.quotes ?? {}).length,
    total: () => undefined,
    prices: (answer: Answer) => Object.values(answer.content.results.quotes ?? {}).map((quote) => quote.price),
  },
];

const search0 = searches[0];

/** Runs "Poll until complete" and waits for the search to complete. */
async function pollToComplete(dialog: Locator): Promise<Answer> {
  await dialog.getByRole('button', {name: 'Poll until complete'}).click();
  await expect(dialog.getByTestId('tryit-polls').locator('tbody tr').last()).toContainText('RESULT_STATUS_COMPLETE', {
    timeout: 30_000,
  });
  return JSON.parse((await dialog.getByTestId('tryit-body').textContent()) ?? '') as Answer;
}

/** The body the session's last call sent (its row's request, shown on the timeline), parsed; undefined for none. */
async function lastSentBody(dialog: Locator): Promise<unknown> {
  const rows = dialog.getByTestId('tryit-polls').locator('tbody tr');
  const call = (await rows.last().locator('td').first().textContent()) ?? '';
  await rows
    .last()
    .getByRole('button', {name: `Show the request and answer of ${call}`})
    .click();
  const text = (await dialog.getByLabel(`Request body of ${call}`, {exact: true}).textContent()) ?? '';
  return text === '(no body)' ? undefined : (JSON.parse(text) as unknown);
}

/** What the headline counts, written out: a search's results, or the page of a paged search (hotels). */
function countText(noun: string, count: number, total: number | undefined, offset: number): string {
  if (total === undefined || (offset === 0 && count >= total)) return `${count} ${noun}`;
  return `${noun[0].toUpperCase()}${noun.slice(1)} ${offset + 1}–${offset + count} of ${total}`;
}

for (const search of searches) {
  test(`${search.slug}: the readable view's headline counts and cheapest price are true of what it names`, async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(`/api/${search.slug}/?try=${search.create}`);
    const dialog = await openedConsole(page, search.create);
    // The example searches in pounds, whose culture fields give two decimals
    await expect(dialog.locator('.cm-content')).toContainText('"currency": "GBP"');
    const answer = await pollToComplete(dialog);
    // The complete answer replaces what the client held, so the view is of its content
    expect(answer.action).toBe('RESULT_ACTION_REPLACED');
    const count = search.count(answer);
    expect(count).toBeGreaterThan(0);
    const total = search.total(answer);
    // A search is shown from its first page: a poll that names a page asks for the first
    const sent = await lastSentBody(dialog);
    const offset = (sent as {pagination?: {offset?: number}} | undefined)?.pagination?.offset ?? 0;
    expect(offset).toBe(0);
    await expect(dialog.getByTestId('tryit-results-count')).toHaveText(countText(search.noun, count, total, offset));
    // The cheapest of the page, said to be the page's when the search has more
    const lowest = Math.min(...search.prices(answer).map((price) => Number(price.amount) / factor[price.unit]));
    const pounds = lowest.toLocaleString('en-GB', {minimumFractionDigits: 2, maximumFractionDigits: 2});
    await expect(dialog.getByTestId('tryit-results-cheapest')).toHaveText(`£${pounds}`);
    await expect(dialog.getByTestId('tryit-results-summary')).toContainText(
      total !== undefined && count < total ? `; cheapest on this page £${pounds}` : `; cheapest £${pounds}`,
    );
    await expect(dialog.getByTestId('tryit-results-table').locator('tbody tr')).toHaveCount(Math.min(count, 50));
    // The timeline has a row per call
    const calls = await dialog.getByTestId('tryit-polls').locator('tbody tr').count();
    await expect(dialog.frameLocator('[data-testid="tryit-timeline"]').locator('tbody tr')).toHaveCount(calls);
    expect(consoleErrors).toEqual([]);
  });
}

test('flights: the rows follow the orders the answer gives (best, cheapest, fastest)', async ({page}) => {
  await page.goto('/api/flights-live-pricing/?try=FlightsService_CreateSearch');
  const dialog = await openedConsole(page, 'FlightsService_CreateSearch');
  const answer = (await pollToComplete(dialog)) as Answer & {
    content: {sortingOptions?: Record<string, {itineraryId: string}[]>};
  };
  const orders = Object.entries(answer.content.sortingOptions ?? {}).filter(([, items]) => items.length > 0);
  expect(orders.length).toBeGreaterThan(0);
  const table = dialog.getByTestId('tryit-results-table');
  for (const [name, items] of orders) {
    await dialog.getByRole('radio', {name, exact: true}).check();
    await expect(table.locator('tbody tr').first()).toHaveAttribute('data-id', items[0].itineraryId);
  }
});

test('hotels: stars and distances read as a reader reads them, as counts and short units', async ({page}) => {
  await page.goto('/api/hotels-live/?try=HotelsService_CreateSearch');
  const dialog = await openedConsole(page, 'HotelsService_CreateSearch');
  type Hotels = Answer & {
    content: {
      results: {
        hotelContent: Record<string, {stars?: string}>;
        hotelInfo: Record<string, {distanceFromTarget?: {value: number; unit: string}}>;
      };
    };
  };
  const answer = (await pollToComplete(dialog)) as Hotels;
  // specs/hotels-common/schemas.yaml Stars and specs/hotels-live/openapi.yaml DistanceUnit, as a reader says them
  const stars: Record<string, string> = {
    STARS_NO_STAR: 'No stars',
    STARS_ONE_STAR: '1 star',
    STARS_TWO_STAR: '2 stars',
    STARS_THREE_STAR: '3 stars',
    STARS_FOUR_STAR: '4 stars',
    STARS_FIVE_STAR: '5 stars',
  };
  const units: Record<string, string> = {
    DISTANCE_UNIT_KILOMETER: 'km',
    DISTANCE_UNIT_METER: 'm',
    DISTANCE_UNIT_MILE: 'mi',
  };
  const {hotelContent, hotelInfo} = answer.content.results;
  const ids = Object.keys(hotelContent);
  expect(ids.length).toBeGreaterThan(0);
  const table = dialog.getByTestId('tryit-results-table');
  for (const id of ids) {
    const cells = table.locator(`tbody tr[data-id="${id}"] td`);
    await expect(cells.nth(1)).toHaveText(stars[hotelContent[id].stars!]);
    const distance = hotelInfo[id].distanceFromTarget!;
    await expect(cells.nth(2)).toHaveText(`${distance.value.toLocaleString('en-GB')} ${units[distance.unit]}`);
  }
});

test('flights: an arrival on a later day than its departure shows its day marker, +1 or +2', async ({page}) => {
  await page.goto('/api/flights-live-pricing/?try=FlightsService_CreateSearch');
  const dialog = await openedConsole(page, 'FlightsService_CreateSearch');
  // London to Sydney: every flight lands on a later day than it leaves
  const editor = dialog.getByRole('textbox', {name: 'Request body (JSON)'});
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(
    JSON.stringify({
      query: {
        market: 'UK',
        locale: 'en-GB',
        currency: 'GBP',
        queryLegs: [
          {originPlaceId: {iata: 'LHR'}, destinationPlaceId: {iata: 'SYD'}, date: {year: 2027, month: 3, day: 12}},
        ],
        cabinClass: 'CABIN_CLASS_ECONOMY',
        adults: 1,
      },
    }),
  );
  await expect(dialog.getByTestId('tryit-problems')).toHaveText('');
  type Time = {year: number; month: number; day: number; hour: number; minute: number};
  type Flights = Answer & {
    content: {
      results: {
        itineraries: Record<string, {legIds: string[]}>;
        legs: Record<string, {departureDateTime: Time; arrivalDateTime: Time}>;
      };
    };
  };
  const answer = (await pollToComplete(dialog)) as Flights;
  const {itineraries, legs} = answer.content.results;
  const clock = (time: Time) => `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
  const days = (from: Time, to: Time) =>
    Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000);
  const table = dialog.getByTestId('tryit-results-table');
  const marked: string[] = [];
  for (const [id, itinerary] of Object.entries(itineraries)) {
    const times = itinerary.legIds.map((legId) => {
      const {departureDateTime: from, arrivalDateTime: to} = legs[legId];
      const later = days(from, to);
      if (later !== 0) marked.push(id);
      return `${clock(from)} → ${clock(to)}${later > 0 ? ` +${later}` : later < 0 ? ` ${later}` : ''}`;
    });
    await expect(table.locator(`tbody tr[data-id="${id}"] td`).nth(1)).toHaveText(times.join(' / '));
  }
  expect(marked.length).toBeGreaterThan(0);
});

/** The session column of the timeline's rows (`s1 create`, `s1 poll`: the check traces calls by their token). */
async function timelineSessions(dialog: Locator): Promise<string[]> {
  return dialog.frameLocator('[data-testid="tryit-timeline"]').locator('tbody tr td:nth-child(2)').allTextContents();
}

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
      count: {list: 'hotelContent', noun: 'hotels'},
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

for (const mode of ['light', 'dark'] as const) {
  test(`the readable view has no serious or critical axe violations, at 390 px too (${mode})`, async ({page}) => {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await page.setViewportSize({width: 390, height: 844});
    await page.goto('/api/hotels-live/?try=HotelsService_CreateSearch');
    const dialog = await openedConsole(page, 'HotelsService_CreateSearch');
    await pollToComplete(dialog);
    const results = dialog.getByTestId('tryit-results');
    await expect(results).toBeVisible();
    // Neither the page nor the dialog scrolls sideways (the calls' table scrolls in its own region)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await dialog.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      left: element.getBoundingClientRect().left,
      right: element.getBoundingClientRect().right,
    }));
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    // Every hotel's price is on screen, within the dialog, not past its right edge
    const prices = dialog.getByTestId('tryit-results-table').locator('tbody td').filter({hasText: /£/});
    const edges = await prices.evaluateAll((cells) =>
      cells.map((cell) => [cell.getBoundingClientRect().left, cell.getBoundingClientRect().right]),
    );
    expect(edges.length).toBeGreaterThan(0);
    for (const [left, right] of edges) {
      expect(left).toBeGreaterThanOrEqual(box.left);
      expect(right).toBeLessThanOrEqual(box.right);
    }
    // The session's timeline shows the whole session within its frame, and the frame never scrolls sideways
    const fit = await dialog
      .frameLocator('[data-testid="tryit-timeline"]')
      .getByRole('img', {name: /^Timeline of the /})
      .evaluate((svg) => ({
        right: svg.getBoundingClientRect().right,
        width: document.documentElement.clientWidth,
        scrollWidth: document.documentElement.scrollWidth,
      }));
    expect(fit.width).toBeGreaterThan(200);
    expect(fit.right).toBeLessThanOrEqual(fit.width);
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.width);
    const found = await new AxeBuilder({page}).include('[data-testid="tryit-results"]').analyze();
    const serious = found.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
  });
}
