/**
 * The markdown form of `HostedCheckLimits` (./index.tsx): the same bounds of a hosted run (./limits.ts), as a
 * markdown list. Registered in ../markdown.ts.
 */
import {markdownCode, markdownText, type ComponentForms} from '@portal/content';
import {hostedRunBounds} from './limits';

export const hostedCheckLimitsMarkdown: ComponentForms = {
  HostedCheckLimits: () =>
    hostedRunBounds
      .map(
        (bound) =>
          `- ${bound.map((piece) => (typeof piece === 'string' ? markdownText(piece) : markdownCode(piece.code))).join('')}`,
      )
      .join('\n'),
};
