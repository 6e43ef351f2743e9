import {describe, expect, it, vi} from 'vitest';
import {hostedSandboxUrl, localSiteUrl, missingSiteUrlWarning, siteUrl, warnOncePerProcess} from './site';

describe('siteUrl (Docusaurus url: sitemap, canonical links, og:image)', () => {
  it('is SITE_URL when it is set, without a trailing slash, and warns about nothing', () => {
    const warn = vi.fn();
    expect(siteUrl({NODE_ENV: 'production', SITE_URL: 'https://developers.example.com/'}, warn)).toBe(
      'https://developers.example.com',
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to the local server and warns in a production build without SITE_URL', () => {
    const warn = vi.fn();
    expect(siteUrl({NODE_ENV: 'production'}, warn)).toBe(localSiteUrl);
    expect(siteUrl({NODE_ENV: 'production', SITE_URL: '  '}, warn)).toBe(localSiteUrl);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(missingSiteUrlWarning);
    expect(missingSiteUrlWarning).toContain('SITE_URL is not set');
    expect(missingSiteUrlWarning).toContain('http://localhost:3000');
    expect(missingSiteUrlWarning).toMatch(/sitemap.*canonical/);
  });

  it('does not warn outside production builds (npm start, npm run serve)', () => {
    const warn = vi.fn();
    expect(siteUrl({NODE_ENV: 'development'}, warn)).toBe(localSiteUrl);
    expect(siteUrl({}, warn)).toBe(localSiteUrl);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('warnOncePerProcess', () => {
  it('prints a message once, however often the config is loaded', () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const state: Record<symbol, unknown> = {};
    warnOncePerProcess('first', state);
    warnOncePerProcess('first', state);
    warnOncePerProcess('second', state);
    expect(consoleWarn.mock.calls).toEqual([['first'], ['second']]);
    consoleWarn.mockRestore();
  });
});

describe('hostedSandboxUrl (HOSTED_SANDBOX_URL: the Sandbox page and the try-it console)', () => {
  it('is null when the build names no hosted sandbox, so none is offered', () => {
    expect(hostedSandboxUrl({})).toBeNull();
    expect(hostedSandboxUrl({HOSTED_SANDBOX_URL: '  '})).toBeNull();
  });

  it('takes an origin, without its trailing slash', () => {
    expect(hostedSandboxUrl({HOSTED_SANDBOX_URL: 'https://developers.example.com/'})).toBe(
      'https://developers.example.com',
    );
    expect(hostedSandboxUrl({HOSTED_SANDBOX_URL: 'http://127.0.0.1:8787'})).toBe('http://127.0.0.1:8787');
  });

  it('refuses anything but an origin, naming it', () => {
    for (const url of ['developers.example.com', 'https://example.com/apiservices', 'ftp://example.com'])
      expect(() => hostedSandboxUrl({HOSTED_SANDBOX_URL: url})).toThrow(`not ${url}`);
  });
});
