import {describe, expect, it} from 'vitest';
import {liveFlows, operationLinks} from './flows';
import type {OpenApiDocument} from './openapi';
import {loadBundles} from './bundles';

/** A search API in three calls: create answers a token, poll takes it and answers it again, book takes it. */
function searchApi(createLinks: Record<string, unknown>): OpenApiDocument {
  const answer = (links?: Record<string, unknown>) => ({
    '200': {
      description: 'ok',
      content: {'application/json': {schema: {$ref: '#/components/schemas/Answer'}}},
      ...(links ? {links} : {}),
    },
  });
  return {
    info: {title: 'Search', version: 'v1'},
    paths: {
      '/search/create': {post: {operationId: 'SearchService_Create', responses: answer(createLinks)}},
      '/search/poll/{token}': {
        post: {
          operationId: 'SearchService_Poll',
          responses: answer({again: {$ref: '#/components/links/PollAgain'}}),
        },
      },
      '/search/{token}/book': {post: {operationId: 'SearchService_Book', responses: answer()}},
    },
    components: {
      schemas: {
        Answer: {
          type: 'object',
          properties: {
            searchToken: {type: 'string'},
            status: {type: 'string', enum: ['STATUS_RUNNING', 'STATUS_DONE', 'STATUS_FAILED']},
            content: {
              type: 'object',
              properties: {results: {type: 'object', properties: {offers: {type: 'object'}}}},
            },
          },
        },
      },
      links: {
        PollAgain: {operationId: 'SearchService_Poll', parameters: {token: '$response.body#/searchToken'}},
      },
    },
  };
}

const facts = {
  kind: 'search',
  results: 'offers',
  terminalStatuses: ['STATUS_DONE', 'STATUS_FAILED'],
  pollIntervalSeconds: 1.5,
};
const poll = {
  operationId: 'SearchService_Poll',
  parameters: {token: '$response.body#/searchToken'},
  description: 'Poll it.',
  'x-live-flow': facts,
};
const book = {operationId: 'SearchService_Book', parameters: {token: '$response.body#/searchToken'}};

describe('operationLinks', () => {
  it('reads every link of the success responses, $refs followed, with the field each parameter takes', () => {
    const links = operationLinks('search', searchApi({poll, book}));
    expect(links.map((link) => [link.name, link.from.operationId, link.to.operationId, link.parameters])).toEqual([
      ['poll', 'SearchService_Create', 'SearchService_Poll', [{parameter: 'token', field: 'searchToken'}]],
      ['book', 'SearchService_Create', 'SearchService_Book', [{parameter: 'token', field: 'searchToken'}]],
      ['again', 'SearchService_Poll', 'SearchService_Poll', [{parameter: 'token', field: 'searchToken'}]],
    ]);
    expect(links[0].description).toBe('Poll it.');
  });

  it('refuses a link to an operation the document lacks, or a parameter not taken from the answer body', () => {
    expect(() => operationLinks('search', searchApi({poll: {...poll, operationId: 'SearchService_Gone'}}))).toThrow(
      'SearchService_Create: link poll names no operation of search (SearchService_Gone)',
    );
    expect(() =>
      operationLinks('search', searchApi({poll: {...poll, parameters: {token: '$request.path.id'}}})),
    ).toThrow('SearchService_Create: link poll fills token from $request.path.id');
  });
});

describe('liveFlows', () => {
  it('pairs a create with the operation its `poll` link names; a poll linking to itself is no flow', () => {
    const flows = liveFlows('search', searchApi({poll, book}));
    expect(
      flows.map((flow) => [flow.create.operationId, flow.poll.operationId, flow.tokenField, flow.tokenParameter]),
    ).toEqual([['SearchService_Create', 'SearchService_Poll', 'searchToken', 'token']]);
  });

  it('reads the facts the poll link declares: search or refresh, the results, the statuses that end it, the wait', () => {
    const [flow] = liveFlows('search', searchApi({poll}));
    expect([flow.kind, flow.results, flow.terminalStatuses, flow.pollIntervalMs]).toEqual([
      'search',
      'offers',
      ['STATUS_DONE', 'STATUS_FAILED'],
      1500,
    ]);
    const refresh = liveFlows('search', searchApi({poll: {...poll, 'x-live-flow': {...facts, kind: 'refresh'}}}));
    expect(refresh[0].kind).toBe('refresh');
  });

  it('refuses a poll link without its facts, or with facts its poll answer contradicts', () => {
    const withFacts = (changed: Record<string, unknown>) =>
      searchApi({poll: {...poll, 'x-live-flow': {...facts, ...changed}}});
    const {'x-live-flow': _dropped, ...bare} = poll;
    expect(_dropped).toBe(facts);
    expect(() => liveFlows('search', searchApi({poll: bare}))).toThrow(
      'SearchService_Create: the poll link declares no x-live-flow',
    );
    expect(() => liveFlows('search', withFacts({kind: 'book'}))).toThrow('kind must be search or refresh');
    expect(() => liveFlows('search', withFacts({results: 'hotels'}))).toThrow(
      "results (hotels) is no collection of SearchService_Poll's content.results",
    );
    expect(() => liveFlows('search', withFacts({terminalStatuses: ['STATUS_DONE', 'STATUS_COMPLETE']}))).toThrow(
      "terminalStatuses must be values of SearchService_Poll's status (STATUS_RUNNING, STATUS_DONE, STATUS_FAILED)",
    );
    expect(() => liveFlows('search', withFacts({terminalStatuses: []}))).toThrow('terminalStatuses must be values');
    expect(() => liveFlows('search', withFacts({pollIntervalSeconds: 0}))).toThrow(
      'pollIntervalSeconds must be above 0',
    );
    expect(() => liveFlows('search', withFacts({pollIntervalSeconds: '1'}))).toThrow(
      'pollIntervalSeconds must be above 0',
    );
  });

  it('finds no flow where no link is named `poll`', () => {
    expect(liveFlows('search', searchApi({book}))).toEqual([]);
  });

  it('gives the live APIs their create-and-poll pairs, as their specifications link them', () => {
    const pairs = [...loadBundles()].flatMap(([slug, doc]) =>
      liveFlows(slug, doc).map(
        (flow) => `${slug}: ${flow.create.operationId} -> ${flow.poll.operationId} (${flow.tokenParameter})`,
      ),
    );
    expect(pairs).toEqual([
      'flights-live-pricing: FlightsService_CreateSearch -> FlightsService_PollSearch (sessionToken)',
      'flights-live-pricing: FlightsService_CreateItineraryRefresh -> FlightsService_PollItineraryRefresh (refreshSessionToken)',
      'carhire-live-pricing: CarHireService_CreateSearch -> CarHireService_PollSearch (sessionToken)',
      'hotels-live: HotelsService_CreateSearch -> HotelsService_PollSearch (sessionToken)',
    ]);
    const facts = [...loadBundles()].flatMap(([slug, doc]) =>
      liveFlows(slug, doc).map((flow) => `${flow.create.operationId}: ${flow.kind} of ${flow.results}`),
    );
    expect(facts).toEqual([
      'FlightsService_CreateSearch: search of itineraries',
      'FlightsService_CreateItineraryRefresh: refresh of itineraries',
      'CarHireService_CreateSearch: search of quotes',
      'HotelsService_CreateSearch: search of hotelContent',
    ]);
  });
});
