import {themes, type PrismTheme} from 'prism-react-renderer';

/** Replaces the colour of some token types in a Prism theme. */
function recolour(theme: PrismTheme, colours: Record<string, string>): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.map((style) => {
      const type = style.types.find((name) => name in colours);
      return type ? {...style, style: {...style.style, color: colours[type]}} : style;
    }),
  };
}

/**
 * Code block themes with AA contrast (4.5:1) for every token: VS Light and Dracula, with the two
 * token colours that fall short (attribute names in light, comments in dark) darkened or lightened.
 */
export const prismLight = recolour(themes.vsLight, {'attr-name': '#c80000'});
export const prismDark = recolour(themes.dracula, {comment: '#9aa5ce'});
