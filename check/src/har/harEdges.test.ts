/**
 * The HAR at its edges (har.ts): what `toHar` writes when a recording has no scenario, no content type or
 * an unknown status, and what `fromHar` makes of a HAR at each of its limits and of each malformed field
 * (the recordings the check then judges, or the sentence a partner is shown).
 */
import {describe, expect, it} from 'vitest';
import {apiPath, fromHar, HAR_CREATOR, MAX_HAR_BYTES, MAX_HAR_ENTRIES, toHar} from './har';
import type {Recording} from '../model';

const read = (har: unknown): Recording[] => {
  const reading = fromHar(JSON.stringify(har), 'session.har');
  if ('error' in reading) throw new Error(reading.error);
  return reading.recordings;
};
const errorOf = (har: unknown): string => {
  const reading = fromHar(JSON.stringify(har), 'session.har');
  if (!('error' in reading)) throw new Error('read without an error');
  return reading.error;
};

const T0 = Date.UTC(2026, 10, 23, 10);
/** A browser's entry for a call of the APIs, `second` s after T0, changed by `change`. */
const entry = (second = 0, change: Record<string, unknown> = {}) => ({
  startedDateTime: new Date(T0 + second * 1000).toISOString(),
  time: 10,
  request: {method: 'GET', url: 'https://h.example/apiservices/v3/culture/currencies', headers: []},
  response: {status: 200, headers: []},
  ...change,
});
/** An entry that is no call of the APIs (a page, an asset). */
const other = (second = 0, change: Record<string, unknown> = {}) =>
  entry(second, {request: {method: 'GET', url: 'https://h.example/style.css'}, ...change});
const harOf = (...entries: unknown[]) => ({log: {entries}});
/** The entry with its request (or response) changed. */
const withRequest = (change: Record<string, unknown>) => entry(0, {request: {...entry().request, ...change}});
const withResponse = (change: Record<string, unknown>) => entry(0, {response: {...entry().response, ...change}});

describe('toHar, with no scenario, content type or options', () => {
  it('writes the page and entry a HAR viewer expects, nothing invented (an answer without a body has none)', () => {
    const recordings: Recording[] = [
      {
        scenario: null,
        startedAt: '2026-11-23T10:00:00.000Z',
        exchanges: [
          {
            index: 0,
            startedMs: 0,
            endedMs: 7,
            request: {
              method: 'POST',
              url: '/apiservices/v3/culture/currencies',
              headers: [['x-api-key', 'sandbox_secret']],
              body: 'x=1',
            },
            response: {status: 299, headers: []},
          },
        ],
      },
      {scenario: 'normal', startedAt: '2026-11-23T11:00:00.000Z', exchanges: []},
    ];
    const har = toHar(recordings, {baseUrl: 'http://127.0.0.1:8787//'});
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({name: HAR_CREATOR, version: '1'});
    expect(har.log.pages).toEqual([
      {id: 'run-1', startedDateTime: '2026-11-23T10:00:00.000Z', title: 'recording', pageTimings: {}},
      // A check's run names its scenario on its page, so the HAR can be judged again as the run was (../judge/judgeHar.ts)
      {
        id: 'run-2-normal',
        startedDateTime: '2026-11-23T11:00:00.000Z',
        title: 'normal',
        pageTimings: {},
        _scenario: 'normal',
      },
    ]);
    expect(har.log.entries).toEqual([
      {
        pageref: 'run-1',
        startedDateTime: '2026-11-23T10:00:00.000Z',
        time: 7,
        request: {
          method: 'POST',
          url: 'http://127.0.0.1:8787/apiservices/v3/culture/currencies',
          httpVersion: 'HTTP/1.1',
          headers: [{name: 'x-api-key', value: 'sandbox_…'}],
          queryString: [],
          cookies: [],
          headersSize: -1,
          bodySize: 3,
          postData: {mimeType: '', text: 'x=1'},
        },
        response: {
          status: 299,
          statusText: '',
          httpVersion: 'HTTP/1.1',
          headers: [],
          cookies: [],
          content: {size: 0, mimeType: 'x-unknown'},
          redirectURL: '',
          headersSize: -1,
          bodySize: 0,
        },
        cache: {},
        timings: {send: 0, wait: 7, receive: 0},
      },
    ]);
  });

  it('names the content type of the request and the answer from their own header', () => {
    const [written] = toHar([
      {
        scenario: null,
        startedAt: '2026-11-23T10:00:00.000Z',
        exchanges: [
          {
            index: 0,
            startedMs: 0,
            endedMs: 1,
            request: {
              method: 'POST',
              url: '/apiservices/x',
              headers: [
                ['accept', 'text/plain'],
                ['content-type', 'application/x-www-form-urlencoded'],
              ],
              body: 'a=1',
            },
            response: {
              status: 200,
              headers: [
                ['x-other', 'a'],
                ['content-type', 'text/csv'],
              ],
              body: 'a,b',
            },
          },
        ],
      },
    ]).log.entries;
    expect(written.request.postData?.mimeType).toBe('application/x-www-form-urlencoded');
    expect(written.response.content.mimeType).toBe('text/csv');
  });
});

