/**
 * `npm run specs:release` (./release.ts) with its files given: --help, --dry-run, a release written and
 * printed entry by entry, and the refusals, each with a message and exit code 1.
 */
import {describe, expect, it, vi} from 'vitest';
import type {OpenApiDocument} from './openapi';
import {runRelease, USAGE, type ReleaseIo} from './release';
import type {Release} from './releases';

/** A tiny spec whose `Status` enum the tests change. */
const spec = (values: string[]): OpenApiDocument =>
  ({
    openapi: '3.1.0',
    info: {title: 'Mini', version: 'v1'},
    paths: {
      '/things': {
        post: {
          operationId: 'ThingService_Create',
          requestBody: {
            content: {
              'application/json': {
                schema: {type: 'object', properties: {status: {type: 'string', enum: values}}},
              },
            },
          },
          responses: {'200': {description: 'OK.'}},
        },
      },
    },
  }) as unknown as OpenApiDocument;

/** Files with one release (2026-11-24) of `released`, the bundles being `current`. */
function io(released: string[], current: string[]): ReleaseIo & {write: ReturnType<typeof vi.fn>} {
  return {
    bundles: () => new Map([['mini', spec(current)]]),
    releases: (): Release[] => [{date: '2026-11-24', title: 'Before', source: 'a test'}],
    load: () => new Map([['mini', spec(released)]]),
    write: vi.fn((release: Release) => `specs/releases/${release.date}`),
  };
}

describe('specs:release', () => {
  it('prints its usage for --help, exit 0, and writes nothing', () => {
    const files = io(['A'], ['A', 'B']);
    expect(runRelease(['--help'], files)).toEqual({code: 0, out: USAGE});
    expect(runRelease(['-h'], files).code).toBe(0);
    expect(files.write).not.toHaveBeenCalled();
  });

  it('lists the entries of the release it would make for --dry-run, values added and removed said so, and writes nothing', () => {
    const files = io(['STATUS_OPEN', 'STATUS_CLOSED'], ['STATUS_OPEN', 'STATUS_LOST']);
    expect(runRelease(['--dry-run'], files)).toEqual({
      code: 0,
      out: [
        'Dry run: nothing written. 2 changes since the release of 2026-11-24:',
        'mini: 2 changes, 1 breaking',
        '  [breaking] `ThingService_Create`: value `STATUS_CLOSED` removed from the values of `status` (request body)',
        '  [non-breaking] `ThingService_Create`: value `STATUS_LOST` added to the values of `status` (request body)',
      ].join('\n'),
    });
    expect(runRelease(['--dry-run', '2026-11-28', 'A title'], files).code).toBe(0);
    expect(files.write).not.toHaveBeenCalled();
  });

  it('writes the release and prints each of its entries', () => {
    const files = io(['STATUS_OPEN'], ['STATUS_OPEN', 'STATUS_LOST']);
    const {code, out} = runRelease(['2026-11-25', '  One more status  '], files);
    expect(code).toBe(0);
    expect(out).toBe(
      [
        'Wrote specs/releases/2026-11-25: 1 specifications, 1 change since the release of 2026-11-24:',
        'mini: 1 change',
        '  [non-breaking] `ThingService_Create`: value `STATUS_LOST` added to the values of `status` (request body)',
      ].join('\n'),
    );
    expect(files.write).toHaveBeenCalledWith(
      {date: '2026-11-25', title: 'One more status', source: 'the bundles of `npm run specs:bundle` on 2026-11-25'},
      expect.any(Map),
    );
  });

  it('refuses an unknown option, a missing title, a day that does not exist, a date not after the last, and no change', () => {
    const files = io(['A'], ['A', 'B']);
    const refused = (argv: string[]) => runRelease(argv, files);
    expect(refused(['--bogus'])).toMatchObject({
      code: 1,
      out: expect.stringMatching(/^Unknown option '--bogus'[\s\S]*Usage:/),
    });
    expect(refused(['2026-11-28'])).toMatchObject({
      code: 1,
      out: expect.stringMatching(/^A release needs a date and a title/),
    });
    expect(refused(['2026-11-28', '   '])).toMatchObject({code: 1});
    expect(refused(['2026-02-30', 'A title'])).toMatchObject({
      code: 1,
      out: expect.stringMatching(/^2026-02-30 is not a day/),
    });
    expect(refused(['28/11/2026', 'A title'])).toMatchObject({code: 1});
    expect(refused(['2026-11-24', 'A title'])).toEqual({
      code: 1,
      out: 'The last release is 2026-11-24: a new one comes after it.',
    });
    expect(refused(['2026-11-28', 'A title', 'extra'])).toMatchObject({
      code: 1,
      out: expect.stringMatching(/^Too many arguments: extra/),
    });
    expect(runRelease(['2026-11-28', 'A title'], io(['A'], ['A']))).toEqual({
      code: 1,
      out: 'Nothing changed since the release of 2026-11-24.',
    });
    expect(files.write).not.toHaveBeenCalled();
  });
});
