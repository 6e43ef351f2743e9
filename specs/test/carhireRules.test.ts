/**
 * The car hire validation rules of the car hire specs (specs/carhire-live-pricing/openapi.yaml and
 * specs/carhire-indicative/openapi.yaml, their schemas and `x-validation` notes), each proved both
 * ways: a request (or, for the SIPP code, a response) that breaks the rule fails schema validation,
 * the same one without the fault passes.
 */
import {describe, expect, it} from 'vitest';
import {loadBundles, mediaExamples, requestMedia, resolveRef, responseMedia, SpecValidator} from '@portal/specs/node';
import {testRules, type RuleCase} from './ruleCases';

const validator = new SpecValidator(loadBundles());

const dateTime = {year: 2027, month: 6, day: 10, hour: 10, minute: 0, second: 0};
const live = (query: Record<string, unknown> = {}) => ({
  query: {
    market: 'UK',
    locale: 'en-GB',
    currency: 'GBP',
    pickUpLocation: {entityId: '95673668'},
    dropOffLocation: {entityId: '95673668'},
    pickUpDate: dateTime,
    dropOffDate: {...dateTime, day: 17},
    ...query,
  },
});
const agentIds = (count: number) => Array.from({length: count}, (_, i) => `agent${i}`);
const quote = (sippCode: string) => ({
  sessionToken: 'CkA0YmY3ZTMyYy0xZDVhLTRjNmUtOWI4Zi0zYTJlMWQwYzllNTYSAlVLGgVlbi1HQiIDR0JQ-carhire',
  status: 'RESULT_STATUS_COMPLETE',
  action: 'RESULT_ACTION_REPLACED',
  content: {results: {quotes: {'7b1e3f0a2c4d4e8f': {sippCode, vendorId: '12', agentId: 'avis'}}}},
});
const DAY_MS = 86_400_000;
const now = new Date();
/** Today, as a UTC time at midnight: the by-date rule counts from the day of the request. */
const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
interface LocalDate {
  year: number;
  month: number;
  day: number;
}
const localDate = (time: number): LocalDate => {
  const date = new Date(time);
  return {year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate()};
};
const timeOf = ({year, month, day}: LocalDate) => Date.UTC(year, month - 1, day);
/** One month after today (the same day of the next month, or its last day). */
const oneMonthAfterToday = (() => {
  const date = new Date(today);
  const next = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  return new Date(next).getUTCDate() === date.getUTCDate()
    ? next
    : Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 2, 0);
})();
// A by-date search: a week from 14 days after today, inside the one-month window whatever the day.
const indicative = (query: Record<string, unknown> = {}) => ({
  query: {
    market: 'UK',
    locale: 'en-GB',
    currency: 'GBP',
    pickUpDate: localDate(today + 14 * DAY_MS),
    dropOffDate: localDate(today + 21 * DAY_MS),
    dateTimeGroupingType: 'DATE_TIME_GROUPING_TYPE_BY_DATE',
    pickUpDropOffLocationEntityId: '95673668',
    ...query,
  },
});

