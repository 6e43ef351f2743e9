/**
 * What the sandbox leaves out of its answers on purpose, each with the reason. src/coverage.ts checks that
 * every other response field and enum value of the specs is in some answer of the sandbox, and that no
 * request enum value is answered exactly like another. An entry names APIs (`'*'` for all) and names as
 * the check prints them (`Carrier.allianceName`, `VehicleType VEHICLE_TYPE_VAN`,
 * `<operationId> <field> <value>`), `*` standing for any text. An entry that covers nothing fails the
 * check: remove it when the sandbox starts to produce what it names.
 */
import {badRequest, type SandboxError} from '../errors';

/** The rule a refusal of `notModelled` names: the sandbox does not model a value the spec allows. */
export const NOT_MODELLED = 'sandbox-not-modelled';

/**
 * A 400 for a request value the spec allows and the sandbox does not model (a request enum value added to
 * the spec before the sandbox): refused, never answered as another value. src/coverage.ts reports each
 * such refusal until the value is modelled or listed in `refused` below.
 */
export const notModelled = (field: string, value: string): SandboxError =>
  badRequest(
    [{field, description: `is ${value}, which the sandbox does not model yet`, reason: NOT_MODELLED}],
    `The sandbox does not model ${field} ${value} yet: the service may accept it.`,
  );

export interface Unmodelled {
  apis: '*' | string[];
  names: string[];
  why: string;
}

/** The APIs that answer at once: no session, no stages. */
const atOnce = ['geo', 'culture', 'carriers', 'carhire-agents', 'flights-indicative', 'carhire-indicative'];

