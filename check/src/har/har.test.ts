import {describe, expect, it} from 'vitest';
import {SANDBOX_KEY_PREFIX} from '@portal/sandbox';
import {apiPath, fromHar, HAR_CREATOR, MASK, maskKey, MAX_HAR_BYTES, MAX_HAR_ENTRIES, toHar} from './har';
import type {Exchange, Recording} from '../model';
import {FAULT_DESCRIPTION, fixtureReport, SANDBOX_KEY} from '../report/report.fixture';

const read = (text: string, name = 'session.har'): Recording[] => {
  const reading = fromHar(text, name);
  if ('error' in reading) throw new Error(reading.error);
  return reading.recordings;
};
const errorOf = (text: string, name = 'session.har'): string => {
  const reading = fromHar(text, name);
  if (!('error' in reading)) throw new Error('read without an error');
  return reading.error;
};

describe('toHar', () => {
  // Written in each test (not once for the file), so that a change to toHar is seen by the test that reads it
  const harOf = () => toHar(fixtureReport(), {baseUrl: 'http://127.0.0.1:8787/', version: '2.0'});

  it('writes HAR 1.2: one page per run, one entry per exchange, the scenario and the fault kept', () => {
    const har = harOf();
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({name: HAR_CREATOR, version: '2.0'});
    expect(har.log.pages.map((page) => page.title)).toEqual(['normal', 'rate-limited']);
    expect(har.log.entries).toHaveLength(6);
    const [create, , , , limited] = har.log.entries;
    expect(create.startedDateTime).toBe('2026-11-23T10:00:00.020Z');
    expect(create.time).toBe(300);
    expect(create.timings).toEqual({send: 0, wait: 300, receive: 0});
    expect(create.request).toMatchObject({
      method: 'POST',
      url: 'http://127.0.0.1:8787/apiservices/v3/flights/live/search/create',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headersSize: -1,
      postData: {mimeType: 'application/json', text: expect.stringContaining('"market":"UK"')},
    });
    expect(create.request.bodySize).toBe(create.request.postData!.text!.length);
    expect(create.response).toMatchObject({status: 200, statusText: 'OK', redirectURL: '', headersSize: -1});
    expect(create.response.content.mimeType).toBe('application/json');
    expect(create._scenario).toBe('normal');
    expect(create._fault).toBeUndefined();
    expect(limited).toMatchObject({
      _scenario: 'rate-limited',
      _fault: FAULT_DESCRIPTION,
      _faultKind: 'status',
      response: {status: 429, statusText: 'Too Many Requests'},
    });
  });

  it('masks the key: a sandbox key keeps its prefix, and its text appears nowhere', () => {
    const har = harOf();
    expect(har.log.entries[0].request.headers).toContainEqual({name: 'x-api-key', value: `sandbox_${MASK}`});
    expect(JSON.stringify(har)).not.toContain(SANDBOX_KEY);
    expect(SANDBOX_KEY_PREFIX).toBe('sandbox_');
  });

  it('masks any other key whole, credentials, cookies and key parameters, wherever their text appears', () => {
    const secrets = {
      key: 'prtl_live_0123456789abcdef',
      bearer: 'tok_secret_value_99',
      cookie: 'cookie_secret_1',
      query: 'qp_secret_key_77',
    };
    const recording: Recording = {
      scenario: null,
      startedAt: '2026-11-23T10:00:00.000Z',
      exchanges: [
        {
          index: 0,
          startedMs: 0,
          endedMs: 5,
          request: {
            method: 'GET',
            url: `/apiservices/v3/culture/currencies?locale=en-GB&apikey=${secrets.query}`,
            headers: [
              ['x-api-key', secrets.key],
              ['authorization', `Bearer ${secrets.bearer}`],
              ['cookie', `session=${secrets.cookie}; theme=dark`],
            ],
          },
          response: {
            status: 403,
            headers: [['set-cookie', `session=${secrets.cookie}; Path=/; HttpOnly`]],
            body: `{"message":"the key ${secrets.key} and ${secrets.query} are not sandbox keys"}`,
          },
        },
      ],
    };
    const written = toHar([recording]);
    const text = JSON.stringify(written);
    for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
    const [entry] = written.log.entries;
    expect(entry.request.headers).toEqual([
      {name: 'x-api-key', value: MASK},
      {name: 'authorization', value: `Bearer ${MASK}`},
      {name: 'cookie', value: `session=${MASK}; theme=${MASK}`},
    ]);
    expect(entry.response.headers).toEqual([{name: 'set-cookie', value: `session=${MASK}; Path=/; HttpOnly`}]);
    expect(entry.request.url).toBe(
      `http://localhost/apiservices/v3/culture/currencies?locale=en-GB&apikey=${encodeURIComponent(MASK)}`,
    );
    expect(entry.request.queryString).toEqual([
      {name: 'locale', value: 'en-GB'},
      {name: 'apikey', value: MASK},
    ]);
    expect(entry.response.content.text).toBe(`{"message":"the key ${MASK} and ${MASK} are not sandbox keys"}`);
    expect(entry._scenario).toBeUndefined();
    expect(maskKey('sandbox_scenario_429')).toBe(`sandbox_${MASK}`);
  });

  it('masks a key sent in the query under any name the api-key-header rule spots (key, x-api-key, X_API_KEY)', () => {
    const keys = {key: 'prtl_live_key_0001', 'x-api-key': 'prtl_live_key_0002', X_API_KEY: 'sandbox_query_key_3'};
    const recording: Recording = {
      scenario: 'normal',
      startedAt: '2026-11-23T10:00:00.000Z',
      exchanges: Object.entries(keys).map(([name, value], index) => ({
        index,
        startedMs: index * 10,
        endedMs: index * 10 + 5,
        request: {method: 'GET', url: `/apiservices/v3/culture/currencies?${name}=${value}&locale=en-GB`, headers: []},
        response: {status: 401, headers: [], body: `{"message":"no key in x-api-key; ${value} was in the query"}`},
      })),
    };
    const written = toHar([recording]);
    const text = JSON.stringify(written);
    for (const value of Object.values(keys)) expect(text).not.toContain(value);
    expect(written.log.entries.map((entry) => entry.request.queryString[0])).toEqual([
      {name: 'key', value: MASK},
      {name: 'x-api-key', value: MASK},
      {name: 'X_API_KEY', value: `sandbox_${MASK}`},
    ]);
    expect(written.log.entries[0].request.queryString[1]).toEqual({name: 'locale', value: 'en-GB'});
  });
});

