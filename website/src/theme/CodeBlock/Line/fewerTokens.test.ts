import {describe, expect, it} from 'vitest';
import {Prism, normalizeTokens, type PrismTheme, type Token} from 'prism-react-renderer';
import {prismDark, prismLight} from '../../../../config/prism';
import {fewerTokens, isPlain, styledTypes} from './fewerTokens';

const token = (types: string[], content: string, empty?: boolean): Token =>
  empty === undefined ? {types, content} : {types, content, empty};

/** The types the tests below call styled. */
const styled = new Set(['string', 'variable', 'comment', 'x']);

describe('fewerTokens', () => {
  it('joins a run of tokens of the same types, and only of the same types', () => {
    expect(
      fewerTokens(
        [
          token(['plain'], 'curl'),
          token(['plain'], ' '),
          token(['string'], '"a'),
          token(['string'], 'b"'),
          token(['string', 'variable'], '$x'),
          token(['string'], 'c'),
          token(['plain', 'x'], 'd'),
          token(['plain'], 'e'),
        ],
        styled,
      ),
    ).toEqual([
      token(['plain'], 'curl '),
      token(['string'], '"ab"'),
      token(['string', 'variable'], '$x'),
      token(['string'], 'c'),
      token(['plain', 'x'], 'd'),
      token(['plain'], 'e'),
    ]);
  });

  it('leaves out empty tokens, and keeps a line of spaces', () => {
    expect(fewerTokens([token(['plain'], '\n', true)], styled)).toEqual([]);
    expect(fewerTokens([token(['string'], '', true)], styled)).toEqual([]);
    expect(fewerTokens([token(['comment'], '# a'), token(['plain'], '')], styled)).toEqual([token(['comment'], '# a')]);
    expect(fewerTokens([token(['plain'], '  ')], styled)).toEqual([token(['plain'], '  ')]);
    // An empty token between two of the same types: they join across it.
    expect(fewerTokens([token(['plain'], 'a'), token(['string'], ''), token(['plain'], 'b')], styled)).toEqual([
      token(['plain'], 'ab'),
    ]);
  });

  it('makes a token of types none of the themes style plain, joined with the plain text around it', () => {
    expect(
      fewerTokens(
        [
          token(['plain'], ' '),
          token(['property'], '"a"'),
          token(['operator'], ':'),
          token(['plain'], ' '),
          token(['string'], '"x"'),
          token(['operator', 'property'], '=>'),
          token(['operator', 'string'], '+'),
        ],
        styled,
      ),
    ).toEqual([
      token(['plain'], ' "a": '),
      token(['string'], '"x"'),
      token(['plain'], '=>'),
      token(['operator', 'string'], '+'),
    ]);
  });

  it("keeps every character of Prism's lines, with no two neighbours of the same types", () => {
    const code = '{\n  "a": "x",\n\n  "b": [1, 2]  \n}';
    const lines = normalizeTokens(Prism.tokenize(code, Prism.languages.json!));
    const siteStyled = styledTypes([prismLight, prismDark]);
    const fewer = lines.map((line) => fewerTokens(line, siteStyled));
    expect(fewer.map((line) => line.map(({content}) => content).join(''))).toEqual(code.split('\n'));
    expect(fewer[2]).toEqual([]);
    // `  "a": ` is plain (the site's themes colour neither a key nor its colon), then the string and the comma
    expect(fewer[1]).toEqual([token(['plain'], '  "a": '), token(['string'], '"x"'), token(['punctuation'], ',')]);
    expect(fewer.flat().length).toBeLessThan(lines.flat().length);
    for (const line of fewer) {
      line.slice(1).forEach((current, index) => expect(current.types).not.toEqual(line[index]!.types));
    }
  });
});

/** A theme whose plain colour is black, with `styles`. */
const theme = (...styles: PrismTheme['styles']): PrismTheme => ({plain: {color: '#000000'}, styles});

describe('styledTypes', () => {
  it("is the types the site's themes show unlike plain text, in either mode", () => {
    const site = styledTypes([prismLight, prismDark]);
    // VS Light colours punctuation, Dracula keywords (italic), both strings and numbers' kin
    for (const type of ['punctuation', 'string', 'keyword', 'comment', 'function', 'variable'])
      expect(site).toContain(type);
    // VS Light gives an operator its plain black; neither theme has an entry for a key or a parameter
    for (const type of ['operator', 'property', 'parameter', 'plain']) expect(site).not.toContain(type);
  });

  it('counts a colour as plain in any notation, and one step off it as a colour', () => {
    expect(
      styledTypes([theme({types: ['a'], style: {color: 'rgb(0, 0, 0)'}}, {types: ['b'], style: {color: '#000'}})]),
    ).toEqual(new Set());
    expect(
      styledTypes([theme({types: ['a'], style: {color: 'rgb(0, 0, 1)'}}, {types: ['b'], style: {color: '#000001'}})]),
    ).toEqual(new Set(['a', 'b']));
  });

  it('counts any declaration but the colour, and a type styled in one theme only', () => {
    expect(styledTypes([theme({types: ['a'], style: {fontStyle: 'italic'}})])).toEqual(new Set(['a']));
    expect(styledTypes([theme(), theme({types: ['a'], style: {color: 'red'}})])).toEqual(new Set(['a']));
  });

  it("merges a type's entries in order, as prism-react-renderer does: the last colour wins", () => {
    const red = {types: ['a'], style: {color: 'red'}};
    const black = {types: ['a'], style: {color: '#000000'}};
    expect(styledTypes([theme(red, black)])).toEqual(new Set());
    expect(styledTypes([theme(black, red)])).toEqual(new Set(['a']));
    expect(styledTypes([theme(red, {types: ['a'], style: {fontWeight: 'bold'}})])).toEqual(new Set(['a']));
  });
});

describe('isPlain', () => {
  it('is true of plain text alone', () => {
    expect(isPlain(token(['plain'], 'a'))).toBe(true);
    expect(isPlain(token(['plain', 'x'], 'a'))).toBe(false);
    expect(isPlain(token(['string'], 'a'))).toBe(false);
  });
});
