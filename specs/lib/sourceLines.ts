/**
 * Where a text of a bundle was written (Node only): the source file and line, under `specs/`, of a
 * description, summary or note, found by its words among the string scalars of every authored YAML file
 * (`<slug>/openapi.yaml`, `common/`, `hotels-common/`). The checks of the specifications name it in their
 * messages so that a maintainer opens the line to edit, not a JSON pointer of the bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import {isScalar, LineCounter, parseDocument, visit} from 'yaml';
import {specsDir} from './bundles';
import type {DescriptionProblem} from './descriptionLimits';

interface Written {
  /** `hotels-live/openapi.yaml`, relative to specs/. */
  file: string;
  /** The scalar's source: its text with whitespace runs made single spaces, and each character's line. */
  source: string;
  lines: number[];
}

let index: Map<string, Written[]> | undefined;

const normal = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The authored YAML files of the specifications, relative to specs/. */
function yamlFiles(dir = specsDir): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', 'dist', 'releases', 'test', 'lib'].includes(entry.name) ? [] : yamlFiles(full);
    }
    return /\.ya?ml$/.test(entry.name) && entry.name !== 'redocly.yaml' ? [path.relative(specsDir, full)] : [];
  });
}

/** Every string scalar of the authored files, by its text with whitespace made single spaces. */
function scalars(): Map<string, Written[]> {
  if (index) return index;
  index = new Map();
  for (const file of yamlFiles()) {
    const text = fs.readFileSync(path.join(specsDir, file), 'utf8');
    const counter = new LineCounter();
    const document = parseDocument(text, {lineCounter: counter, keepSourceTokens: true});
    visit(document, {
      Scalar(_, node) {
        if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return;
        const [start, end] = node.range;
        let source = '';
        const lines: number[] = [];
        let space = false;
        for (let i = start; i < end; i += 1) {
          const char = text[i];
          if (/\s/.test(char)) {
            space = source.length > 0;
            continue;
          }
          if (space) {
            source += ' ';
            lines.push(counter.linePos(i).line);
            space = false;
          }
          source += char;
          lines.push(counter.linePos(i).line);
        }
        const key = normal(node.value);
        index!.set(key, [...(index!.get(key) ?? []), {file, source, lines}]);
      },
    });
  }
  return index;
}

/**
 * `specs/<file>:<line>` of the words `at` of a text of a bundle (the whole text when `at` is not given),
 * in `<slug>/` when `slug` is given and its files hold the text, or undefined when no authored file holds the text (a text the bundle step made, or one changed since).
 */
export function sourceLine(text: string, at?: string, slug?: string): string | undefined {
  const all = scalars().get(normal(text)) ?? [];
  // The API's own file first: the same words may be written in several
  const written = all.find((entry) => slug && entry.file.startsWith(`${slug}/`)) ?? all[0];
  if (!written) return undefined;
  const found = at ? written.source.indexOf(normal(at)) : 0;
  const line = written.lines[Math.max(0, found)] ?? written.lines[0];
  return `specs/${written.file}:${line}`;
}

/**
 * Problems of a bundle's texts as a maintainer reads them, `specs/<file>:<line>: <what>`, or with the
 * bundle's JSON pointer when no authored file holds the text.
 */
export const locatedProblems = (slug: string, problems: DescriptionProblem[]): string[] =>
  problems.map(
    ({pointer, text, index, message}) =>
      `${sourceLine(text, text.slice(index, index + 24), slug) ?? `${slug} ${pointer}`}: ${message}`,
  );
