/**
 * The markdown forms of the site's MDX components, all in one list: what each page's markdown version
 * (`<page>.md`, src/plugins/llms) writes where the page renders a component. Each form sits beside its
 * component (`<Name>/markdown.ts`) and reads the data the component renders; the guides' own components
 * (`Tabs`, `TabItem`, `Assumption`) have theirs in `@portal/content` (content/src/components.ts). A
 * component a page uses with no form here stops the build, naming it (README.md beside this file).
 */
import type {ComponentForms} from '@portal/content';
import type {OpenApiDocument} from '@portal/specs';
import type {DownloadInfo} from '../plugins/downloads/downloads';
import {attestationCheckMarkdown} from './AttestationCheck/markdown';
import {checkLimitMarkdown} from './CheckLimit/markdown';
import {checkRulesMarkdown} from './CheckRules/markdown';
import {disclosureMarkdown} from './Disclosure/markdown';
import {entityIdFinderMarkdown} from './EntityIdFinder/markdown';
import {harCheckMarkdown} from './HarCheck/markdown';
import {hostedCheckLimitsMarkdown} from './HostedCheckLimits/markdown';
import {hostedSandboxMarkdown} from './HostedSandbox/markdown';
import {oneFileDownloadsMarkdown} from './OneFileDownloads/markdown';
import {priceFormatterMarkdown} from './PriceFormatter/markdown';
import {specDownloadsMarkdown} from './SpecDownloads/markdown';
import {tryItMarkdown} from './TryIt/markdown';

/** What the build knows that the components render: the forms read the same. */
export interface SiteFacts {
  /** The site's URL (`siteConfig.url`). */
  siteUrl: string;
  /** The build's hosted sandbox (`customFields.hostedSandboxUrl`), or null. */
  hostedSandboxUrl: string | null;
  /** The one files the downloads plugin built (its global data). */
  downloads: readonly DownloadInfo[];
  bundles: Map<string, OpenApiDocument>;
}

export const componentMarkdown = (site: SiteFacts): ComponentForms => ({
  ...attestationCheckMarkdown,
  ...checkLimitMarkdown,
  ...checkRulesMarkdown,
  ...disclosureMarkdown,
  ...entityIdFinderMarkdown,
  ...harCheckMarkdown,
  ...hostedCheckLimitsMarkdown,
  ...hostedSandboxMarkdown(site.hostedSandboxUrl, site.siteUrl),
  ...oneFileDownloadsMarkdown(site.downloads),
  ...priceFormatterMarkdown,
  ...specDownloadsMarkdown,
  ...tryItMarkdown(site.bundles),
});
