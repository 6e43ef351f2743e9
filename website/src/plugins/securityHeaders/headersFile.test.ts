import {createHash} from 'node:crypto';
import {describe, expect, it} from 'vitest';
import {
  checkHeadersFile,
  collectInlineScripts,
  dataBlocks,
  headersFile,
  headersFor,
  inlineHandlers,
  inlineScripts,
  parseHeaders,
  scriptHash,
  unhashedAssets,
  type Page,
} from './headersFile';
import {headerRules} from './policy';

const themeScript =
  '!function(){var t=function(){try{return new URLSearchParams(window.location.search).get("docusaurus-theme")}catch(t){}}();document.documentElement.setAttribute("data-theme",t||"light")}()';
const redirectScript =
  "\n    window.location.href = '/docs/intro' + window.location.search + window.location.hash;\n  ";
const jsonLd = '{"@context":"https://schema.org","@type":"BlogPosting","headline":"Polling"}';

const page = (path: string, body: string): Page => ({
  path,
  html: `<!doctype html><html><head><script src=/assets/js/main.1234abcd.js defer></script></head><body>${body}</body></html>`,
});

const pages: Page[] = [
  page('/', `<script>${themeScript}</script><div id=__docusaurus></div>`),
  page(
    '/blog/polling',
    `<script>${themeScript}</script><script type=application/ld+json>${jsonLd}</script><p style="color:red">x</p>`,
  ),
  {
    path: '/docs',
    html: `<html><head><meta http-equiv="refresh" content="0; url=/docs/intro"></head><script>${redirectScript}</script></html>`,
  },
];

/** The hash a browser computes: SHA-256 of the UTF-8 text, base64. */
const browserHash = (text: string) =>
  `'sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}'`;

/** The Content-Security-Policy line of a `_headers` text, read back. */
const policyOf = (text: string) => headersFor(parseHeaders(text), '/docs/intro')['content-security-policy'];

describe('inline scripts', () => {
  it('finds the scripts a page runs, not those with src nor data blocks such as JSON-LD', () => {
    expect(inlineScripts(pages[0].html)).toEqual([themeScript]);
    expect(inlineScripts(pages[1].html)).toEqual([themeScript]);
    expect(dataBlocks(pages[1].html)).toEqual(new Map([['application/ld+json', 1]]));
    expect(inlineScripts(pages[2].html)).toEqual([redirectScript]);
  });

  it('counts modules, JavaScript types, import maps and speculation rules as run', () => {
    const html =
      '<script type="module">a()</script><script type="text/javascript">b()</script><script type=importmap>{}</script>' +
      '<script type="speculationrules">{"prerender":[]}</script><script type="text/plain">not run</script>';
    expect(inlineScripts(html)).toEqual(['a()', 'b()', '{}', '{"prerender":[]}']);
  });

  it('hashes the text as the browser does, CRLF read as LF', () => {
    expect(scriptHash(themeScript)).toBe(browserHash(themeScript));
    expect(inlineScripts('<script>a();\r\nb();\rc()</script>')).toEqual(['a();\nb();\nc()']);
    expect(scriptHash('é')).toBe(browserHash('é'));
  });

  it('gathers each distinct script once, with its pages and what it is', () => {
    const scripts = collectInlineScripts(pages);
    expect(scripts.map((script) => script.hash)).toEqual([scriptHash(themeScript), scriptHash(redirectScript)]);
    expect(scripts[0].pages).toEqual(['/', '/blog/polling']);
    expect(scripts[0].label).toMatch(/colour-mode/);
    expect(scripts[1].label).toMatch(/redirect/);
    expect(collectInlineScripts([page('/x', '<script>go()</script>')])[0].label).toBe('an inline script of /x');
  });

  it('reports event handler attributes and javascript: links, which no hash allows', () => {
    expect(inlineHandlers(pages[0].html)).toEqual([]);
    expect(inlineHandlers('<button onclick="go()">Go</button><a href="javascript:void 0">x</a>')).toEqual([
      'onclick on <button>',
      'javascript: href on <a>',
    ]);
    // Text that only looks like a handler is not one.
    expect(inlineHandlers('<p title="onclick=x">onload=y</p><script>el.onclick = f</script>')).toEqual([]);
  });
});

