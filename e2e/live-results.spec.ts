/**
 * Try it on a live search as a developer reads it (website/src/components/TryIt: LiveResults.tsx,
 * liveView.ts, readable.ts), against the production build and the sandbox in the page: after "Poll until
 * complete", which starts from the first page, the readable view's headline names what it counts (the
 * search, or the page held) and its counts and cheapest price are those of the answer's JSON, worked out
 * here from the JSON alone; stars, distances and arrival days read as a reader reads them; at 390 px
 * nothing scrolls sideways, the session's timeline included. The session's further calls (another sort,
 * a page, a refresh), its program, a scenario and the local sandbox are in live-sessions.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import {test, expect, openedConsole} from './fixtures';
import {countText, factor, lastSentBody, pollToComplete, searches, type Answer} from './liveSearches';

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
