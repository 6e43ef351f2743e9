/**
 * `verify` as the partner types it (verify.ts through command.ts): an attestation signed here verifies
 * against a key set file, with and without its HAR (exit 0); a HAR with one byte changed or a set without the
 * key is refused in one line saying what (exit 1); input that cannot be read, and usage errors, are one line
 * with exit 2. Against a portal's origin, in workerd: deploy/src/hostedCheck.test.ts.
 */
import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {bundles} from '@portal/sandbox/testing';
import {runCommand} from './command';
import {runVerify, type VerifyIo} from './verify';
import {MAX_SMALL_FILE} from '../attest/verify';
import {normalRun} from '../report/report.fixture';
import {newSigner, oneCallRun, signedFixture} from '../attest/signed.fixture';

let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'verify-'));
  const {signer, har, envelope} = await signedFixture([normalRun().recording], {
    finishedAt: '2026-11-23T10:01:00.000Z',
  });
  const other = await newSigner();
  writeFileSync(path.join(dir, 'attestation.json'), JSON.stringify(envelope, null, 2));
  writeFileSync(path.join(dir, 'session.har'), har);
  writeFileSync(path.join(dir, 'changed.har'), har.replace('"normal"', '"Normal"'));
  writeFileSync(path.join(dir, 'keys.json'), JSON.stringify({keys: [signer.published]}));
  writeFileSync(path.join(dir, 'other-keys.json'), JSON.stringify({keys: [other.published]}));
  const passing = await signedFixture([oneCallRun()], {
    finishedAt: '2026-11-23T10:01:00.000Z',
    partner: 'Acme Travel',
    challenge: 'go-live-7',
  });
  writeFileSync(path.join(dir, 'passing.json'), JSON.stringify(passing.envelope));
  writeFileSync(path.join(dir, 'passing.har'), passing.har);
  writeFileSync(path.join(dir, 'passing-keys.json'), JSON.stringify(passing.keys));
  writeFileSync(path.join(dir, 'bad-keys.json'), '{"keys":[{"kty":"OKP","crv":"Ed25519","x":"AAAA"}]}');
  // A key set file whose path holds https:// (a folder named so): a path, not an origin
  mkdirSync(path.join(dir, 'saved-https:'));
  writeFileSync(path.join(dir, 'saved-https:', 'portal.example'), JSON.stringify(passing.keys));
  writeFileSync(path.join(dir, 'at-limit.json'), ' '.repeat(MAX_SMALL_FILE));
  writeFileSync(path.join(dir, 'over-limit.json'), ' '.repeat(MAX_SMALL_FILE + 1));
  mkdirSync(path.join(dir, 'folder.json'));
});

async function verify(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCommand(bundles, ['verify', ...argv], {
    cwd: dir,
    env: {},
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    invocation: 'node sandbox.mjs',
  });
  return {code, out: out.join('\n'), err: err.join('\n')};
}