describe('the _headers file', () => {
  const text = headersFile(headerRules(collectInlineScripts(pages)), ['Test build.']);

  it('allows exactly the inline scripts of the build by hash, without unsafe-inline or unsafe-eval for scripts', () => {
    const policy = policyOf(text);
    const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src '))!;
    expect(scriptSrc).toBe(`script-src 'self' ${browserHash(themeScript)} ${browserHash(redirectScript)}`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain(browserHash(jsonLd));
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'none'"]) {
      expect(policy.split('; ')).toContain(directive);
    }
  });

  it('changes the hash when an inline script changes', () => {
    const changed = themeScript.replace('"light"', '"dark"');
    const other = headersFile(headerRules(collectInlineScripts([page('/', `<script>${changed}</script>`)])), []);
    expect(policyOf(other)).toContain(browserHash(changed));
    expect(policyOf(other)).not.toContain(browserHash(themeScript));
  });

  it('gives every path the security headers and only /assets/ the immutable caching', () => {
    const rules = parseHeaders(text);
    expect(rules.map((rule) => rule.path)).toEqual(['/*', '/assets/*']);
    const pageHeaders = headersFor(rules, '/docs/intro');
    expect(Object.keys(pageHeaders)).toEqual([
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'permissions-policy',
    ]);
    expect(pageHeaders['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(pageHeaders['cache-control']).toBeUndefined();
    expect(headersFor(rules, '/openapi/geo.json')['cache-control']).toBeUndefined();
    const asset = headersFor(rules, '/assets/js/main.1234abcd.js');
    expect(asset['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset['content-security-policy']).toBe(pageHeaders['content-security-policy']);
  });

  it('says why, in comments the hosts skip', () => {
    expect(text).toMatch(/^# Test build\.$/m);
    expect(text).toMatch(/^ {2}# script-src: .*no 'unsafe-eval'/m);
    expect(text).toMatch(/^ {2}# {3}'unsafe-inline' -- style attributes/m);
    expect(text).toContain(`${scriptHash(themeScript)} -- Docusaurus's colour-mode script`);
    expect(checkHeadersFile(text)).toEqual([]);
  });
});

describe('reading _headers', () => {
  it('matches splats and placeholders, joins a header two rules set, and removes `! Name`', () => {
    const rules = parseHeaders(
      [
        '# comment',
        '/*',
        '  X-One: a',
        '  # an indented comment',
        '/static/*',
        '  X-One: b',
        '  ! X-Two',
        '/movies/:title',
        '  X-Two: c',
        'https://example.com/*',
        '  X-Host: d',
      ].join('\n'),
    );
    expect(headersFor(rules, '/')).toEqual({'x-one': 'a'});
    expect(headersFor(rules, '/static/a/b.css')).toEqual({'x-one': 'a, b'});
    expect(headersFor(rules, '/movies/up')).toEqual({'x-one': 'a', 'x-two': 'c'});
    expect(headersFor(rules, '/movies/up/cast')).toEqual({'x-one': 'a'});
  });

  it('reports what Cloudflare would not read: a line over 2,000 characters, over 100 rules', () => {
    expect(checkHeadersFile(`/*\n  X: ${'a'.repeat(2000)}\n`)).toEqual([
      'line 2 has 2005 characters, over the 2000 Cloudflare reads',
    ]);
    expect(checkHeadersFile(Array.from({length: 101}, (_, i) => `/p${i}\n  X: y`).join('\n'))).toEqual([
      '101 rules, over the 100 Cloudflare reads',
    ]);
  });
});

describe('hashed assets', () => {
  it('names the files under assets/ without a content hash', () => {
    expect(
      unhashedAssets([
        'assets/js/main.47996b25.js',
        'assets/js/runtime~main.5e8b3a96.js',
        'assets/js/main.47996b25.js.LICENSE.txt',
        'assets/css/styles.a42f4332.css',
        'assets/images/diagram-0a1b2c3d4e5f.png',
        'assets/files/guide.pdf',
      ]),
    ).toEqual(['assets/files/guide.pdf']);
  });
});
