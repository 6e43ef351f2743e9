/**
 * Sends one request of the console to its target: the in-browser sandbox (sandbox.ts) or, with
 * `fetch`, the local sandbox or the reader's host (`TargetKind` in request.ts), and reads the answer
 * the console shows (AnswerView.tsx). Also says, in words, why a request got no answer.
 */
import type {OpenApiDocument} from '@portal/specs';
import {localSandboxUrl, requestUrl, type EditedRequest, type TargetKind} from './request';
import {askSandbox} from './sandbox';

/** An answer as the console shows it; the body pretty-printed when it is JSON. */
export interface Answer {
  status: number;
  statusText: string;
  ms: number;
  headers: [string, string][];
  body: string;
  /** The parsed body; undefined when it is not JSON. */
  json: unknown;
  /** What was sent for it: method, URL and body (a session's calls show it, PollTimeline.tsx). */
  sent?: {method: string; url: string; body?: string};
}

/** Sends `request` to `target`; `signal` aborts it (Stop). Rejects when no answer arrives. */
export async function sendRequest(
  target: TargetKind,
  slug: string,
  doc: OpenApiDocument,
  request: EditedRequest,
  signal?: AbortSignal,
): Promise<Answer> {
  const init: RequestInit = {method: request.method, headers: request.headers, body: request.body, signal};
  const started = performance.now();
  const response =
    target === 'browser'
      ? await askSandbox(slug, doc, new Request(requestUrl(request), init))
      : await fetch(requestUrl(request), init);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  const text = await response.text();
  const ms = Math.round(performance.now() - started);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    sent: {method: request.method, url: requestUrl(request), ...(request.body ? {body: request.body} : {})},
    status: response.status,
    statusText: response.statusText,
    ms,
    headers,
    body: json === undefined ? text : JSON.stringify(json, null, 2),
    json,
  };
}

/** What the console says when a request to `target` (at `base`) failed before an answer arrived. */
export function failureText(error: unknown, target: TargetKind, base: string = localSandboxUrl): string {
  return (
    `The request failed before an answer arrived: ${error instanceof Error ? error.message : String(error)}. ` +
    (target === 'local'
      ? `Is the local sandbox running at ${base} (node sandbox.mjs; --port for another port)?`
      : target === 'custom'
        ? 'The real API sends no CORS headers, so a browser can only reach a proxy of your own that adds them.'
        : target === 'hosted'
          ? 'The hosted sandbox did not answer: try the sandbox in this page.'
          : '')
  );
}