const cases: RuleCase[] = [
  {
    rule: 'driverAge must be at least 21',
    operation: 'CarHireService_CreateSearch',
    valid: live({driverAge: 21}),
    invalid: live({driverAge: 20}),
  },
  {
    rule: 'driverAge at most 99',
    operation: 'CarHireService_CreateSearch',
    valid: live({driverAge: 99}),
    invalid: live({driverAge: 100}),
  },
  {
    rule: 'includedAgentIds holds at most 200 agent ids',
    operation: 'CarHireService_CreateSearch',
    valid: live({includedAgentIds: agentIds(200)}),
    invalid: live({includedAgentIds: agentIds(201)}),
  },
  {
    rule: 'excludedAgentIds holds at most 200 agent ids',
    operation: 'CarHireService_CreateSearch',
    valid: live({excludedAgentIds: agentIds(200)}),
    invalid: live({excludedAgentIds: agentIds(201)}),
  },
  {
    rule: 'a pick-up location is an entity id or coordinates, not both',
    operation: 'CarHireService_CreateSearch',
    valid: live({pickUpLocation: {coordinates: {latitude: 51.5074, longitude: -0.1278}}}),
    invalid: live({pickUpLocation: {entityId: '95565050', coordinates: {latitude: 51.5074, longitude: -0.1278}}}),
  },
  {
    rule: 'a drop-off location is an entity id or coordinates, not both',
    operation: 'CarHireService_CreateSearch',
    valid: live({dropOffLocation: {entityId: '95565050'}}),
    invalid: live({dropOffLocation: {entityId: '95565050', coordinates: {latitude: 51.47, longitude: -0.4543}}}),
  },
  {
    rule: 'the drop-off location is optional (the car is returned where it was picked up); the pick-up location is not',
    operation: 'CarHireService_CreateSearch',
    valid: live({dropOffLocation: undefined}),
    invalid: live({dropOffLocation: undefined, pickUpLocation: undefined}),
  },
  {
    rule: 'a location names an entity id or coordinates, not neither',
    operation: 'CarHireService_CreateSearch',
    valid: live({pickUpLocation: {entityId: '95565050'}}),
    invalid: live({pickUpLocation: {}}),
  },
  {
    rule: 'hour, minute and second are optional (a date without a time means 12:00:00), the day is not',
    operation: 'CarHireService_CreateSearch',
    valid: live({pickUpDate: {year: 2027, month: 6, day: 10}, dropOffDate: {year: 2027, month: 6, day: 17}}),
    invalid: live({pickUpDate: {year: 2027, month: 6, hour: 10, minute: 0, second: 0}}),
  },
  {
    rule: 'a pick-up hour is 0 to 23',
    operation: 'CarHireService_CreateSearch',
    valid: live({pickUpDate: {...dateTime, hour: 23}}),
    invalid: live({pickUpDate: {...dateTime, hour: 24}}),
  },
  {
    rule: 'market, locale and currency are required',
    operation: 'CarHireService_CreateSearch',
    valid: live(),
    invalid: live({market: undefined}),
  },
  {
    rule: 'sippCode is 4 characters (too long)',
    operation: 'CarHireService_PollSearch',
    valid: quote('EDMR'),
    invalid: quote('EDMRX'),
    response: true,
  },
  {
    rule: 'sippCode is 4 characters (too short)',
    operation: 'CarHireService_PollSearch',
    valid: quote('CDAR'),
    invalid: quote('CDA'),
    response: true,
  },
  {
    rule: 'the date grouping must not be unspecified',
    operation: 'CarHireIndicativeService_Search',
    valid: indicative({dateTimeGroupingType: 'DATE_TIME_GROUPING_TYPE_BY_MONTH'}),
    invalid: indicative({dateTimeGroupingType: 'DATE_TIME_GROUPING_TYPE_UNSPECIFIED'}),
  },
  {
    rule: 'the date grouping is required (omitted means unspecified)',
    operation: 'CarHireIndicativeService_Search',
    valid: indicative(),
    invalid: indicative({dateTimeGroupingType: undefined}),
  },
];

