/**
 * The go-live policy judged on a run (policy.ts): each thing a policy asks, met exactly and missed by one
 * (a scenario, an operation, a completed search, a further page, a rule exercised), counted over the whole
 * run; and the names `--for` takes.
 */
import {describe, expect, it} from 'vitest';
import {bundles} from '@portal/sandbox/testing';
import {apis} from '@portal/content/apis';
import {goLivePolicies, type OpenApiDocument} from '@portal/specs';
import {apiNames, policiesFor, policyLine, policyReasons, type NamedPolicy, type RunCoverage} from './policy';
import type {ScenarioCoverage} from '../judge/coverage';
import {checkScenarios} from '../model';
import {rules} from '../contract';

const hotels: NamedPolicy = {
  name: 'hotels-live-prices',
  slug: 'hotels-live',
  scenarios: ['normal', 'rate-limited'],
  operations: ['HotelsService_CreateSearch', 'HotelsService_PollSearch'],
  completedSessions: 2,
  furtherPage: true,
  rules: ['poll-interval', 'retry-after'],
};

const scenario = (name: string, parts: Partial<ScenarioCoverage> = {}): ScenarioCoverage => ({
  scenario: name,
  calls: 1,
  operations: {},
  completedSessions: {},
  furtherPages: {},
  exercisedRules: [],
  ...parts,
});

/** A run that meets `hotels` exactly, each thing it asks for in one scenario only. */
const meets = (): RunCoverage => ({
  scenarios: ['normal', 'rate-limited'],
  coverage: [
    scenario('normal', {
      operations: {HotelsService_CreateSearch: 1, HotelsService_PollSearch: 3},
      completedSessions: {'hotels-live': 1},
      furtherPages: {'hotels-live': 1},
      exercisedRules: ['poll-interval'],
    }),
    scenario('rate-limited', {completedSessions: {'hotels-live': 1}, exercisedRules: ['retry-after']}),
  ],
});

describe('policyReasons', () => {
  it('meets a policy with what the run covered over all its scenarios', () => {
    expect(policyReasons(hotels, meets())).toEqual([]);
  });

  it('names a scenario the run left out, whatever else it ran', () => {
    const run = meets();
    run.scenarios = ['normal', 'server-error'];
    expect(policyReasons(hotels, run)).toEqual(['hotels-live-prices: scenario rate-limited was not run']);
  });

  it('names an operation never called, when the other is', () => {
    const run = meets();
    run.coverage[0].operations = {HotelsService_CreateSearch: 1, FlightsService_PollSearch: 4};
    expect(policyReasons(hotels, run)).toEqual(['hotels-live-prices: HotelsService_PollSearch was never called']);
  });

  it('counts completed searches of this API only, one short refused', () => {
    const run = meets();
    run.coverage[1].completedSessions = {'flights-live-pricing': 1};
    expect(policyReasons(hotels, run)).toEqual([
      'hotels-live-prices: 1 live search was seen through to RESULT_STATUS_COMPLETE, of the 2 asked',
    ]);
    run.coverage[0].completedSessions = {};
    expect(policyReasons(hotels, run)).toEqual([
      'hotels-live-prices: 0 live searches were seen through to RESULT_STATUS_COMPLETE, of the 2 asked',
    ]);
    run.coverage[0].completedSessions = {'hotels-live': 3};
    expect(policyReasons(hotels, run)).toEqual([]);
  });

  it("asks a further page of this API's searches only when the policy asks one", () => {
    const run = meets();
    run.coverage[0].furtherPages = {'other-api': 1};
    expect(policyReasons(hotels, run)).toEqual([
      'hotels-live-prices: no further page of results was asked for after a search completed',
    ]);
    expect(policyReasons({...hotels, furtherPage: false}, run)).toEqual([]);
  });

  it('names each rule never exercised, in any scenario', () => {
    const run = meets();
    run.coverage[1].exercisedRules = ['valid-requests'];
    expect(policyReasons(hotels, run)).toEqual(['hotels-live-prices: rule retry-after was never exercised']);
  });

  it('names everything a trivial one-call run misses, each once', () => {
    const trivial: RunCoverage = {
      scenarios: ['normal'],
      coverage: [
        scenario('normal', {
          operations: {CultureService_ListCurrencies: 1},
          exercisedRules: ['api-key-header', 'valid-requests'],
        }),
      ],
    };
    expect(policyReasons(hotels, trivial)).toEqual([
      'hotels-live-prices: scenario rate-limited was not run',
      'hotels-live-prices: HotelsService_CreateSearch was never called',
      'hotels-live-prices: HotelsService_PollSearch was never called',
      'hotels-live-prices: 0 live searches were seen through to RESULT_STATUS_COMPLETE, of the 2 asked',
      'hotels-live-prices: no further page of results was asked for after a search completed',
      'hotels-live-prices: rule poll-interval was never exercised',
      'hotels-live-prices: rule retry-after was never exercised',
    ]);
  });
});

