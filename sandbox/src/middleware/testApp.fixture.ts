/**
 * Tests only: one step of the pipeline on a small Hono app, with the route and behaviour it reads set
 * first, a last step that answers what the steps left, and errors answered with their status and
 * message (app.ts answers them with the spec's error body).
 */
import {Hono, type MiddlewareHandler} from 'hono';
import {SandboxError} from '../errors';
import {requestMedia, resolveRef, securityHeaders} from '@portal/specs';
import {bundles, op} from '../testing.fixture';
import {handlers} from '../services';
import type {Behaviour} from '../services/types';
import type {Route, SandboxEnv} from './env';

/** A route of the bundles as app.ts builds one (no x-validation constraints unless given). */
export function routeOf(operationId: string, extra: Partial<Route> = {}): Route {
  const operation = op(operationId);
  const doc = bundles.get(operation.slug)!;
  return {
    operation,
    doc,
    handler: handlers[operationId],
    keyHeaders: securityHeaders(doc, operation),
    bodySchema: requestMedia(doc, operation)?.schema,
    bodyRequired: resolveRef(doc, operation.requestBody)?.required === true,
    constraints: [],
    ...extra,
  };
}

export function stepApp(
  step: MiddlewareHandler<SandboxEnv> | MiddlewareHandler<SandboxEnv>[],
  {route, behaviour, last}: {route?: Route; behaviour?: Behaviour; last?: MiddlewareHandler<SandboxEnv>} = {},
) {
  const app = new Hono<SandboxEnv>();
  app.use('*', async (context, next) => {
    if (route) context.set('route', route);
    context.set('behaviour', behaviour);
    await next();
  });
  for (const each of [step].flat()) app.use('*', each);
  app.all(
    '*',
    last ??
      ((context) => context.json({behaviour: context.var.behaviour ?? null, checked: context.var.checked ?? null})),
  );
  app.onError((error, context) =>
    error instanceof SandboxError
      ? context.json(
          {message: error.message, violations: error.violations, retryAfter: error.retryAfterSeconds ?? null},
          error.status as 400,
        )
      : context.json({message: String(error)}, 500),
  );
  return app;
}
