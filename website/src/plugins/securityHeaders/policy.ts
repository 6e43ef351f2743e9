/**
 * The security headers of the site and why each is there: the Content-Security-Policy with every source
 * it allows and its reason, the other headers of every response, and the caching of hashed assets. The
 * reasons go into `_headers` as comments (headersFile.ts). Pure: the inline scripts come from the build
 * (./index.ts reads it); tested in headersFile.test.ts, enforced in a browser by e2e/csp.spec.ts.
 *
 * One policy for every page, not one per page: the site is a single-page app, and after the first page
 * the browser keeps that document (and its policy) while the reader moves to any other route. So every
 * page's policy must allow what any page may do, and every inline script of the build is hashed. No page
 * makes code from strings, so script-src has no 'unsafe-eval' (e2e/csp.spec.ts fails on any `eval` refused).
 */
import {localSandboxUrl} from '../../components/TryIt/request';
import type {Header, HeaderRule, InlineScript} from './headersFile';

/** A source a directive allows, and why. */
export interface Allowance {
  source: string;
  why: string;
}

/** A CSP directive, why it is set, and what it allows (none: `'none'`). */
export interface Directive {
  name: string;
  why: string;
  allow: Allowance[];
}

const self: Allowance = {source: "'self'", why: "the site's own files"};

/** The policy's directives; the inline scripts' hashes join script-src. */
export function directives(scripts: InlineScript[]): Directive[] {
  const localSandbox = new URL(localSandboxUrl);
  return [
    {
      name: 'default-src',
      why: 'anything not named below: the site only',
      allow: [self],
    },
    {
      name: 'script-src',
      why:
        "scripts: the site's bundles and the inline scripts of the build by hash, no 'unsafe-inline'; no " +
        "'unsafe-eval' either: no code is made from strings. The try-it console's in-page sandbox and the HAR " +
        'check validate requests with Ajv validators compiled when the site is built (src/plugins/precompiledValidators)',
      allow: [
        {source: "'self'", why: 'the bundles under /assets/js/ (runtime, main and the chunks each route loads)'},
        ...scripts.map((script) => ({
          source: script.hash,
          why: `${script.label} (${script.pages.length} page${script.pages.length === 1 ? '' : 's'}, e.g. ${script.pages[0]})`,
        })),
      ],
    },
    {
      name: 'style-src',
      why: 'styles',
      allow: [
        {source: "'self'", why: 'the stylesheet /assets/css/styles.<hash>.css'},
        {
          source: "'unsafe-inline'",
          why:
            'style attributes in the server-rendered HTML (React `style` props: Docusaurus, Redoc) and <style> ' +
            "elements made at run time (Redoc's styled-components, Mermaid's diagrams, CodeMirror, the " +
            'Integration check report, which the srcdoc frame inherits this policy for): not hashable, they ' +
            'change with the page and the reader. CSS cannot run script.',
        },
      ],
    },
    {
      name: 'img-src',
      why: 'images',
      allow: [
        {source: "'self'", why: 'the logo, favicons, diagrams and images under /img/ and /assets/'},
        {
          source: 'data:',
          why: "Infima's icons (menu carets, external-link arrows), inline SVG data: URLs in the stylesheet",
        },
      ],
    },
    {
      name: 'font-src',
      why: 'fonts: the site uses system fonts and ships none; its own if it ever does',
      allow: [self],
    },
    {
      name: 'connect-src',
      why: 'fetch() and XHR',
      allow: [
        {
          source: "'self'",
          why:
            'the bundles /openapi/<slug>.json (try-it console, entity-id finder, Integration check), the search ' +
            "index, the pages' markdown (Copy page as Markdown). The in-page sandbox answers inside the page: no request",
        },
        {
          source: `${localSandbox.protocol}//${localSandbox.hostname}:*`,
          why:
            `the console's "Local sandbox" target (${localSandboxUrl}, \`npm run sandbox\`), or one on another ` +
            'port typed as "Your host"; a loopback address, so an https page may call it over http',
        },
        {
          source: 'http://localhost:*',
          why: 'the same, typed as http://localhost:<port> in "Your host"',
        },
        {
          source: 'https:',
          why:
            'the console\'s "Your host": any https origin the reader types (their own CORS proxy); not knowable ' +
            'at build time. Plain http to another host is blocked as mixed content anyway',
        },
      ],
    },
    {
      name: 'worker-src',
      why: 'web workers',
      allow: [
        {
          source: "'self'",
          why:
            "the local search's worker, /assets/js/<chunk>.js. Redoc's search worker (a blob: URL) is off " +
            '(disableSearch in the apiReference plugin), so no blob:',
        },
      ],
    },
    {
      name: 'frame-src',
      why:
        'the site frames no page. The Integration check report is an <iframe srcdoc>: about:srcdoc is not ' +
        'fetched, frame-src does not apply, and the frame inherits this policy',
      allow: [],
    },
    {name: 'object-src', why: 'no <object> or <embed>: no plugin content', allow: []},
    {
      name: 'base-uri',
      why: "a <base href> may only point to the site itself (the report's <base target=_blank> has no href)",
      allow: [self],
    },
    {
      name: 'form-action',
      why: 'the site has no <form> that submits: the search box and the console send with script',
      allow: [],
    },
    {
      name: 'frame-ancestors',
      why: 'no other site may frame the portal (clickjacking); X-Frame-Options says the same to older browsers',
      allow: [],
    },
  ];
}

