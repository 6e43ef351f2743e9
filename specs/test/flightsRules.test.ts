/**
 * The flights validation rules of specs/flights-live-pricing/openapi.yaml and
 * specs/flights-indicative/openapi.yaml (with the limits of specs/REAL-API-FACTS.md), each proved
 * both ways: a request that breaks the rule fails schema validation, the same request without the
 * fault passes.
 */
import {describe, expect, it} from 'vitest';
import {loadBundles, SpecValidator} from '@portal/specs/node';
import {testRules, type RuleCase} from './ruleCases';

const validator = new SpecValidator(loadBundles());

const leg = (origin: object, destination: object, day = 12) => ({
  originPlaceId: origin,
  destinationPlaceId: destination,
  date: {year: 2027, month: 3, day},
});
const live = (query: Record<string, unknown> = {}) => ({
  query: {
    market: 'UK',
    locale: 'en-GB',
    currency: 'GBP',
    queryLegs: [leg({iata: 'LHR'}, {iata: 'EDI'})],
    cabinClass: 'CABIN_CLASS_ECONOMY',
    adults: 1,
    ...query,
  },
});
const indicativeLeg = (origin: object, destination: object, date: object = {anytime: true}) => ({
  originPlace: origin,
  destinationPlace: destination,
  ...date,
});
const indicative = (legs: object[]) => ({
  query: {market: 'UK', locale: 'en-GB', currency: 'GBP', queryLegs: legs},
});
const place = {queryPlace: {entityId: '27544008'}};

const cases: RuleCase[] = [
  {
    rule: 'adults must be at least 1',
    operation: 'FlightsService_CreateSearch',
    valid: live({adults: 1}),
    invalid: live({adults: 0}),
  },
  {
    rule: 'adults at most 8',
    operation: 'FlightsService_CreateSearch',
    valid: live({adults: 8}),
    invalid: live({adults: 9}),
  },
  {
    rule: 'children are aged 0 to 17',
    operation: 'FlightsService_CreateSearch',
    valid: live({childrenAges: [0, 17]}),
    invalid: live({childrenAges: [4, 18]}),
  },
  {
    rule: 'at most 8 children',
    operation: 'FlightsService_CreateSearch',
    valid: live({childrenAges: Array(8).fill(5)}),
    invalid: live({childrenAges: Array(9).fill(5)}),
  },
  {
    rule: 'one to six query legs',
    operation: 'FlightsService_CreateSearch',
    valid: live({queryLegs: Array.from({length: 6}, (_, i) => leg({iata: 'LHR'}, {iata: 'EDI'}, i + 1))}),
    invalid: live({queryLegs: Array.from({length: 7}, (_, i) => leg({iata: 'LHR'}, {iata: 'EDI'}, i + 1))}),
  },
  {
    rule: 'a place query holds either iata or entityId, not both',
    operation: 'FlightsService_CreateSearch',
    valid: live({queryLegs: [leg({iata: 'LHR'}, {entityId: '27540851'})]}),
    invalid: live({queryLegs: [leg({iata: 'LHR', entityId: '95565050'}, {entityId: '27540851'})]}),
  },
  {
    rule: 'a date has a month from 1 to 12',
    operation: 'FlightsService_CreateSearch',
    valid: live({queryLegs: [{...leg({iata: 'LHR'}, {iata: 'EDI'}), date: {year: 2027, month: 12, day: 1}}]}),
    invalid: live({queryLegs: [{...leg({iata: 'LHR'}, {iata: 'EDI'}), date: {year: 2027, month: 13, day: 1}}]}),
  },
  {
    rule: 'market, locale and currency are required',
    operation: 'FlightsService_CreateSearch',
    valid: live(),
    invalid: live({market: undefined}),
  },
  {
    rule: 'nearbyAirports is a boolean',
    operation: 'FlightsService_CreateSearch',
    valid: live({nearbyAirports: true}),
    invalid: live({nearbyAirports: 'yes'}),
  },
  {
    rule: 'anywhere is valid for a destination only, never an origin',
    operation: 'FlightsIndicativeService_SearchFlights',
    valid: indicative([indicativeLeg(place, {anywhere: true})]),
    invalid: indicative([indicativeLeg({anywhere: true}, place)]),
  },
  {
    rule: 'anywhereByCity is valid for a destination only, never an origin',
    operation: 'FlightsIndicativeService_SearchFlights',
    valid: indicative([indicativeLeg(place, {anywhereByCity: true})]),
    invalid: indicative([indicativeLeg({queryPlace: {iata: 'EDI'}, anywhereByCity: true}, place)]),
  },
  {
    rule: 'a destination is one of a place, anywhere or anywhere by city',
    operation: 'FlightsIndicativeService_SearchFlights',
    valid: indicative([indicativeLeg(place, {queryPlace: {iata: 'EDI'}})]),
    invalid: indicative([indicativeLeg(place, {queryPlace: {iata: 'EDI'}, anywhere: true})]),
  },
  {
    rule: 'the date choice is exclusive: fixedDate, dateRange or anytime',
    operation: 'FlightsIndicativeService_SearchFlights',
    valid: indicative([indicativeLeg(place, {anywhere: true}, {fixedDate: {year: 2027, month: 3, day: 12}})]),
    invalid: indicative([
      indicativeLeg(place, {anywhere: true}, {fixedDate: {year: 2027, month: 3, day: 12}, anytime: true}),
    ]),
  },
  {
    rule: 'one or two indicative query legs',
    operation: 'FlightsIndicativeService_SearchFlights',
    valid: indicative([indicativeLeg(place, {anywhere: true}), indicativeLeg({queryPlace: {iata: 'EDI'}}, place)]),
    invalid: indicative([
      indicativeLeg(place, {anywhere: true}),
      indicativeLeg({queryPlace: {iata: 'EDI'}}, place),
      indicativeLeg(place, {anywhere: true}),
    ]),
  },
  {
    rule: 'an itinerary refresh names its itinerary',
    operation: 'FlightsService_CreateItineraryRefresh',
    valid: {itineraryId: '13542-2703120730--32356-0-11235-2703120900'},
    invalid: {},
  },
];

