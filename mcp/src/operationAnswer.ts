/**
 * The answer of the MCP tool `get_operation` (./tools.ts): one operation's reference, cut from the
 * markdown the site serves for it (`operationMarkdown` of `@portal/specs`, the section of
 * `/api/<slug>.md`), at a size an assistant can take in. By default a compact form; the whole of it,
 * or chosen parts, on request. Pure.
 */
import {
  codeSamplesOf,
  fieldRows,
  inlineRefs,
  operationMarkdown,
  requestMedia,
  responseMedia,
  type OpenApiDocument,
  type Operation,
} from '@portal/specs';

/** The parts an answer can be asked for, each a `####` section of the operation's markdown (and its schema). */
export const operationSections = {
  parameters: 'Parameters',
  'request-body': 'Request body',
  response: 'Response',
  'next-calls': 'Next calls',
  enums: 'Enums',
  errors: 'Errors',
  example: 'Example',
  'code-samples': 'Code samples',
  schema: 'Request body JSON Schema',
} as const;

export type OperationSection = keyof typeof operationSections;

export interface OperationAnswerOptions {
  /** `compact` (the default) or `full`: every section. */
  detail?: 'compact' | 'full';
  /** These sections in full, after the operation's heading (instead of the compact form). */
  sections?: OperationSection[];
  /** Code sample languages to keep, by label or language (`curl`, `Python`); all when left out. */
  languages?: string[];
  /** The site's origin for the links (`https://developers.example.com`), or '' for paths alone. */
  site: string;
}

/** The operation's markdown cut at its `####` headings: the heading part first (`''`), then each section by title. */
function sectionsOf(markdown: string): Map<string, string> {
  const parts = markdown.split(/\n(?=#### )/);
  const found = new Map<string, string>([['', parts[0].trim()]]);
  for (const part of parts.slice(1)) found.set(/^#### (.+)/.exec(part)![1], part.trim());
  return found;
}

const tag = (operation: Operation): string => operation.tags?.[0] ?? operation.operationId.split('_')[0];

/** The operation's answer as `get_operation` gives it. */
export function operationAnswer(doc: OpenApiDocument, operation: Operation, options: OperationAnswerOptions): string {
  const wanted = options.languages?.map((language) => language.toLowerCase());
  const samples = codeSamplesOf(operation);
  const shown: Operation = {
    ...operation,
    'x-codeSamples': wanted
      ? samples.filter(
          (sample) => wanted.includes(sample.lang.toLowerCase()) || wanted.includes((sample.label ?? '').toLowerCase()),
        )
      : samples,
  };
  const sections = sectionsOf(operationMarkdown(doc, shown));
  const schema = requestMedia(doc, operation)?.schema;
  if (schema)
    sections.set(
      operationSections.schema,
      ['#### Request body JSON Schema', '```json', JSON.stringify(inlineRefs(doc, schema), null, 2), '```'].join(
        '\n\n',
      ),
    );
  const reference = `${options.site}/api/${operation.slug}.md`;
  const page = `${options.site}/api/${operation.slug}/#tag/${tag(operation)}/operation/${operation.operationId}`;
  const links = `API: ${operation.slug}. Reference: ${reference} (as markdown), ${page} (the page).`;

  if (options.detail === 'full' && !options.sections) return [links, ...sections.values()].join('\n\n');
  if (options.sections) {
    const parts = options.sections.map(
      (name) => sections.get(operationSections[name]) ?? `#### ${operationSections[name]}\n\nThis operation has none.`,
    );
    return [links, sections.get('')!, ...parts].join('\n\n');
  }
  return [links, ...compact(doc, operation, sections)].join('\n\n');
}

/**
 * The compact form: the heading, method, path and description; the parameters and the request body's
 * fields with their rules; the response's top-level fields; the next calls; the enums by name; the
 * errors; one request example; and how to ask for the rest.
 */
function compact(doc: OpenApiDocument, operation: Operation, sections: Map<string, string>): string[] {
  const parts = [sections.get('')!];
  for (const title of ['Parameters', 'Request body']) {
    const section = sections.get(title);
    if (section) parts.push(section);
  }

  const response = sections.get('Response');
  if (response) {
    const [heading, summary] = response.split('\n\n');
    const status = /^(\d{3})/.exec(summary ?? '')?.[1];
    const top = status
      ? fieldRows(doc, responseMedia(doc, operation, status)?.schema).filter((row) => !/[.[]/.test(row.path))
      : [];
    parts.push(
      [
        heading,
        summary,
        ...(top.length > 0
          ? [`Top-level fields: ${top.map((row) => `\`${row.path}\` (${row.type})`).join(', ')}.`]
          : []),
        'Every field of the response: ask with `sections: ["response"]`.',
      ]
        .filter(Boolean)
        .join('\n\n'),
    );
  }

  const next = sections.get('Next calls');
  if (next) parts.push(next);

  const enums = sections.get('Enums');
  if (enums) {
    const names = [...enums.matchAll(/^`(\w+)`/gm)].map((match) => `\`${match[1]}\``);
    parts.push(
      `#### Enums\n\nThe enums it uses: ${names.join(', ')}. Their values and what each means: ask with \`sections: ["enums"]\`.`,
    );
  }

  const errors = sections.get('Errors');
  if (errors) parts.push(errors);

  const example = sections.get('Example');
  const requestExample = example && /Request body:\n\n```json\n[\s\S]*?\n```/.exec(example)?.[0];
  const curl = codeSamplesOf(operation).find((sample) => /^(curl|shell)$/i.test(sample.lang));
  if (requestExample) parts.push(`#### Example\n\n${requestExample}`);
  else if (curl)
    parts.push(`#### Example\n\n${curl.label || curl.lang}:\n\n\`\`\`bash\n${curl.source.trimEnd()}\n\`\`\``);

  const rest = (Object.keys(operationSections) as OperationSection[]).filter(
    (name) => name !== 'parameters' && name !== 'request-body' && sections.has(operationSections[name]),
  );
  parts.push(
    `#### More\n\nThis is the compact form. The whole operation: \`detail: "full"\`. Single parts in full: \`sections\`, any of ${rest
      .map((name) => `\`"${name}"\``)
      .join(', ')}.`,
  );
  return parts;
}