describe('apiPath, at its edges', () => {
  it('finds the path after a host only at the start of the URL', () => {
    expect(apiPath('/apiservices/v3/culture/http://example.com')).toBe('/apiservices/v3/culture/http://example.com');
    expect(apiPath('https://h.example/apiservices/culture?next=http://other')).toBe(
      '/apiservices/culture?next=http://other',
    );
    expect(apiPath('https:///apiservices/v3/a')).toBe('/apiservices/v3/a');
  });

  it('reads a path that ends the URL, and no path in a URL that is only a query', () => {
    expect(apiPath('http://h.example/apiservices/')).toBe('/apiservices/');
    expect(apiPath('?next=/apiservices/v3/x')).toBeUndefined();
  });
});

describe('fromHar, at its limits', () => {
  it(`reads a HAR of exactly ${MAX_HAR_BYTES / 1024 / 1024} MiB`, () => {
    const text = '{"log":{"entries":[]}}';
    const padded = text + ' '.repeat(MAX_HAR_BYTES - text.length);
    const reading = fromHar(padded, 'big.har');
    expect(reading).toEqual({error: 'big.har has no entries: the HAR recorded no call.'});
  });

  it(`reads a HAR of exactly ${MAX_HAR_ENTRIES} entries`, () => {
    // Entries of no call of the APIs, as small as an entry is: they are counted, not read further
    const text = `{"log":{"entries":[${Array(MAX_HAR_ENTRIES).fill('{"request":{"url":"/"}}').join(',')}]}}`;
    expect(fromHar(text, 'session.har')).toEqual({
      recordings: [{scenario: null, startedAt: new Date(0).toISOString(), exchanges: [], ignored: MAX_HAR_ENTRIES}],
    });
  });

  it('reads a HAR of 20 scenarios (as many as a check has runs at most) as 20 recordings', () => {
    const recordings = read(harOf(...Array.from({length: 20}, (_, at) => entry(at, {_scenario: `s${at}`}))));
    expect(recordings.map((recording) => recording.label)).toEqual(Array.from({length: 20}, (_, at) => `s${at}`));
  });

  it('keeps the first 100 characters of a scenario, and reads an empty or non-text one as none', () => {
    const [long] = read(harOf(entry(0, {_scenario: 'x'.repeat(150)})));
    expect(long.label).toBe('x'.repeat(100));
    expect(read(harOf(entry(0, {_scenario: 42}), entry(1, {_scenario: ''})))).toEqual([
      expect.not.objectContaining({label: expect.anything()}),
    ]);
  });
});

describe('fromHar, a HAR with no call of the APIs', () => {
  it('starts at its earliest entry and keeps its one scenario', () => {
    expect(read(harOf(other(5, {_scenario: 'b'}), other(2, {_scenario: 'b'})))).toEqual([
      {scenario: null, startedAt: '2026-11-23T10:00:02.000Z', exchanges: [], ignored: 2, label: 'b'},
    ]);
  });

  it('names no scenario when it has none or several', () => {
    expect(read(harOf(other(5, {_scenario: 'b'}), other(2, {_scenario: 'a'})))).toEqual([
      {scenario: null, startedAt: '2026-11-23T10:00:02.000Z', exchanges: [], ignored: 2},
    ]);
    expect(read(harOf(other(3)))).toEqual([
      {scenario: null, startedAt: '2026-11-23T10:00:03.000Z', exchanges: [], ignored: 1},
    ]);
  });
});

