import {describe, expect, it} from 'vitest';
import {checkScenarios, goLivePolicies, goLivePolicy} from './goLive';
import {liveFlows} from './flows';
import {lintProblems} from './lint';
import type {OpenApiDocument} from './openapi';
import {listedSlugs, loadBundles, loadCheckApi} from './bundles';

const bundles = loadBundles();
const scenarios = checkScenarios(loadCheckApi());
const hotels = bundles.get('hotels-live')!;

/** hotels-live with its x-go-live replaced (or removed, for undefined). */
const withPolicy = (policy: unknown): OpenApiDocument => {
  const copy = structuredClone(hotels) as OpenApiDocument & {'x-go-live'?: unknown};
  if (policy === undefined) delete copy['x-go-live'];
  else copy['x-go-live'] = policy;
  return copy;
};
const whole = {
  operations: ['HotelsService_CreateSearch'],
  completedSessions: 1,
  furtherPage: true,
  rules: ['api-key-header'],
};

describe('the go-live policies the specifications declare (x-go-live)', () => {
  it('every partner API declares one, each scenario of the check required when none is named', () => {
    const policies = goLivePolicies(bundles, scenarios);
    expect([...policies.keys()]).toEqual(listedSlugs());
    for (const policy of policies.values()) expect(policy.scenarios, policy.slug).toEqual(scenarios);
    expect(scenarios).toEqual([
      'normal',
      'rate-limited',
      'server-error',
      'session-lost',
      'never-completes',
      'failed',
      'rejected',
    ]);
  });

  it('hotels live asks for a completed search and a further page; flights live for an itinerary refresh', () => {
    const policies = goLivePolicies(bundles, scenarios);
    expect(policies.get('hotels-live')).toMatchObject({
      operations: ['HotelsService_CreateSearch', 'HotelsService_PollSearch'],
      completedSessions: 1,
      furtherPage: true,
    });
    expect(policies.get('flights-live-pricing')).toMatchObject({
      operations: expect.arrayContaining(['FlightsService_CreateItineraryRefresh']),
      completedSessions: 1,
      furtherPage: false,
    });
    expect(policies.get('culture')).toMatchObject({completedSessions: 0, furtherPage: false});
  });

  it('reads a whole policy, scenarios kept in the check order whatever order they are written in', () => {
    expect(goLivePolicy('hotels-live', withPolicy({...whole, scenarios: ['rejected', 'normal']}), scenarios)).toEqual({
      slug: 'hotels-live',
      ...whole,
      scenarios: ['normal', 'rejected'],
    });
    expect(goLivePolicy('hotels-live', withPolicy(undefined), scenarios)).toBeUndefined();
  });

  it.each([
    ['an operation of another API', {...whole, operations: ['FlightsService_CreateSearch']}, /operations must list/],
    ['no operation', {...whole, operations: []}, /operations must list/],
    ['a scenario the check does not run', {...whole, scenarios: ['normal', 'offline']}, /scenarios must list/],
    ['an empty list of scenarios', {...whole, scenarios: []}, /scenarios must list/],
    ['a negative count of sessions', {...whole, completedSessions: -1}, /completedSessions/],
    ['a fraction of a session', {...whole, completedSessions: 0.5}, /completedSessions/],
    ['furtherPage as text', {...whole, furtherPage: 'yes'}, /furtherPage must be/],
    ['no rules', {...whole, rules: []}, /rules must list/],
    ['a rule twice', {...whole, rules: ['retry-after', 'retry-after']}, /rules must list/],
  ])('refuses %s', (_name, policy, message) => {
    expect(() => goLivePolicy('hotels-live', withPolicy(policy), scenarios)).toThrow(message);
  });

  it('takes 0 sessions and furtherPage false on any API; asks a live search and a paged poll for more', () => {
    const culture = structuredClone(bundles.get('culture')!) as OpenApiDocument & {'x-go-live'?: unknown};
    const policy = {operations: ['CultureService_ListLocales'], rules: ['api-key-header']};
    copyPolicy(culture, {...policy, completedSessions: 0, furtherPage: false});
    expect(goLivePolicy('culture', culture, scenarios)).toMatchObject({completedSessions: 0, furtherPage: false});
    copyPolicy(culture, {...policy, completedSessions: 1});
    expect(() => goLivePolicy('culture', culture, scenarios)).toThrow(/needs a live search/);
    copyPolicy(culture, {...policy, furtherPage: true});
    expect(() => goLivePolicy('culture', culture, scenarios)).toThrow(/needs a poll that takes a page/);
    // Car hire live has a live search, but its poll takes no page
    const carHire = structuredClone(bundles.get('carhire-live-pricing')!) as OpenApiDocument & {'x-go-live'?: unknown};
    copyPolicy(carHire, {operations: ['CarHireService_CreateSearch'], rules: ['api-key-header'], furtherPage: true});
    expect(() => goLivePolicy('carhire-live-pricing', carHire, scenarios)).toThrow(/needs a poll that takes a page/);
    copyPolicy(carHire, {operations: ['CarHireService_CreateSearch'], rules: ['api-key-header'], completedSessions: 1});
    expect(goLivePolicy('carhire-live-pricing', carHire, scenarios)?.completedSessions).toBe(1);
  });
});

