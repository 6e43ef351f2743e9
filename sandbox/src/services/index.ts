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
import type {Handler} from './types';

/** The handlers of each API, by the API's slug. */
export const handlersByApi: Record<string, Record<string, Handler>> = {
  'flights-live-pricing': flightsLivePricing,
  'flights-indicative': flightsIndicative,
  geo,
  culture,
  carriers,
  autosuggest,
  'carhire-live-pricing': carhireLivePricing,
  'carhire-indicative': carhireIndicative,
  'carhire-agents': carhireAgents,
  'hotels-live': hotelsLive,
  'hotels-indicative': hotelsIndicative,
  'hotels-content': hotelsContent,
  'hotels-reviews': hotelsReviews,
};

/** Every operation's handler, by operationId. */
export const handlers: Record<string, Handler> = Object.assign({}, ...Object.values(handlersByApi));
