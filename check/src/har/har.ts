/**
 * HAR 1.2 out and in. `toHar` writes a check's recordings as a HAR any browser or proxy tool opens, each
 * entry keeping the run's scenario and the fault injected in `_scenario` and `_fault` (HAR allows custom
 * `_` fields), with every key and credential masked. `fromHar` reads a HAR (ours, a browser's export, a
 * proxy's) into recordings the rules judge: only calls of the APIs count (a path with `/apiservices/`), and
 * a HAR that cannot be read answers one sentence, never a throw. Browser-safe: the site's HAR check uses it.
 */
import type {Entry, Har, Header as HarHeader, Page} from 'har-format';
import {Masker} from './masker';
import type {CheckReport, Exchange, Fault, Header, ProgramEnd, Recording} from '../model';
import {isObject} from '../json';

export {MASK, maskKey} from './masker';

/** The most entries a HAR may hold for the check to read it. */
export const MAX_HAR_ENTRIES = 20_000;
/** The longest HAR text the check reads: 50 MiB (the CLI checks the file's size before reading it). */
export const MAX_HAR_BYTES = 50 * 1024 * 1024;
/** `creator.name` of the HARs the check writes. */
export const HAR_CREATOR = 'portal integration check';

/** The part of a URL from which a call is a call of the APIs. */
const API_PATH = '/apiservices/';
/** The most `_scenario` groups a HAR is split into (a check runs 7 scenarios); a longer label is cut. */
const MAX_HAR_GROUPS = 20;
const MAX_LABEL_LENGTH = 100;

/** An entry of the HARs the check writes: HAR 1.2's (@types/har-format), with the check's own fields. */
export interface CheckHarEntry extends Entry {
  /** The scenario of the run (or the label of a recording read from a HAR). */
  _scenario?: string;
  /** The fault the check injected in this call, in one sentence. */
  _fault?: string;
  /** Its kind, so reading the HAR back gives the same fault. */
  _faultKind?: Fault['kind'];
}

/**
 * A page of the HARs the check writes: one run, with what the judging of a run reads besides its calls (its
 * scenario, its time limit, how the program ended), so a HAR the check wrote is judged again as the run was
 * (../judge/judgeHar.ts; `verify --har` of an attestation).
 */
export interface CheckHarPage extends Page {
  _scenario?: string;
  _timeLimitMs?: number;
  _program?: Omit<ProgramEnd, 'stderrTail'>;
}

/** A HAR the check writes. */
export interface CheckHar extends Har {
  log: Har['log'] & {pages: CheckHarPage[]; entries: CheckHarEntry[]};
}

