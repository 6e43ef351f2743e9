/**
 * The hosted sandbox of this build (./notes.tsx), on the Sandbox page (docs/getting-started/sandbox.mdx),
 * and its MCP server (`HostedMcp`) on the AI assistants page: the address from the build setting
 * HOSTED_SANDBOX_URL (`customFields.hostedSandboxUrl`, website/config/site.ts), null when it names none.
 */
import type {ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {HostedMcpNote, HostedSandboxNote} from './notes';

/** The hosted sandbox's origin, or null when the build names none. */
function useHostedSandboxUrl(): {url: string | null; siteUrl: string} {
  const {siteConfig} = useDocusaurusContext();
  return {
    url: (siteConfig.customFields?.hostedSandboxUrl as string | null | undefined) ?? null,
    siteUrl: siteConfig.url,
  };
}

export function HostedMcp(): ReactNode {
  return <HostedMcpNote url={useHostedSandboxUrl().url} />;
}

export default function HostedSandbox(): ReactNode {
  const {url, siteUrl} = useHostedSandboxUrl();
  return <HostedSandboxNote url={url} siteUrl={siteUrl} />;
}