describe('fromHar, what it counts and times', () => {
  it("counts entries of scenarios without calls in the first recording's ignored", () => {
    const recordings = read(
      harOf(
        entry(0, {_scenario: 'a'}),
        other(1, {_scenario: 'a'}),
        other(2, {_scenario: 'b'}),
        other(3, {_scenario: 'b'}),
        entry(4, {_scenario: 'c'}),
      ),
    );
    expect(recordings.map(({label, ignored}) => ({label, ignored}))).toEqual([
      {label: 'a', ignored: 3},
      {label: 'c', ignored: 0},
    ]);
  });

  it('counts a call whose time is not a finite number of ms as instant', () => {
    const text = JSON.stringify(harOf(entry(0, {time: '250'}), entry(1, {time: 0}))).replace(
      '"time":0',
      '"time":1e999',
    );
    const reading = fromHar(text, 'session.har');
    if ('error' in reading) throw new Error(reading.error);
    expect(reading.recordings[0].exchanges.map(({startedMs, endedMs}) => [startedMs, endedMs])).toEqual([
      [0, 0],
      [1000, 1000],
    ]);
  });

  it('reads status 0 (a call the browser could not make) and the kind of a fault', () => {
    const [recording] = read(
      harOf(
        entry(0, {response: {status: 0}}),
        entry(1, {_fault: 'rewrote the answer', _faultKind: 'rewrite'}),
        entry(2, {_fault: 'answered 429'}),
      ),
    );
    expect(recording.exchanges.map((exchange) => [exchange.response.status, exchange.fault])).toEqual([
      [0, undefined],
      [200, {kind: 'rewrite', description: 'rewrote the answer'}],
      [200, {kind: 'status', description: 'answered 429'}],
    ]);
  });

  it('reads headers that are absent as none', () => {
    const [recording] = read(
      harOf(entry(0, {request: {method: 'GET', url: '/apiservices/x'}, response: {status: 200}})),
    );
    expect(recording.exchanges[0].request.headers).toEqual([]);
    expect(recording.exchanges[0].response.headers).toEqual([]);
  });
});

describe('fromHar, the sentence for each malformed field', () => {
  const at0 = (what: string) => `session.har: log.entries[0] is malformed: ${what}.`;

  it('a start time that is not text', () => {
    // A number, even one that reads as a year, is no date-time
    expect(errorOf(harOf(entry(0, {startedDateTime: 2026})))).toBe(at0('startedDateTime is not a date'));
  });

  it('a status that is not a whole number from 0', () => {
    expect(errorOf(harOf(withResponse({status: '200'})))).toBe(at0('response.status is not a status code'));
    expect(errorOf(harOf(withResponse({status: -1})))).toBe(at0('response.status is not a status code'));
    expect(errorOf(harOf(withResponse({status: 200.5})))).toBe(at0('response.status is not a status code'));
  });

  it('headers that are not a list of text names and values', () => {
    expect(errorOf(harOf(withRequest({headers: {}})))).toBe(at0('request.headers is not a list'));
    expect(errorOf(harOf(withResponse({headers: {}})))).toBe(at0('response.headers is not a list'));
    expect(errorOf(harOf(withRequest({headers: [null]})))).toBe(at0('request.headers[0] has no text name and value'));
    expect(errorOf(harOf(withRequest({headers: [{value: 'a'}]})))).toBe(
      at0('request.headers[0] has no text name and value'),
    );
    expect(errorOf(harOf(withResponse({headers: [{name: 'a', value: 'b'}, {name: 'c'}]})))).toBe(
      at0('response.headers[1] has no text name and value'),
    );
  });

  it('a body that is not text', () => {
    expect(errorOf(harOf(withRequest({postData: {text: 5}})))).toBe(at0('request.postData.text is not text'));
    expect(errorOf(harOf(withResponse({content: {text: 5}})))).toBe(at0('response.content.text is not text'));
  });
});
