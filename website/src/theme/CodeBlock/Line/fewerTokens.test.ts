import {describe, expect, it} from 'vitest';
import {Prism, normalizeTokens, type Token} from 'prism-react-renderer';
import {fewerTokens, isPlain} from './fewerTokens';

const token = (types: string[], content: string, empty?: boolean): Token =>
  empty === undefined ? {types, content} : {types, content, empty};

describe('fewerTokens', () => {
  it('joins a run of tokens of the same types, and only of the same types', () => {
    expect(
      fewerTokens([
        token(['plain'], 'curl'),
        token(['plain'], ' '),
        token(['string'], '"a'),
        token(['string'], 'b"'),
        token(['string', 'variable'], '$x'),
        token(['string'], 'c'),
        token(['plain', 'x'], 'd'),
        token(['plain'], 'e'),
      ]),
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
    expect(fewerTokens([token(['plain'], '\n', true)])).toEqual([]);
    expect(fewerTokens([token(['string'], '', true)])).toEqual([]);
    expect(fewerTokens([token(['comment'], '# a'), token(['plain'], '')])).toEqual([token(['comment'], '# a')]);
    expect(fewerTokens([token(['plain'], '  ')])).toEqual([token(['plain'], '  ')]);
    // An empty token between two of the same types: they join across it.
    expect(fewerTokens([token(['plain'], 'a'), token(['string'], ''), token(['plain'], 'b')])).toEqual([
      token(['plain'], 'ab'),
    ]);
  });

  it("keeps every character of Prism's lines, with no two neighbours of the same types", () => {
    const code = '{\n  "a": "x",\n\n  "b": [1, 2]  \n}';
    const lines = normalizeTokens(Prism.tokenize(code, Prism.languages.json!));
    const fewer = lines.map(fewerTokens);
    expect(fewer.map((line) => line.map(({content}) => content).join(''))).toEqual(code.split('\n'));
    expect(fewer[2]).toEqual([]);
    expect(fewer[1]!.length).toBeGreaterThan(2);
    expect(fewer.flat().length).toBeLessThan(lines.flat().length);
    for (const line of fewer) {
      line.slice(1).forEach((current, index) => expect(current.types).not.toEqual(line[index]!.types));
    }
  });
});

describe('isPlain', () => {
  it('is true of plain text alone', () => {
    expect(isPlain(token(['plain'], 'a'))).toBe(true);
    expect(isPlain(token(['plain', 'x'], 'a'))).toBe(false);
    expect(isPlain(token(['string'], 'a'))).toBe(false);
  });
});