function copyPolicy(doc: OpenApiDocument & {'x-go-live'?: unknown}, policy: unknown): void {
  doc['x-go-live'] = policy;
}

describe('the poll that takes a page (x-live-flow.pageOffset)', () => {
  const pollLink = (doc: OpenApiDocument) =>
    (
      doc.paths['/apiservices/v1/hotels/live/search/create'].post!.responses['200'] as {
        links: {poll: {'x-live-flow': Record<string, unknown>}};
      }
    ).links.poll['x-live-flow'];

  it("is the offset of hotels live's pagination, and no other live flow has one", () => {
    expect(liveFlows('hotels-live', hotels).map((flow) => flow.pageOffset)).toEqual(['/pagination/offset']);
    for (const slug of ['flights-live-pricing', 'carhire-live-pricing'])
      for (const flow of liveFlows(slug, bundles.get(slug)!)) expect(flow.pageOffset, slug).toBeUndefined();
  });

  it.each([
    ['a property that is no integer', '/pagination'],
    ['a property the body lacks', '/pagination/page'],
    ['no pointer', 'pagination/offset'],
  ])('refuses %s', (_name, pointer) => {
    const copy = structuredClone(hotels);
    pollLink(copy).pageOffset = pointer;
    expect(() => liveFlows('hotels-live', copy)).toThrow(/pageOffset .* must point to an integer property/);
  });
});

describe('specs:lint of x-go-live (plugins/go-live.mjs)', () => {
  const problems = async (policy: unknown) =>
    (await lintProblems(withPolicy(policy), 'hotels-live/openapi.yaml')).filter((line) =>
      line.startsWith('go-live/policy'),
    );

  it('passes the authored policy', async () => {
    expect(await problems((hotels as {'x-go-live'?: unknown})['x-go-live'])).toEqual([]);
  });

  it.each([
    [
      'an operation of no operation id here',
      {...whole, operations: ['HotelsService_Book']},
      /names `HotelsService_Book`/,
    ],
    ['a key a policy has not', {...whole, requires: ['x']}, /`requires` is not a key/],
    ['rules listed twice', {...whole, rules: ['retry-after', 'retry-after']}, /`rules` must list/],
    ['a rule id in capitals', {...whole, rules: ['Retry-After']}, /`rules` must list/],
    ['completedSessions below 0', {...whole, completedSessions: -1}, /`completedSessions`/],
    ['furtherPage as a number', {...whole, furtherPage: 1}, /`furtherPage`/],
    ['no list of scenarios', {...whole, scenarios: 'normal'}, /`scenarios`/],
    ['a list', [whole], /must be an object/],
  ])('fails %s', async (_name, policy, message) => {
    const found = await problems(policy);
    expect(found.length, found.join('\n')).toBe(1);
    expect(found[0]).toMatch(message);
  });
});