/** The header value of directives: `name source source; ...`, `'none'` where a directive allows nothing. */
export function policyValue(list: Directive[]): string {
  return list
    .map((directive) => {
      const sources = directive.allow.length > 0 ? directive.allow.map((allowance) => allowance.source) : ["'none'"];
      return `${directive.name} ${sources.join(' ')}`;
    })
    .join('; ');
}

/** The reasons of a policy, one comment line per directive and per source. */
export function policyReasons(list: Directive[]): string[] {
  return list.flatMap((directive) => [
    `${directive.name}: ${directive.why}`,
    ...directive.allow.map((allowance) => `  ${allowance.source} -- ${allowance.why}`),
  ]);
}

/**
 * Features the site does not use, denied to it and to any frame; clipboard-write kept for its own copy
 * buttons. Only names Chromium recognises (an unknown one is a console warning on every page: `bluetooth`
 * is, in Chromium 159; e2e/csp.spec.ts fails on any).
 */
export const deniedFeatures = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'gamepad',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
  'clipboard-read',
  'browsing-topics',
];

/** The headers of every response; the policy's hashes are the build's inline scripts. */
export function securityHeaders(scripts: InlineScript[]): Header[] {
  const list = directives(scripts);
  return [
    {name: 'Content-Security-Policy', value: policyValue(list), why: policyReasons(list)},
    {
      name: 'Strict-Transport-Security',
      value: 'max-age=31536000; includeSubDomains',
      why: [
        'HTTPS only, for a year, on this host and its subdomains (every one must serve HTTPS). Not `preload`:',
        "that is a commitment to the browsers' preload list, made for the whole domain, not by a build.",
      ],
    },
    {
      name: 'X-Content-Type-Options',
      value: 'nosniff',
      why: ['Files are what their Content-Type says: a JSON bundle or a .md page is never run as script or CSS.'],
    },
    {
      name: 'X-Frame-Options',
      value: 'DENY',
      why: ["frame-ancestors 'none' for browsers without CSP level 2."],
    },
    {
      name: 'Referrer-Policy',
      value: 'strict-origin-when-cross-origin',
      why: [
        "Other sites (links, the reader's host in the console) get the origin only, never the page; http gets",
        'nothing. Not stricter: the paths hold no secret (the key and host stay in sessionStorage), and the origin',
        "tells a partner's proxy where its calls come from.",
      ],
    },
    {
      name: 'Permissions-Policy',
      value: `${deniedFeatures.map((feature) => `${feature}=()`).join(', ')}, clipboard-write=(self)`,
      why: [
        'Browser features the site does not use, denied to its pages and any frame. clipboard-write for the',
        "site itself: the code blocks' copy buttons, Copy page as Markdown and the entity-id finder use it.",
      ],
    },
  ];
}

/** The rules of `_headers`: the security headers on every path, long caching for the hashed assets. */
export function headerRules(scripts: InlineScript[]): HeaderRule[] {
  return [
    {
      path: '/*',
      why: 'Every page and file. (Not Cache-Control: two matching rules would join their values.)',
      headers: securityHeaders(scripts),
    },
    {
      path: '/assets/*',
      why: "The bundler's output: every name carries a hash of its content (the build checks), so a change is a new URL.",
      headers: [
        {
          name: 'Cache-Control',
          value: 'public, max-age=31536000, immutable',
          why: [
            'Kept a year, never revalidated. HTML and other unhashed files (/img/, /openapi/, the search index,',
            "feeds) keep the host's default: revalidated on every use, so a deploy shows at once.",
          ],
        },
      ],
    },
  ];
}
