/**
 * Car hire agents: the agents of a market, a stable subset of the sandbox's car hire agents.
 */
import {carHireAgents} from '../data/agents';
import {Rng} from '../random';
import {type ApiHandlers, type Handler} from './types';

/** The agents of a market: a stable subset of the sandbox's car hire agents. */
export function agentsOfMarket(market: string) {
  const rng = new Rng(['carhire-agents', market]);
  return market === 'UK' ? carHireAgents.slice(0, 5) : rng.sample(carHireAgents, rng.int(3, carHireAgents.length));
}

const listAgents: Handler<'CarHireAgentsService_ListAgents'> = (call) => ({
  status: 'RESULT_STATUS_COMPLETE',
  agents:
    call.behaviour === 'empty'
      ? {}
      : Object.fromEntries(
          agentsOfMarket(call.params.market).map((agent) => [
            agent.id,
            {name: agent.name, reviews: agent.reviews, rating: agent.rating},
          ]),
        ),
});

export const handlers = {
  CarHireAgentsService_ListAgents: listAgents,
} satisfies ApiHandlers<'carhire-agents'>;
