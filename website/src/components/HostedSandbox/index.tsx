/**
 * The hosted sandbox of this build, on the Sandbox page (docs/getting-started/sandbox.mdx): its address
 * from the build setting HOSTED_SANDBOX_URL (`customFields.hostedSandboxUrl`, website/config/site.ts)
 * and its abuse limits from where the Worker reads them (`HOSTED_RATE_LIMITS`,
 * sandbox/src/worker/limits.ts). A build that names no hosted sandbox says so: no address is invented.
 */
import type {ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {HOSTED_RATE_LIMITS} from '@portal/sandbox/worker/limits';

export default function HostedSandbox(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const url = siteConfig.customFields?.hostedSandboxUrl as string | null | undefined;
  if (!url) {
    return (
      <p data-testid="hosted-sandbox">
        This build of the portal names no hosted sandbox, so there is none to call: run the one file, or use the sandbox
        in this page.
      </p>
    );
  }
  const limits = Object.values(HOSTED_RATE_LIMITS);
  return (
    <div data-testid="hosted-sandbox">
      <p>
        The hosted sandbox answers at <code>{url}</code>
        {url === siteConfig.url ? ', this site’s own address' : ''}: set <code>API_BASE_URL={url}</code>. It limits the
        calls it takes, to protect itself. These are its own limits, not the service’s:
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
