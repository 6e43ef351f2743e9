/**
 * What the steps of a call share (Hono's context variables) and the headers every answer carries. The
 * steps run in the order app.ts composes them: key.ts, behaviour.ts, validate.ts, cache.ts, then the
 * operation's handler (handle.ts).
 */
import type {OpenApiDocument, Operation, Schema} from '@portal/specs';
import type {Constraint} from '../constraints';
import type {AnyHandler, Behaviour} from '../services/types';

/** An operation as the sandbox serves it: where it is, what it takes, its x-validation constraints and its handler. */
export interface Route {
  operation: Operation;
  doc: OpenApiDocument;
  handler: AnyHandler;
  /** Headers that must carry a `sandbox_` key (lower case); none for `security: []`. */
  keyHeaders: string[];
  bodySchema?: Schema;
  bodyRequired: boolean;
  constraints: {constraint: Constraint; target: Schema; parameter?: string}[];
}

/** A request that passed validation: its typed parameters, canonical body and the key its answer is kept under. */
export interface Checked {
  params: Record<string, unknown>;
  body: unknown;
  answerKey: string;
}

export interface SandboxEnv {
  Variables: {
    route: Route;
    /** The path parameters, when the route was matched outside Hono's router (the check's request check). */
    pathParams: Record<string, string> | undefined;
    behaviour: Behaviour | undefined;
    checked: Checked;
    /** Set by the handler step when its answer read neither the clock nor the token signer: its bytes, to keep. */
    keepable: Uint8Array | undefined;
  };
}

/** On every answer but preflights: any page may read it, and a 429's Retry-After. */
export const CORS_HEADERS = {'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'retry-after'};
export const JSON_HEADERS = {'Content-Type': 'application/json', ...CORS_HEADERS};
