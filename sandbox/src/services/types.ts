/**
 * What a service handler gets and answers, typed from the specifications: the request body, the
 * parameters and the 200 answer of each operation are the types openapi-typescript generates from its
 * bundle (`@portal/specs/types/<slug>`, written by `npm run specs:bundle`), so a handler that reads a
 * field its request lacks, or answers a field or an enum value its 200 schema lacks, does not compile.
 */
import type {OpenApiDocument, Operation} from '@portal/specs';
import type {
  components as FlightsLivePricingComponents,
  operations as FlightsLivePricing,
} from '@portal/specs/types/flights-live-pricing';
import type {
  components as FlightsIndicativeComponents,
  operations as FlightsIndicative,
} from '@portal/specs/types/flights-indicative';
import type {components as GeoComponents, operations as Geo} from '@portal/specs/types/geo';
import type {components as CultureComponents, operations as Culture} from '@portal/specs/types/culture';
import type {components as CarriersComponents, operations as Carriers} from '@portal/specs/types/carriers';
import type {components as AutosuggestComponents, operations as Autosuggest} from '@portal/specs/types/autosuggest';
import type {
  components as CarhireLivePricingComponents,
  operations as CarhireLivePricing,
} from '@portal/specs/types/carhire-live-pricing';
import type {
  components as CarhireIndicativeComponents,
  operations as CarhireIndicative,
} from '@portal/specs/types/carhire-indicative';
import type {
  components as CarhireAgentsComponents,
  operations as CarhireAgents,
} from '@portal/specs/types/carhire-agents';
import type {components as HotelsLiveComponents, operations as HotelsLive} from '@portal/specs/types/hotels-live';
import type {
  components as HotelsIndicativeComponents,
  operations as HotelsIndicative,
} from '@portal/specs/types/hotels-indicative';
import type {
  components as HotelsContentComponents,
  operations as HotelsContent,
} from '@portal/specs/types/hotels-content';
import type {
  components as HotelsReviewsComponents,
  operations as HotelsReviews,
} from '@portal/specs/types/hotels-reviews';
import type {RawJson} from '../answers';
import type {Behaviour} from '../behaviours';
import type {TokenSigner} from '../token';

/** The behaviours a caller can ask for on purpose: declared in ../behaviours.ts. */
export {behaviours, type Behaviour} from '../behaviours';

/** The operations of each API, by slug, as generated from its bundle. */
export interface ApiOperations {
  'flights-live-pricing': FlightsLivePricing;
  'flights-indicative': FlightsIndicative;
  geo: Geo;
  culture: Culture;
  carriers: Carriers;
  autosuggest: Autosuggest;
  'carhire-live-pricing': CarhireLivePricing;
  'carhire-indicative': CarhireIndicative;
  'carhire-agents': CarhireAgents;
  'hotels-live': HotelsLive;
  'hotels-indicative': HotelsIndicative;
  'hotels-content': HotelsContent;
  'hotels-reviews': HotelsReviews;
}
/** The component schemas of each API, by slug, as generated from its bundle. */
interface ApiComponents {
  'flights-live-pricing': FlightsLivePricingComponents;
  'flights-indicative': FlightsIndicativeComponents;
  geo: GeoComponents;
  culture: CultureComponents;
  carriers: CarriersComponents;
  autosuggest: AutosuggestComponents;
  'carhire-live-pricing': CarhireLivePricingComponents;
  'carhire-indicative': CarhireIndicativeComponents;
  'carhire-agents': CarhireAgentsComponents;
  'hotels-live': HotelsLiveComponents;
  'hotels-indicative': HotelsIndicativeComponents;
  'hotels-content': HotelsContentComponents;
  'hotels-reviews': HotelsReviewsComponents;
}
/** A named schema of an API's specification (`SchemaOf<'hotels-live', 'MealPlanType'>`): enums and objects as the spec says. */
export type SchemaOf<
  Slug extends keyof ApiComponents,
  Name extends keyof ApiComponents[Slug]['schemas'],