describe('the policies the specifications declare', () => {
  const declared = goLivePolicies(bundles, checkScenarios);

  it('name only rules of the check, and every API has one', () => {
    const ids = rules.map(({id}) => id);
    expect([...declared.keys()].sort()).toEqual(apis.map(({slug}) => slug).sort());
    for (const policy of declared.values())
      expect(
        policy.rules.filter((rule) => !ids.includes(rule)),
        policy.slug,
      ).toEqual([]);
  });

  it('refuse a trivial one-call run under every API', () => {
    const trivial: RunCoverage = {
      scenarios: [...checkScenarios].slice(0, 6),
      coverage: [scenario('normal', {operations: {CultureService_ListCurrencies: 1}})],
    };
    for (const api of apis) {
      const found = policiesFor(api.slug, bundles);
      if ('error' in found) throw new Error(found.error);
      expect(policyReasons(found.policies[0], trivial), api.slug).toContain(
        `${api.guideFolder}: scenario rejected was not run`,
      );
    }
  });
});

describe('policiesFor: the APIs --for names', () => {
  it('takes a guide folder or a reference slug, names each by its guide folder, and each API once', () => {
    const found = policiesFor('hotels-live-prices, hotels-live,carriers', bundles);
    expect('policies' in found && found.policies.map(({name, slug}) => [name, slug])).toEqual([
      ['hotels-live-prices', 'hotels-live'],
      ['carriers', 'carriers'],
    ]);
  });

  it('refuses a name of no API, listing the names it takes', () => {
    const found = policiesFor('hotels', bundles);
    expect('error' in found && found.error).toMatch(/^--for names no API: "hotels" \(one of flights-live-prices, /);
    expect(apiNames()).toContain('hotels-live');
    expect(apiNames()).toContain('hotels-live-prices');
  });

  it('refuses an API whose specification declares no policy', () => {
    const copy = new Map(bundles);
    const geo = structuredClone(copy.get('geo')!) as OpenApiDocument & {'x-go-live'?: unknown};
    delete geo['x-go-live'];
    copy.set('geo', geo);
    expect(policiesFor('geo', copy)).toEqual({error: '--for geo: its specification declares no go-live policy'});
  });

  it('says the policy in one line', () => {
    expect(policyLine(hotels)).toBe(
      'hotels-live-prices asks for scenarios normal, rate-limited; calls of HotelsService_CreateSearch, HotelsService_PollSearch; 2 live searches completed; a further page after completion; rules exercised and passed: poll-interval, retry-after',
    );
    expect(policyLine({...hotels, completedSessions: 1, furtherPage: false})).toContain(
      '; 1 live search completed; rules',
    );
    expect(policyLine({...hotels, completedSessions: 0, furtherPage: false})).toBe(
      'hotels-live-prices asks for scenarios normal, rate-limited; calls of HotelsService_CreateSearch, HotelsService_PollSearch; rules exercised and passed: poll-interval, retry-after',
    );
  });
});