describe('flights validation rules', () => {
  testRules(validator, cases);

  it('includeBaggageData is deprecated (accepted, but marked deprecated with the reason)', () => {
    const spec = validator.specs.get('flights-live-pricing')!;
    const field = (
      spec.components!.schemas!.FlightsLiveQuery as {
        properties: Record<string, {deprecated?: boolean; description?: string}>;
      }
    ).properties.includeBaggageData;
    expect(field.deprecated).toBe(true);
    expect(field.description).toMatch(/not functional/);
    expect(validator.request('FlightsService_CreateSearch', live({includeBaggageData: true})).valid).toBe(true);
  });

  it('nearbyAirports is a field of the whole query, false by default, that applies to the origin only', () => {
    // What the sandbox does with it (nearby origin airports when true, never nearby destination
    // airports) is checked in sandbox/src/live.test.ts.
    const schemas = validator.specs.get('flights-live-pricing')!.components!.schemas! as Record<
      string,
      {properties: Record<string, {type?: string; default?: unknown; description?: string}>}
    >;
    const field = schemas.FlightsLiveQuery.properties.nearbyAirports;
    expect(field).toMatchObject({type: 'boolean', default: false});
    expect(field.description).toMatch(/airports near the origin/);
    expect(field.description).toMatch(/Applies to the origin only/);
    expect(Object.keys(schemas.QueryLeg.properties)).not.toContain('nearbyAirports');
    expect(validator.request('FlightsService_CreateSearch', live({nearbyAirports: false})).errors).toEqual([]);
  });

  it('the poll body the seed does not show is marked not confirmed, not a rule', () => {
    const poll = validator.operation('FlightsService_PollSearch') as {
      description?: string;
      requestBody?: unknown;
      'x-validation'?: string[];
    };
    expect(poll.requestBody).toBeUndefined();
    const pollBody = '[not confirmed](/docs/getting-started/create-and-poll#poll-body)';
    expect(poll.description).toContain(`The poll takes no body (${pollBody}).`);
    expect(poll.description).not.toMatch(/send none/);
    expect((poll['x-validation'] ?? []).join(' ')).toContain(
      `No request body: the operation declares none (${pollBody}).`,
    );
  });

  it('a place entity id is a non-empty string: the seeds give it no pattern', () => {
    expect(
      validator.request('FlightsService_CreateSearch', live({queryLegs: [leg({entityId: '95565050'}, {iata: 'EDI'})]}))
        .errors,
    ).toEqual([]);
    expect(
      validator.request('FlightsService_CreateSearch', live({queryLegs: [leg({entityId: ''}, {iata: 'EDI'})]})).valid,
    ).toBe(false);
  });
});
