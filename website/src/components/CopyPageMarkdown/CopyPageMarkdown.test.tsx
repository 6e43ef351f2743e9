// @vitest-environment jsdom
import {cleanup, fireEvent, render, screen} from '@testing-library/react';
import {afterEach, describe, expect, it, vi} from 'vitest';
import CopyPageMarkdown from '.';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubClipboard(): ReturnType<typeof vi.fn> {
  const writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', {value: {writeText}, configurable: true});
  return writeText;
}

describe('CopyPageMarkdown', () => {
  it("copies the page's markdown and says so", async () => {
    const writeText = stubClipboard();
    const fetch = vi.fn(async () => new Response('# Authentication\n', {status: 200}));
    vi.stubGlobal('fetch', fetch);
    render(<CopyPageMarkdown markdownUrl="/docs/getting-started/authentication.md" />);

    fireEvent.click(screen.getByRole('button', {name: 'Copy page as Markdown'}));

    expect(await screen.findByText('Copied the page as Markdown.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/docs/getting-started/authentication.md');
    expect(writeText).toHaveBeenCalledWith('# Authentication\n');
    expect(screen.getByRole('link', {name: 'View as Markdown'}).getAttribute('href')).toBe(
      '/docs/getting-started/authentication.md',
    );
  });

  it('says it could not copy when the markdown is missing, and copies nothing', async () => {
    const writeText = stubClipboard();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Not found', {status: 404})),
    );
    render(<CopyPageMarkdown markdownUrl="/docs/nowhere.md" />);

    fireEvent.click(screen.getByRole('button', {name: 'Copy page as Markdown'}));

    expect(await screen.findByText('Could not copy: open the Markdown instead.')).toBeTruthy();
    expect(writeText).not.toHaveBeenCalled();
  });
});