describe('fromHar', () => {
  it('reads back what toHar wrote: the same exchanges, keys masked, one recording per scenario', () => {
    const report = fixtureReport();
    const recordings = read(JSON.stringify(toHar(report, {baseUrl: 'http://127.0.0.1:8787'})));
    expect(recordings.map((recording) => [recording.scenario, recording.label, recording.ignored])).toEqual([
      [null, 'normal', 0],
      [null, 'rate-limited', 0],
    ]);
    report.runs.forEach((run, at) => {
      const first = run.recording.exchanges[0].startedMs;
      const expected: Exchange[] = run.recording.exchanges.map((exchange) => ({
        ...exchange,
        startedMs: exchange.startedMs - first,
        endedMs: exchange.endedMs - first,
        request: {
          ...exchange.request,
          headers: exchange.request.headers.map(([name, value]) => [
            name,
            name === 'x-api-key' ? maskKey(value) : value,
          ]),
        },
      }));
      expect(recordings[at].exchanges).toEqual(expected);
      expect(recordings[at].startedAt).toBe(new Date(Date.parse(run.recording.startedAt) + first).toISOString());
    });
  });

  it('reads a browser HAR: only calls of the APIs, from /apiservices/ on whatever the host or prefix, in time order', () => {
    const entry = (url: string, startedDateTime: string, extra: object = {}) => ({
      startedDateTime,
      time: 12.5,
      request: {
        method: 'GET',
        url,
        httpVersion: 'HTTP/2',
        headers: [],
        queryString: [],
        cookies: [],
        headersSize: -1,
        bodySize: 0,
      },
      response: {
        status: 200,
        statusText: '',
        httpVersion: 'HTTP/2',
        headers: [],
        cookies: [],
        content: {size: 0, mimeType: 'text/html'},
      },
      ...extra,
    });
    const har = {
      log: {
        version: '1.2',
        creator: {name: 'WebInspector', version: '537.36'},
        pages: [{id: 'page_1', startedDateTime: '2026-11-23T09:59:59.000Z', title: 'https://partner.example/'}],
        entries: [
          entry('https://partner.example/', '2026-11-23T09:59:59.000Z'),
          entry('https://partner.example/app.js', '2026-11-23T09:59:59.100Z'),
          entry('https://partner.example/logo.png', '2026-11-23T09:59:59.200Z', {
            response: {
              status: 200,
              headers: [],
              content: {size: 4, mimeType: 'image/png', text: 'iVBORw==', encoding: 'base64'},
            },
          }),
          // Out of order: the poll is listed before the create.
          entry(
            'https://partner.example/proxy/apiservices/v3/flights/live/search/poll/abc?x=1#frag',
            '2026-11-23T10:00:01.500Z',
            {
              request: {
                method: 'post',
                url: 'https://partner.example/proxy/apiservices/v3/flights/live/search/poll/abc?x=1#frag',
                headers: [
                  {name: ':authority', value: 'partner.example'},
                  {name: 'X-Api-Key', value: 'sandbox_browser'},
                ],
              },
              response: {
                status: 200,
                headers: [{name: 'Content-Type', value: 'application/json'}],
                content: {
                  size: 40,
                  mimeType: 'application/json',
                  text: btoa('{"status":"RESULT_STATUS_COMPLETE","é":1}'.replace('é', 'Ã©')),
                  encoding: 'base64',
                },
              },
            },
          ),
          entry('https://partner.example/proxy/apiservices/v3/flights/live/search/create', '2026-11-23T10:00:00.250Z', {
            time: -1,
            request: {
              method: 'POST',
              url: 'https://partner.example/proxy/apiservices/v3/flights/live/search/create',
              headers: [{name: 'Content-Type', value: 'application/json'}],
              postData: {mimeType: 'application/json', text: '{"query":{}}'},
            },
          }),
          entry('https://analytics.example/collect?page=/apiservices/', '2026-11-23T10:00:00.300Z'),
        ],
      },
    };
    const [recording, ...others] = read(JSON.stringify(har), 'partner.har');
    expect(others).toEqual([]);
    expect(recording.scenario).toBeNull();
    expect(recording.label).toBeUndefined();
    expect(recording.ignored).toBe(4);
    expect(recording.startedAt).toBe('2026-11-23T10:00:00.250Z');
    expect(recording.exchanges).toEqual([
      {
        index: 0,
        startedMs: 0,
        endedMs: 0,
        request: {
          method: 'POST',
          url: '/apiservices/v3/flights/live/search/create',
          headers: [['content-type', 'application/json']],
          body: '{"query":{}}',
        },
        response: {status: 200, headers: []},
      },
      {
        index: 1,
        startedMs: 1250,
        endedMs: 1262.5,
        request: {
          method: 'POST',
          url: '/apiservices/v3/flights/live/search/poll/abc?x=1',
          headers: [['x-api-key', 'sandbox_browser']],
        },
        response: {
          status: 200,
          headers: [['content-type', 'application/json']],
          body: '{"status":"RESULT_STATUS_COMPLETE","é":1}',
        },
      },
    ]);
  });

  it('gives a HAR with no call of the APIs one empty recording, for the judge to report', () => {
    const har = {
      log: {
        entries: [
          {
            startedDateTime: '2026-11-23T10:00:00.000Z',
            time: 1,
            request: {method: 'GET', url: 'https://a.example/'},
            response: {status: 200},
          },
          {startedDateTime: 'not a date', request: {method: 'GET', url: '/style.css'}, response: {status: 200}},
        ],
      },
    };
    expect(read(JSON.stringify(har))).toEqual([
      {scenario: null, startedAt: '2026-11-23T10:00:00.000Z', exchanges: [], ignored: 2},
    ]);
  });

  it('reads a HAR whose entries carry more _scenario values than a check has runs as one recording', () => {
    const entries = [...Array(30).keys()].map((at) => ({
      _scenario: `s${at}`,
      startedDateTime: new Date(Date.UTC(2026, 10, 23, 10, 0, at)).toISOString(),
      time: 1,
      request: {method: 'GET', url: `https://h.example/apiservices/v3/x/${at}`},
      response: {status: 200},
    }));
    const recordings = read(JSON.stringify({log: {entries}}));
    expect(recordings).toHaveLength(1);
    expect(recordings[0].label).toBeUndefined();
    expect(recordings[0].exchanges).toHaveLength(30);
    expect(recordings[0].exchanges[29]).toMatchObject({index: 29, startedMs: 29_000, endedMs: 29_001});
  });

  it('finds /apiservices/ in the path only', () => {
    expect(apiPath('https://h.example/a/b/apiservices/v3/x?y=/apiservices/#z')).toBe(
      '/apiservices/v3/x?y=/apiservices/',
    );
    expect(apiPath('/apiservices/v3/x')).toBe('/apiservices/v3/x');
    expect(apiPath('http://apiservices/v3/x')).toBeUndefined();
    expect(apiPath('https://h.example/search?next=/apiservices/v3/x')).toBeUndefined();
  });

  it('answers a sentence for each HAR it cannot read', () => {
    expect(errorOf('<html>', 'capture.har')).toMatch(/^capture\.har is not JSON: .+\.$/);
    expect(errorOf('{}')).toBe('session.har is not a HAR: it has no log.entries list.');
    expect(errorOf('{"log":{"entries":{}}}')).toBe('session.har is not a HAR: it has no log.entries list.');
    expect(errorOf('[]')).toBe('session.har is not a HAR: it has no log.entries list.');
    expect(errorOf('{"log":{"entries":[]}}')).toBe('session.har has no entries: the HAR recorded no call.');
    expect(errorOf(JSON.stringify({log: {entries: Array(MAX_HAR_ENTRIES + 1).fill({})}}))).toBe(
      `session.har has ${MAX_HAR_ENTRIES + 1} entries; the check reads at most ${MAX_HAR_ENTRIES}: record fewer calls.`,
    );
    expect(errorOf(' '.repeat(MAX_HAR_BYTES + 1))).toBe('session.har is larger than 50 MiB, the most the check reads.');
    const call = {
      startedDateTime: '2026-11-23T10:00:00.000Z',
      time: 1,
      request: {method: 'GET', url: 'https://h.example/apiservices/v3/x', headers: []},
      response: {status: 200, headers: [], content: {text: '{}'}},
    };
    const withEntry = (bad: unknown) => JSON.stringify({log: {entries: [call, bad]}});
    expect(errorOf(withEntry(null))).toBe('session.har: log.entries[1] is malformed: it is not an object.');
    expect(errorOf(withEntry({response: {}}))).toBe(
      'session.har: log.entries[1] is malformed: it has no request object.',
    );
    expect(errorOf(withEntry({request: {url: 3}}))).toBe(
      'session.har: log.entries[1] is malformed: request.url is not text.',
    );
    expect(errorOf(withEntry({...call, startedDateTime: 'yesterday'}))).toBe(
      'session.har: log.entries[1] is malformed: startedDateTime is not a date.',
    );
    expect(errorOf(withEntry({...call, request: {...call.request, method: 7}}))).toBe(
      'session.har: log.entries[1] is malformed: request.method is not text.',
    );
    expect(errorOf(withEntry({...call, response: undefined}))).toBe(
      'session.har: log.entries[1] is malformed: it has no response object.',
    );
    expect(errorOf(withEntry({...call, response: {status: '200'}}))).toBe(
      'session.har: log.entries[1] is malformed: response.status is not a status code.',
    );
    expect(errorOf(withEntry({...call, request: {...call.request, headers: [{name: 'a'}]}}))).toBe(
      'session.har: log.entries[1] is malformed: request.headers[0] has no text name and value.',
    );
    expect(errorOf(withEntry({...call, response: {status: 200, content: {text: '%%%', encoding: 'base64'}}}))).toBe(
      'session.har: log.entries[1] is malformed: response.content.text is not base64, as its encoding says.',
    );
  });
});
