/**
 * Error bodies as the specifications write them: `{code, message, details}`, the numeric code and
 * the default message taken from the operation's documented error response for that status (the
 * spec's `default` response for a status it does not list). Every body's `details` carries the
 * failing fields (`google.rpc.BadRequest`), a link to the error catalogue (`google.rpc.Help`) and,
 * for 429, when to retry (`google.rpc.RetryInfo`).
 */
import {firstExample, responseMedia, type OpenApiDocument, type OperationObject} from '@portal/specs';

/** The error catalogue page of the guides; a status is its anchor (`#400`). Written only here. */
export const ERROR_CATALOGUE = '/docs/getting-started/errors';
export const catalogueLink = (status: number): string => `${ERROR_CATALOGUE}#${status}`;

/** One failing field: where, what, and the rule (a JSON Schema keyword or an x-validation rule id). */
export interface FieldViolation {
  field: string;
  description: string;
  reason: string;
}

export interface ErrorBody {
  code: number;
  message: string;
  details: ({'@type': string} & Record<string, unknown>)[];
}

/** An error the sandbox answers with; thrown anywhere in a call, turned into the response by the app. */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    message?: string,
    readonly violations: FieldViolation[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A 400 for failing fields. */
export const badRequest = (violations: FieldViolation[], message?: string): SandboxError =>
  new SandboxError(
    400,
    message ??
      `Invalid request: ${violations
        .slice(0, 3)
        // A violation of the whole body (no field) says so itself: "the body is not UTF-8"
        .map((violation) => (violation.field ? `${violation.field} ${violation.description}` : violation.description))
        .join('; ')}${violations.length > 3 ? `; and ${violations.length - 3} more` : ''}`,
    violations,
  );

/** The documented code and message of an operation's error response for a status. */
export function errorTemplate(
  doc: OpenApiDocument | undefined,
  operation: OperationObject | undefined,
  status: number,
): {code: number; message: string} {
  const fallback = {code: 2, message: 'Unexpected error'};
  if (!doc || !operation) return fallback;
  for (const key of [String(status), 'default']) {
    if (!operation.responses[key]) continue;
    const example = firstExample(doc, responseMedia(doc, operation, key)) as
      {code?: number; message?: string} | undefined;
    if (typeof example?.code === 'number' && typeof example.message === 'string') {
      return {code: example.code, message: example.message};
    }
  }
  return fallback;
}

/**
 * The body of an error response. `siteUrl` (the portal's origin) makes the help link absolute, so it
 * works wherever the body is read; without it the link is the catalogue's path on the site.
 */
export function errorBody(template: {code: number; message: string}, error: SandboxError, siteUrl = ''): ErrorBody {
  const details: ErrorBody['details'] = [];
  if (error.violations.length) {
    details.push({
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: error.violations,
    });
  }
  if (error.retryAfterSeconds !== undefined) {
    details.push({'@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${error.retryAfterSeconds}s`});
  }
  details.push({
    '@type': 'type.googleapis.com/google.rpc.Help',
    links: [
      {
        description: `What HTTP ${error.status} means and how to fix it`,
        url: `${siteUrl.replace(/\/+$/, '')}${catalogueLink(error.status)}`,
      },
    ],
  });
  return {code: template.code, message: error.message || template.message, details};
}