describe('car hire validation rules', () => {
  testRules(validator, cases);

  it('driverAge defaults to 30', () => {
    const spec = validator.specs.get('carhire-live-pricing')!;
    const field = (
      spec.components!.schemas!.CarHireLiveQuery as {
        properties: Record<string, {default?: unknown; description?: string}>;
      }
    ).properties.driverAge;
    expect(field.default).toBe(30);
    expect(field.description).toMatch(/30/);
    expect(validator.request('CarHireService_CreateSearch', live({driverAge: undefined})).errors).toEqual([]);
  });

  it('the by-date examples lie within one month after today (the bundle sets their dates from its day)', () => {
    const operation = validator.operation('CarHireIndicativeService_Search');
    const doc = validator.specs.get(operation.slug)!;
    const queries = [...mediaExamples(doc, requestMedia(doc, operation)).entries()]
      .map(([name, body]) => ({name, query: (body as {query: Record<string, unknown>}).query}))
      .filter(({query}) => query.dateTimeGroupingType === 'DATE_TIME_GROUPING_TYPE_BY_DATE');
    expect(queries.length).toBeGreaterThan(0);
    for (const {name, query} of queries) {
      for (const field of ['pickUpDate', 'dropOffDate']) {
        const time = timeOf(query[field] as LocalDate);
        expect(time, `${name} ${field}`).toBeGreaterThanOrEqual(today);
        expect(time, `${name} ${field}`).toBeLessThanOrEqual(oneMonthAfterToday);
      }
    }
    expect(JSON.stringify(doc)).not.toContain('x-dates-relative-to');
  });

  it('the indicative examples agree with their queries: dates in the period, totals for its days', () => {
    const operation = validator.operation('CarHireIndicativeService_Search');
    const doc = validator.specs.get(operation.slug)!;
    const requests = mediaExamples(doc, requestMedia(doc, operation));
    const responses = mediaExamples(doc, responseMedia(doc, operation));
    expect([...responses.keys()].sort()).toEqual([...requests.keys()].sort());
    // Each grouping has an example, so both the by-date and the by-month checks below run.
    const groupings = [...requests.values()].map(
      (body) => (body as {query: {dateTimeGroupingType: string}}).query.dateTimeGroupingType,
    );
    expect(new Set(groupings)).toEqual(
      new Set(['DATE_TIME_GROUPING_TYPE_BY_DATE', 'DATE_TIME_GROUPING_TYPE_BY_MONTH']),
    );
    for (const [name, body] of requests) {
      const query = (body as {query: {pickUpDate: LocalDate; dropOffDate: LocalDate; dateTimeGroupingType: string}})
        .query;
      const [from, to] = [timeOf(query.pickUpDate), timeOf(query.dropOffDate)];
      const days = (to - from) / DAY_MS;
      const byDate = query.dateTimeGroupingType === 'DATE_TIME_GROUPING_TYPE_BY_DATE';
      const quotes = (
        responses.get(name) as {
          content: {
            results: {
              quotes: Record<
                string,
                {date?: LocalDate; monthOfYear?: number; prices: {aggregateType: string; price: {amount: string}}[]}
              >;
            };
          };
        }
      ).content.results.quotes;
      // The months the period touches, from the pick-up month to the drop-off month.
      const months = new Set([query.pickUpDate.month, query.dropOffDate.month]);
      for (let month = query.pickUpDate.month; month !== query.dropOffDate.month; month = (month % 12) + 1) {
        months.add(month);
      }
      expect(Object.keys(quotes).length, name).toBeGreaterThan(0);
      for (const [id, quote] of Object.entries(quotes)) {
        const price = (type: string) =>
          Number(quote.prices.find((entry) => entry.aggregateType === `AGGREGATE_TYPE_${type}`)!.price.amount);
        expect(price('TOTAL_CHEAPEST'), `${name} ${id}`).toBe(price('CHEAPEST') * days);
        expect(price('TOTAL_AVERAGE'), `${name} ${id}`).toBe(price('AVERAGE') * days);
        // A by-date quote carries its date (in the period), a by-month quote its month (of the period).
        const when = byDate ? quote.date : quote.monthOfYear;
        expect(when, `${name} ${id}: ${byDate ? 'date' : 'monthOfYear'}`).toBeDefined();
        const inPeriod = byDate
          ? timeOf(quote.date!) >= from && timeOf(quote.date!) <= to
          : months.has(quote.monthOfYear!);
        expect(inPeriod, `${name} ${id}: ${JSON.stringify(when)} in ${JSON.stringify(query)}`).toBe(true);
      }
    }
  });

  it('restrictions the seeds do not give are relaxed or marked not confirmed (description and x-validation)', () => {
    const spec = validator.specs.get('carhire-live-pricing')!;
    const schemas = spec.components!.schemas! as Record<
      string,
      {'x-validation'?: string[]; properties: Record<string, {pattern?: string; description?: string}>}
    >;
    // sippCode: the schema gives its length (4 characters), and nothing about which characters
    expect(schemas.CarHireQuote.properties.sippCode.pattern).toBeUndefined();
    expect(validator.response('CarHireService_PollSearch', quote('cdar')).errors).toEqual([]);
    expect(schemas.CarHireSearchLocation.properties.entityId.pattern).toBeUndefined();
    // fuel.fair: its type is not confirmed, said so in the description and in x-validation, with a link
    // to the one box that says why it is safe (website/docs/carhire-live-prices/overview.mdx#fuel-fair)
    const fair = '[not confirmed](/docs/carhire-live-prices/overview#fuel-fair)';
    expect(schemas.QuoteFuel.properties.fair.description).toContain(`Its type and meaning are ${fair}.`);
    expect((schemas.QuoteFuel['x-validation'] ?? []).join(' ')).toContain(`\`fair\` is a boolean (${fair})`);
    // the poll call takes no body: not confirmed, said so in the description and in x-validation
    const poll = validator.operation('CarHireService_PollSearch') as {description?: string; requestBody?: unknown};
    const pollBody = '[not confirmed](/docs/getting-started/create-and-poll#poll-body)';
    expect(poll.requestBody).toBeUndefined();
    expect(poll.description).toContain(`The poll takes no body (${pollBody}).`);
    expect(poll.description).not.toMatch(/send none/);
    expect(((poll as {'x-validation'?: string[]})['x-validation'] ?? []).join(' ')).toContain(
      `No request body: the operation declares none (${pollBody}).`,
    );
  });

  it('the agents call needs a non-empty market query parameter', () => {
    const operation = validator.operation('CarHireAgentsService_ListAgents');
    const doc = validator.specs.get(operation.slug)!;
    const market = (operation.parameters ?? [])
      .map(
        (parameter) => resolveRef(doc, parameter) as {name?: string; in?: string; required?: boolean; schema?: unknown},
      )
      .find((parameter) => parameter.name === 'market' && parameter.in === 'query');
    expect(market?.required).toBe(true);
    const validate = validator.ajv.compile(market!.schema as object);
    expect(validate('UK')).toBe(true);
    expect(validate('')).toBe(false);
  });
});
