/**
 * The API reference of one bundled specification as markdown: the page `/api/<slug>.md` of the site
 * (website/src/plugins/llms), `llms-full.txt`, and the MCP server's operation answers (mcp/src/tools.ts).
 * One section per operation, under the same headings as the page's outline
 * (website/src/plugins/apiReference/outline.ts): its parameters, its body fields with their rules,
 * the enums it uses, its errors and its examples. A pure function of the document, walked with
 * `openapi.ts`; `referenceMarkdown.test.ts` holds its golden test on `fixtures/mini.openapi.json`.
 */
import {
  firstExample,
  isOpen,
  namedEnums,
  operations,
  parametersOf,
  requestMedia,
  resolveRef,
  responseMedia,
  walkSchemas,
  type OpenApiDocument,
  type Operation,
  type Schema,
} from './openapi';
import {operationLinks} from './flows';
import type {CodeSample} from './codeSamples';

/** One row of a fields table: a field by its dotted path (`query.legs[].origin`). */
export interface FieldRow {
  path: string;
  type: string;
  required: boolean;
  rules: string[];
  description: string;
}

const refName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);

/** A table cell: one line, pipes escaped. */
const cell = (text: string): string =>
  text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

const code = (value: unknown): string => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** The schema behind a `$ref`, with the keywords written beside the `$ref` taking precedence. */
function resolved(doc: OpenApiDocument, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const {$ref, ...local} = schema;
  return {...resolved(doc, resolveRef(doc, {$ref}) as Schema), ...local};
}

/** A schema's properties and required names, with those of its `allOf` members merged in. */
function propertiesOf(doc: OpenApiDocument, schema: Schema): {properties: Record<string, Schema>; required: string[]} {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const member of schema.allOf ?? []) {
    const merged = propertiesOf(doc, resolved(doc, member));
    Object.assign(properties, merged.properties);
    required.push(...merged.required);
  }
  Object.assign(properties, schema.properties ?? {});
  required.push(...(schema.required ?? []));
  return {properties, required};
}

/** A schema's type in words: `string (date)`, `array of Leg`, `map of Place`, `Trip`. */
export function typeOf(doc: OpenApiDocument, schema: Schema): string {
  const name = schema.$ref ? refName(schema.$ref) : undefined;
  const target = resolved(doc, schema);
  if (name && !Array.isArray(target.enum) && (target.properties || target.allOf)) return name;
  if (target.type === 'array') return `array of ${target.items ? typeOf(doc, target.items) : 'any'}`;
  if (target.additionalProperties && typeof target.additionalProperties === 'object' && !target.properties) {
    return `map of ${typeOf(doc, target.additionalProperties)}`;
  }
  const base = Array.isArray(target.type)
    ? target.type.join(' or ')
    : (target.type ?? (target.properties ? 'object' : 'any'));
  const format = typeof target.format === 'string' ? ` (${target.format})` : '';
  return `${base}${format}${name && Array.isArray(target.enum) ? `, enum ${name}` : ''}`;
}