describe('node sandbox.mjs verify', () => {
  it('holds with the key set file, with and without the HAR', async () => {
    const alone = await verify('attestation.json', '--keys', 'keys.json');
    // Authentic, and refused: the run FAILED (the fixture's normal run sends an invalid request)
    expect(alone.code).toBe(1);
    expect(alone.out).toMatch(/^✓ signature: holds, by key /);
    expect(alone.out).toContain('\nAUTHENTIC (the signature and the statement; give --har to check the HAR too)\n');
    expect(alone.out).toContain('\n✗ FAILED: normal/valid-requests\n');
    expect(alone.out.split('\n').at(-1)).toBe('REFUSED');
    const both = await verify('attestation.json', '--har', 'session.har', '--keys=keys.json');
    expect([both.code, both.out.split('\n').at(-1)]).toEqual([1, 'REFUSED']);
    expect(both.out).toContain('\nAUTHENTIC\n');
  });

  it('accepts an authentic run that passed, and refuses it for another challenge or none', async () => {
    const accepted = await verify('passing.json', '--har', 'passing.har', '--keys', 'passing-keys.json');
    expect([accepted.code, accepted.out.split('\n').at(-1)]).toEqual([0, 'ACCEPTED']);
    expect(accepted.out).toContain("\npartner: Acme Travel (declared by the partner's command)\n");
    expect(accepted.out).toContain('\nchallenge: go-live-7\n');
    expect(accepted.out).toContain('\nscenarios: normal\n');
    expect(accepted.out).toMatch(
      /^covered in normal: 1 call; operations: \w+ ×1; sessions completed: none; further pages: none; rules exercised: [1-9]\d*$/m,
    );
    const same = await verify('passing.json', '--keys', 'passing-keys.json', '--challenge', 'go-live-7');
    expect([same.code, same.out.split('\n').at(-1)]).toEqual([0, 'ACCEPTED']);
    const other = await verify('passing.json', '--keys', 'passing-keys.json', '--challenge', 'go-live-8');
    expect(other.code).toBe(1);
    expect(other.out).toContain('\n✗ challenge: the run carries "go-live-7", not "go-live-8"\nREFUSED');
    const none = await verify('attestation.json', '--keys', 'keys.json', '--challenge', 'go-live-7');
    expect(none.out).toContain('✗ challenge: the run carries none, where "go-live-7" was asked for');
  });

  it('judges the run against each API --for names: the one-call run meets no go-live policy', async () => {
    const culture = await verify(
      'passing.json',
      '--har',
      'passing.har',
      '--keys',
      'passing-keys.json',
      '--for',
      'culture',
    );
    expect([culture.code, culture.out.split('\n').at(-1)]).toEqual([1, 'REFUSED']);
    expect(culture.out).toContain('\nAUTHENTIC\n');
    expect(culture.out).toContain('\npolicy: culture asks for scenarios normal, rate-limited, ');
    expect(culture.out).toContain('\n✗ culture: scenario rate-limited was not run\n');
    expect(culture.out).toContain('\n✗ culture: rule retry-after was never exercised\n');
    expect(culture.out).not.toContain('CultureService_ListCurrencies was never called');
    // The API by its guide folder or its slug alike, each named by its guide folder
    const hotels = await verify(
      'passing.json',
      '--keys',
      'passing-keys.json',
      '--for',
      'hotels-live,flights-live-prices',
    );
    expect(hotels.code).toBe(1);
    expect(hotels.out).toContain('\n✗ hotels-live-prices: HotelsService_CreateSearch was never called\n');
    expect(hotels.out).toContain('\n✗ flights-live-prices: FlightsService_CreateItineraryRefresh was never called\n');
    // Without --for, the same run is accepted: it passed
    expect((await verify('passing.json', '--keys', 'passing-keys.json')).code).toBe(0);
    const json = await verify('passing.json', '--keys', 'passing-keys.json', '--for', 'culture', '--json');
    expect(JSON.parse(json.out)).toMatchObject({
      for: ['culture'],
      decision: {accepted: false, reasons: expect.arrayContaining(['culture: scenario rejected was not run'])},
    });
  });

  it('refuses --for naming no API, or given twice, with exit 2', async () => {
    const unknown = await verify('passing.json', '--keys', 'passing-keys.json', '--for', 'hotels');
    expect([unknown.code, unknown.out]).toEqual([2, '']);
    expect(unknown.err).toMatch(
      /^verify: --for names no API: "hotels" \(one of flights-live-prices, flights-live-pricing, /,
    );
    const twice = await verify('passing.json', '--keys', 'passing-keys.json', '--for', 'geo', '--for', 'culture');
    expect([twice.code, twice.err]).toEqual([
      2,
      "verify: --for is given twice. Run 'node sandbox.mjs verify --help' for the options.",
    ]);
  });

  it('prints the same as one JSON document with --json', async () => {
    const json = await verify('passing.json', '--keys', 'passing-keys.json', '--challenge', 'go-live-8', '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({
      authentic: true,
      harChecked: false,
      run: {partner: 'Acme Travel', challenge: 'go-live-7', result: 'PASSED', scenarios: ['normal']},
      decision: {accepted: false, reasons: ['challenge: the run carries "go-live-7", not "go-live-8"']},
    });
    const forged = await verify('attestation.json', '--keys', 'other-keys.json', '--json');
    expect(forged.code).toBe(1);
    expect(JSON.parse(forged.out)).toMatchObject({authentic: false, refusals: [{code: 'SIGNATURE'}]});
  });

  it('refuses a changed HAR and a key set without the signing key, saying what, exit 1', async () => {
    const changed = await verify('attestation.json', '--har', 'changed.har', '--keys', 'keys.json');
    expect(changed.code).toBe(1);
    expect(changed.out).toMatch(
      /^✗ the HAR is not the attested session\.har: its SHA-256 is [0-9a-f]{12}…, .* \[HAR_DIGEST\]$/m,
    );
    expect(changed.out.split('\n').at(-1)).toBe('NOT AUTHENTIC');
    const stranger = await verify('attestation.json', '--keys', 'other-keys.json');
    expect(stranger.code).toBe(1);
    expect(stranger.out).toMatch(/which is not among the trusted keys.* \[SIGNATURE\]$/m);
  });

  it('says --help, and answers unreadable input and usage errors in one line with exit 2', async () => {
    const help = await verify('--help');
    expect([help.code, help.out.split('\n')[0]]).toEqual([0, 'Usage:']);
    const cases: [string[], string][] = [
      [[], "verify: give the attestation.json to verify. Run 'node sandbox.mjs verify --help' for the options."],
      [
        ['attestation.json'],
        "verify: give --keys: the portal's origin, or a file holding its key set. Run 'node sandbox.mjs verify --help' for the options.",
      ],
      [
        ['attestation.json', '--key', 'k'],
        "verify: unknown option --key. Run 'node sandbox.mjs verify --help' for the options.",
      ],
      [['missing.json', '--keys', 'keys.json'], 'verify: cannot read ' + path.join(dir, 'missing.json') + ': ENOENT'],
      [
        ['session.har', '--keys', 'keys.json'],
        'verify: the attestation is not a DSSE envelope: it has no payloadType [NOT_A_DSSE_ENVELOPE]',
      ],
      [
        ['attestation.json', '--keys', 'session.har'],
        'verify: the key set cannot be used: it is not a JWK set: it has no keys list [KEY_SET_UNUSABLE]',
      ],
      [
        ['attestation.json', '--keys', 'https://portal.example/docs'],
        "verify: --keys takes the portal's origin (https://developers.example.com), not https://portal.example/docs",
      ],
      [
        ['attestation.json', '--keys', 'bad-keys.json'],
        'verify: the key set cannot be used: key AAAA is not an Ed25519 public key: its x is not 32 bytes in base64url [KEY_SET_UNUSABLE]',
      ],
    ];
    for (const [argv, message] of cases) {
      const outcome = await verify(...argv);
      expect([outcome.code, outcome.err]).toEqual([2, message]);
    }
    expect(readFileSync(path.join(dir, 'keys.json'), 'utf8')).toContain('Ed25519');
  });

  it('says -h as --help', async () => {
    expect(await verify('-h')).toEqual(await verify('--help'));
  });

  it('answers each usage error and unreadable file in one line with exit 2', async () => {
    const usage = " Run 'node sandbox.mjs verify --help' for the options.";
    const cases: [string[], string][] = [
      [['attestation.json', '--keys'], `verify: --keys needs a value.${usage}`],
      [['attestation.json', '--keys', 'keys.json', '--har='], `verify: --har needs a value.${usage}`],
      [
        ['attestation.json', 'passing.json', '--keys', 'keys.json'],
        `verify: one attestation at a time, not passing.json as well.${usage}`,
      ],
      [['folder.json', '--keys', 'keys.json'], `verify: ${path.join(dir, 'folder.json')} is not a file`],
      [
        ['over-limit.json', '--keys', 'keys.json'],
        `verify: over-limit.json is ${MAX_SMALL_FILE + 1} bytes; at most ${MAX_SMALL_FILE} are read`,
      ],
      // At the limit the file is read: it is not JSON
      [['at-limit.json', '--keys', 'keys.json'], 'verify: the attestation is not JSON [ATTESTATION_NOT_JSON]'],
      [
        ['attestation.json', '--keys', 'https://portal.example/keys/https://other.example'],
        "verify: --keys takes the portal's origin (https://developers.example.com), not https://portal.example/keys/https://other.example",
      ],
    ];
    for (const [argv, message] of cases) {
      const outcome = await verify(...argv);
      expect([outcome.code, outcome.out, outcome.err], argv.join(' ')).toEqual([2, '', message]);
    }
  });

  it('reads a key set file whose path holds https://', async () => {
    expect((await verify('passing.json', '--keys', 'saved-https://portal.example')).code).toBe(0);
  });

  it('prints an unreadable input as one JSON document with --json too, and says it on stderr', async () => {
    const json = await verify('session.har', '--keys', 'keys.json', '--json');
    const message = 'the attestation is not a DSSE envelope: it has no payloadType';
    expect([json.code, JSON.parse(json.out), json.err]).toEqual([
      2,
      {authentic: false, unreadable: {code: 'NOT_A_DSSE_ENVELOPE', message}},
      `verify: ${message} [NOT_A_DSSE_ENVELOPE]`,
    ]);
  });
});

