/**
 * What the in-browser verifier (./index.tsx) asks for, written once for the page and its markdown form
 * (./markdown.ts): each file picker's label and help, with code marked, and the note on where the files go.
 */
import {KEYS_PATH} from '@portal/check/signingKeys';

/** A piece of a sentence: text, or `{code}` shown as code. */
export type Part = string | {code: string};

export interface Field {
  name: 'attestation' | 'har' | 'keys';
  label: string;
  accept: string;
  help: Part[];
}

export const fields: Field[] = [
  {
    name: 'attestation',
    label: 'Attestation (attestation.json)',
    accept: '.json,application/json',
    help: ['The ', {code: 'attestation.json'}, ' a hosted run wrote to the report folder.'],
  },
  {
    name: 'har',
    label: "The run's HAR (session.har), optional",
    accept: '.har,.json,application/json',
    help: ['With it, the page checks that it is the attested HAR and judges it again.'],
  },
  {
    name: 'keys',
    label: 'Key set file, optional',
    accept: '.json,application/json',
    help: [
      'Without it, the page uses the key set this site publishes at ',
      {code: KEYS_PATH},
      ', if it publishes one.',
    ],
  },
];

/** What the page decides against besides the files, as `verify --for` and `--challenge` do. */
export const decisionFields = {
  forApi: {
    label: 'Go live with, optional',
    none: 'Any API: the run passed',
    help: [
      'The run must also meet the go-live policy of the API you pick, as ',
      {code: 'verify --for'},
      ' judges it.',
    ] as Part[],
  },
  challenge: {
    label: 'Challenge, optional',
    help: [
      'The challenge you issued for this check: the run must carry exactly it, as ',
      {code: 'verify --challenge'},
      ' judges it.',
    ] as Part[],
  },
};

export const privacyNote =
  'The files stay in your browser: they are read and verified in this page and sent nowhere. The page loads only the verifier, the key set and the API specifications, from this site.';