> = ApiComponents[Slug]['schemas'][Name];

/** Every operation of every API, by operationId. */
type Operations = FlightsLivePricing &
  FlightsIndicative &
  Geo &
  Culture &
  Carriers &
  Autosuggest &
  CarhireLivePricing &
  CarhireIndicative &
  CarhireAgents &
  HotelsLive &
  HotelsIndicative &
  HotelsContent &
  HotelsReviews;
export type OperationId = keyof Operations & string;

type Json<T> = T extends {content: {'application/json': infer Body}} ? Body : undefined;
/** `{}` for a part the operation does not have (generated as `never`). */
type Part<T> = [T] extends [never] ? object : [T] extends [undefined] ? object : NonNullable<T>;

/** The canonical request body of an operation (undefined when it takes none). */
export type RequestOf<Id extends OperationId> = Operations[Id] extends {requestBody?: infer Body}
  ? [Body] extends [never]
    ? undefined
    : Json<NonNullable<Body>>
  : undefined;
/** The path and query parameters of an operation, typed as their schemas say. */
export type ParamsOf<Id extends OperationId> = Part<Operations[Id]['parameters']['path']> &
  Part<Operations[Id]['parameters']['query']>;
/** The 200 answer of an operation. */
export type AnswerOf<Id extends OperationId> = Json<Operations[Id]['responses'][200]>;
/** The status and the action of a live answer (the shared `ResultStatus` and `ResultAction` of the specs). */
export type ResultStatus = NonNullable<AnswerOf<'FlightsService_PollSearch'>['status']>;
export type ResultAction = NonNullable<AnswerOf<'FlightsService_PollSearch'>['action']>;

export interface Call<Id extends OperationId = OperationId> {
  operation: Operation;
  doc: OpenApiDocument;
  /** The request body in canonical form, valid against the operation's schema (undefined without one). */
  body: RequestOf<Id>;
  /** Path and query parameters, typed as their schemas say. */
  params: ParamsOf<Id>;
  /** Milliseconds since the epoch, from the app's clock. */
  now: number;
  behaviour?: Behaviour;
  tokens: TokenSigner;
}

/**
 * An answer as a handler returns it: the operation's 200 body, where a top-level field may also be
 * the already serialized JSON of its value (`RawJson`, answers.ts).
 */
export type Answer<T> = {[Field in keyof T]: T[Field] | RawJson<NonNullable<T[Field]>>};

/** Answers one operation with its 200 body, or throws a `SandboxError`. */
export type Handler<Id extends OperationId> = (call: Call<Id>) => Answer<AnswerOf<Id>> | Promise<Answer<AnswerOf<Id>>>;

/** The handlers of one API: exactly one per operation of its specification. */
export type ApiHandlers<Slug extends keyof ApiOperations> = {
  [Id in keyof ApiOperations[Slug] & OperationId]: Handler<Id>;
};

/** A handler as the app calls it: with the request its validation step checked against the operation's schemas. */
export type AnyHandler = (
  call: Omit<Call, 'body' | 'params'> & {body: unknown; params: Record<string, unknown>},
) => unknown;

/** A date as the specs write it. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

export const toDate = (date: LocalDate, hour = 0, minute = 0): Date =>
  new Date(Date.UTC(date.year, date.month - 1, date.day, hour, minute));
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);
export const fromDate = (date: Date) => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth() + 1,
  day: date.getUTCDate(),
  hour: date.getUTCHours(),
  minute: date.getUTCMinutes(),
  second: 0,
});
/** A price in thousandths of the currency's unit, as the live APIs send it. */
export const milli = (amount: number) => ({
  amount: String(Math.round(amount * 100) * 10),
  unit: 'PRICE_UNIT_MILLI' as const,
});
export const noPrice = {amount: '', unit: 'PRICE_UNIT_UNSPECIFIED' as const};
