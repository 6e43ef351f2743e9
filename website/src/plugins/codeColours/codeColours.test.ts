import {describe, expect, it} from 'vitest';
import type {PrismTheme} from 'prism-react-renderer';
import {prismDark, prismLight} from '../../../config/prism';
import {codeColoursCss} from '.';

/** The declarations of the last rule whose selector ends with `selector`, as in the cascade. */
function lastRule(css: string, selector: string): string | undefined {
  const rules = css.split('\n').filter((rule) => rule.slice(0, rule.indexOf('{')).endsWith(selector));
  return rules.at(-1)?.slice(rules.at(-1)!.indexOf('{') + 1, -1);
}

describe('codeColoursCss', () => {
  it.each([
    ['light', prismLight],
    ['dark', prismDark],
  ] as const)('gives every token type of the %s theme its colour, scoped to that mode', (mode, theme) => {
    const css = codeColoursCss(theme, mode);
    for (const rule of css.split('\n')) expect(rule.startsWith(`[data-theme='${mode}'] .theme-code-block`)).toBe(true);
    // prism-react-renderer merges a type's entries in order: the last colour given to a type wins
    const expected = new Map<string, string>();
    for (const entry of theme.styles) for (const type of entry.types) expected.set(type, String(entry.style.color));
    expect(expected.size).toBeGreaterThan(5);
    for (const [type, colour] of expected) expect(lastRule(css, ` .token.${type}`)).toContain(`color:${colour}`);
  });

  it("sets the block's own colours over its inline ones, which follow the mode only once the page is live", () => {
    const css = codeColoursCss(prismDark, 'dark');
    expect(lastRule(css, ' pre.prism-code')).toBe(
      `color:${prismDark.plain.color}!important;background-color:${prismDark.plain.backgroundColor}!important`,
    );
    expect(lastRule(css, '.theme-code-block')).toContain(
      `--prism-background-color:${prismDark.plain.backgroundColor}!important`,
    );
  });

  it('writes font styles as CSS properties (Dracula keywords are italic)', () => {
    expect(lastRule(codeColoursCss(prismDark, 'dark'), ' .token.keyword')).toContain('font-style:italic');
  });

  it('refuses a theme it cannot express: a style for some languages only, or a type that is not a class name', () => {
    const only: PrismTheme = {plain: {}, styles: [{types: ['keyword'], languages: ['js'], style: {color: 'red'}}]};
    expect(() => codeColoursCss(only, 'light')).toThrow(/some languages only/);
    const odd: PrismTheme = {plain: {}, styles: [{types: ['a b'], style: {color: 'red'}}]};
    expect(() => codeColoursCss(odd, 'light')).toThrow(/not a class name/);
  });
});
