/**
 * What the Sandbox and AI assistants pages say of the hosted sandbox, given its address (./index.tsx reads
 * it from the build): the address and its abuse limits from where the Worker reads them
 * (`HOSTED_RATE_LIMITS`, sandbox/src/worker/limits.ts), and the MCP server the same Worker answers at
 * `/mcp` (deploy/src/worker.ts). Without an address each says this portal offers none for a partner's own calls,
 * in a partner's words (how a build names one is for the provider: deploy/README.md): no address is invented.
 * Either way the portal hosts the integration check, whose runs call the same sandbox (the Sandbox page says so
 * below the note), so neither says the portal has no hosted sandbox at all.
 */
import type {ReactNode} from 'react';
import {HOSTED_RATE_LIMITS} from '@portal/sandbox/worker/limits';

/** The MCP server of the hosted sandbox's Worker, at `/mcp` of its origin. */
export function HostedMcpNote({url}: {url: string | null}): ReactNode {
  if (!url) {
    return (
      <p data-testid="hosted-mcp">
        This portal offers no hosted sandbox for your own calls, so no hosted MCP server either: run{' '}
        <code>mcp.mjs</code> on your machine, as above.
      </p>
    );
  }
  return (
    <p data-testid="hosted-mcp">
      For this portal, that is <code>{url}/mcp</code>.
    </p>
  );
}

/** The hosted sandbox: its address and its own limits. `siteUrl`: this site's address. */
export function HostedSandboxNote({url, siteUrl}: {url: string | null; siteUrl: string}): ReactNode {
  if (!url) {
    return (
      <p data-testid="hosted-sandbox">
        This portal offers no hosted sandbox for your own calls: run the one file, or use the sandbox in this page.
      </p>
    );
  }
  const limits = Object.values(HOSTED_RATE_LIMITS);
  return (
    <div data-testid="hosted-sandbox">
      <p>
        The hosted sandbox answers at <code>{url}</code>
        {url === siteUrl ? ', this site’s own address' : ''}: set <code>API_BASE_URL={url}</code>. It limits the calls
        it takes, to protect itself. These are its own limits, not the service’s:
      </p>
      <ul>
        {limits.map((limit) => (
          <li key={limit.binding}>
            {limit.limit} requests per {limit.periodSeconds} seconds per {limit.countedBy}.
          </li>
        ))}
      </ul>
      <p>
        Over a limit it answers <code>429</code> with <code>Retry-After</code> and the error body. Each limit is counted
        in each of the platform’s locations, approximately; preflight requests are not counted.
      </p>
    </div>
  );
}
