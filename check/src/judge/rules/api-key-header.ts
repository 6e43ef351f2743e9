/**
 * `api-key-header`: a call that needs a key sends it in the header its operation's security scheme names,
 * never in the query string; to the sandbox (a run of the check, not a HAR), only a sandbox key, wherever the
 * call carries one. Where a call carries a key is read by ../../keyNames.ts, the reader the HAR's masking and
 * the hosted run's refusal use too: a query parameter carries a key when it is named like one (after the
 * URL's first `?`, its name decoded) or holds a key the call's headers send or a sandbox key.
 */
import {isKeyName, keysInCall, queryParameters, SANDBOX_KEY_PREFIX} from '../../keyNames';
import type {Call, Run} from '../../record/recording';
import {
  allOf,
  callName,
  defineRule,
  failed,
  guideSection,
  headerOf,
  listed,
  notExercised,
  passed,
  plural,
} from './judgement';

/** The headers of a call that carry a key in some operation, with the key they carry. */
const keysSent = (run: Run, call: Call): [name: string, value: string][] =>
  run.specs.allKeyHeaders.flatMap((name) => {
    const value = headerOf(call.exchange.request.headers, name);
    return value ? [[name, value] as [string, string]] : [];
  });

/** Query parameters that carry a key: named like one, or holding a key the call's headers send or a sandbox key. */
function keysInQuery(run: Run, call: Call): string[] {
  const sent = keysSent(run, call).map(([, value]) => value);
  return queryParameters(call.exchange.request.url)
    .filter(
      ({name, value}) =>
        isKeyName(name, run.specs.allKeyHeaders) || sent.includes(value) || value.startsWith(SANDBOX_KEY_PREFIX),
    )
    .map(({name}) => name);
}

/** Where else than the query a call carries a key that is not a sandbox key: a header, a cookie, the path, the body. */
const realKeysSent = (run: Run, call: Call): string[] =>
  keysInCall(call.exchange.request, run.specs.allKeyHeaders)
    .filter(({part, value}) => part !== 'query' && !value.startsWith(SANDBOX_KEY_PREFIX))
    .map(({where}) => where);

export default defineRule({
  id: 'api-key-header',
  sentence:
    'Calls that need a key send it in the x-api-key header, never in the query string; to the sandbox, only a sandbox_ key.',
  tolerance:
    "Calls the API reference marks as needing no key need none; a HAR's keys are masked or real, so a HAR is checked for the header and the query string only (the sandbox takes sandbox_ keys only: /docs/getting-started/sandbox#keys).",
  guide: guideSection('Authentication: Sending the key', 'authentication', 'sending-the-key'),
  judge(run) {
    const checkRun = run.recording.scenario !== null;
    const judged: Call[] = [];
    const broken: string[] = [];
    const breaking: Call[] = [];
    for (const call of run.calls) {
      // Never a real key to the sandbox, wherever it is, even in a call of no operation (a key named in the
      // path is one); a HAR's keys are masked or real, and not judged
      const realKeys = checkRun ? realKeysSent(run, call) : [];
      const operationId = call.checked.operationId;
      if (!operationId && !realKeys.length) continue;
      const needed = (operationId && run.specs.keyHeaders.get(operationId)) || [];
      const inQuery = operationId ? keysInQuery(run, call) : [];
      const sentKeys = keysSent(run, call);
      if (!needed.length && !inQuery.length && !sentKeys.length && !realKeys.length) continue;
      judged.push(call);
      const problems = [
        ...needed.filter((name) => !headerOf(call.exchange.request.headers, name)).map((name) => `no ${name} header`),
        ...inQuery.map((name) => `a key in the query string (${name})`),
        ...realKeys.map((where) => `a key in ${where} that is not a ${SANDBOX_KEY_PREFIX} key`),
      ];
      if (problems.length) {
        breaking.push(call);
        broken.push(`${callName(call)}: ${problems.join(', ')}`);
      }
    }
    if (!judged.length) return notExercised('no call needed or sent a key');
    if (breaking.length) {
      const sandboxNote = checkRun ? `; the sandbox takes ${SANDBOX_KEY_PREFIX} keys only` : '';
      return failed(
        `${plural(breaking.length, 'call')} of ${judged.length}: ${listed(broken)}${sandboxNote}`,
        breaking,
      );
    }
    return passed(
      `${allOf(judged.length, 'call')} that needed a key sent it in the header${checkRun ? `, a ${SANDBOX_KEY_PREFIX} key` : ''}, none in the query string`,
      judged,
    );
  },
});
