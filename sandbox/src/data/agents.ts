/**
 * The agents (sellers) the sandbox quotes: travel agents and airlines for flights, brokers and
 * rental companies for car hire, online travel agents and chains for hotels. Invented names in the
 * shape of the real ones (ids like `airg`, `ctuk` in `specs/REAL-API-FACTS.md`).
 */
import type {SchemaOf} from '../services/types';

export interface SandboxAgent {
  id: string;
  name: string;
  rating: number;
  reviews: number;
}

export const flightAgents: SandboxAgent[] = [
  {id: 'airg', name: 'Airgo Travel', rating: 4.1, reviews: 2841},
  {id: 'ctuk', name: 'City Trips UK', rating: 4.4, reviews: 1932},
  {id: 'fljt', name: 'Flightjet', rating: 3.9, reviews: 3310},
  {id: 'trvp', name: 'Travelpoint', rating: 4.2, reviews: 1207},
  {id: 'skyh', name: 'Skyhop', rating: 3.7, reviews: 908},
  {id: 'bktk', name: 'Booktickets', rating: 4.0, reviews: 1560},
];

/** Car hire brokers and rental companies (the car hire agents API lists them by market). */
export const carHireAgents: SandboxAgent[] = [
  {id: 'avis', name: 'Avis', rating: 4.2, reviews: 1843},
  {id: 'enterprise', name: 'Enterprise', rating: 4.5, reviews: 2210},
  {id: 'hertz', name: 'Hertz', rating: 4.0, reviews: 1376},
  {id: 'rentalcars', name: 'Rentalcars.com', rating: 4.4, reviews: 5128},
  {id: 'sixt', name: 'Sixt', rating: 4.1, reviews: 967},
  {id: 'europcar', name: 'Europcar', rating: 3.9, reviews: 1120},
  {id: 'budget', name: 'Budget', rating: 3.8, reviews: 754},
  {id: 'carjet', name: 'Carjet', rating: 4.0, reviews: 689},
];

/** Car rental companies that hand over the cars (vendors). */
export const carHireVendors = ['Avis', 'Enterprise', 'Hertz', 'Sixt', 'Europcar', 'Budget', 'Alamo', 'Thrifty'];

export const hotelAgents: {id: string; name: string; agentType: SchemaOf<'hotels-live', 'HotelAgentType'>}[] = [
  {id: 'stdr', name: 'StayDirect', agentType: 'AGENT_TYPE_OTA'},
  {id: 'khtl', name: 'Kingsway Hotels', agentType: 'AGENT_TYPE_CHAIN'},
  {id: 'rmfd', name: 'Roomfinder', agentType: 'AGENT_TYPE_OTA'},
  {id: 'bkng', name: 'Bookinghub', agentType: 'AGENT_TYPE_OTA'},
  {id: 'hgrp', name: 'Harbour Group', agentType: 'AGENT_TYPE_GROUP'},
  {id: 'ibex', name: 'Ibex Reservations', agentType: 'AGENT_TYPE_IBE'},
];
