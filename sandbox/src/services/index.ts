/**
 * Every operation's handler, by API and by operationId: one module per API of the specs (named after
 * its slug), each answering exactly its API's operations (services.test.ts checks both against the
 * bundles). A handler holds only what the specs cannot say: the data it answers with.
 */
import {handlers as autosuggest} from './autosuggest';
import {handlers as carhireAgents} from './carhireAgents';
import {handlers as carhireIndicative} from './carhireIndicative';
import {handlers as carhireLivePricing} from './carhireLivePricing';
import {handlers as carriers} from './carriers';
import {handlers as culture} from './culture';
import {handlers as flightsIndicative} from './flightsIndicative';
import {handlers as flightsLivePricing} from './flightsLivePricing';
import {handlers as geo} from './geo';
import {handlers as hotelsContent} from './hotelsContent';
import {handlers as hotelsIndicative} from './hotelsIndicative';
import {handlers as hotelsLive} from './hotelsLive';
import {handlers as hotelsReviews} from './hotelsReviews';
import type {AnyHandler, ApiHandlers, ApiOperations} from './types';

/**
 * An API's handlers as the app calls them. The app hands each one the request its validation step
 * checked with Ajv against the very schemas the handler's types are generated from (middleware/validate.ts),
 * so the request is of the type the handler declares: this is the one place that says so.
 */
const routed = <Slug extends keyof ApiOperations>(api: ApiHandlers<Slug>) =>
  api as unknown as Record<string, AnyHandler>;

/** The handlers of each API, by the API's slug. */
export const handlersByApi: Record<string, Record<string, AnyHandler>> = {
  'flights-live-pricing': routed<'flights-live-pricing'>(flightsLivePricing),
  'flights-indicative': routed<'flights-indicative'>(flightsIndicative),
  geo: routed<'geo'>(geo),
  culture: routed<'culture'>(culture),
  carriers: routed<'carriers'>(carriers),
  autosuggest: routed<'autosuggest'>(autosuggest),
  'carhire-live-pricing': routed<'carhire-live-pricing'>(carhireLivePricing),
  'carhire-indicative': routed<'carhire-indicative'>(carhireIndicative),
  'carhire-agents': routed<'carhire-agents'>(carhireAgents),
  'hotels-live': routed<'hotels-live'>(hotelsLive),
  'hotels-indicative': routed<'hotels-indicative'>(hotelsIndicative),
  'hotels-content': routed<'hotels-content'>(hotelsContent),
  'hotels-reviews': routed<'hotels-reviews'>(hotelsReviews),
};

/** Every operation's handler, by operationId. */
export const handlers: Record<string, AnyHandler> = Object.assign({}, ...Object.values(handlersByApi));
