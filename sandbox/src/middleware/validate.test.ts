import {describe, expect, it} from 'vitest';
import {exampleBody, op, validator} from '../testing.fixture';
import {stepApp, routeOf} from './testApp.fixture';
import {MAX_BODY_BYTES, MAX_DEPTH, validate} from './validate';

const create = 'FlightsService_CreateSearch';
const post = (body: string, type = 'application/json') => ({method: 'POST', headers: {'content-type': type}, body});
const example = () => exampleBody(op(create)) as {query: Record<string, unknown>};

describe('the validation step', () => {
  const app = (strict = false) =>
    stepApp(validate({validator, now: () => Date.UTC(2026, 10, 26), strict}), {route: routeOf(create)});

  it('leaves the canonical body of a valid request, snake_case names made camelCase', async () => {
    const body = example();
    body.query.cabin_class = body.query.cabinClass;
    delete body.query.cabinClass;
    const response = await app().request('/', post(JSON.stringify(body)));
    expect(response.status).toBe(200);
    const {checked} = (await response.json()) as {checked: {body: {query: Record<string, unknown>}; answerKey: string}};
    expect(checked.body.query.cabinClass).toBe(example().query.cabinClass);
    expect(checked.body.query).not.toHaveProperty('cabin_class');
    expect(checked.answerKey).toContain(create);
  });

  it('answers 400 naming each failing field and rule', async () => {
    const body = example();
    body.query.adults = 0;
    const response = await app().request('/', post(JSON.stringify(body)));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({violations: [{field: 'query.adults', reason: 'minimum'}]});
  });

  it('refuses malformed JSON, another content type, deep nesting and a missing required body', async () => {
    const reasons = async (init: RequestInit) =>
      ((await (await app().request('/', init)).json()) as {violations: {reason: string}[]}).violations.map(
        (violation) => violation.reason,
      );
    expect(await reasons(post('{"query": '))).toEqual(['json']);
    expect(await reasons(post(JSON.stringify(example()), 'text/plain'))).toEqual(['content-type']);
    expect(await reasons(post(`${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}`))).toEqual(['depth']);
    expect(await reasons({method: 'POST'})).toEqual(['required']);
  });

  it('answers 413 past the body limit', async () => {
    expect((await app().request('/', post(' '.repeat(MAX_BODY_BYTES + 1)))).status).toBe(413);
  });

  it('in strict mode, also refuses a body field the schema does not declare', async () => {
    const body = example();
    body.query.includedCarrierIds = ['BA'];
    expect((await app(false).request('/', post(JSON.stringify(body)))).status).toBe(200);
    const strict = await app(true).request('/', post(JSON.stringify(body)));
    expect(strict.status).toBe(400);
    expect(await strict.json()).toMatchObject({
      violations: [{field: 'query.includedCarrierIds', reason: 'undeclared'}],
    });
  });
});
