/**
 * Helpers of the sandbox's tests: the app on the bundles with a clock the tests move, and requests
 * built from the specs' examples (through @portal/specs).
 */
import {
  firstExample,
  liveFlows,
  operationLinks,
  parametersOf,
  requestMedia,
  SpecValidator,
  type Operation,
} from '@portal/specs';
import {loadBundles} from '@portal/specs/node';
import {createApp} from './app';

export const bundles = loadBundles();
export const validator = new SpecValidator(bundles);
export const KEY = 'sandbox_test_key';

/** An app with a clock that starts now and moves only when told. */
export function testApp(start = Date.now()) {
  const clock = {now: start};
  const app = createApp({bundles, now: () => clock.now});
  return {app, clock};
}

export const operationsOf = (): Operation[] => [...validator.operations.values()];

/** The first request example of an operation (undefined without a body). */
export const exampleBody = (operation: Operation): unknown =>
  requestMedia(bundles.get(operation.slug)!, operation) &&
  structuredClone(firstExample(bundles.get(operation.slug)!, requestMedia(bundles.get(operation.slug)!, operation)));

/** The operation's path and query from its parameter examples, with some values replaced. */
export function exampleUrl(operation: Operation, replace: Record<string, string> = {}): string {
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of parametersOf(bundles.get(operation.slug)!, operation)) {
    const value = replace[parameter.name!] ?? String(parameter.example ?? '');
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (parameter.in === 'query') query.set(parameter.name!, value);
  }
  return `http://sandbox.test${path}${query.size ? `?${query}` : ''}`;
}

export function request(
  operation: Operation,
  {body, replace, headers}: {body?: unknown; replace?: Record<string, string>; headers?: Record<string, string>} = {},
): Request {
  return new Request(exampleUrl(operation, replace), {
    method: operation.method,
    headers: {'x-api-key': KEY, ...(body === undefined ? {} : {'content-type': 'application/json'}), ...headers},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export const op = (operationId: string): Operation => validator.operation(operationId);

const links = [...bundles].flatMap(([slug, doc]) => operationLinks(slug, doc));

/**
 * The path values and body of an operation's example request, made live: for an operation that takes
 * a token from an earlier answer, the operation its spec links to it (`operationLinks`) is called first
 * on `app` (itself prepared the same way), and its answer fills the link's path parameters. The
 * itinerary refresh's body names one itinerary of the search (a key of `content.results.itineraries`,
 * as its link's description says).
 */
export async function linkedRequest(
  app: ReturnType<typeof testApp>['app'],
  operation: Operation,
): Promise<{replace: Record<string, string>; body: unknown}> {
  const body = exampleBody(operation);
  const link = links.find(
    (candidate) =>
      candidate.to.operationId === operation.operationId && candidate.from.operationId !== operation.operationId,
  );
  if (!link) return {replace: {}, body};
  const before = await linkedRequest(app, link.from);
  const answer = (await (await app.request(request(link.from, before))).json()) as Record<string, unknown>;
  const replace = Object.fromEntries(link.parameters.map(({parameter, field}) => [parameter, String(answer[field])]));
  if ((body as {itineraryId?: string} | undefined)?.itineraryId) {
    const itineraries = (answer.content as {results: {itineraries: Record<string, unknown>}}).results.itineraries;
    return {replace, body: {...(body as object), itineraryId: Object.keys(itineraries)[0]}};
  }
  return {replace, body};
}

/** The live searches: the create-and-poll pairs the specs link, of kind `search` (`x-live-flow`). */
export const liveSearches = [...bundles].flatMap(([slug, doc]) =>
  liveFlows(slug, doc)
    .filter((flow) => flow.kind === 'search')
    .map((flow) => ({slug, create: flow.create.operationId, poll: flow.poll.operationId})),
);

/** The session token of a hotels live search made from the spec's example. */
export async function hotelsSession(app: ReturnType<typeof testApp>['app']): Promise<string> {
  const response = await app.request(
    request(op('HotelsService_CreateSearch'), {body: exampleBody(op('HotelsService_CreateSearch'))}),
  );
  if (response.status !== 200) throw new Error(`the hotels live search answered ${response.status}`);
  return ((await response.json()) as {sessionToken: string}).sessionToken;
}
