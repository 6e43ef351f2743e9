// @vitest-environment jsdom
/**
 * The hosted sandbox and its MCP server as a build shows them (./notes.tsx): the address from the build
 * setting (`customFields.hostedSandboxUrl`, read by ./index.tsx), or, when the build names none, that the portal
 * offers none for a partner's own calls.
 */
import {cleanup, render, screen} from '@testing-library/react';
import {afterEach, describe, expect, it} from 'vitest';
import {HOSTED_RATE_LIMITS} from '@portal/sandbox/worker/limits';
import {HostedMcpNote, HostedSandboxNote} from './notes';

const SITE = 'https://developers.example.com';

afterEach(cleanup);

describe('HostedSandbox and HostedMcp', () => {
  it('name the hosted sandbox, its own limits and its MCP server at /mcp when the build names one', () => {
    render(
      <>
        <HostedSandboxNote url={SITE} siteUrl={SITE} />
        <HostedMcpNote url={SITE} />
      </>,
    );
    const sandbox = screen.getByTestId('hosted-sandbox');
    expect(sandbox.textContent).toContain('answers at https://developers.example.com, this site’s own address');
    expect(sandbox.textContent).toContain(`${HOSTED_RATE_LIMITS.perKey.limit} requests per`);
    expect(screen.getByTestId('hosted-mcp').textContent).toBe(
      'For this portal, that is https://developers.example.com/mcp.',
    );
  });

  it('say the portal offers none for your own calls when the build names no hosted sandbox, never that it has none', () => {
    render(
      <>
        <HostedSandboxNote url={null} siteUrl={SITE} />
        <HostedMcpNote url={null} />
      </>,
    );
    expect(screen.getByTestId('hosted-sandbox').textContent).toBe(
      'This portal offers no hosted sandbox for your own calls: run the one file, or use the sandbox in this page.',
    );
    expect(screen.getByTestId('hosted-mcp').textContent).toBe(
      'This portal offers no hosted sandbox for your own calls, so no hosted MCP server either: run mcp.mjs on your machine, as above.',
    );
    // The portal hosts the integration check, whose runs call the sandbox: it never says it has none at all
    expect(document.body.textContent).not.toMatch(/has no hosted sandbox/);
    expect(screen.getByTestId('hosted-mcp').textContent).not.toContain('developers.example.com');
  });
});
