/**
 * The checks "the sandbox follows the specs' fields and enums" (./coverage.ts): every response field and
 * enum value of the specs is in some answer of the sandbox or listed, with its reason, in
 * ./data/unmodelled.ts; no request enum value is answered exactly like another or refused as not
 * modelled unless listed there. Each check also fails on a change made to a copy of a spec, naming it.
 */
import {describe, expect, it} from 'vitest';
import type {OpenApiDocument} from '@portal/specs';
import {requestEnumProblems, responseCoverageProblems} from './coverage';
import {answeredAlike, notProduced} from './data/unmodelled';
import {bundles} from './testing.fixture';

/** The bundles with one API's document changed by `change`. */
function changed(slug: string, change: (doc: OpenApiDocument) => void): Map<string, OpenApiDocument> {
  const copy = new Map(bundles);
  const doc = structuredClone(bundles.get(slug)!);
  change(doc);
  copy.set(slug, doc);
  return copy;
}

describe('the sandbox follows the specs’ fields and enums', () => {
  it('answers with every response field and enum value of the specs, but those listed with a reason', async () => {
    expect(await responseCoverageProblems(bundles)).toEqual([]);
    for (const entry of notProduced) expect(entry.why.length, entry.names.join()).toBeGreaterThan(20);
  });

  it('names a response field and an enum value a spec gains until the sandbox produces them', async () => {
    const withField = changed('carriers', (carriers) => {
      carriers.components!.schemas!.Carrier.properties!.allianceName = {
        type: 'string',
        description: 'The name of the alliance the carrier belongs to.',
      };
    });
    const withValue = changed('carhire-indicative', (carhire) => {
      const vehicles = carhire.components!.schemas!.VehicleType;
      (vehicles.enum as string[]).push('VEHICLE_TYPE_MINIVAN');
      vehicles['x-enumDescriptions']!.VEHICLE_TYPE_MINIVAN = 'A minivan.';
    });
    const both = new Map([...withField, ['carhire-indicative', withValue.get('carhire-indicative')!]]);
    expect(await responseCoverageProblems(both)).toEqual([
      'carriers: the field Carrier.allianceName is in no answer of the sandbox: produce it (sandbox/src/data, sandbox/src/services) or list it in notProduced of sandbox/src/data/unmodelled.ts with the reason',
      'carhire-indicative: the enum value VehicleType VEHICLE_TYPE_MINIVAN is in no answer of the sandbox: produce it (sandbox/src/data, sandbox/src/services) or list it in notProduced of sandbox/src/data/unmodelled.ts with the reason',
    ]);
  });

  it('answers no request enum value like another, nor refuses one as not modelled, but those listed', async () => {
    expect(await requestEnumProblems(bundles)).toEqual([]);
  });

  it('refuses a request enum value a spec gains until the sandbox models it', async () => {
    const withCabin = changed('flights-live-pricing', (flights) => {
      const cabins = flights.components!.schemas!.CabinClass;
      (cabins.enum as string[]).push('CABIN_CLASS_PREMIUM_BUSINESS');
      cabins['x-enumDescriptions']!.CABIN_CLASS_PREMIUM_BUSINESS = 'Premium business.';
    });
    expect(await requestEnumProblems(withCabin)).toEqual([
      'FlightsService_CreateSearch query.cabinClass CABIN_CLASS_PREMIUM_BUSINESS: the sandbox refuses it as not modelled: model it (sandbox/src/data, sandbox/src/services) or list it in refused of sandbox/src/data/unmodelled.ts with the reason',
    ]);
  });

  it('names values answered alike, and an entry of the list that covers nothing', async () => {
    // Without its entry, the hotels place types the sandbox has no places of are answered alike
    const entry = answeredAlike.splice(0, 1)[0];
    try {
      const problems = await requestEnumProblems(bundles);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(
        /^AutosuggestService_SuggestHotels query\.includedEntityTypes\[\]: PLACE_TYPE_COUNTRY, PLACE_TYPE_HOTEL, .* are answered alike: model each value/,
      );
    } finally {
      answeredAlike.unshift(entry);
    }
    // An entry for a value that is produced is stale
    notProduced.push({apis: ['carriers'], names: ['Carrier.name'], why: 'An entry that covers nothing.'});
    try {
      expect(await responseCoverageProblems(new Map([['carriers', bundles.get('carriers')!]]))).toEqual([
        'notProduced of sandbox/src/data/unmodelled.ts lists Carrier.name, which every answer that can holds now, or no spec has: remove it',
      ]);
    } finally {
      notProduced.pop();
    }
  });
});
