/**
 * One hosted run of the integration check: what its Durable Object (deploy/src/runObject.ts) does, written against a small
 * storage interface and an injected clock so the tests run it in Node as well as in workerd.
 *
 * A run is made by the check's API (./api.ts `POST /check/v1/runs`) with the digest of the key that made it;
 * the partner's program then calls the APIs under one base URL per scenario
 * (`/check/v1/runs/<id>/<segment>/apiservices/...`, a random segment per scenario). Each call goes through the same recorder as the local
 * check's proxy (../record/recorder.ts: the scenario's faults, the sandbox behind them) and is stored as it is
 * recorded, so an object woken afresh replays it and goes on. `finish` judges the HAR of the recording with
 * the same rules (../judge/judgeHar.ts), writes the same reports plus `attestation.json` (../attest/statement.ts),
 * and the run then serves them and takes no more calls (410).
 *
 * Refused, with the check's error body: a key that is not a sandbox key (403; the call is recorded with the
 * key taken out, so its report names it, and no byte of the key is stored), another sandbox key than the run's
 * (403), a finished or expired run (410), calls past a scenario's bound (503). The run expires
 * `RUN_RETENTION_MS` after it was made: its alarm deletes everything but a note that it existed, so its
 * addresses answer 410, and that note goes `TOMBSTONE_MS` later.
 */
import type {OpenApiDocument, PrecompiledValidators} from '@portal/specs';
import {rules} from '../contract';
import {toHar} from '../har/har';
import {type CheckScenario, type Exchange, type Header, type ProgramEnd, type Recording} from '../model';
import {
  createRecorder,
  HOP_HEADERS,
  readCallBody,
  type IncomingCall,
  type Recorded,
  type Recorder,
} from '../record/recorder';
import {judgeHarText} from '../judge/judgeHar';
import {attest, type ProgramCommit, type ProgramFile} from '../attest/statement';
import type {Signer} from '../attest/keys';
import {checkError, keyDigest} from './errors';
import {realKeys, withoutSecrets} from './secrets';
import {
  HOSTED_MAX_CALLS_PER_SCENARIO,
  RUN_FILES,
  RUN_RETENTION_MS,
  RECORDING_SLACK_MS,
  TOMBSTONE_MS,
  type RunFile,
} from './limits';
import {reportFiles} from '../report/files';
import {toBase64Url} from '../base64';

/** The part of a Durable Object's storage a run uses (its key-value API). */
export interface RunStorage {
  get<T>(key: string): Promise<T | undefined>;
  put(entries: Record<string, unknown>): Promise<void>;
  list<T>(options: {prefix: string}): Promise<Map<string, T>>;
  deleteAll(): Promise<void>;
  setAlarm(scheduledTime: number): Promise<void>;
}

export interface RunDeps {
  storage: RunStorage;
  /** Now, ms since 1970 (tests pass their own). */
  now: () => number;
  bundles: Map<string, OpenApiDocument>;
  precompiledValidators?: PrecompiledValidators;
  /** The sandbox the run's calls go to (a Fetch-API handler), for the portal at `siteUrl`. */
  sandbox: (siteUrl: string) => (request: Request) => Response | Promise<Response>;
  /** The key that signs attestations. */
  signer: () => Promise<Signer>;
  /** The commit the Worker was built from, when known. */
  commit?: string;
}

/** What a run keeps about itself. */
export interface RunMeta {
  id: string;
  keyDigest: string;
  origin: string;
  program: string;
  /** Who runs the check, as the partner's command declared it. */
  partner?: string;
  /** The text the provider issued for this check, signed into the attestation. */
  challenge?: string;
  /** The files the command named, by SHA-256, and the git commit it ran at, as the command declared them. */
  programFiles?: ProgramFile[];
  programCommit?: ProgramCommit;
  scenarios: CheckScenario[];
  timeoutSeconds: number;
  createdMs: number;
  /** Calls are taken until then. */
  recordUntilMs: number;
  expiresMs: number;
  /** `finishing` while a finish judges and signs: a second finish then answers 409, as after it. */
  state: 'recording' | 'finishing' | 'finished';
  /**
   * Each scenario's base URL segment, random (`/check/v1/runs/<id>/<segment>`): the URL a program is given does
   * not say which scenario it is in, so it cannot behave well only when tested.
   */
  segments: Partial<Record<CheckScenario, string>>;
  /**
   * 128 random bits: the run's state and files answer it at `<run>/reports/<token>` with no key, the address
   * the attestation's `predicate.url` carries, so whoever holds the attestation can open the run's reports.
   */
  reportsToken: string;
  /** Each scenario's first call (its clock starts there). */
  firstCallMs: Partial<Record<CheckScenario, number>>;
  flooded: CheckScenario[];
}

