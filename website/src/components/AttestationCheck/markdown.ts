/**
 * The markdown form of `AttestationCheck` (./index.tsx), the in-browser verifier of a hosted check's
 * attestation: what the page asks for before a file is picked, and the command that does the same without
 * the page. Registered in ../markdown.ts.
 */
import {markdownCode, type ComponentForms} from '@portal/content';
import {KEYS_PATH} from '@portal/check/signingKeys';

export const attestationCheckMarkdown: ComponentForms = {
  AttestationCheck: ({page}) =>
    [
      `_On [this page](pathname://${page}), a verifier of attestations: three file pickers and a Verify button._`,
      '',
      `- **Attestation (attestation.json)**: the ${markdownCode('attestation.json')} a hosted run wrote to the report folder.`,
      `- **The run's HAR (session.har), optional**: with it, the page checks that it is the attested HAR and judges it again.`,
      `- **Key set file, optional**: without it, the page uses the key set this site publishes at ${markdownCode(KEYS_PATH)}, if it publishes one.`,
      '',
      'The files stay in your browser: they are read and verified in this page and sent nowhere. The page loads only the verifier, the key set and the API specifications, from this site.',
      '',
      `_Once verified, it shows "Verified" or "Not verified", the lines ${markdownCode('node sandbox.mjs verify')} prints (✓ each check that held, ✗ each reason it is refused), and which key set it used._`,
    ].join('\n'),
};
