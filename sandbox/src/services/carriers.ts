/**
 * Carriers: the carriers of the sandbox's data (data/carriers.ts), keyed by carrier id.
 */
import {allCarriers} from '../data/carriers';
import type {ApiHandlers, Handler} from './types';

const listCarriers: Handler<'CarriersService_ListCarriers'> = (call) => ({
  status: 'RESULT_STATUS_COMPLETE',
  carriers:
    call.behaviour === 'empty'
      ? {}
      : Object.fromEntries(
          allCarriers().map((carrier) => [
            carrier.id,
            {name: carrier.name, iata: carrier.iata, icao: carrier.icao, displayCode: carrier.iata},
          ]),
        ),
});

export const handlers = {
  CarriersService_ListCarriers: listCarriers,
} satisfies ApiHandlers<'carriers'>;
