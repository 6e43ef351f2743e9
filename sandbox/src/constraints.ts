/**
 * The constraints the specifications keep in `x-validation` because JSON Schema cannot say them, each
 * implemented once and keyed by an id (called constraints here, not rules, so they are never taken for the
 * integration check's rules, which judge a partner's program). A constraint names the spec text it
 * implements (`sources`: the pointer of the schema or parameter carrying the note, and a phrase of the
 * note) and runs on every place of a request where that schema applies (found by `instancesOf` of
 * @portal/specs). `notes` says how every other `x-validation` note is honoured; `constraints.test.ts` fails
 * when a note of the bundles is claimed by neither.
 */
import type {Schema} from '@portal/specs';
import type {FieldViolation} from './errors';
import {geoLevel} from './data/places';
import {agentsOfMarket} from './services/carhireAgents';
import {toDate, type LocalDate} from './services/types';
import {isMarket} from './data/culture';

export interface ConstraintSource {
  slug: string;
  /** JSON pointer of the schema, property or parameter that carries the note. */
  pointer: string;
  /** A phrase of the note (its `x-validation` entry, or the description where the spec has no note). */
  phrase: string;
}

export interface Constraint {
  id: string;
  /** The first source is where the constraint runs; the others state the same constraint elsewhere in the spec. */
  sources: ConstraintSource[];
  /** Checks one value the schema at the first source applies to; fields are relative to it. */
  check(value: unknown, context: {now: number; schema: Schema}): FieldViolation[];
}

/**
 * A constraint whose check reads its value as the shape `T` its schema gives: the validation step runs the
 * constraints only on a request the schemas accepted (middleware/validate.ts), so the value has that shape.
 */
function constraint<T>(definition: {
  id: string;
  sources: ConstraintSource[];
  check(value: T, context: {now: number; schema: Schema}): FieldViolation[];
}): Constraint {
  return {...definition, check: (value, context) => definition.check(value as T, context)};
}

