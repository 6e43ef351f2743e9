/**
 * The markdown forms of `HostedSandbox` and `HostedMcp` (./index.tsx): what ./notes.tsx says, for the
 * same address (the build's `hostedSandboxUrl`, given to the forms by src/plugins/llms) and the same limits
 * (`HOSTED_RATE_LIMITS`): the hosted sandbox's address and its own limits, or that the portal offers none for a
 * partner's own calls.
 * Registered in ../markdown.ts.
 */
import {markdownCode, type ComponentForms} from '@portal/content';
import {HOSTED_RATE_LIMITS} from '@portal/sandbox/worker/limits';

export const hostedSandboxMarkdown = (url: string | null, siteUrl: string): ComponentForms => ({
  HostedSandbox: () => {
    if (!url)
      return 'This portal offers no hosted sandbox for your own calls: run the one file, or use the sandbox in this page.';
    return [
      `The hosted sandbox answers at ${markdownCode(url)}${url === siteUrl ? ', this site’s own address' : ''}: set ${markdownCode(`API_BASE_URL=${url}`)}. It limits the calls it takes, to protect itself. These are its own limits, not the service’s:`,
      '',
      ...Object.values(HOSTED_RATE_LIMITS).map(
        (limit) => `- ${limit.limit} requests per ${limit.periodSeconds} seconds per ${limit.countedBy}.`,
      ),
      '',
      `Over a limit it answers ${markdownCode('429')} with ${markdownCode('Retry-After')} and the error body. Each limit is counted in each of the platform’s locations, approximately; preflight requests are not counted.`,
    ].join('\n');
  },

  HostedMcp: () =>
    url
      ? `For this portal, that is ${markdownCode(`${url}/mcp`)}.`
      : `This portal offers no hosted sandbox for your own calls, so no hosted MCP server either: run ${markdownCode('mcp.mjs')} on your machine, as above.`,
});
