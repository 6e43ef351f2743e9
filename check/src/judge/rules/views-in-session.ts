/**
 * `views-in-session`: another page, sort or filter of a live search whose poll takes a view (the poll has a
 * request body in its specification: hotels) is asked by polling its session, not by creating the search
 * again. A create that repeats the query of a session of the run that is still usable fails
 * (`repeatedSearches` of ./judgement.ts: the create's `query`, compared as JSON with its fields in any order;
 * a hotels create's `initialPageSize` is not part of it). A session is gone, and a new search right, once a poll
 * of it was answered 404 or an answer of it said RESULT_STATUS_FAILED.
 */
import {
  callName,
  defineRule,
  failed,
  guideSection,
  listed,
  notExercised,
  passed,
  plural,
  repeatedSearches,
} from './judgement';

export default defineRule({
  id: 'views-in-session',
  sentence:
    'Another page, sort or filter of a search whose poll takes a view (hotels) is asked by polling its session, not by creating the same search again.',
  tolerance:
    'A create of the same query passes once its session is gone (a poll of it answered 404, or an answer said RESULT_STATUS_FAILED); a create with any other query is a new search; the query is compared as JSON, its fields in any order, and the page size is no part of it.',
  guide: guideSection(
    'Create and poll: Another page, sort or filter',
    'create-and-poll',
    'another-page-sort-or-filter',
  ),
  judge(run) {
    const creates = new Set(
      [...run.specs.flowsByCreate.values()]
        .filter((flow) => run.specs.pollsWithBody.has(flow.poll.operationId))
        .map((flow) => flow.create.operationId),
    );
    const {sessions, repeats} = repeatedSearches(run, creates);
    if (!sessions.length) return notExercised('no search whose poll takes a view (hotels) was created');
    if (repeats.length) {
      return failed(
        `${plural(repeats.length, 'create')} asked again for the query of a session still usable, where a poll of it asks for another view: ${listed(
          repeats.map(({call, session}) => `${callName(call)} repeated session ${session.id}`),
        )}`,
        repeats.map(({call}) => call),
      );
    }
    return passed(
      `no create repeated the query of a usable session (${plural(sessions.length, 'session')} of a search whose poll takes a view)`,
      sessions.map((session) => session.calls[0]),
    );
  },
});
