/**
 * Redoc's options for the reference pages (seed 000 section 2: search box disabled, download button
 * hidden, host name hidden, a blue accent), with a light and a dark theme whose colours keep AA
 * contrast on the site's backgrounds. Redoc computes shades from these values, so they are plain
 * colours rather than CSS variables.
 */
import type {RedocRawOptions} from 'redoc';

const palettes = {
  light: {
    // A shade darker than the site's accent: Redoc lightens it for constraint badges.
    primary: '#0a52b8',
    text: '#1c1e21',
    secondary: '#4a5565',
    background: '#ffffff',
    sidebar: '#f4f7fb',
    panel: '#1e2835',
    panelText: '#f5f7fa',
    nested: '#f4f7fb',
    border: '#dbe3ee',
    success: '#1b7f3a',
    error: '#c42b1c',
    redirect: '#8a5300',
    info: '#0b5fd6',
  },
  dark: {
    // Redoc uses the primary colour for white-on-primary buttons as well as links: a dark blue here,
    // with links lightened by redocOverrides.css.
    primary: '#0a52b8',
    text: '#e3e7ee',
    secondary: '#b5bfcc',
    background: '#10151d',
    sidebar: '#161d27',
    panel: '#0b0f15',
    panelText: '#e3e7ee',
    nested: '#1c2430',
    border: '#2a3544',
    success: '#5fd38d',
    error: '#ff8a80',
    redirect: '#ffc266',
    info: '#8abbff',
  },
} as const;

export type ColorMode = keyof typeof palettes;

export function redocOptions(mode: ColorMode, scrollYOffset: number): RedocRawOptions {
  const c = palettes[mode];
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
        primary: {main: c.primary},
        success: {main: c.success},
        error: {main: c.error},
        warning: {main: c.redirect},
        text: {primary: c.text, secondary: c.secondary},
        border: {dark: c.border, light: c.border},
        // `color` is for the response list in the middle panel; `tabTextColor` for the status tabs
        // of the right panel, which is dark in both modes.
        responses: {
          success: {color: c.success, backgroundColor: 'transparent', tabTextColor: palettes.dark.success},
          error: {color: c.error, backgroundColor: 'transparent', tabTextColor: palettes.dark.error},
          redirect: {color: c.redirect, backgroundColor: 'transparent', tabTextColor: palettes.dark.redirect},
          info: {color: c.info, backgroundColor: 'transparent', tabTextColor: palettes.dark.info},
        },
        // Method badges have white text in both modes, so their colours stay dark.
        http: {
          get: '#1b7f3a',
          post: '#0b5fd6',
          put: '#8a5300',
          delete: '#c42b1c',
          patch: '#6b3fa0',
          options: '#4a5565',
          basic: '#4a5565',
          link: '#0b5fd6',
          head: '#4a5565',
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
        fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        headings: {fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"},
        code: {color: mode === 'light' ? '#b3262e' : '#ffb4a9', backgroundColor: c.nested},
        links:
          mode === 'light'
            ? {color: c.primary, visited: c.primary, hover: c.primary}
            : {color: '#8abbff', visited: '#8abbff', hover: '#8abbff'},
      },
      sidebar: {
        backgroundColor: c.sidebar,
        textColor: c.text,
        activeTextColor: mode === 'light' ? c.primary : '#8abbff',
      },
      rightPanel: {backgroundColor: c.panel, textColor: c.panelText},
      codeBlock: {backgroundColor: mode === 'light' ? '#111820' : '#05080c'},
      // Constraint badges ("non-empty", "[ 1 .. 50 ]") take a lightened primary: too dark in dark mode.
      extensionsHook: (name: string) => (mode === 'dark' && name === 'ConstraintItem' ? 'color: #8abbff;' : ''),
    },
  };
}