describe('--keys <origin>', () => {
  const served = () => new Response(readFileSync(path.join(dir, 'passing-keys.json')));

  /** `verify` against an origin, the key set served by `answer` through a fetch that records what it was asked. */
  async function fromOrigin(
    origin: string,
    answer: (init: RequestInit | undefined) => Promise<Response> = () => Promise.resolve(served()),
    options: Partial<VerifyIo> = {},
  ) {
    const asked: string[] = [];
    const out: string[] = [];
    const err: string[] = [];
    const code = await runVerify(['passing.json', '--keys', origin], {
      cwd: dir,
      bundles,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      invocation: 'node sandbox.mjs',
      fetch: (url, init) => {
        asked.push(String(url));
        return answer(init);
      },
      ...options,
    });
    return {code, asked, out: out.join('\n'), err: err.join('\n')};
  }

  const KEYS_URL = 'https://portal.example/.well-known/integration-check-keys.json';

  it("takes the origin with its trailing slash, and asks the key set's path once", async () => {
    const outcome = await fromOrigin('https://portal.example/');
    expect([outcome.code, outcome.asked]).toEqual([0, [KEYS_URL]]);
  });

  it('answers a key set that cannot be fetched in one line with exit 2: refused, not found, cut, too large', async () => {
    const body = (size: number) => new Response(' '.repeat(size));
    const cut = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"keys":'));
            controller.error(new Error('connection reset'));
          },
        }),
      );
    const cases: [() => Promise<Response>, string][] = [
      [
        () => Promise.reject(new Error('getaddrinfo ENOTFOUND portal.example')),
        `verify: cannot fetch ${KEYS_URL}: getaddrinfo ENOTFOUND portal.example`,
      ],
      [() => Promise.resolve(new Response('gone', {status: 404})), `verify: ${KEYS_URL} answered 404`],
      [() => Promise.resolve(cut()), `verify: cannot fetch ${KEYS_URL}: connection reset`],
      [
        () => Promise.resolve(body(MAX_SMALL_FILE + 1)),
        `verify: ${KEYS_URL} answered more than ${MAX_SMALL_FILE} bytes: that is not a key set`,
      ],
      // At the limit the set is read: it is not JSON
      [
        () => Promise.resolve(body(MAX_SMALL_FILE)),
        'verify: the key set cannot be used: it is not JSON [KEY_SET_UNUSABLE]',
      ],
    ];
    for (const [answer, message] of cases) {
      const outcome = await fromOrigin('https://portal.example', answer);
      expect([outcome.code, outcome.out, outcome.err]).toEqual([2, '', message]);
    }
  });

  it('gives up a key server that does not answer, after the time-out, with exit 2', async () => {
    const stalled = (init: RequestInit | undefined) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    const outcome = await fromOrigin('https://portal.example', stalled, {keysTimeoutMs: 20});
    expect([outcome.code, outcome.err]).toEqual([
      2,
      `verify: cannot fetch ${KEYS_URL}: The operation was aborted due to timeout`,
    ]);
  });

  it('fetches the key set over https, and over http from this machine only', async () => {
    for (const origin of [
      'https://portal.example',
      'http://127.0.0.1:8787',
      'http://localhost:8787',
      'http://[::1]:8787',
    ]) {
      const outcome = await fromOrigin(origin);
      expect([outcome.code, outcome.asked], origin).toEqual([0, [`${origin}/.well-known/integration-check-keys.json`]]);
    }
  });

  it('refuses to fetch the key set in clear text from any other host (exit 2, nothing fetched)', async () => {
    for (const origin of [
      'http://portal.example',
      'http://127.0.0.1.portal.example',
      'http://localhost.example:8787',
    ]) {
      const outcome = await fromOrigin(origin);
      expect([outcome.code, outcome.asked, outcome.err]).toEqual([
        2,
        [],
        `verify: --keys fetches the key set over https only (http only from this machine: localhost, 127.0.0.1, [::1]), not ${origin}`,
      ]);
    }
  });
});