/** What is left of an expired run: its addresses answer 410 until `forgetMs`. */
interface Tombstone {
  expiredMs: number;
  forgetMs: number;
}

/** How a program ended, as the command reports it at `finish`. */
export type ReportedEnd = Omit<ProgramEnd, 'stderrTail' | 'flooded'>;

/** What the check's API gives a new run (it checked the request first). */
export type RunCreate = Pick<
  RunMeta,
  | 'id'
  | 'keyDigest'
  | 'origin'
  | 'program'
  | 'partner'
  | 'challenge'
  | 'programFiles'
  | 'programCommit'
  | 'scenarios'
  | 'timeoutSeconds'
>;

/**
 * Who reads a run: the `x-api-key` a request sent (undefined: none), which must be the key that made the run,
 * or the reports token of the run's shared address (`reportsUrl`), which the attestation carries.
 */
export type RunAccess = {key: string | undefined} | {reportsToken: string};

/**
 * A run's methods, as the check's API calls them (./api.ts): on the Durable Object's stub over RPC in the Worker
 * (deploy/src/runObject.ts delegates each to `HostedRun`), on a `HostedRun` itself in Node. `key` is the
 * `x-api-key` the request sent (undefined: none); the run answers only the key that made it, and its state
 * and files also whoever holds its attestation (`RunAccess`).
 */
export interface RunApi {
  create(input: RunCreate): Promise<RunMeta>;
  call(request: Request, scenario: string, path: string): Promise<Response>;
  status(access: RunAccess): Promise<Response>;
  finish(key: string | undefined, programs: Partial<Record<CheckScenario, ReportedEnd>>): Promise<Response>;
  file(access: RunAccess, name: string): Promise<Response>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {status, headers: {'content-type': 'application/json', ...headers}});

const pad = (index: number): string => String(index).padStart(6, '0');
/** Values are stored in pieces below the platform's per-value limit. */
const CHUNK = 512 * 1024;

/** The run's own address (its scenarios' base URLs are under it). */
export const runUrl = (origin: string, id: string): string => `${origin}/check/v1/runs/${id}`;

/** The run's shared address: its state and files for whoever holds its attestation, which carries it. */
export const reportsUrl = (meta: Pick<RunMeta, 'origin' | 'id' | 'reportsToken'>): string =>
  `${runUrl(meta.origin, meta.id)}/reports/${meta.reportsToken}`;

/** A scenario's base URL segment: 64 random bits, base64url. */
const newSegment = (): string => toBase64Url(crypto.getRandomValues(new Uint8Array(8)));

export class HostedRun implements RunApi {
  private meta?: RunMeta;
  private readonly recorders = new Map<CheckScenario, Promise<Recorder>>();

  constructor(private readonly deps: RunDeps) {}

  /** The run's record, or why it answers none: 404 never made, 410 expired. */
  private async load(): Promise<RunMeta | Response> {
    this.meta ??= await this.deps.storage.get<RunMeta>('run');
    if (this.meta && this.deps.now() >= this.meta.expiresMs) {
      await this.expire();
    }
    if (this.meta) return this.meta;
    const tombstone = await this.deps.storage.get<Tombstone>('expired');
    if (tombstone)
      return checkError(
        410,
        `This run expired at ${new Date(tombstone.expiredMs).toISOString()}: its calls and reports are deleted. Start a new run.`,
      );
    return checkError(404, 'No such run: its id is wrong, or it was deleted.');
  }