export interface ToHarOptions {
  /**
   * Where the calls went, made absolute with it: the proxy's origin (`http://127.0.0.1:8787`), or a recording's own
   * base URL (a hosted run's scenario's, so each entry is the URL the program called). Default `http://localhost`.
   */
  baseUrl?: string | ((recording: Recording) => string);
  /** `creator.version`. Default `1`. */
  version?: string;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const byteLength = (text: string | undefined): number => (text ? new TextEncoder().encode(text).length : 0);
const headerValue = (headers: Header[], name: string): string | undefined =>
  headers.find(([header]) => header === name)?.[1];

/** How a program ended, as a HAR page keeps it: its stderr stays in the report, not in the HAR. */
const programEnd = ({exitCode, signal, timedOut, flooded, durationMs}: ProgramEnd): Omit<ProgramEnd, 'stderrTail'> => ({
  exitCode,
  signal,
  timedOut,
  flooded,
  durationMs,
});

/**
 * A check's recordings (or any recordings) as a HAR 1.2 object, to `JSON.stringify`: one page per
 * recording, one entry per exchange, keys and credentials masked (`maskKey`; `authorization` keeps its
 * scheme, cookies their names; any text of them elsewhere, a body or a fault, is masked too).
 */
export function toHar(report: CheckReport | Recording[], options: ToHarOptions = {}): CheckHar {
  const recordings = Array.isArray(report) ? report : report.runs.map((run) => run.recording);
  const base = options.baseUrl ?? 'http://localhost';
  const baseUrlOf = (recording: Recording) => (typeof base === 'string' ? base : base(recording)).replace(/\/+$/, '');
  const masker = new Masker();
  // Every secret is known before any text is written, so a key first sent late is masked in earlier bodies too.
  const body = (text: string | undefined, headers: Header[]) =>
    text === undefined ? undefined : masker.body(text, headerValue(headers, 'content-type'));
  const masked = recordings.map((recording) =>
    recording.exchanges.map((exchange) => ({
      exchange,
      url: masker.url(baseUrlOf(recording) + exchange.request.url),
      requestHeaders: exchange.request.headers.map(([name, value]) => [name, masker.header(name, value)] as Header),
      responseHeaders: exchange.response.headers.map(([name, value]) => [name, masker.header(name, value)] as Header),
      requestBody: body(exchange.request.body, exchange.request.headers),
      responseBody: body(exchange.response.body, exchange.response.headers),
    })),
  );
  const headers = (list: Header[]): HarHeader[] => list.map(([name, value]) => ({name, value: masker.scrub(value)}));
  const pages: CheckHarPage[] = [];
  const entries: CheckHarEntry[] = [];
  recordings.forEach((recording, at) => {
    // A label read from a HAR may hold a secret its calls sent: it is masked wherever it is written
    const label = recording.scenario ?? recording.label;
    const name = label === undefined ? undefined : masker.scrub(label);
    const anchor = Date.parse(recording.startedAt);
    const start = Number.isFinite(anchor) ? anchor : 0;
    const pageref = `run-${at + 1}${name ? `-${name}` : ''}`;
    pages.push({
      id: pageref,
      startedDateTime: new Date(start).toISOString(),
      title: name ?? 'recording',
      pageTimings: {},
      ...(recording.scenario ? {_scenario: recording.scenario} : {}),
      ...(recording.timeLimitMs !== undefined ? {_timeLimitMs: recording.timeLimitMs} : {}),
      ...(recording.program ? {_program: programEnd(recording.program)} : {}),
    });
    for (const {exchange, url, requestHeaders, responseHeaders, ...bodies} of masked[at]) {
      const requestBody = bodies.requestBody === undefined ? undefined : masker.scrub(bodies.requestBody);
      const responseBody = bodies.responseBody === undefined ? undefined : masker.scrub(bodies.responseBody);
      const time = Math.max(0, exchange.endedMs - exchange.startedMs);
      const scrubbedUrl = masker.scrub(url);
      const query = scrubbedUrl.includes('?') ? scrubbedUrl.slice(scrubbedUrl.indexOf('?') + 1).split('#')[0] : '';
      entries.push({
        pageref,
        startedDateTime: new Date(start + Math.round(exchange.startedMs)).toISOString(),
        time,
        request: {
          method: exchange.request.method,
          url: scrubbedUrl,
          httpVersion: 'HTTP/1.1',
          headers: headers(requestHeaders),
          queryString: [...new URLSearchParams(query)].map(([name, value]) => ({name, value})),
          cookies: [],
          headersSize: -1,
          bodySize: byteLength(requestBody),
          ...(requestBody
            ? {postData: {mimeType: headerValue(exchange.request.headers, 'content-type') ?? '', text: requestBody}}
            : {}),
        },
        response: {
          status: exchange.response.status,
          statusText: STATUS_TEXT[exchange.response.status] ?? '',
          httpVersion: 'HTTP/1.1',
          headers: headers(responseHeaders),
          cookies: [],
          content: {
            size: byteLength(responseBody),
            mimeType: headerValue(exchange.response.headers, 'content-type') ?? 'x-unknown',
            ...(responseBody ? {text: responseBody} : {}),
          },
          redirectURL: '',
          headersSize: -1,
          bodySize: byteLength(responseBody),
        },
        cache: {},
        timings: {send: 0, wait: time, receive: 0},
        ...(name ? {_scenario: name} : {}),
        ...(exchange.fault ? {_fault: masker.scrub(exchange.fault.description), _faultKind: exchange.fault.kind} : {}),
      });
    }
  });
  return {
    log: {
      version: '1.2',
      creator: {name: HAR_CREATOR, version: options.version ?? '1'},
      pages,
      entries,
    },
  };
}

/** What reading a HAR gives: its recordings, or why it cannot be read, in one sentence. */
export type HarReading = {recordings: Recording[]} | {error: string};

/**
 * The path and query of a call of the APIs, from `/apiservices/` on, whatever the scheme, host and prefix
 * before it (the text is kept as written, not normalised); undefined for any other URL.
 */
export function apiPath(url: string): string | undefined {
  const withoutHash = url.split('#')[0];
  const authority = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(withoutHash)?.[0].length ?? 0;
  const question = withoutHash.indexOf('?');
  const path = question < 0 ? withoutHash : withoutHash.slice(0, question);
  const at = path.indexOf(API_PATH, authority);
  return at < 0 ? undefined : withoutHash.slice(at);
}

const base64Text = (text: string): string => {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
  return new TextDecoder().decode(bytes);
};

interface Group {
  label: string;
  calls: {started: number; time: number; exchange: Omit<Exchange, 'index' | 'startedMs' | 'endedMs'>}[];
  ignored: number;
  earliest: number;
}

/**
 * Reads a HAR: one recording per `_scenario` its entries carry (all of them in one when they carry none),
 * `scenario` null and the `_scenario` kept as `label`. Only calls of the APIs count (`apiPath`); the other
 * entries are counted in `ignored`. Times are ms since the group's first call. `name` (the file's name)
 * starts each error.
 */
export function fromHar(text: string, name: string): HarReading {
  if (text.length > MAX_HAR_BYTES) {
    return {error: `${name} is larger than ${MAX_HAR_BYTES / 1024 / 1024} MiB, the most the check reads.`};
  }
  let har: unknown;
  try {
    har = JSON.parse(text);
  } catch (error) {
    return {error: `${name} is not JSON: ${error instanceof Error ? error.message : String(error)}.`};
  }
  const log = isObject(har) ? har.log : undefined;
  const entries = isObject(log) ? log.entries : undefined;
  if (!Array.isArray(entries)) return {error: `${name} is not a HAR: it has no log.entries list.`};
  if (entries.length === 0) return {error: `${name} has no entries: the HAR recorded no call.`};
  if (entries.length > MAX_HAR_ENTRIES) {
    return {
      error: `${name} has ${entries.length} entries; the check reads at most ${MAX_HAR_ENTRIES}: record fewer calls.`,
    };
  }
  const read: ReadEntry[] = [];
  for (let at = 0; at < entries.length; at++) {
    const entry = readEntry(entries[at]);
    if (typeof entry === 'string') return {error: `${name}: log.entries[${at}] is malformed: ${entry}.`};
    read.push(entry);
  }
  // More `_scenario`s than a check has runs: not a check's HAR; its entries are read as one recording.
  const grouped = new Set(read.map((entry) => entry.label ?? '')).size <= MAX_HAR_GROUPS;
  const groups = new Map<string, Group>();
  for (const entry of read) {
    const label = grouped ? (entry.label ?? '') : '';
    const group = groups.get(label) ?? {label, calls: [], ignored: 0, earliest: Infinity};
    groups.set(label, group);
    if (Number.isFinite(entry.started)) group.earliest = Math.min(group.earliest, entry.started);
    if (entry.call) group.calls.push({started: entry.started, time: entry.time, exchange: entry.call});
    else group.ignored++;
  }
  const withCalls = [...groups.values()].filter((group) => group.calls.length);
  const ignoredElsewhere = [...groups.values()]
    .filter((group) => !group.calls.length)
    .reduce((sum, group) => sum + group.ignored, 0);
  if (!withCalls.length) {
    // No call of the APIs at all: one empty recording, for the judge to say so.
    const earliest = Math.min(...[...groups.values()].map((group) => group.earliest));
    const labels = [...groups.keys()];
    return {
      recordings: [
        {
          scenario: null,
          startedAt: new Date(Number.isFinite(earliest) ? earliest : 0).toISOString(),
          exchanges: [],
          ignored: ignoredElsewhere,
          ...(labels.length === 1 && labels[0] ? {label: labels[0]} : {}),
        },
      ],
    };
  }
  return {
    recordings: withCalls.map((group, at) => {
      const calls = [...group.calls].sort((a, b) => a.started - b.started);
      const first = calls[0].started;
      return {
        scenario: null,
        startedAt: new Date(first).toISOString(),
        exchanges: calls.map(({started, time, exchange}, index) => ({
          index,
          startedMs: started - first,
          endedMs: started - first + time,
          ...exchange,
        })),
        ignored: group.ignored + (at === 0 ? ignoredElsewhere : 0),
        ...(group.label ? {label: group.label} : {}),
      };
    }),
  };
}

type ReadEntry = {
  label?: string;
  started: number;
  time: number;
  call?: Omit<Exchange, 'index' | 'startedMs' | 'endedMs'>;
};

/** One entry read, or what is wrong with it (a phrase). */
function readEntry(entry: unknown): ReadEntry | string {
  if (!isObject(entry)) return 'it is not an object';
  const {request, response} = entry;
  if (!isObject(request)) return 'it has no request object';
  if (typeof request.url !== 'string') return 'request.url is not text';
  const label =
    typeof entry._scenario === 'string' && entry._scenario ? entry._scenario.slice(0, MAX_LABEL_LENGTH) : undefined;
  const started = typeof entry.startedDateTime === 'string' ? Date.parse(entry.startedDateTime) : NaN;
  const url = apiPath(request.url);
  if (url === undefined) return {label, started, time: 0};
  if (!Number.isFinite(started)) return 'startedDateTime is not a date';
  // A tool that could not time the call writes -1; it then counts as instant.
  const time = typeof entry.time === 'number' && Number.isFinite(entry.time) && entry.time > 0 ? entry.time : 0;
  if (typeof request.method !== 'string' || !request.method) return 'request.method is not text';
  if (!isObject(response)) return 'it has no response object';
  if (typeof response.status !== 'number' || !Number.isInteger(response.status) || response.status < 0) {
    return 'response.status is not a status code';
  }
  const requestHeaders = readHeaders(request.headers, 'request.headers');
  if (typeof requestHeaders === 'string') return requestHeaders;
  const responseHeaders = readHeaders(response.headers, 'response.headers');
  if (typeof responseHeaders === 'string') return responseHeaders;
  const requestBody = readBody(request.postData, 'request.postData');
  if (requestBody instanceof Error) return requestBody.message;
  const responseBody = readBody(response.content, 'response.content');
  if (responseBody instanceof Error) return responseBody.message;
  const fault: Fault | undefined =
    typeof entry._fault === 'string'
      ? {kind: entry._faultKind === 'rewrite' ? 'rewrite' : 'status', description: entry._fault}
      : undefined;
  return {
    label,
    started,
    time,
    call: {
      request: {
        method: request.method.toUpperCase(),
        url,
        headers: requestHeaders,
        ...(requestBody ? {body: requestBody} : {}),
      },
      response: {
        status: response.status,
        headers: responseHeaders,
        ...(responseBody ? {body: responseBody} : {}),
      },
      ...(fault ? {fault} : {}),
    },
  };
}

/** HAR headers as the model's (names in lower case; HTTP/2 pseudo-headers such as `:authority` left out). */
function readHeaders(headers: unknown, where: string): Header[] | string {
  if (headers === undefined) return [];
  if (!Array.isArray(headers)) return `${where} is not a list`;
  const read: Header[] = [];
  for (let at = 0; at < headers.length; at++) {
    const header: unknown = headers[at];
    if (!isObject(header) || typeof header.name !== 'string' || typeof header.value !== 'string') {
      return `${where}[${at}] has no text name and value`;
    }
    if (!header.name.startsWith(':')) read.push([header.name.toLowerCase(), header.value]);
  }
  return read;
}

/** The text of a `postData` or `content` (base64 decoded when its `encoding` says so), undefined when none. */
function readBody(holder: unknown, where: string): string | undefined | Error {
  if (!isObject(holder) || holder.text === undefined) return undefined;
  if (typeof holder.text !== 'string') return new Error(`${where}.text is not text`);
  if (holder.encoding !== 'base64') return holder.text || undefined;
  try {
    return base64Text(holder.text) || undefined;
  } catch {
    return new Error(`${where}.text is not base64, as its encoding says`);
  }
}
