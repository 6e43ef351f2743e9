/**
 * Redoc's options for the reference pages: Redoc's own search box disabled (the site's search indexes
 * the reference), the download button hidden (docs/getting-started/downloads.mdx offers the files) and
 * the host name hidden (it comes with a partner's onboarding: specs/CONVENTIONS.md, docs/faqs.mdx).
 * Its colours are the site's own tokens (`--site-*` in src/css/custom.css), read in the browser for the
 * colour mode Redoc renders in; Redoc computes shades from them, so it needs plain colours rather than
 * CSS variables. They keep AA contrast on the site's backgrounds in both modes.
 */
import type {RedocRawOptions} from 'redoc';

export type ColorMode = 'light' | 'dark';

const tokenNames = {
  text: '--site-text',
  secondary: '--site-text-secondary',
  background: '--site-background',
  sidebar: '--site-surface',
  nested: '--site-nested',
  border: '--site-card-border',
  // Redoc uses the primary colour for white-on-primary buttons as well as links: the strong accent.
  primary: '--site-accent-strong',
  link: '--site-link',
  panel: '--site-panel',
  panelText: '--site-panel-text',
  codePanel: '--site-code-panel',
  inlineCode: '--site-inline-code',
  success: '--site-success',
  error: '--site-error',
  warning: '--site-warning',
  info: '--site-info',
  methodOther: '--site-method-other',
} as const;

export type Palette = Record<keyof typeof tokenNames, string>;

/** Height of the navbar, which Redoc keeps clear when it scrolls to an operation. */
export const navbarHeight = 60;

function paletteOf(read: (name: string) => string | undefined): Palette {
  return Object.fromEntries(
    Object.entries(tokenNames).map(([key, name]) => {
      const value = read(name)?.trim();
      if (!value) throw new Error(`The colour token ${name} is not defined in src/css/custom.css`);
      return [key, value];
    }),
  ) as Palette;
}

/**
 * The site's colour tokens of a mode, read from a probe element that carries that mode's
 * `data-theme`, so the answer does not depend on when the page's own attribute changes.
 */
export function readPalette(mode: ColorMode): Palette {
  const probe = document.createElement('div');
  probe.setAttribute('data-theme', mode);
  probe.hidden = true;
  document.body.appendChild(probe);
  const style = getComputedStyle(probe);
  const palette = paletteOf((name) => style.getPropertyValue(name));
  probe.remove();
  return palette;
}

/**
 * The same tokens read from the stylesheet's text, where no browser computes them (the build renders
 * the reference on the server: ../../prerender.ts), with the cascade the probe above sees: the
 * declarations of `:root`, then those of that mode's `[data-theme='<mode>']`, in source order.
 */
export function paletteFromStylesheet(stylesheet: string, mode: ColorMode): Palette {
  const tokens = new Map<string, string>();
  const applies = (selector: string) =>
    selector === ':root' || selector === `[data-theme='${mode}']` || selector === `html[data-theme='${mode}']`;
  const uncommented = stylesheet.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, selectors, body] of uncommented.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (!selectors.split(',').some((entry) => applies(entry.trim()))) continue;
    for (const [, name, value] of body.matchAll(/(--site-[\w-]+)\s*:\s*([^;]+);/g)) tokens.set(name, value);
  }
  return paletteOf((name) => tokens.get(name));
}

const fontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * Redoc's options for one colour mode. `dark` is the dark palette: the right panel is dark in both
 * modes, so its status tabs and method badges take the dark mode's (light-on-dark) or the light
 * mode's (white text on a dark badge) colours.
 */
export function redocOptions(c: Palette, dark: Palette, light: Palette, scrollYOffset: number): RedocRawOptions {
  return {
    disableSearch: true,
    hideDownloadButton: true,
    hideHostname: true,
    hideLoading: true,
    scrollYOffset,
    expandResponses: '200',
    jsonSampleExpandLevel: 3,
    sortEnumValuesAlphabetically: false,
    theme: {
      colors: {
        // `light` is Redoc's colour for property labels ("additional property") and constraint badges:
        // by default the strong accent lightened, below AA on the page in both modes.
        primary: {main: c.primary, light: c.link},
        success: {main: c.success},
        error: {main: c.error},
        warning: {main: c.warning},
        text: {primary: c.text, secondary: c.secondary},
        border: {dark: c.border, light: c.border},
        // `color` is for the response list in the middle panel; `tabTextColor` for the status tabs
        // of the right panel, which is dark in both modes.
        responses: {
          success: {color: c.success, backgroundColor: 'transparent', tabTextColor: dark.success},
          error: {color: c.error, backgroundColor: 'transparent', tabTextColor: dark.error},
          redirect: {color: c.warning, backgroundColor: 'transparent', tabTextColor: dark.warning},
          info: {color: c.info, backgroundColor: 'transparent', tabTextColor: dark.info},
        },
        // Method badges have white text in both modes, so they take the light mode's dark colours.
        http: {
          get: light.success,
          post: light.info,
          put: light.warning,
          delete: light.error,
          patch: light.methodOther,
          options: light.secondary,
          basic: light.secondary,
          link: light.info,
          head: light.secondary,
        },
      },
      schema: {
        nestedBackground: c.nested,
        linesColor: c.border,
        typeNameColor: c.secondary,
        typeTitleColor: c.secondary,
        requireLabelColor: c.error,
      },
      typography: {
        fontFamily,
        headings: {fontFamily},
        code: {color: c.inlineCode, backgroundColor: c.nested},
        links: {color: c.link, visited: c.link, hover: c.link},
      },
      sidebar: {backgroundColor: c.sidebar, textColor: c.text, activeTextColor: c.link},
      rightPanel: {backgroundColor: c.panel, textColor: c.panelText},
      codeBlock: {backgroundColor: c.codePanel},
      extensionsHook: (name: string) => {
        // Constraint badges ("non-empty", "[ 1 .. 50 ]") take a lightened primary: too dark on a dark page.
        if (name === 'ConstraintItem') return c === dark ? `color: ${c.link};` : '';
        // Sub-headings ("path Parameters", "Request Body schema", "Response Schema"): Redoc fixes them
        // to a translucent grey, below AA on the nested background in light mode and on the dark page.
        if (name === 'UnderlinedHeader') return `color: ${c.secondary}; border-bottom-color: ${c.border};`;
        return '';
      },
    },
  };
}
