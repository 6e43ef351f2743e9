/**
 * What the browser tests of Try it's live searches share (live-results.spec.ts, live-sessions.spec.ts): the
 * complete answer as they read it, each live search's rows and prices, running "Poll until complete", the
 * body a session's last call sent, the headline's count written out, and the timeline's session column.
 */
import type {Locator} from '@playwright/test';
import {expect} from './fixtures';

export interface Price {
  amount: string;
  unit: string;
}
/** The complete answer, as far as the test reads it. */
export interface Answer {
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

export const factor: Record<string, number> = {
  PRICE_UNIT_WHOLE: 1,
  PRICE_UNIT_CENTI: 100,
  PRICE_UNIT_MILLI: 1000,
  PRICE_UNIT_MICRO: 1e6,
};

/** Each live search: what its rows are, how many the answer holds, and every price they are compared by. */
export const searches = [
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

export const search0 = searches[0];

/** Runs "Poll until complete" and waits for the search to complete. */
export async function pollToComplete(dialog: Locator): Promise<Answer> {
  await dialog.getByRole('button', {name: 'Poll until complete'}).click();
  await expect(dialog.getByTestId('tryit-polls').locator('tbody tr').last()).toContainText('RESULT_STATUS_COMPLETE', {
    timeout: 30_000,
  });
  return JSON.parse((await dialog.getByTestId('tryit-body').textContent()) ?? '') as Answer;
}

/** The body the session's last call sent (its row's request, shown on the timeline), parsed; undefined for none. */
export async function lastSentBody(dialog: Locator): Promise<unknown> {
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
export function countText(noun: string, count: number, total: number | undefined, offset: number): string {
  if (total === undefined || (offset === 0 && count >= total)) return `${count} ${noun}`;
  return `${noun[0].toUpperCase()}${noun.slice(1)} ${offset + 1}–${offset + count} of ${total}`;
}

/** The session column of the timeline's rows (`s1 create`, `s1 poll`: the check traces calls by their token). */
export async function timelineSessions(dialog: Locator): Promise<string[]> {
  return dialog.frameLocator('[data-testid="tryit-timeline"]').locator('tbody tr td:nth-child(2)').allTextContents();
}