const addMonths = (time: number, months: number): Date => {
  const date = new Date(time);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()));
};
const today = (now: number): Date => {
  const date = new Date(now);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
};
const show = (date: LocalDate) =>
  `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
const maxItemsOf = (schema: Schema, property: string): number | undefined =>
  (schema.properties?.[property] as Schema | undefined)?.maxItems as number | undefined;

/** A search place (`{iata}` or `{entityId}`) whose entity id is a continent, refused under `id`. */
const noContinent =
  (id: string) =>
  (place: {entityId?: string}): FieldViolation[] =>
    place.entityId !== undefined && geoLevel(place.entityId) === 'PLACE_TYPE_CONTINENT'
      ? [
          {
            field: '.entityId',
            description: `${place.entityId} is a continent: continents are not valid search places`,
            reason: id,
          },
        ]
      : [];

export const constraints: Constraint[] = [
  constraint({
    id: 'flights-live.no-continent',
    sources: [
      {slug: 'flights-live-pricing', pointer: '#/components/schemas/PlaceQuery', phrase: 'is a continent is rejected'},
    ],
    check: noContinent('flights-live.no-continent'),
  }),
  constraint({
    id: 'flights-indicative.no-continent',
    sources: [
      {
        slug: 'flights-indicative',
        pointer: '#/components/schemas/IndicativeQueryPlace',
        phrase: 'is a continent is rejected',
      },
    ],
    check: noContinent('flights-indicative.no-continent'),
  }),
  constraint({
    id: 'flights-live.legs-in-date-order',
    sources: [
      {
        slug: 'flights-live-pricing',
        pointer: '#/components/schemas/FlightsLiveQuery/properties/queryLegs',
        phrase: 'in ascending date order',
      },
    ],
    check(legs: {date?: LocalDate}[]) {
      const violations: FieldViolation[] = [];
      legs.forEach((leg, index) => {
        const previous = legs[index - 1]?.date;
        if (index > 0 && leg.date && previous && toDate(leg.date) < toDate(previous)) {
          violations.push({
            field: `[${index}].date`,
            description: `${show(leg.date)} is before the previous leg's ${show(previous)}: legs go in ascending date order`,
            reason: 'flights-live.legs-in-date-order',
          });
        }
      });
      return violations;
    },
  }),
  constraint({
    id: 'carhire-live.agents-valid-for-market',
    sources: [
      {
        slug: 'carhire-live-pricing',
        pointer: '#/components/schemas/CarHireLiveQuery',
        phrase: 'must be valid for the market',
      },
    ],
    check(query: {market: string; includedAgentIds?: string[]; excludedAgentIds?: string[]}) {
      const valid = new Set(agentsOfMarket(query.market).map((agent) => agent.id));
      return (['includedAgentIds', 'excludedAgentIds'] as const).flatMap((list) =>
        (query[list] ?? []).flatMap((id, index) =>
          valid.has(id)
            ? []
            : [
                {
                  field: `.${list}[${index}]`,
                  description: `agent ${id} is not an agent of market ${query.market} (the car hire agents API lists them)`,
                  reason: 'carhire-live.agents-valid-for-market',
                },
              ],
        ),
      );
    },
  }),
  constraint({
    id: 'carhire-indicative.by-date-within-a-month',
    sources: [
      {
        slug: 'carhire-indicative',
        pointer: '#/components/schemas/CarHireIndicativeQuery',
        phrase: 'at most one month after the current date',
      },
    ],
    check(query: {dateTimeGroupingType?: string; pickUpDate?: LocalDate; dropOffDate?: LocalDate}, {now}) {
      if (query.dateTimeGroupingType !== 'DATE_TIME_GROUPING_TYPE_BY_DATE') return [];
      const last = addMonths(now, 1);
      return (['pickUpDate', 'dropOffDate'] as const).flatMap((field) => {
        const date = query[field];
        return date && toDate(date) > last
          ? [
              {
                field: `.${field}`,
                description: `${show(date)} is more than one month after today: grouping by date covers at most one month ahead`,
                reason: 'carhire-indicative.by-date-within-a-month',
              },
            ]
          : [];
      });
    },
  }),
  constraint({
    id: 'carhire-agents.valid-market',
    sources: [
      {
        slug: 'carhire-agents',
        pointer: '#/paths/~1apiservices~1v1~1carhire~1agents~1search/get/parameters/0',
        phrase: 'must be a valid market code',
      },
    ],
    check(market: string) {
      return isMarket(market)
        ? []
        : [
            {
              field: '',
              description: `${market} is not a market code (the culture API lists them)`,
              reason: 'carhire-agents.valid-market',
            },
          ];
    },
  }),
  constraint({
    id: 'hotels-live.agent-ids-together',
    sources: [{slug: 'hotels-live', pointer: '#/components/schemas/HotelsLiveQuery', phrase: 'together are at most'}],
    check(query: {includedAgentsIds?: string[]; excludedAgentsIds?: string[]}, {schema}) {
      const limit = maxItemsOf(schema, 'includedAgentsIds') ?? Infinity;
      const total = (query.includedAgentsIds?.length ?? 0) + (query.excludedAgentsIds?.length ?? 0);
      return total > limit
        ? [
            {
              field: '.includedAgentsIds',
              description: `${total} agent ids in includedAgentsIds and excludedAgentsIds together; at most ${limit} per request`,
              reason: 'hotels-live.agent-ids-together',
            },
          ]
        : [];
    },
  }),
  constraint({
    id: 'hotels-live.price-range-order',
    sources: [{slug: 'hotels-live', pointer: '#/components/schemas/PriceRangeFilter', phrase: 'does not exceed'}],
    check(range: {minValue?: number; maxValue?: number}) {
      return range.minValue !== undefined && range.maxValue !== undefined && range.minValue > range.maxValue
        ? [
            {
              field: '.minValue',
              description: `minValue ${range.minValue} exceeds maxValue ${range.maxValue}`,
              reason: 'hotels-live.price-range-order',
            },
          ]
        : [];
    },
  }),
  constraint({
    id: 'hotels-indicative.one-geo-level',
    sources: [
      {
        slug: 'hotels-indicative',
        pointer: '#/components/schemas/HotelsIndicativeQuery/properties/destinationEntityIds',
        phrase: 'one geo level',
      },
      {slug: 'hotels-indicative', pointer: '#/components/schemas/HotelsIndicativeQuery', phrase: 'one geo level'},
    ],
    check(ids: string[]) {
      const levels = new Map<string, string>();
      ids.forEach((id) => {
        const level = geoLevel(id);
        if (level && !levels.has(level)) levels.set(level, id);
      });
      if (levels.size <= 1) return [];
      const named = [...levels]
        .map(([level, id]) => `${id} is ${level.replace('PLACE_TYPE_', '').toLowerCase()}`)
        .join(', ');
      return [
        {
          field: '',
          description: `destinations mix geo levels (${named}): send all cities or all airports`,
          reason: 'hotels-indicative.one-geo-level',
        },
      ];
    },
  }),
  constraint({
    id: 'hotels-indicative.within-12-months',
    sources: [
      {slug: 'hotels-indicative', pointer: '#/components/schemas/TravelDate', phrase: 'within the next 12 months'},
      {slug: 'hotels-indicative', pointer: '#/components/schemas/TravelDateRange', phrase: 'within the next 12 months'},
      {
        slug: 'hotels-indicative',
        pointer: '#/components/schemas/HotelsIndicativeQuery',
        phrase: 'within the next 12 months',
      },
    ],
    check(travelDate: {fixedDate?: LocalDate; dateRange?: {startDate?: LocalDate; endDate?: LocalDate}}, {now}) {
      const first = today(now);
      const last = addMonths(now, 12);
      const dates: [string, LocalDate | undefined][] = [
        ['.fixedDate', travelDate.fixedDate],
        ['.dateRange.startDate', travelDate.dateRange?.startDate],
        ['.dateRange.endDate', travelDate.dateRange?.endDate],
      ];
      return dates.flatMap(([field, date]) =>
        date && (toDate(date) < first || toDate(date) > last)
          ? [
              {
                field,
                description: `${show(date)} is ${toDate(date) < first ? 'in the past' : 'more than 12 months ahead'}: travel dates lie within the next 12 months`,
                reason: 'hotels-indicative.within-12-months',
              },
            ]
          : [],
      );
    },
  }),
];

