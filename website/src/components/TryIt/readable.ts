/**
 * The values of a live search as a reader reads them, beside the rows of liveView.ts: an enum's value in
 * its specification's words (`enumLabels`: `MEAL_PLAN_TYPE_HALF_BOARD` is "Half board", `STARS_TWO_STAR`
 * "2 stars"), a distance in its unit's short form ("1.8 km" of `DISTANCE_UNIT_KILOMETER`), the day marker
 * of an arrival on another day than its departure (website/docs/getting-started/usage-guidelines.mdx,
 * "Arrival day markers"), and the headline of the results held, which says whether it speaks of the whole
 * search or of one page of it. Pure; unit-tested in readable.test.ts.
 */
import {namedEnums, type OpenApiDocument} from '@portal/specs';
import type {Cell, LiveView} from './liveView';

/** An enum value as the view shows it: a short label, and the spec's description of the value. */
export interface EnumLabel {
  label: string;
  description: string;
}

/** English number words, by the number they name: the counts that enum values spell out (`STARS_TWO_STAR`). */
const numberWords = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/**
 * A count spelled out in words with digits: "two star" is "2 stars", "one star" "1 star", "no star" "No
 * stars" (its noun in the plural but for one); other words as they are.
 */
export function countInDigits(words: string): string {
  const [first, ...rest] = words.split(' ');
  const count = numberWords.indexOf(first.toLowerCase());
  if (count < 0 || rest.length === 0) return words;
  const noun = rest.join(' ');
  const nouns = count === 1 || noun.endsWith('s') ? noun : `${noun}s`;
  return count === 0 ? `No ${nouns}` : `${count} ${nouns}`;
}

/**
 * Labels of the values of a spec's named enums (`namedEnums` of @portal/specs): a value without the prefix
 * every value of its enum shares, in words (`MEAL_PLAN_TYPE_HALF_BOARD` of `MealPlanType`: "Half board"),
 * a count in digits (`countInDigits`), with the value's `x-enumDescriptions` entry.
 */
export function enumLabels(doc: OpenApiDocument): Map<string, EnumLabel> {
  const labels = new Map<string, EnumLabel>();
  for (const definition of namedEnums(doc).values()) {
    const values = definition.values.map((entry) => entry.value);
    let prefix = values.length > 1 ? values[0] : '';
    for (const value of values) while (prefix && !value.startsWith(prefix)) prefix = prefix.slice(0, -1);
    prefix = prefix.slice(0, prefix.lastIndexOf('_') + 1);
    for (const {value, description} of definition.values) {
      const words = countInDigits(value.slice(prefix.length).toLowerCase().replace(/_/g, ' '));
      if (words) labels.set(value, {label: words[0].toUpperCase() + words.slice(1), description});
    }
  }
  return labels;
}

/**
 * A number in a unit named in words (the label of a unit's enum value: "Kilometer", "Miles"): "1.8 km", in
 * the unit's short form when it is one of the units `Intl.NumberFormat` knows (singular or plural), else
 * the number and the words ("3 parsecs").
 */
export function quantityText(amount: number, unitWords: string): string {
  const words = unitWords.toLowerCase();
  const unit = words.replace(/ /g, '-');
  for (const candidate of [unit, unit.replace(/s$/, '')]) {
    try {
      return new Intl.NumberFormat('en-GB', {style: 'unit', unit: candidate, unitDisplay: 'short'}).format(amount);
    } catch {
      // Not a unit Intl knows: the next candidate, then the words
    }
  }
  return `${amount} ${words}`;
}

/** A cell as text: an enum's value by its label, a quantity with its unit; undefined when it is missing. */
export function cellText(cell: Cell | undefined, labels: Map<string, EnumLabel>): string | undefined {
  if (!cell || !('text' in cell)) return undefined;
  const label = cell.enumValue ? labels.get(cell.enumValue)?.label : undefined;
  if (cell.amount !== undefined) return quantityText(cell.amount, label ?? cell.enumValue ?? '');
  return label ?? cell.text;
}

/** The calendar date of a LocalDateTime (`year`, `month`, `day`). */
interface LocalDate {
  year?: number;
  month?: number;
  day?: number;
}

/**
 * The marker of an arrival on another calendar day than its departure, as the usage guidelines ask:
 * `+1`, `+2`, `-1` (days from the departure's date to the arrival's, not from the duration); `''` on the
 * same day, or when either date is incomplete.
 */
export function dayMarker(departure: LocalDate | undefined, arrival: LocalDate | undefined): string {
  const utc = (date: LocalDate | undefined) =>
    date?.year === undefined || date.month === undefined || date.day === undefined
      ? undefined
      : Date.UTC(date.year, date.month - 1, date.day);
  const from = utc(departure);
  const to = utc(arrival);
  if (from === undefined || to === undefined) return '';
  const days = Math.round((to - from) / 86_400_000);
  return days === 0 ? '' : days > 0 ? `+${days}` : `${days}`;
}

/** The headline of the results held: what its count names, and what its cheapest price is the cheapest of. */
export interface Headline {
  /** `12 itineraries`; a page: `Hotels 1–15 of 101`; all of a paged search on one page: `9 hotels`. */
  count: string;
  /** `cheapest`, or `cheapest on this page` when the rows are one page of more. */
  cheapest: string;
}

const capital = (text: string): string => text[0].toUpperCase() + text.slice(1);

/**
 * The headline of a view (liveView.ts). A search whose answers give no total (flights, car hire) holds all
 * its results: its count and cheapest are the search's. A paged search (hotels: `total` is
 * `totalHotelResultCount`) holds one page, the one at `offset` (undefined when it is not known): the
 * headline names that page and its cheapest, unless the page holds every result of the search.
 */
export function headline(
  view: Pick<LiveView, 'count' | 'total' | 'noun' | 'one'>,
  offset: number | undefined,
): Headline {
  const {count, total} = view;
  const rows = `${count} ${count === 1 ? view.one : view.noun}`;
  if (total === undefined || (offset === 0 && count >= total)) return {count: rows, cheapest: 'cheapest'};
  const onPage = {cheapest: 'cheapest on this page'};
  if (count === 0) return {count: `No ${view.noun} on this page, ${total} in all`, ...onPage};
  if (offset === undefined) return {count: `${rows} on this page, ${total} in all`, ...onPage};
  const range = count === 1 ? `${view.one} ${offset + 1}` : `${view.noun} ${offset + 1}–${offset + count}`;
  return {count: `${capital(range)} of ${total}`, ...onPage};
}
