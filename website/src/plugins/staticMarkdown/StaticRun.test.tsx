// @vitest-environment jsdom
/**
 * A static run of markdown (./StaticRun.tsx, as ./StaticMarkdown.tsx renders it) as the reader gets it: the server's HTML kept through
 * hydration, its internal links still the router's (each rule of Docusaurus's Link tried with an input
 * only it turns away), and its markdown rendered by React whenever it is not hydrated.
 */
import {act, type ReactNode} from 'react';
import {createRoot, hydrateRoot} from 'react-dom/client';
import {renderToStaticMarkup} from 'react-dom/server';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';

import * as hydration from './hydration';
import {staticRun} from './StaticRun';

const history = {push: vi.fn(), replace: vi.fn()};
let hydrating = true;
/** The run as ./StaticMarkdown.tsx makes it, with a router of our own. */
const StaticMarkdown = staticRun({hydrating: () => hydrating, useHistory: () => history});
/** What ./lazyChildren.ts hands a run: its markdown, made only when called (the calls counted). */
const made = vi.fn();
const markdown = (element: ReactNode) => () => {
  made();
  return element;
};

(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true;
const preload = vi.fn(() => false as const);
window.docusaurus = {preload, prefetch: vi.fn(() => false as const)};

/** What the server wrote for a paragraph with links of each kind. */
const serverParagraph = [
  '<p>Server text: <a href="/docs/other?x=1#step">a guide</a>, <a href="/">this page</a>, ',
  '<a href="#here">an anchor</a>, <a href="/docs/file.json" download="">a file</a>, ',
  '<a href="/docs/new" target="_blank">a new tab</a>, <a href="https://example.com/docs/x">elsewhere</a>.</p>',
].join('');

let container: HTMLElement;
const errors: unknown[] = [];

/** Hydrates `container`, holding `html`, with `element`. */
async function hydrate(html: string, element: ReactNode) {
  container.innerHTML = html;
  await act(async () => {
    hydrateRoot(container, element, {onRecoverableError: (error) => errors.push(error)});
  });
}

/** Clicks the link named `name` as a reader would, with `init`; whether the page's own navigation was stopped. */
function click(name: string, init: MouseEventInit = {}): boolean {
  const link = Array.from(container.querySelectorAll('a')).find((anchor) => anchor.textContent === name)!;
  return !link.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, button: 0, ...init}));
}

beforeEach(() => {
  container = document.body.appendChild(document.createElement('div'));
  errors.length = 0;
  history.push.mockClear();
  history.replace.mockClear();
  preload.mockClear();
  made.mockClear();
  hydrating = true;
});
afterEach(() => container.remove());

describe('a static run of markdown, hydrated', () => {
  it("keeps the server's HTML as it is, where hydrating the markdown itself would replace it", async () => {
    const client = <p>Client text</p>;
    await hydrate(serverParagraph, <StaticMarkdown tag="p">{markdown(client)}</StaticMarkdown>);
    expect(container.innerHTML).toBe(serverParagraph);
    expect(errors).toEqual([]);
    // Nor is its markdown made
    expect(made).not.toHaveBeenCalled();
    // The same markdown without the run: React finds other text and draws its own.
    const bare = document.body.appendChild(document.createElement('div'));
    bare.innerHTML = serverParagraph;
    await act(async () => {
      hydrateRoot(bare, client, {onRecoverableError: () => {}});
    });
    expect(bare.innerHTML).toBe('<p>Client text</p>');
    bare.remove();
  });

  it('hands a plain click on an internal link to the router, with its query and hash', async () => {
    await hydrate(serverParagraph, <StaticMarkdown tag="p">{markdown(null)}</StaticMarkdown>);
    expect(click('a guide')).toBe(true);
    expect(history.push).toHaveBeenCalledExactlyOnceWith('/docs/other?x=1#step');
    // A link to the page the reader is on replaces the entry, as Link does
    expect(click('this page')).toBe(true);
    expect(history.replace).toHaveBeenCalledExactlyOnceWith('/');
    expect(history.push).toHaveBeenCalledTimes(1);
  });

  it('leaves to the browser what Link leaves to it: each rule, one link or click it alone turns away', async () => {
    await hydrate(serverParagraph, <StaticMarkdown tag="p">{markdown(null)}</StaticMarkdown>);
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'])
      expect(click('a guide', {[modifier]: true}), modifier).toBe(false);
    expect(click('a guide', {button: 1})).toBe(false);
    expect(click('an anchor')).toBe(false);
    expect(click('a file')).toBe(false);
    expect(click('a new tab')).toBe(false);
    expect(click('elsewhere')).toBe(false);
    // A click another handler already took
    const link = container.querySelector('a')!;
    const takeIt = (event: Event) => event.preventDefault();
    link.addEventListener('click', takeIt);
    click('a guide');
    link.removeEventListener('click', takeIt);
    expect(history.push).not.toHaveBeenCalled();
    expect(history.replace).not.toHaveBeenCalled();
  });

  it('routes no click on a link around the run, nor on its text', async () => {
    await hydrate(
      '<a href="/docs/outer"><span>Around</span></a>',
      <a href="/docs/outer">
        <StaticMarkdown tag="span">{markdown(null)}</StaticMarkdown>
      </a>,
    );
    container.querySelector('span')!.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
    await hydrate(serverParagraph, <StaticMarkdown tag="p">{markdown(null)}</StaticMarkdown>);
    container
      .querySelector('p')!
      .firstChild!.parentElement!.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
    expect(history.push).not.toHaveBeenCalled();
  });

  it("loads an internal link's page code when pointed at, once, and no other link's", async () => {
    await hydrate(serverParagraph, <StaticMarkdown tag="p">{markdown(null)}</StaticMarkdown>);
    const point = (name: string) =>
      Array.from(container.querySelectorAll('a'))
        .find((anchor) => anchor.textContent === name)!
        .dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
    point('a guide');
    point('a guide');
    point('elsewhere');
    point('a new tab');
    expect(preload).toHaveBeenCalledExactlyOnceWith('/docs/other');
  });

  it('renders its markdown when hydration found its element empty (a page drawn anew)', async () => {
    await hydrate('<p></p>', <StaticMarkdown tag="p">{markdown(<p>Client text</p>)}</StaticMarkdown>);
    expect(container.innerHTML).toBe('<p>Client text</p>');
  });
});

describe('a static run of markdown, not hydrated', () => {
  it('renders its markdown on the server, as MDX would without it', () => {
    hydrating = false;
    expect(
      renderToStaticMarkup(
        <StaticMarkdown tag="p">
          {markdown(
            <p>
              Some <code>code</code>
            </p>,
          )}
        </StaticMarkdown>,
      ),
    ).toBe('<p>Some <code>code</code></p>');
  });

  it('renders its markdown once the first route has rendered (a page reached by a link, a tab chosen)', async () => {
    // ./hydration.ts: hydrating in a browser until Docusaurus reports the first route rendered
    expect(hydration.isHydrating()).toBe(true);
    hydration.onRouteDidUpdate();
    expect(hydration.isHydrating()).toBe(false);
    hydrating = hydration.isHydrating();
    await act(async () => {
      createRoot(container).render(<StaticMarkdown tag="p">{markdown(<p>Client text</p>)}</StaticMarkdown>);
    });
    expect(container.innerHTML).toBe('<p>Client text</p>');
  });
});