/** The rules a schema states: lengths, bounds, patterns, enum values, `oneOf` choices, `x-validation`. */
export function rulesOf(doc: OpenApiDocument, schema: Schema): string[] {
  const target = resolved(doc, schema);
  const rules: string[] = [];
  const bounds: [string, string][] = [
    ['minLength', 'at least {} character(s)'],
    ['maxLength', 'at most {} character(s)'],
    ['minimum', 'at least {}'],
    ['maximum', 'at most {}'],
    ['exclusiveMinimum', 'more than {}'],
    ['exclusiveMaximum', 'less than {}'],
    ['minItems', 'at least {} item(s)'],
    ['maxItems', 'at most {} item(s)'],
    ['minProperties', 'at least {} propert(y|ies)'],
    ['maxProperties', 'at most {} propert(y|ies)'],
  ];
  for (const [keyword, text] of bounds) {
    const bound = target[keyword];
    if (typeof bound !== 'number') continue;
    // `(s)` and `(y|ies)`: the singular for 1, the plural otherwise.
    const words = text.replace(/\((\w*)\|?(\w*)\)/, (_, one: string, many: string) =>
      many ? (bound === 1 ? one : many) : bound === 1 ? '' : one,
    );
    rules.push(words.replace('{}', String(bound)));
  }
  if (typeof target.pattern === 'string') rules.push(`matches ${code(target.pattern)}`);
  if (target.uniqueItems === true) rules.push('items are unique');
  if (target.const !== undefined) rules.push(`always ${code(target.const)}`);
  if (Array.isArray(target.enum)) rules.push(`one of ${target.enum.map(code).join(', ')}`);
  const itemRules = target.items ? rulesOf(doc, target.items) : [];
  if (itemRules.length > 0) rules.push(`each item ${itemRules.join(', ')}`);
  if (target.default !== undefined) rules.push(`default ${code(target.default)}`);
  const not = target.not as Schema | undefined;
  if (not && typeof not === 'object') {
    rules.push(not.const !== undefined ? `must not be ${code(not.const)}` : 'must not be sent');
  }
  if (target.oneOf?.length) {
    const choices = target.oneOf.map((variant) => {
      const own = resolved(doc, variant);
      const names = own.required?.map(code).join(' and ') ?? (variant.$ref ? refName(variant.$ref) : typeOf(doc, own));
      return typeof own.title === 'string' ? `${names} (${own.title})` : names;
    });
    rules.push(`exactly one of: ${choices.join('; ')}`);
  }
  if (target.deprecated === true) rules.push('deprecated');
  const written = target['x-validation'];
  if (Array.isArray(written)) rules.push(...written.map(String));
  return rules;
}

/**
 * The fields of a schema, flattened to dotted paths in the order written: `a.b` for an object's
 * property, `a[].b` inside an array's items, `a.<key>.b` inside a map's values. A named schema met
 * again inside itself is not expanded twice: its row says where it was written out.
 */
export function fieldRows(doc: OpenApiDocument, root: Schema | undefined): FieldRow[] {
  const rows: FieldRow[] = [];
  const expand = (schema: Schema, prefix: string, names: string[]): void => {
    const target = resolved(doc, schema);
    const {properties, required} = propertiesOf(doc, target);
    const variants = (target.oneOf ?? []).map((variant) => propertiesOf(doc, resolved(doc, variant)).properties);
    for (const [name, property] of [
      ...Object.entries(properties),
      ...variants.flatMap((found) => Object.entries(found)),
    ]) {
      const path = `${prefix}${name}`;
      const own = resolved(doc, property);
      rows.push({
        path,
        type: typeOf(doc, property),
        required: required.includes(name),
        rules: rulesOf(doc, property),
        description: (property.description ?? own.description ?? '') as string,
      });
      descend(property, path, names);
    }
  };
  const descend = (schema: Schema, path: string, names: string[]): void => {
    const name = schema.$ref ? refName(schema.$ref) : undefined;
    if (name && names.includes(name)) {
      rows[rows.length - 1].rules.push(`the fields of \`${name}\`, listed above`);
      return;
    }
    const inner = name ? [...names, name] : names;
    const target = resolved(doc, schema);
    if (target.type === 'array' && target.items) return descend(target.items, `${path}[]`, inner);
    if (target.additionalProperties && typeof target.additionalProperties === 'object' && !target.properties) {
      return descend(target.additionalProperties, `${path}.<key>`, inner);
    }
    if (target.properties || target.allOf || target.oneOf) expand(schema, `${path}.`, inner);
  };
  if (root) {
    const name = root.$ref ? refName(root.$ref) : undefined;
    const target = resolved(doc, root);
    if (target.properties || target.allOf || target.oneOf) expand(root, '', name ? [name] : []);
    else if (target.type === 'array' && target.items) descend(target.items, '', name ? [name] : []);
  }
  return rows;
}

const fieldsTable = (rows: FieldRow[]): string[] => [
  '| Field | Type | Required | Rules | Description |',
  '| --- | --- | --- | --- | --- |',
  ...rows.map(
    (row) =>
      `| \`${row.path}\` | ${cell(row.type)} | ${row.required ? 'yes' : 'no'} | ${cell(row.rules.join('; '))} | ${cell(row.description)} |`,
  ),
];

const jsonBlock = (value: unknown): string[] => ['```json', JSON.stringify(value, null, 2), '```'];

