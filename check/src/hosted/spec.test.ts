/**
 * The check API's specification (specs/check-api/openapi.yaml, the bundle `check-api`) says what the check does:
 * its scenarios and what each plays (the check's own list and summaries, src/model.ts and src/contract.ts), the
 * bounds the API enforces (./limits.ts, src/model.ts), the files of a run and the rate limits its examples quote.
 * A bound changed in one place and not the other fails here, naming both.
 */
import {describe, expect, it} from 'vitest';
import {loadCheckApi} from '@portal/specs/node';
import type {Schema} from '@portal/specs';
import {scenarioSummaries} from '../contract';
import {checkScenarios, DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS} from '../model';
import {HOSTED_RUN_RATE_LIMITS, MAX_KEY_LENGTH, MAX_PROGRAM_LABEL, MAX_RUN_REQUEST_BYTES, RUN_FILES} from './limits';

const doc = loadCheckApi();
const schemas = doc.components!.schemas as Record<string, Schema & Record<string, unknown>>;
const property = (schema: string, name: string) => (schemas[schema].properties as Record<string, Schema>)[name];
const responses = doc.components!.responses as Record<
  string,
  {description: string; content: Record<string, {example: {message: string}}>}
>;

describe("the check API's specification", () => {
  it('names the check’s scenarios in its order, each with the sentence the check gives it', () => {
    expect(schemas.Scenario.enum).toEqual([...checkScenarios]);
    expect(schemas.Scenario['x-enumDescriptions']).toEqual(scenarioSummaries);
  });

  it('bounds a create body as the API does', () => {
    expect(property('CreateRunRequest', 'timeoutSeconds')).toMatchObject({minimum: 1, maximum: MAX_TIMEOUT_SECONDS});
    expect(property('CreateRunRequest', 'timeoutSeconds').description).toContain(
      `(${DEFAULT_TIMEOUT_SECONDS} unless given)`,
    );
    expect(property('CreateRunRequest', 'program')).toMatchObject({minLength: 1, maxLength: MAX_PROGRAM_LABEL});
    expect(responses.ContentTooLarge.description).toBe(`The body is larger than ${MAX_RUN_REQUEST_BYTES} bytes.`);
    expect(responses.ContentTooLarge.content['application/json'].example.message).toBe(
      `The body is larger than ${MAX_RUN_REQUEST_BYTES} bytes.`,
    );
  });

  it('bounds the key a run is made with as the API does', () => {
    const scheme = doc.components!.securitySchemes!.SandboxKey as {description: string};
    expect(scheme.description).toContain(`up to ${MAX_KEY_LENGTH} characters`);
  });

  it('lists a run’s files and quotes the new-run limit per key as the code has them', () => {
    expect(schemas.RunFile.enum).toEqual(Object.keys(RUN_FILES));
    const {limit, periodSeconds} = HOSTED_RUN_RATE_LIMITS.perKey;
    expect(responses.TooManyRequests.content['application/json'].example.message).toBe(
      `Too many new runs with one key: at most ${limit} per ${periodSeconds} seconds. Retry after ${periodSeconds} seconds.`,
    );
  });

  it('offers no Try it on its reference page, under its own title', () => {
    expect(doc['x-try-it' as keyof typeof doc]).toBe(false);
    expect(doc.info.title).toBe('Integration check API');
  });
});
