/**
 * Helpers of the sandbox's tests: the app on the bundles with a clock the tests move, and requests
 * built from the specs' examples (through @portal/specs).
 */
import {firstExample, parametersOf, requestMedia, SpecValidator, type Operation} from '@portal/specs';
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