/** Response fields and enum values no answer of the sandbox holds. */
export const notProduced: Unmodelled[] = [
  {
    apis: '*',
    names: ['* *_UNSPECIFIED'],
    why: 'The zero value of an enum stands for a field left unset; the sandbox sets every enum field it sends.',
  },
  {
    apis: atOnce,
    names: ['ResultStatus RESULT_STATUS_INCOMPLETE', 'ResultStatus RESULT_STATUS_FAILED'],
    why: 'These calls answer at once with their whole result; the `failed` scenario ends the live searches and itinerary refreshes only.',
  },
  {
    apis: ['flights-live-pricing', 'carhire-live-pricing', 'carhire-indicative', 'hotels-live'],
    names: ['PriceUnit PRICE_UNIT_WHOLE', 'PriceUnit PRICE_UNIT_CENTI', 'PriceUnit PRICE_UNIT_MICRO'],
    why: 'The sandbox writes every price of these APIs in one unit, PRICE_UNIT_MILLI (services/types.ts, `milli`); clients read each price with its unit, whatever it is.',
  },
  {
    apis: ['flights-indicative', 'hotels-indicative'],
    names: ['PriceUnit PRICE_UNIT_CENTI', 'PriceUnit PRICE_UNIT_MILLI', 'PriceUnit PRICE_UNIT_MICRO'],
    why: 'The sandbox writes every indicative price of these APIs in whole units, PRICE_UNIT_WHOLE; clients read each price with its unit, whatever it is.',
  },
  {
    apis: ['flights-indicative', 'hotels-indicative', 'carhire-indicative', 'carhire-live-pricing'],
    names: ['Price.updateStatus', 'PriceUpdateStatus *'],
    why: 'Only the flights live and hotels live prices say whether they were refreshed; the sandbox leaves `updateStatus` out of the others.',
  },
  {
    apis: ['flights-live-pricing', 'hotels-live'],
    names: ['PriceUpdateStatus PRICE_UPDATE_STATUS_PENDING'],
    why: 'The sandbox answers a refresh with the prices refreshed at once (current or outdated), never still pending.',
  },
  {
    apis: ['flights-live-pricing'],
    names: [
      'PricingOption.pricingOptionFare',
      'PricingOptionFare.*',
      'LegFareDetails.*',
      'BaggageAllowance.*',
      'FareCondition.*',
      'FareAssessment *',
      'Alliance.name',
      'FareAttributeFilter.name',
      'DegradationReason DEGRADATION_REASON_FARE_ATTRIBUTE_DATA',
    ],
    why: 'Fare attributes (baggage, brands, conditions, alliances and their filters) are returned only to partners onboarded for them; the sandbox answers as for a partner who is not.',
  },
  {
    apis: ['flights-live-pricing'],
    names: ['TransferType TRANSFER_TYPE_SELF_TRANSFER', 'TransferType TRANSFER_TYPE_PROTECTED_SELF_TRANSFER'],
    why: 'The sandbox sells every itinerary on one ticket, TRANSFER_TYPE_MANAGED (data/flightItineraries.ts).',
  },
  {
    apis: ['flights-live-pricing', 'flights-indicative', 'geo'],
    names: ['PlaceType PLACE_TYPE_CONTINENT', 'PlaceType PLACE_TYPE_ISLAND', 'PlaceType PLACE_TYPE_CITY'],
    why: 'The places of these answers are the airports of the query and their lineage as the sandbox needs it: its place data (OpenFlights) holds no islands, flights indicative names no cities and continents, flights live no continents.',
  },
  {
    apis: ['autosuggest'],
    names: ['FlightsSuggestion.airportInformation', 'AirportInformation.*', 'Distance.*', 'PointOfInterest.*'],
    why: 'The nearest airport of a suggestion and the points of interest near it are present for some entries only; the sandbox has no distances between its places and no points of interest.',
  },
  {
    apis: ['autosuggest'],
    names: [
      'FlightsEntityType PLACE_TYPE_COUNTRY',
      'CarHireEntityType PLACE_TYPE_DISTRICT',
      'CarHireEntityType PLACE_TYPE_TRAIN_STATION',
      'HotelsEntityType PLACE_TYPE_COUNTRY',
      'HotelsEntityType PLACE_TYPE_HOTEL',
      'HotelsEntityType PLACE_TYPE_DISTRICT',
      'HotelsEntityType PLACE_TYPE_ISLAND',
      'HotelsEntityType PLACE_TYPE_*_NATION_ADMINISTRATIVE_DIVISION',
      'HotelsEntityType PLACE_TYPE_SEA_COAST',
      'HotelsEntityType PLACE_TYPE_MOUNTAIN_RANGE',
      'HotelsEntityType PLACE_TYPE_SEA',
    ],
    why: "The sandbox's places are airports, their cities, countries and continents (data/places.ts): no district, station, hotel, region or natural place, and the examples' search terms match no country.",
  },
  {
    apis: ['carhire-live-pricing'],
    names: [
      'FuelPolicy FUEL_POLICY_HALF_TO_HALF',
      'FuelPolicy FUEL_POLICY_HALF_TO_EMPTY',
      'FuelPolicy FUEL_POLICY_QUARTER_TO_QUARTER',
      'FuelPolicy FUEL_POLICY_QUARTER_TO_EMPTY',
      'FuelPolicy FUEL_POLICY_EMPTY_TO_EMPTY',
      'FuelPolicy FUEL_POLICY_FREE_FULL_TANK',
      'DistanceUnit DISTANCE_UNIT_MILES',
    ],
    why: "The sandbox's quotes carry the three common fuel policies (full to full, same to same, full to empty) and mileage in kilometres (data/carQuotes.ts).",
  },
  {
    apis: ['hotels-live'],
    names: [
      'RoomType ROOM_TYPE_GENERIC',
      'RoomType ROOM_TYPE_TRIPLE',
      'RoomType ROOM_TYPE_SHARED',
      'RoomType ROOM_TYPE_JAPANESE_*',
      'MealPlanType MEAL_PLAN_TYPE_ALL_INCLUSIVE',
      'MealPlanType MEAL_PLAN_TYPE_FULL_BOARD',
      'TaxAndFeeType *',
      'HotelAgentType AGENT_TYPE_CRS',
      'DistanceUnit DISTANCE_UNIT_METER',
      'DistanceUnit DISTANCE_UNIT_MILE',
    ],
    why: "The sandbox's city hotels (data/hotels.ts) offer five kinds of room and three meal plans, show VAT as their one tax, are sold by OTAs, chains, groups and booking engines, and measure distances in kilometres.",
  },
  {
    apis: ['hotels-live', 'hotels-content'],
    names: [
      'Stars STARS_NO_STAR',
      'Stars STARS_ONE_STAR',
      'Stars STARS_TWO_STAR',
      'Stars STARS_FIVE_STAR',
      'AccommodationType *',
      'ImageType *',
      'LimitType LIMIT_TYPE_HEIGHT',
      'ChildrenBreakfastPolicy.*',
    ],
    why: "The sandbox's hotels (data/hotels.ts) are city hotels with two to four stars, a few kinds of accommodation and pictures, a children's policy by age, and no children's breakfast policy; hotels content answers for the hotels its example names.",
  },
  {
    apis: ['hotels-reviews'],
    names: ['Review.translationType', 'Review.additionalReview', 'GuestType *'],
    why: "The sandbox's reviews (services/hotelsReviews.ts) are written in the language asked for, with no follow-up, by the guest types of each hotel; the example's hotel has families and business travellers only.",
  },
];

/** Request enum values the sandbox answers exactly like another value of the same field. */
export const answeredAlike: Unmodelled[] = [
  {
    apis: ['autosuggest'],
    names: [
      'AutosuggestService_SuggestHotels query.includedEntityTypes[] PLACE_TYPE_HOTEL',
      'AutosuggestService_SuggestHotels query.includedEntityTypes[] PLACE_TYPE_DISTRICT',
      'AutosuggestService_SuggestHotels query.includedEntityTypes[] PLACE_TYPE_ISLAND',
      'AutosuggestService_SuggestHotels query.includedEntityTypes[] PLACE_TYPE_*_NATION_ADMINISTRATIVE_DIVISION',
      'AutosuggestService_SuggestHotels query.includedEntityTypes[] PLACE_TYPE_SEA_COAST',
      'AutosuggestService_SuggestHotels query.includedEntityTypes[] PLACE_TYPE_MOUNTAIN_RANGE',
      'AutosuggestService_SuggestHotels query.includedEntityTypes[] PLACE_TYPE_SEA',
    ],
    why: 'The sandbox has no places of these types (data/places.ts): asked for them alone, it suggests nothing, as for a type no place matches (PLACE_TYPE_COUNTRY for "London").',
  },
];

/** Request enum values the sandbox refuses on purpose (`notModelled`), though the spec allows them. */
export const refused: Unmodelled[] = [];
