/**
 * The markdown form of `AttestationCheck` (./index.tsx), the in-browser verifier of a hosted check's
 * attestation: what the page asks for before a file is picked, and the command that does the same without
 * the page. Registered in ../markdown.ts.
 */
import {markdownCode, markdownText, type ComponentForms} from '@portal/content';
import {decisionFields, fields, privacyNote, type Part} from './fields';

const sentence = (parts: Part[]): string =>
  parts.map((piece) => (typeof piece === 'string' ? markdownText(piece) : markdownCode(piece.code))).join('');

export const attestationCheckMarkdown: ComponentForms = {
  AttestationCheck: ({page}) =>
    [
      `_On [this page](pathname://${page}), a verifier of attestations: three file pickers, a choice of the API to go live with, a challenge and a Verify button._`,
      '',
      ...fields.flatMap((field) => [`**${markdownText(field.label)}.** ${sentence(field.help)}`, '']),
      `**${markdownText(decisionFields.forApi.label)}.** ${sentence(decisionFields.forApi.help)}`,
      '',
      `**${markdownText(decisionFields.challenge.label)}.** ${sentence(decisionFields.challenge.help)}`,
      '',
      privacyNote,
      '',
      `_Once verified, it shows "Authentic and accepted", "Authentic, refused" (with each reason, such as a failed test) or "Not authentic", the lines ${markdownCode('node sandbox.mjs verify')} prints (✓ each check that held, ✗ each reason it is not authentic), what the attestation says of the run, and which key set it used._`,
    ].join('\n'),
};
