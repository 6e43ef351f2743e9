/**
 * What every rule's file (rules/<id>.ts) is made of: the shape of a rule with its judgement
 * (`defineRule`), the guide section it cites (`guideSection`), the verdicts a judgement gives, and the small
 * readings of a call several rules share (a header, the same request, the calls named in a sentence).
 * Imports types only, so the site's rules list (../../contract.ts, read by the Integration check page) loads no
 * library.
 */
import type {Exchange, Rule, RuleVerdict} from '../../model';
import type {Call, Run, Session} from '../../record/recording';

/** What a judgement finds in one recording: a verdict without its rule's id. */
export type Judgement = Omit<RuleVerdict, 'rule'>;

/** A rule of the contract with its judgement: a pure function of one recording as the rules read it. */
export interface JudgedRule<Id extends string = string> extends Rule {
  id: Id;
  judge(run: Run): Judgement;
}

/** A rule's file's one export; `Id` is kept as a literal, so the registry knows every id (`RuleId`). */
export const defineRule = <const Id extends string>(rule: JudgedRule<Id>): JudgedRule<Id> => rule;

/** A section of a guide under /docs/getting-started/: its title, page and heading's anchor. */
export const guideSection = (title: string, page: string, anchor: string): Rule['guide'] => ({
  title,
  path: `/docs/getting-started/${page}#${anchor}`,
});

const indices = (calls: Call[]): number[] => [...new Set(calls.map((call) => call.index))].sort((a, b) => a - b);
export const passed = (detail: string, calls: Call[]): Judgement => ({outcome: 'pass', detail, calls: indices(calls)});
export const failed = (detail: string, calls: Call[]): Judgement => ({outcome: 'fail', detail, calls: indices(calls)});
export const notExercised = (detail: string): Judgement => ({outcome: 'not-exercised', detail, calls: []});

export const seconds = (ms: number): string => `${Math.round(ms) / 1000} s`;
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
/** `the one call` or `all 3 calls`: every one of a count, as a verdict says it. */
export const allOf = (count: number, one: string, many = `${one}s`): string =>
  count === 1 ? `the one ${one}` : `all ${plural(count, one, many)}`;
/** The first few items of a list, then how many more. */
export const listed = (items: string[], shown = 3): string =>
  `${items.slice(0, shown).join('; ')}${items.length > shown ? `; and ${items.length - shown} more` : ''}`;
/** `429, 500 or 503` */
export const orList = (items: readonly (string | number)[]): string =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : items.join('');
/** `#3 FlightsService_PollSearch`, or the method for a call of no operation. */
export const callName = (call: Call): string =>
  `#${call.index} ${call.checked.operationId ?? call.exchange.request.method}`;
/** `#3, #4` */
export const callList = (list: Call[]): string => list.map((call) => `#${call.index}`).join(', ');

export const headerOf = (headers: Exchange['request']['headers'], name: string): string | undefined =>
  headers.find(([key]) => key.toLowerCase() === name)?.[1];

/** The same request: method, URL and body. */
export const sameRequest = (a: Call, b: Call): boolean =>
  a.exchange.request.method.toUpperCase() === b.exchange.request.method.toUpperCase() &&
  a.exchange.request.url === b.exchange.request.url &&
  (a.exchange.request.body ?? '') === (b.exchange.request.body ?? '');

/** A session's first 2xx answer with one of its flow's terminal statuses (`x-live-flow.terminalStatuses`). */
export const doneAnswer = (session: Session): Call | undefined =>
  session.calls.find((call) => call.ok && session.flow.terminalStatuses.includes(String(call.answer?.status)));

/** The answer status after which a session is gone, as a poll answered 404 is. */
export const SESSION_FAILED = 'RESULT_STATUS_FAILED';

/** A create that asked again for the query of an earlier session still usable when it was sent. */
export interface RepeatedSearch {
  call: Call;
  session: Session;
}

/**
 * The sessions started by a create among `creates` (operationIds of the creates of live searches), and the
 * creates among them that repeat the query (`Call.query`) of an earlier such session still usable when they were
 * sent: its create's answer had arrived, and no poll of it had been answered 404 and no answer of it had said
 * RESULT_STATUS_FAILED by then. (A session's calls after its first are polls, so a 404 among them is a poll's;
 * the creates are compared by their query alone, since the queries of two searches' creates differ in shape.)
 */
export function repeatedSearches(
  run: Run,
  creates: ReadonlySet<string | undefined>,
): {sessions: Session[]; repeats: RepeatedSearch[]} {
  const sessions = run.sessions.filter(
    (session) => session.calls[0].role === 'create' && creates.has(session.flow.create.operationId),
  );
  const usableAt = (session: Session, time: number): boolean =>
    session.calls[0].end <= time &&
    !session.calls.some((call) => call.end <= time && (call.status === 404 || call.answer?.status === SESSION_FAILED));
  const repeats = run.calls.flatMap((call) => {
    if (call.query === undefined || !creates.has(call.checked.operationId)) return [];
    const session = sessions.find(
      (earlier) => earlier.calls[0] !== call && earlier.calls[0].query === call.query && usableAt(earlier, call.start),
    );
    return session ? [{call, session}] : [];
  });
  return {sessions, repeats};
}
