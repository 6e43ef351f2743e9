/**
 * The polling loop of Create and poll (website/docs/getting-started/create-and-poll.mdx, "A complete
 * polling loop") as a program for any live search, in bash with curl and jq, JavaScript, Python and
 * TypeScript: written once here. The guide's own loops are this code for its flights query (a test in
 * website/test/liveLoops.test.ts holds them equal), the try-it console shows it for the session it just
 * ran, and CI runs every language of it against the sandbox for each live search.
 *
 * What varies with the search is read from its specification (`liveLoopOf`): the create and poll paths,
 * the field and path parameter that carry the session token, the statuses that end the session and the
 * wait between polls (its `x-live-flow`), and whether the poll's answer declares an
 * `action` (an answer documented without one holds the whole set, as Create and poll says of the car
 * hire and hotels answers). The bodies are the caller's: the create's, and the poll's when it takes one.
 * One module per language: ./bash.ts, ./javascript.ts (JavaScript and TypeScript), ./python.ts; ./literal.ts
 * writes JSON values as each language's literals.
 */
import {liveFlows} from '../flows';
import {resolveRef, responseMedia, type OpenApiDocument} from '../openapi';
import {bash} from './bash';
import {javascript} from './javascript';
import {python} from './python';

/** What a loop program is made of. */
export interface LiveLoop {
  /** `/apiservices/v3/flights/live/search/create` */
  createPath: string;
  createBody: unknown;
  /** The poll's path, the token's parameter in braces: `/apiservices/.../poll/{sessionToken}`. */
  pollPath: string;
  tokenParameter: string;
  /** The answer field that carries the token (`sessionToken`). */
  tokenField: string;
  /** The poll's body, when it takes one (hotels: sort, filters, page). */
  pollBody?: unknown;
  /** The poll's answer declares no `action`: an answer with content and no action is the whole set too. */
  replaceWithoutAction: boolean;
  /** What the program counts as it goes: `content.results.<list>`, called `noun`. */
  count: {list: string; noun: string};
  /** What the search is, for the programs' comments: `a flights live search`. */
  what: string;
  /** The statuses after which the loop stops polling (`x-live-flow.terminalStatuses`). */
  terminalStatuses: readonly string[];
  /** The first wait between polls, in milliseconds (`x-live-flow.pollIntervalSeconds`); it doubles up to 5 s. */
  pollIntervalMs: number;
}

export type LoopLanguage = 'bash' | 'javascript' | 'python' | 'typescript';

export interface LoopProgram {
  language: LoopLanguage;
  label: string;
  /** The fence language. */
  lang: string;
  source: string;
}

/**
 * The loop of a live search: the flow whose create is `createId`, as its specification links it, with
 * the bodies given.
 */
export function liveLoopOf(
  slug: string,
  doc: OpenApiDocument,
  createId: string,
  options: {createBody: unknown; pollBody?: unknown; count: Pick<LiveLoop['count'], 'noun'>; what: string},
): LiveLoop {
  const flow = liveFlows(slug, doc).find((candidate) => candidate.create.operationId === createId);
  if (!flow) throw new Error(`${createId} starts no live flow of ${slug}`);
  if (flow.create.method !== 'POST' || flow.poll.method !== 'POST') {
    throw new Error(`${createId}: the loop POSTs its create and its polls, as the live searches do`);
  }
  const schema = responseMedia(doc, flow.poll)?.schema;
  const declaresAction = schema !== undefined && resolveRef(doc, schema).properties?.action !== undefined;
  return {
    createPath: flow.create.path,
    createBody: options.createBody,
    pollPath: flow.poll.path,
    tokenParameter: flow.tokenParameter,
    tokenField: flow.tokenField,
    ...(options.pollBody === undefined ? {} : {pollBody: options.pollBody}),
    replaceWithoutAction: !declaresAction,
    // What it counts is where the flow declares its results (`x-live-flow.results`)
    count: {list: flow.results, noun: options.count.noun},
    what: options.what,
    terminalStatuses: flow.terminalStatuses,
    pollIntervalMs: flow.pollIntervalMs,
  };
}

/** The loop as a program in each language. */
export function liveLoopPrograms(loop: LiveLoop): LoopProgram[] {
  return [
    {language: 'bash', label: 'curl', lang: 'bash', source: bash(loop)},
    {language: 'javascript', label: 'JavaScript', lang: 'js', source: javascript(loop)},
    {language: 'python', label: 'Python', lang: 'python', source: python(loop)},
    {language: 'typescript', label: 'TypeScript', lang: 'ts', source: javascript(loop, true)},
  ];
}
