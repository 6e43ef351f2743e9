/**
 * `refresh-in-session`: the prices of a live search whose answers link an itinerary refresh (a flow of kind
 * `refresh` in its specification: flights) are refreshed in its session, not by creating the same search
 * again. A create that repeats the query of a session of the run that is still usable fails
 * (`repeatedSearches` of ./judgement.ts: the create's `query`, compared as JSON with its fields in any order). A
 * session is gone, and a new search right, once a poll of it was answered 404 or an answer of it said
 * RESULT_STATUS_FAILED.
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
  id: 'refresh-in-session',
  sentence:
    'The prices of a search that offers an itinerary refresh (flights) are refreshed in its session, not by creating the same search again.',
  tolerance:
    'A create of the same query passes once its session is gone (a poll of it answered 404, or an answer said RESULT_STATUS_FAILED); a create with any other query is a new search; the query is compared as JSON, its fields in any order.',
  guide: guideSection(
    "Create and poll: Refreshing an itinerary's prices",
    'create-and-poll',
    'refreshing-an-itinerarys-prices',
  ),
  judge(run) {
    const {sessions, repeats} = repeatedSearches(run, run.specs.refreshedSearches);
    if (!sessions.length) return notExercised('no search that offers an itinerary refresh (flights) was created');
    if (repeats.length) {
      return failed(
        `${plural(repeats.length, 'create')} asked again for the query of a session still usable, where its itinerary refresh renews the prices: ${listed(
          repeats.map(({call, session}) => `${callName(call)} repeated session ${session.id}`),
        )}`,
        repeats.map(({call}) => call),
      );
    }
    return passed(
      `no create repeated the query of a usable session (${plural(sessions.length, 'session')} of a search that offers an itinerary refresh)`,
      sessions.map((session) => session.calls[0]),
    );
  },
});
