/**
 * One of the integration check's bounds (`checkLimits` of @portal/check/model: the default and largest time
 * limit of a run, the calls a run may make), as a number inside a sentence of the Integration check page
 * (docs/getting-started/integration-check.mdx), so the page says what the check does and no figure is
 * written by hand. Its markdown form (./markdown.ts) writes the same number.
 */
import type {ReactNode} from 'react';
import {checkLimitText} from '@portal/check/model';

export default function CheckLimit({of}: {of: string}): ReactNode {
  return <>{checkLimitText(of)}</>;
}
