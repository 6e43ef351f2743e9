/**
 * The remark plugin behind `<TryIt>` (remarkTryIt.ts) on the real bundles: each `<TryIt>` gets its
 * operation's summary, written out here from specs/flights-live-pricing/openapi.yaml; an API or operation
 * the bundles do not have stops the build with the page's path.
 */
import {describe, expect, it} from 'vitest';
import {loadBundles} from '@portal/specs/node';
import remarkTryIt from './remarkTryIt';

const bundles = loadBundles();
const tryIt = (attributes: Record<string, string>, type = 'mdxJsxFlowElement') => ({
  type,
  name: 'TryIt',
  attributes: Object.entries(attributes).map(([name, value]) => ({type: 'mdxJsxAttribute', name, value})),
  children: [],
});
const summaryOf = (node: {attributes: {name: string; value?: unknown}[]}) =>
  node.attributes.find((entry) => entry.name === 'summary')?.value;

describe('remarkTryIt', () => {
  it('gives each <TryIt>, in a block or a paragraph, its operation’s summary', () => {
    const block = tryIt({api: 'flights-live-pricing', operation: 'FlightsService_CreateSearch'});
    const inline = tryIt({api: 'flights-live-pricing', operation: 'FlightsService_PollSearch'}, 'mdxJsxTextElement');
    const tree = {type: 'root', children: [block, {type: 'paragraph', children: [inline]}]};
    remarkTryIt({bundles})(tree);
    expect(summaryOf(block)).toBe('Create a live search');
    expect(summaryOf(inline)).toBe('Poll a live search');
  });

  it('leaves other elements alone', () => {
    const other = {...tryIt({api: 'geo', operation: 'GeoService_ListPlaces'}), name: 'EnumTable'};
    remarkTryIt({bundles})({type: 'root', children: [other]});
    expect(summaryOf(other)).toBeUndefined();
  });

  it('stops the build on an API or operation the bundles do not have, naming the page', () => {
    const page = {path: 'docs/example.mdx'};
    const unknownApi = {type: 'root', children: [tryIt({api: 'trains', operation: 'TrainsService_Search'})]};
    expect(() => remarkTryIt({bundles})(unknownApi, page)).toThrow(
      'docs/example.mdx: <TryIt api="trains">: there is no API trains (website/config/apis.ts)',
    );
    const unknownOperation = {type: 'root', children: [tryIt({api: 'geo', operation: 'GeoService_Nothing'})]};
    expect(() => remarkTryIt({bundles})(unknownOperation, page)).toThrow(
      'docs/example.mdx: <TryIt operation="GeoService_Nothing">: geo has no operation GeoService_Nothing',
    );
    expect(() => remarkTryIt({bundles})({type: 'root', children: [tryIt({api: 'geo'})]}, page)).toThrow(
      '<TryIt> needs api="<slug>" and operation="<operationId>" as plain strings',
    );
  });
});
