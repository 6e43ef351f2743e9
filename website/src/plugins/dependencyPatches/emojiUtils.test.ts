/**
 * The doc cards' leading-emoji patch (index.ts, `emojiUtilsReplacements`): theme-common's
 * `extractLeadingEmoji` as installed and as patched, each loaded from its text, answer the same on
 * labels of every kind, and the patched one makes no `Intl.Segmenter` until a label needs one.
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {emojiUtilsFile, emojiUtilsReplacements} from '.';

const require = createRequire(import.meta.url);
const patchLoader = require('./patchLoader.cjs') as (this: unknown, source: string) => string;

type Extract = (input: string) => {emoji: string | null; rest: string};

// The package's entry is lib/index.js; the helper is beside it in lib/utils.
const file = path.join(path.dirname(require.resolve('@docusaurus/theme-common')), 'utils', 'emojiUtils.js');
const source = readFileSync(file, 'utf8');
const patched = patchLoader.call(
  {getOptions: () => ({writtenFor: 'test', replacements: emojiUtilsReplacements}), resourcePath: file},
  source,
);

/** `Intl.Segmenter`s made since the counter was installed. */
let made = 0;
const Original = Intl.Segmenter;
/** `Intl`, whose `Segmenter` the tests replace with a counting one and put back. */
const intl = Intl as unknown as {Segmenter: typeof Intl.Segmenter};
const dir = mkdtempSync(path.join(tmpdir(), 'emoji-utils-'));
let original: Extract;
let ours: Extract;

/** Loads a text as an ES module, counting the segmenters it makes as it loads. */
async function load(name: string, text: string): Promise<{extract: Extract; madeOnLoad: number}> {
  // Without the file's source map comment: the map is not beside the copy
  writeFileSync(path.join(dir, name), text.replace(/^\/\/# sourceMappingURL=.*$/m, ''));
  const before = made;
  const module = (await import(pathToFileURL(path.join(dir, name)).href)) as {extractLeadingEmoji: Extract};
  return {extract: module.extractLeadingEmoji, madeOnLoad: made - before};
}

let madeOnLoad: {original: number; ours: number};

beforeAll(async () => {
  intl.Segmenter = class extends Original {
    constructor(...args: ConstructorParameters<typeof Original>) {
      super(...args);
      made += 1;
    }
  };
  const a = await load('original.mjs', source);
  const b = await load('patched.mjs', patched);
  original = a.extract;
  ours = b.extract;
  madeOnLoad = {original: a.madeOnLoad, ours: b.madeOnLoad};
});

afterAll(() => {
  intl.Segmenter = Original;
  rmSync(dir, {recursive: true, force: true});
});

describe('the doc cards leading-emoji patch', () => {
  it('applies to the installed file', () => {
    expect(emojiUtilsFile.test(file)).toBe(true);
    expect(patched).not.toBe(source);
  });

  it.each([
    'Getting started',
    'hotels live prices',
    'Zed',
    '⚠️ Hello World',
    '📄 Guide',
    '🇫🇷 France',
    '👩‍💻 Developers',
    '1️⃣ First step',
    '#️⃣ Numbers',
    '*️⃣ Star',
    '1 First step',
    '# Not a keycap',
    'Éclair',
    ' leading space',
    '',
  ])('answers as the original on %j', (label) => {
    expect(ours(label)).toEqual(original(label));
  });

  it('makes no segmenter on load nor for a label that starts with a letter, and one for another label', async () => {
    expect(madeOnLoad).toEqual({original: 1, ours: 0});
    // A fresh copy: the cases above have made the first copy's segmenter
    const {extract, madeOnLoad: onLoad} = await load('patched-fresh.mjs', patched);
    expect(onLoad).toBe(0);
    const before = made;
    expect(extract('Getting started')).toEqual({emoji: null, rest: 'Getting started'});
    expect(made).toBe(before);
    expect(extract('⚠️ Hello')).toEqual({emoji: '⚠️', rest: ' Hello'});
    expect(made).toBe(before + 1);
    // Made once, then kept
    expect(extract('1️⃣ One')).toEqual({emoji: '1️⃣', rest: ' One'});
    expect(made).toBe(before + 1);
  });
});
