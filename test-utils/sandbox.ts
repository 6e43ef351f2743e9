/**
 * The one way tests serve a sandbox over HTTP: `startSandbox(app.fetch)` listens on 127.0.0.1 on a free
 * port and logs every request with the status it answered (and, for a 400, the fields it named); its
 * `close()` also ends idle keep-alive connections. Used by the guides' runs (website/test/guideRuns.test.ts,
 * guideNoAction.test.ts, guideRetries.test.ts) and the sandbox's HTTP tests (sandbox/src/codeSamples.test.ts,
 * load.test.ts); tests of the app alone call `app.request()` with no port.
 */
import type {AddressInfo} from 'node:net';
import {serve} from '@hono/node-server';

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  /** When the request arrived (Date.now()): the waits between a client's retries are the gaps. */
  at: number;
  /** For a 400: the failing fields the answer names (`field: description`), joined. */
  violations?: string;
}

export interface RunningSandbox {
  /** `http://127.0.0.1:<port>`, the value of `API_BASE_URL`. */
  url: string;
  /** Every request served since the start, with the status answered. */
  requests: LoggedRequest[];
  close(): Promise<void>;
}

/** The failing fields an error body names (`google.rpc.BadRequest` details), as `field: description`. */
async function violationsOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as {details?: {fieldViolations?: {field: string; description: string}[]}[]};
    const fields = (body.details ?? []).flatMap((detail) => detail.fieldViolations ?? []);
    return fields.map((violation) => `${violation.field}: ${violation.description}`).join('; ');
  } catch {
    return '';
  }
}

/** Serves a Fetch handler (the sandbox app's `fetch`) on 127.0.0.1, on a free port, logging each request. */
export async function startSandbox(fetch: (request: Request) => Response | Promise<Response>): Promise<RunningSandbox> {
  const requests: LoggedRequest[] = [];
  const logged = async (request: Request): Promise<Response> => {
    const at = Date.now();
    const response = await fetch(request);
    const logged: LoggedRequest = {
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      at,
    };
    if (response.status === 400) logged.violations = await violationsOf(response.clone());
    requests.push(logged);
    return response;
  };
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({fetch: logged, port: 0, hostname: '127.0.0.1'}, () => resolve(started));
  });
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections of a client that is done would hold the server open
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