  /** Deletes the run, leaving the note that makes its addresses answer 410 for a while. */
  async expire(): Promise<void> {
    const meta = this.meta ?? (await this.deps.storage.get<RunMeta>('run'));
    const tombstone = await this.deps.storage.get<Tombstone>('expired');
    await this.deps.storage.deleteAll();
    this.meta = undefined;
    this.recorders.clear();
    const now = this.deps.now();
    if (meta) {
      const note: Tombstone = {expiredMs: meta.expiresMs, forgetMs: meta.expiresMs + TOMBSTONE_MS};
      await this.deps.storage.put({expired: note});
      await this.deps.storage.setAlarm(note.forgetMs);
    } else if (tombstone && now < tombstone.forgetMs) {
      await this.deps.storage.put({expired: tombstone});
      await this.deps.storage.setAlarm(tombstone.forgetMs);
    }
  }

  /** The object's alarm: the run has expired (or its note is to be forgotten). */
  async alarm(): Promise<void> {
    await this.expire();
  }

  /** Makes the run (the API's create, after it checked the request). */
  async create(input: RunCreate): Promise<RunMeta> {
    const now = this.deps.now();
    const segments: RunMeta['segments'] = {};
    for (const scenario of input.scenarios) segments[scenario] = newSegment();
    const meta: RunMeta = {
      ...input,
      createdMs: now,
      recordUntilMs: now + input.scenarios.length * input.timeoutSeconds * 1000 + RECORDING_SLACK_MS,
      expiresMs: now + RUN_RETENTION_MS,
      state: 'recording',
      segments,
      reportsToken: toBase64Url(crypto.getRandomValues(new Uint8Array(16))),
      firstCallMs: {},
      flooded: [],
    };
    await this.deps.storage.put({run: meta});
    await this.deps.storage.setAlarm(meta.expiresMs);
    this.meta = meta;
    return meta;
  }

  private recorder(meta: RunMeta, scenario: CheckScenario): Promise<Recorder> {
    let made = this.recorders.get(scenario);
    if (!made) {
      made = this.deps.storage.list<Recorded>({prefix: `x:${scenario}:`}).then((stored) =>
        createRecorder({
          bundles: this.deps.bundles,
          scenario,
          upstream: this.deps.sandbox(meta.origin),
          siteUrl: meta.origin,
          maxCalls: HOSTED_MAX_CALLS_PER_SCENARIO,
          replay: [...stored.values()],
        }),
      );
      this.recorders.set(scenario, made);
    }
    return made;
  }

  /** Whether the key sent is the run's own: undefined when it is, else the error answer. */
  /** The refusal of a reader the run does not answer, or undefined. */
  private async allowed(access: RunAccess, meta: RunMeta): Promise<Response | undefined> {
    if (!('reportsToken' in access)) return this.ownKey(access.key, meta);
    // Compared as digests, so the time taken says nothing of how much of the token was right
    if (!meta.reportsToken || (await keyDigest(access.reportsToken)) !== (await keyDigest(meta.reportsToken)))
      return checkError(404, 'No such run: its id is wrong, or it was deleted.');
    return undefined;
  }

  private async ownKey(key: string | undefined, meta: RunMeta): Promise<Response | undefined> {
    if (!key) return checkError(401, 'Send the sandbox_ key that made this run in x-api-key.');
    if ((await keyDigest(key)) !== meta.keyDigest)
      return checkError(403, 'This run answers only the key that made it.');
    return undefined;
  }