/** How an x-validation note that no constraint implements is honoured. */
export interface NoteHandling {
  slug: string;
  pointer: string;
  phrase: string;
  /**
   * `schema`: a JSON Schema keyword says it, Ajv checks it; `behaviour`: a service does what it says
   * (`where` names it); `response`: it is about responses, which the generator follows (tests validate
   * every response); `not-enforced`: the spec itself says it is not enforced.
   */
  by: 'schema' | 'behaviour' | 'response' | 'not-enforced';
  where?: string;
}

/** Notes that say `(enforced by ...)` are honoured by the schema keywords they name; these are the others. */
export const notes: NoteHandling[] = [
  {
    slug: 'flights-live-pricing',
    pointer: '#/paths/~1apiservices~1v3~1flights~1live~1search~1poll~1%7BsessionToken%7D/post',
    phrase: 'No request body',
    by: 'behaviour',
    where: 'app.ts reads no body for an operation without one',
  },
  {
    slug: 'carhire-live-pricing',
    pointer: '#/paths/~1apiservices~1v1~1carhire~1live~1search~1poll~1%7BsessionToken%7D/post',
    phrase: 'No request body',
    by: 'behaviour',
    where: 'app.ts reads no body for an operation without one',
  },
  ...['FlightsAutosuggestQuery', 'CarHireAutosuggestQuery', 'HotelsAutosuggestQuery'].map((name): NoteHandling => ({
    slug: 'autosuggest',
    pointer: `#/components/schemas/${name}`,
    phrase: 'returns the most popular destinations',
    by: 'behaviour',
    where: 'suggestPlaces in data/places.ts',
  })),
  {
    slug: 'carhire-live-pricing',
    pointer: '#/components/schemas/CarHireLiveQuery',
    phrase: 'the time is 12:00:00',
    by: 'behaviour',
    where: 'queryDateTime in data/carQuotes.ts',
  },
  {
    slug: 'carhire-live-pricing',
    pointer: '#/components/schemas/QuoteFuel',
    phrase: '`fair` is a boolean',
    by: 'response',
  },
  {
    slug: 'hotels-live',
    pointer: '#/components/schemas/HotelsLiveSearchPollRequest/properties/filters',
    phrase: 'Not enforced',
    by: 'not-enforced',
  },
  {
    slug: 'hotels-live',
    pointer: '#/components/schemas/HotelFilter',
    phrase: '`minProperties` and `maxProperties` 1',
    by: 'schema',
  },
  {
    slug: 'hotels-live',
    pointer: '#/components/schemas/HotelFilter',
    phrase: '`oneOf`: that one property',
    by: 'schema',
  },
  {
    slug: 'hotels-live',
    pointer: '#/components/schemas/HotelFilter',
    phrase: 'objects like the stars, meal plan and cancellation filters',
    by: 'schema',
  },
  {
    slug: 'hotels-live',
    pointer: '#/components/schemas/PriceRangeFilter',
    phrase: 'whole units of the search',
    by: 'behaviour',
    where: 'applyFilters in services/hotelsLiveView.ts',
  },
  {
    slug: 'geo',
    pointer: '#/paths/~1apiservices~1v3~1geo~1hierarchy~1flights~1%7Blocale%7D/get',
    phrase: 'Not enforced by the sandbox on this call',
    by: 'not-enforced',
  },
  ...['flights-live-pricing', 'flights-indicative', 'geo'].map((slug): NoteHandling => ({
    slug,
    pointer: '#/components/schemas/PlaceType',
    phrase: 'Not enforced by the sandbox on this schema',
    by: 'not-enforced',
  })),
  {
    slug: 'hotels-content',
    pointer: '#/components/schemas/PayPolicy',
    phrase: '`amount` is a JSON number',
    by: 'response',
  },
];

/** Whether a note says which schema keywords enforce it. */
export const enforcedBySchema = (note: string): boolean => /\(enforced by `/.test(note);