/** The named enums an operation's parameters, request body and success response use, by name. */
function enumsOf(doc: OpenApiDocument, operation: Operation): string[] {
  const names = new Set<string>();
  const enums = namedEnums(doc);
  const roots = [
    ...parametersOf(doc, operation).map((parameter) => parameter.schema),
    requestMedia(doc, operation)?.schema,
    successMedia(doc, operation)?.schema,
  ];
  walkSchemas(doc, roots, (schema) => {
    if (schema.$ref && enums.has(refName(schema.$ref))) names.add(refName(schema.$ref));
  });
  return [...names];
}

/** The status of an operation's success response: `200`, or its first 2xx. */
const successStatus = (operation: Operation): string | undefined =>
  Object.keys(operation.responses).find((status) => status === '200') ??
  Object.keys(operation.responses).find((status) => status.startsWith('2'));

const successMedia = (doc: OpenApiDocument, operation: Operation) => {
  const status = successStatus(operation);
  return status ? responseMedia(doc, operation, status) : undefined;
};

/** The heading of an operation, as the reference page's outline writes it. */
export const operationHeading = (operation: Operation): string =>
  `${operation.summary ?? operation.operationId} (${operation.operationId.split('_')[1] ?? operation.operationId})`;

/** The code samples of an operation (`x-codeSamples`), if the bundle has them. */
export const codeSamplesOf = (operation: Operation): CodeSample[] =>
  Array.isArray(operation['x-codeSamples']) ? (operation['x-codeSamples'] as CodeSample[]) : [];

/** Markdown language of a code sample's `lang` (`cURL` → `bash`). */
const fenceLanguage = (lang: string): string =>
  ({curl: 'bash', shell: 'bash', node: 'javascript', js: 'javascript', py: 'python'})[lang.toLowerCase()] ??
  lang.toLowerCase();