  /** A call of the partner's program in one scenario: `path` is from `/apiservices/` on, with the query. */
  async call(request: Request, segment: string, path: string): Promise<Response> {
    const meta = await this.load();
    if (meta instanceof Response) return meta;
    const played = meta.scenarios.find((scenario) => meta.segments[scenario] === segment);
    if (!played) return checkError(404, 'This run has no such base URL: use the base URLs its creation answered.');
    const now = this.deps.now();
    if (meta.state !== 'recording')
      return checkError(410, 'This run is finished: it takes no more calls. Its reports are at its address.');
    if (now >= meta.recordUntilMs)
      return checkError(410, "This run's time is over: it takes no more calls. Finish it, or start a new run.");

    meta.firstCallMs[played] ??= now;
    const startedMs = now - meta.firstCallMs[played]!;
    const headers: Header[] = [];
    request.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name) && !name.startsWith('cf-') && name !== 'x-forwarded-for' && name !== 'x-real-ip')
        headers.push([name, value]);
    });
    const body = await readCallBody(request);
    const incoming: IncomingCall = {method: request.method.toUpperCase(), url: path, headers, body, startedMs};
    const recorder = await this.recorder(meta, played);
    const elapsed = () => this.deps.now() - meta.firstCallMs[played]!;

    const secrets = realKeys(incoming);
    const key = request.headers.get('x-api-key');
    let refused: Response | undefined;
    if (secrets.length)
      refused = checkError(
        403,
        'Never send a real key to the sandbox or the check: this call carried a key that is not a sandbox_ key. It was not passed on, and the run recorded it without the key.',
      );
    else if (key && (await keyDigest(key)) !== meta.keyDigest)
      refused = checkError(
        403,
        'This run answers only the key that made it: call it with the API_KEY the check gave your program.',
      );

    let stored: Recorded;
    let answer: Response;
    if (refused) {
      const text = await refused.clone().text();
      const exchange = recorder.refuse(
        withoutSecrets(incoming, secrets),
        {status: refused.status, headers: [['content-type', 'application/json']], body: text},
        elapsed(),
      );
      stored = {exchange, refused: true};
      answer = refused;
    } else {
      const recorded = await recorder.answer(incoming, elapsed);
      if (!recorded.exchange) {
        if (!meta.flooded.includes(played)) meta.flooded.push(played);
        await this.deps.storage.put({run: meta});
        return new Response(recorded.body, {status: recorded.status, headers: recorded.headers});
      }
      stored = {exchange: recorded.exchange};
      answer = new Response(recorded.body || null, {status: recorded.status, headers: recorded.headers});
    }
    await this.deps.storage.put({run: meta, [`x:${played}:${pad(stored.exchange.index)}`]: stored});
    return answer;
  }

  /** The run's state, for its key or its reports token. */
  async status(access: RunAccess): Promise<Response> {
    const meta = await this.load();
    if (meta instanceof Response) return meta;
    const refused = await this.allowed(access, meta);
    if (refused) return refused;
    const base = 'reportsToken' in access ? reportsUrl(meta) : runUrl(meta.origin, meta.id);
    const calls: Record<string, number> = {};
    for (const scenario of meta.scenarios)
      calls[scenario] = (await this.deps.storage.list({prefix: `x:${scenario}:`})).size;
    return json(200, {
      id: meta.id,
      // A finish in progress is still a run that is not finished
      state: meta.state === 'finished' ? 'finished' : 'recording',
      expiresAt: new Date(meta.expiresMs).toISOString(),
      calls,
      ...(meta.state === 'finished' ? {files: Object.keys(RUN_FILES).map((file) => `${base}/${file}`)} : {}),
    });
  }

  /** Judges the run and writes its reports: the command's `programs` say how each program ended. */
  async finish(key: string | undefined, programs: Partial<Record<CheckScenario, ReportedEnd>>): Promise<Response> {
    const meta = await this.load();
    if (meta instanceof Response) return meta;
    const refused = await this.ownKey(key, meta);
    if (refused) return refused;
    if (meta.state !== 'recording')
      return checkError(409, 'This run is finished already: its reports are at its address.');
    // The check and the set are one step (no wait between them), so a second finish, however it is carried,
    // finds the run finishing and answers 409; a finish that fails puts the run back to recording.
    meta.state = 'finishing';
    try {
      const answer = await this.judgeAndSign(meta, programs);
      if (!answer.ok) meta.state = 'recording';
      return answer;
    } catch (error) {
      meta.state = 'recording';
      throw error;
    }
  }

  /** The finish's work: the run judged from its own HAR, its reports written, its verdict signed. */
  private async judgeAndSign(meta: RunMeta, programs: Partial<Record<CheckScenario, ReportedEnd>>): Promise<Response> {
    let signer: Signer;
    try {
      signer = await this.deps.signer();
    } catch (error) {
      return checkError(503, `The run cannot be attested: ${error instanceof Error ? error.message : String(error)}`);
    }
    const finishedMs = this.deps.now();
    const recordings: Recording[] = [];
    for (const scenario of meta.scenarios) {
      const stored = await this.deps.storage.list<Recorded>({prefix: `x:${scenario}:`});
      const exchanges: Exchange[] = [...stored.values()].map((record) => record.exchange);
      const reported = programs[scenario];
      recordings.push({
        scenario,
        startedAt: new Date(meta.firstCallMs[scenario] ?? finishedMs).toISOString(),
        exchanges,
        timeLimitMs: meta.timeoutSeconds * 1000,
        ...(reported ? {program: {...reported, flooded: meta.flooded.includes(scenario), stderrTail: ''}} : {}),
      });
    }
    const url = runUrl(meta.origin, meta.id);
    // Each call at the URL the program called: its scenario's base URL
    const har = JSON.stringify(
      toHar(recordings, {baseUrl: (recording) => `${url}/${meta.segments[recording.scenario!]}`}),
      null,
      2,
    );
    const report = await judgeHarText(har, 'session.har', this.deps.bundles, {
      subject: meta.program,
      mode: 'program',
      precompiledValidators: this.deps.precompiledValidators,
    });
    if ('error' in report) return checkError(500, `The run could not be judged: ${report.error}`);
    const envelope = await attest(
      {
        report,
        rules,
        har,
        url: reportsUrl(meta),
        siteUrl: meta.origin,
        bundles: this.deps.bundles,
        startedAt: new Date(meta.createdMs).toISOString(),
        finishedAt: new Date(finishedMs).toISOString(),
        ...(this.deps.commit ? {commit: this.deps.commit} : {}),
        ...(meta.partner ? {partner: meta.partner} : {}),
        ...(meta.challenge ? {challenge: meta.challenge} : {}),
        ...(meta.programFiles ? {programFiles: meta.programFiles} : {}),
        ...(meta.programCommit ? {programCommit: meta.programCommit} : {}),
      },
      signer,
    );
    const files: Record<RunFile, string> = {
      ...reportFiles(report, har, meta.origin),
      'attestation.json': JSON.stringify(envelope, null, 2),
    };
    const entries: Record<string, unknown> = {};
    for (const [name, text] of Object.entries(files)) {
      const pieces = Math.max(1, Math.ceil(text.length / CHUNK));
      entries[`f:${name}`] = pieces;
      for (let at = 0; at < pieces; at++) entries[`f:${name}:${at}`] = text.slice(at * CHUNK, (at + 1) * CHUNK);
    }
    meta.state = 'finished';
    await this.deps.storage.put({...entries, run: meta});
    return json(200, {
      id: meta.id,
      result: report.passed ? 'PASSED' : 'FAILED',
      runs: report.runs.map((run) => ({
        scenario: run.recording.scenario,
        calls: run.recording.exchanges.length,
        verdicts: run.verdicts.map(({rule, outcome, detail}) => ({rule, outcome, detail})),
      })),
      problems: report.problems,
      files: Object.keys(RUN_FILES).map((file) => `${url}/${file}`),
    });
  }

  /** A file of a finished run, for its key or its reports token. */
  async file(access: RunAccess, name: string): Promise<Response> {
    const meta = await this.load();
    if (meta instanceof Response) return meta;
    const refused = await this.allowed(access, meta);
    if (refused) return refused;
    if (!Object.hasOwn(RUN_FILES, name))
      return checkError(404, `A run has no file ${name}: its files are ${Object.keys(RUN_FILES).join(', ')}.`);
    if (meta.state !== 'finished')
      return checkError(409, 'This run is not finished yet: finish it first, then fetch its reports.');
    const pieces = (await this.deps.storage.get<number>(`f:${name}`)) ?? 0;
    let text = '';
    for (let at = 0; at < pieces; at++) text += (await this.deps.storage.get<string>(`f:${name}:${at}`)) ?? '';
    const headers: Record<string, string> = {'content-type': RUN_FILES[name as RunFile]};
    // The report opens in a tab: its own stylesheet only, nothing it could run or load
    if (name === 'report.html')
      headers['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
    return new Response(text, {status: 200, headers});
  }
}
