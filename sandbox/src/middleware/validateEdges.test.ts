/**
 * The validation step (validate.ts) at its edges: the nesting of a JSON body counted at MAX_DEPTH and one
 * more, with brackets inside strings (escaped quotes included) and closed siblings not counted; a body with
 * no declared length (a stream, read in chunks) taken up to MAX_BODY_BYTES and refused one byte past it, its
 * chunks joined in order, and one that is not UTF-8 refused; a declared body of exactly MAX_BODY_BYTES read.
 */
import {describe, expect, it} from 'vitest';
import {exampleBody, op, validator} from '../testing.fixture';
import {stepApp, routeOf} from './testApp.fixture';
import {MAX_BODY_BYTES, MAX_DEPTH, validate} from './validate';

const create = 'FlightsService_CreateSearch';
const app = () =>
  stepApp(validate({validator, now: () => Date.UTC(2026, 10, 26), strict: false}), {route: routeOf(create)});
const json = {'content-type': 'application/json'};
const post = (body: string) => app().request('/', {method: 'POST', headers: json, body});
/** A body sent as a stream of the given chunks, with no content-length. */
const streamed = (chunks: Uint8Array[]) =>
  app().request('/', {
    method: 'POST',
    headers: json,
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit);
const reasons = async (response: Response) =>
  ((await response.json()) as {violations?: {reason: string}[]}).violations?.map((violation) => violation.reason);
const bytes = (text: string) => new TextEncoder().encode(text);
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('the nesting of a JSON body', () => {
  it(`takes ${MAX_DEPTH} levels and refuses ${MAX_DEPTH + 1}`, async () => {
    expect(await reasons(await post(nested(MAX_DEPTH)))).not.toContain('depth');
    expect(await reasons(await post(nested(MAX_DEPTH + 1)))).toEqual(['depth']);
    expect(await reasons(await post(`{"a":${nested(MAX_DEPTH)}}`))).toEqual(['depth']);
  });

  it('does not count brackets inside strings, after an escaped quote too, nor closed siblings', async () => {
    expect(await reasons(await post(JSON.stringify({query: '['.repeat(100)})))).not.toContain('depth');
    expect(await reasons(await post(`{"query":"\\"${'{'.repeat(100)}"}`))).not.toContain('depth');
    expect(await reasons(await post(`[${'[],'.repeat(100)}[]]`))).not.toContain('depth');
    expect(await reasons(await post(`[${'{},'.repeat(100)}{}]`))).not.toContain('depth');
  });
});

describe('a body with no declared length', () => {
  it('is read in its chunks, in order', async () => {
    const text = JSON.stringify(exampleBody(op(create)));
    const third = Math.floor(text.length / 3);
    const response = await streamed([
      bytes(text.slice(0, third)),
      bytes(text.slice(third, 2 * third)),
      bytes(text.slice(2 * third)),
    ]);
    expect(response.status).toBe(200);
  });

  it(`is taken up to ${MAX_BODY_BYTES} bytes and refused with 413 one byte past`, async () => {
    const half = MAX_BODY_BYTES / 2;
    const at = await streamed([bytes(' '.repeat(half)), bytes(' '.repeat(half))]);
    expect(at.status).toBe(400);
    const past = await streamed([bytes(' '.repeat(half)), bytes(' '.repeat(half + 1))]);
    expect(past.status).toBe(413);
  });

  it('is refused when it is not UTF-8, and an empty one is no body', async () => {
    expect(await reasons(await streamed([new Uint8Array([0x7b, 0xff, 0x7d])]))).toEqual(['encoding']);
    expect(await reasons(await streamed([]))).toEqual(['required']);
  });
});

describe('a body with a declared length', () => {
  it(`is read at exactly ${MAX_BODY_BYTES} bytes`, async () => {
    expect((await post(' '.repeat(MAX_BODY_BYTES))).status).toBe(400);
    expect((await post(' '.repeat(MAX_BODY_BYTES + 1))).status).toBe(413);
  });
});