/** One operation's section: `###` heading, then `####` parts. */
export function operationMarkdown(doc: OpenApiDocument, operation: Operation): string {
  const lines: string[] = [`### ${operationHeading(operation)}`, ''];
  const deprecated = (operation as {deprecated?: boolean}).deprecated === true;
  lines.push(
    `\`${operation.method} ${operation.path}\` · operationId \`${operation.operationId}\` · ${
      isOpen(operation) ? 'no API key needed' : 'needs the API key'
    }${deprecated ? ' · **deprecated**' : ''}`,
    '',
  );
  // OpenAPI's `deprecated`: consumers should refrain from using the operation
  if (deprecated) lines.push('**Deprecated.** Do not use this operation in new code; its description says why.', '');
  if (operation.description) lines.push(operation.description.trim(), '');

  const parameters = parametersOf(doc, operation);
  if (parameters.length > 0) {
    lines.push(
      '#### Parameters',
      '',
      '| Name | In | Type | Required | Rules | Description |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const parameter of parameters) {
      const schema = parameter.schema ?? {};
      const rules = [...rulesOf(doc, schema)];
      const written = (parameter as {'x-validation'?: unknown})['x-validation'];
      if (Array.isArray(written)) rules.push(...written.map(String));
      if ((parameter as {deprecated?: boolean}).deprecated === true && !rules.includes('deprecated'))
        rules.push('deprecated');
      lines.push(
        `| \`${parameter.name}\` | ${parameter.in} | ${cell(typeOf(doc, schema))} | ${parameter.required ? 'yes' : 'no'} | ${cell(rules.join('; '))} | ${cell(parameter.description ?? '')} |`,
      );
    }
    lines.push('');
  }

  const request = requestMedia(doc, operation);
  if (request?.schema) {
    lines.push('#### Request body', '');
    const rootRules = rulesOf(doc, request.schema);
    const name = request.schema.$ref ? ` (\`${refName(request.schema.$ref)}\`)` : '';
    lines.push(`JSON${name}.${rootRules.length ? ` Rules: ${rootRules.join('; ')}.` : ''}`, '');
    lines.push(...fieldsTable(fieldRows(doc, request.schema)), '');
  }

  const success = successStatus(operation);
  const response = successMedia(doc, operation);
  if (success) {
    lines.push('#### Response', '');
    const description = resolveRef(doc, operation.responses[success])?.description ?? '';
    const name = response?.schema?.$ref ? ` (\`${refName(response.schema.$ref)}\`)` : '';
    lines.push(`${success}${name}: ${description}`.trim(), '');
    const rows = fieldRows(doc, response?.schema);
    if (rows.length > 0) lines.push(...fieldsTable(rows), '');
  }

  const next = operationLinks(operation.slug, doc).filter((link) => link.from.operationId === operation.operationId);
  if (next.length > 0) {
    lines.push(
      '#### Next calls',
      '',
      'Links of the answer (OpenAPI `links`): the calls that take what it returns.',
      '',
    );
    for (const link of next) {
      const filled = link.parameters.map(({parameter, field}) => `\`${parameter}\` from the answer's \`${field}\``);
      lines.push(
        `- \`${link.name}\`: \`${link.to.operationId}\` (\`${link.to.method} ${link.to.path}\`), ${filled.join(', ')}.${
          link.description ? ` ${link.description.trim()}` : ''
        }`,
      );
    }
    lines.push('');
  }

  const enums = namedEnums(doc);
  const used = enumsOf(doc, operation);
  if (used.length > 0) {
    lines.push('#### Enums', '');
    for (const name of used) {
      const definition = enums.get(name)!;
      lines.push(`\`${name}\`${definition.description ? `: ${cell(definition.description)}` : ''}`, '');
      lines.push('| Value | Meaning |', '| --- | --- |');
      for (const value of definition.values) lines.push(`| \`${value.value}\` | ${cell(value.description)} |`);
      lines.push('');
    }
  }

  const errors = Object.keys(operation.responses).filter((status) => !status.startsWith('2'));
  if (errors.length > 0) {
    lines.push('#### Errors', '', '| Status | Meaning | Body |', '| --- | --- | --- |');
    for (const status of errors) {
      const answer = resolveRef(doc, operation.responses[status]);
      const schema = answer?.content?.['application/json']?.schema;
      lines.push(`| ${status} | ${cell(answer?.description ?? '')} | ${schema ? cell(typeOf(doc, schema)) : ''} |`);
    }
    lines.push('');
  }

  const requestExample = firstExample(doc, request);
  const responseExample = firstExample(doc, response);
  if (requestExample !== undefined || responseExample !== undefined) {
    lines.push('#### Example', '');
    if (requestExample !== undefined) lines.push('Request body:', '', ...jsonBlock(requestExample), '');
    if (responseExample !== undefined) lines.push(`Response (${success}):`, '', ...jsonBlock(responseExample), '');
  }

  const samples = codeSamplesOf(operation);
  if (samples.length > 0) {
    lines.push('#### Code samples', '');
    for (const sample of samples) {
      lines.push(
        `${sample.label || sample.lang}:`,
        '',
        `\`\`\`${fenceLanguage(sample.lang)}`,
        sample.source.trimEnd(),
        '```',
        '',
      );
    }
  }
  return lines.join('\n');
}

/** The whole reference of an API: `#` title and version, `##` per tag, `###` per operation. */
export function referenceMarkdown(slug: string, doc: OpenApiDocument): string {
  const lines: string[] = [`# ${doc.info.title} ${doc.info.version}`, ''];
  if (doc.info.summary) lines.push(`> ${doc.info.summary}`, '');
  if (doc.info.description) lines.push(doc.info.description.trim(), '');
  for (const server of doc.servers ?? []) {
    lines.push(
      `Server: \`${server.url}\`${'description' in server ? ` (${cell(String(server.description))})` : ''}`,
      '',
    );
  }
  for (const scheme of Object.values(doc.components?.securitySchemes ?? {})) {
    if (scheme.type === 'apiKey')
      lines.push(`Authentication: send the API key in the \`${scheme.name}\` ${scheme.in}.`, '');
  }
  const all = operations(slug, doc);
  const declared = new Set((doc.tags ?? []).map((tag) => tag.name));
  const untagged = all.filter((operation) => !declared.has(operation.tags?.[0] ?? ''));
  if (untagged.length > 0) {
    throw new Error(`${slug}: ${untagged.map((operation) => operation.operationId).join(', ')} has no declared tag`);
  }
  for (const tag of doc.tags ?? []) {
    const tagged = all.filter((operation) => operation.tags?.[0] === tag.name);
    if (tagged.length === 0) continue;
    lines.push(`## ${tag.name}`, '');
    if (tag.description) lines.push(tag.description.trim(), '');
    for (const operation of tagged) lines.push(operationMarkdown(doc, operation));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
