/**
 * Redocly plugin `relative-dates`. Its decorator `relative-dates/example-dates` keeps examples whose
 * truth depends on the day true on every day: an Example object marked
 *
 *     x-dates-relative-to: '2027-05-27'
 *
 * was written as if sent on that day, and the bundle moves every date in its `value` by the days
 * between that day and the day of bundling (UTC; `SOURCE_DATE_EPOCH`, in seconds, pins the day for a
 * reproducible bundle). It moves `{year, month, day}` objects (other fields, such as `hour`, stay),
 * `YYYY-MM-DD` dates and `YYYYMMDD` dates inside strings and object keys (deep links, quote ids),
 * then removes the mark. Used by carhire-indicative, whose by-date searches may reach at most one
 * month after today.
 */
const MARK = 'x-dates-relative-to';
const DAY_MS = 86_400_000;

/** The UTC time of a calendar date, or undefined when it is not one (2027-02-30, month 13). */
function dateTime(year, month, day) {
  if (![year, month, day].every(Number.isInteger) || year < 1000 || year > 9999) return undefined;
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? time : undefined;
}

const parts = (time) => {
  const date = new Date(time);
  return {year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate()};
};
const pad = (value, width) => String(value).padStart(width, '0');

/** The day of bundling, as a UTC time at midnight. */
export function bundleDay(env = process.env, now = new Date()) {
  const pinned = env.SOURCE_DATE_EPOCH;
  const day = pinned ? new Date(Number(pinned) * 1000) : now;
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
}

/** `text` with each `YYYY-MM-DD` and `YYYYMMDD` date in it moved by `days`. */
function shiftText(text, days) {
  const move = (match, year, month, day, separator) => {
    const time = dateTime(Number(year), Number(month), Number(day));
    if (time === undefined) return match;
    const moved = parts(time + days * DAY_MS);
    return [pad(moved.year, 4), pad(moved.month, 2), pad(moved.day, 2)].join(separator);
  };
  return text
    .replace(/(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g, (match, y, m, d) => move(match, y, m, d, '-'))
    .replace(/(?<!\d)(20\d{2})(\d{2})(\d{2})(?!\d)/g, (match, y, m, d) => move(match, y, m, d, ''));
}

/** A copy of `value` with every date in it moved by `days`. */
export function shiftDates(value, days) {
  if (Array.isArray(value)) return value.map((item) => shiftDates(item, days));
  if (typeof value === 'string') return shiftText(value, days);
  if (!value || typeof value !== 'object') return value;
  const copy = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [shiftText(key, days), shiftDates(item, days)]),
  );
  const time = dateTime(copy.year, copy.month, copy.day);
  if (time !== undefined) Object.assign(copy, parts(time + days * DAY_MS));
  return copy;
}

function ExampleDates() {
  const today = bundleDay();
  return {
    Example: {
      leave(example, ctx) {
        const mark = example[MARK];
        if (mark === undefined) return;
        const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(mark));
        const writtenFor = match && dateTime(Number(match[1]), Number(match[2]), Number(match[3]));
        if (writtenFor === undefined || writtenFor === null) {
          ctx.report({message: `${MARK} must be a date written YYYY-MM-DD, not ${JSON.stringify(mark)}`});
          return;
        }
        example.value = shiftDates(example.value, Math.round((today - writtenFor) / DAY_MS));
        delete example[MARK];
      },
    },
  };
}

export default function relativeDatesPlugin() {
  return {
    id: 'relative-dates',
    decorators: {
      oas3: {'example-dates': ExampleDates},
    },
  };
}
