/**
 * `<GoLivePolicies />` (index.ts): the Integration check page lists each API's go-live policy as its
 * specification declares it (x-go-live), in the order of the APIs, rules linked to their entries; a policy
 * changed in a specification changes the page, and an API without one stops the build.
 */
import {describe, expect, it} from 'vitest';
import {apis} from '@portal/content/apis';
import {checkScenarios, type OpenApiDocument} from '@portal/specs';
import {loadBundles, loadCheckApi} from '@portal/specs/node';
import remarkGoLivePolicies from './index';

const bundles = loadBundles();
const scenarioNames = checkScenarios(loadCheckApi());

interface Node {
  type: string;
  name?: string;
  url?: string;
  value?: string;
  children?: Node[];
}

const render = (docs = bundles): Node => {
  const tree: Node = {type: 'root', children: [{type: 'mdxJsxFlowElement', name: 'GoLivePolicies', children: []}]};
  remarkGoLivePolicies({bundles: docs, scenarioNames})(tree);
  return tree.children![0];
};

/** The text a reader reads of a node. */
const toString = (node: Node): string => node.value ?? (node.children ?? []).map(toString).join('');

const links = (node: Node): string[] => [
  ...(node.type === 'link' ? [node.url!] : []),
  ...(node.children ?? []).flatMap(links),
];

describe('<GoLivePolicies />', () => {
  it("lists each API's policy, in the order of the APIs, as its specification declares it", () => {
    const list = render();
    expect(list.type).toBe('list');
    const items = list.children!.map((item) => toString(item));
    expect(items).toHaveLength(apis.length);
    apis.forEach((api, index) =>
      expect(items[index]).toMatch(new RegExp(`^${api.title} \\(--for ${api.guideFolder}\\): `)),
    );
    const hotels = items[apis.findIndex((api) => api.slug === 'hotels-live')];
    expect(hotels).toBe(
      'Hotels Live Prices (--for hotels-live-prices): all 7 scenarios, a call of HotelsService_CreateSearch and HotelsService_PollSearch, a live search seen through to RESULT_STATUS_COMPLETE, then a further page of its results (a poll asking another offset) and the rules api-key-header, valid-requests, retry-after, retry-server-errors, no-retry-client-errors, poll-interval, stop-when-done, bounded-polling, new-search-after-404 and views-in-session exercised and passed.',
    );
    expect(links(list.children![0])).toContain('#rule-poll-interval');
    expect(items[apis.findIndex((api) => api.slug === 'culture')]).not.toMatch(/live search|further page/);
  });

  it('follows a policy changed in its specification, and names the scenarios when not all are asked', () => {
    const changed = new Map(bundles);
    const geo = structuredClone(bundles.get('geo')!) as OpenApiDocument & {'x-go-live'?: unknown};
    geo['x-go-live'] = {
      operations: ['GeoService_NearestPlaces'],
      rules: ['api-key-header'],
      scenarios: ['normal', 'rejected'],
    };
    changed.set('geo', geo);
    const item = toString(render(changed).children![apis.findIndex((api) => api.slug === 'geo')]);
    expect(item).toBe(
      'Geo (--for geo): the scenarios normal and rejected, a call of GeoService_NearestPlaces and the rule api-key-header exercised and passed.',
    );
  });

  it('stops the build when an API declares no policy', () => {
    const changed = new Map(bundles);
    const carriers = structuredClone(bundles.get('carriers')!) as OpenApiDocument & {'x-go-live'?: unknown};
    delete carriers['x-go-live'];
    changed.set('carriers', carriers);
    expect(() => render(changed)).toThrow('<GoLivePolicies />: no x-go-live in the specifications of carriers');
  });
});
