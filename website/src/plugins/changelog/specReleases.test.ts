import {describe, expect, it} from 'vitest';
import type {OpenApiDocument} from '@portal/specs';
import changesBefore from '@portal/specs/lib/fixtures/changes-before.openapi.json';
import changesAfter from '@portal/specs/lib/fixtures/changes-after.openapi.json';
import type {ApiChanges, ChangeKind} from '@portal/specs/node';
import remarkSpecReleases, {apiSection, type Node, type ReleaseSpecs} from './specReleases';

const before = structuredClone(changesBefore) as unknown as OpenApiDocument;
const after = structuredClone(changesAfter) as unknown as OpenApiDocument;

const releases: ReleaseSpecs[] = [
  {release: {date: '2026-01-01', title: 'First', source: 'test'}, specs: new Map([['pets', before]])},
  {release: {date: '2026-02-01', title: 'Second', source: 'test'}, specs: new Map([['pets', after]])},
];

/** The text of a node, code spans in backticks, as a reader sees it. */
const textOf = (node: Node): string =>
  node.type === 'inlineCode' ? `\`${node.value}\`` : (node.value ?? (node.children ?? []).map(textOf).join(''));

/** The page as lines: `### heading`, `- item`, paragraphs, `<Disclosure summary>` and its content indented. */
function outline(nodes: Node[], indent = ''): string[] {
  return nodes.flatMap((node) => {
    if (node.type === 'mdxJsxFlowElement') {
      const attributes = (node.attributes ?? []).map(({name, value}) => ` ${name}="${value}"`).join('');
      return [`${indent}<${node.name}${attributes}>`, ...outline(node.children!, `${indent}  `)];
    }
    if (node.type === 'heading') return [`${'#'.repeat(node.depth!)} ${textOf(node)} {#${node.data?.hProperties?.id}}`];
    if (node.type === 'list') {
      return node.children!.flatMap((item) => {
        const [first, ...rest] = item.children!;
        return [`${indent}- ${textOf(first)}`, ...outline(rest, `${indent}  `)];
      });
    }
    return [`${indent}${textOf(node)}`];
  });
}

const run = (published: OpenApiDocument) => {
  const tree: Node = {
    type: 'root',
    children: [
      {type: 'paragraph', children: [{type: 'text', value: 'Before.'}]},
      {type: 'mdxJsxFlowElement', name: 'SpecReleases', children: []},
    ],
  };
  remarkSpecReleases({releases, published: new Map([['pets', published]]), referenceOf: (slug) => `/api/${slug}/`})(
    tree,
  );
  return outline(tree.children!);
};

describe('remarkSpecReleases', () => {
  it('renders every release, newest first: breaking and deprecated changes in the open, the others by operation in a closed <Disclosure> (golden)', () => {
    expect(run(after)).toEqual([
      'Before.',
      'The specifications published on this site are those of the release of 2026-02-01.',
      '### 2026-02-01: Second {#release-2026-02-01}',
      'Since the release of 2026-01-01: 1 specification changed, 3 breaking changes.',
      '#### Pets {#release-2026-02-01-pets}',
      '3 breaking, 1 deprecated, 3 non-breaking and 1 documentation changes (reference).',
      '- Breaking: `ListPets`: `maximum` in query parameter `limit` changed: `100` to `50`',
      '- Breaking: `ListPets`: `pattern` removed from `[].id` (200 response) (was `^[0-9]+$`)',
      '- Breaking: `BookVisit`: `minLength` added to `pet.id` (request body): `1`',
      '- Deprecated: `ListPets`: deprecated status added to `[].colour` (200 response)',
      '<Disclosure summary="The other 4 changes, by operation">',
      '  - `GET /pets`',
      '    - Non-breaking: `ListPets`: `minLength` added to `[].id` (200 response): `1`',
      '    - Documentation: `ListPets`: the operation\'s description changed to "Lists the pets, oldest first."',
      '  - `POST /visits`',
      '    - Non-breaking: `BookVisit`: `pattern` removed from `pet.id` (request body) (was `^[0-9]+$`)',
      '  - `DELETE /pets/{petId}`',
      '    - Non-breaking: `DeletePet`: a new operation',
      '### 2026-01-01: First {#release-2026-01-01}',
      'The first release recorded: 1 specification with 2 operations in all.',
      '- Pets: 2 operations',
    ]);
  });

  it('puts what the published specifications change since the last release first, under Not yet released', () => {
    const lines = run(before);
    expect(lines.slice(1, 5)).toEqual([
      '### Not yet released {#not-yet-released}',
      'The specifications published on this site differ from the release of 2026-02-01; the next release will record these changes.',
      '#### Pets {#not-yet-released-pets}',
      '3 breaking, 1 deprecated, 3 non-breaking and 1 documentation changes (reference).',
    ]);
  });

  it('opens with the tally alone when nothing is to act on, and lists nothing behind a disclosure when everything is', () => {
    const change = (kind: ChangeKind, operation: string, value: string) => ({kind, operation, text: value});
    const section = (changes: ApiChanges['changes']) =>
      outline(apiSection({slug: 'pets', title: 'Pets', status: 'changed', changes}, 'r', () => undefined));
    expect(section([change('documentation', 'GET /pets', '`ListPets`: described')])).toEqual([
      '#### Pets {#r-pets}',
      '1 documentation change.',
      '<Disclosure summary="The change, by operation">',
      '  - `GET /pets`',
      '    - Documentation: `ListPets`: described',
    ]);
    expect(
      section([change('non-breaking', '', '`x-a` added'), change('documentation', '', '`x-b` added')]).slice(2, 5),
    ).toEqual([
      '<Disclosure summary="The 2 changes, by operation">',
      '  - The whole specification',
      '    - Non-breaking: `x-a` added',
    ]);
    expect(
      section([change('breaking', 'GET /pets', '`ListPets`: gone'), change('non-breaking', '', '`x-a` added')]),
    ).toEqual([
      '#### Pets {#r-pets}',
      '1 breaking and 1 non-breaking changes.',
      '- Breaking: `ListPets`: gone',
      '<Disclosure summary="The other change, by operation">',
      '  - The whole specification',
      '    - Non-breaking: `x-a` added',
    ]);
    expect(section([change('deprecated', 'GET /pets', '`ListPets`: deprecated')])).toEqual([
      '#### Pets {#r-pets}',
      '1 deprecated change.',
      '- Deprecated: `ListPets`: deprecated',
    ]);
  });

  it('leaves a page without <SpecReleases /> alone', () => {
    const tree: Node = {type: 'root', children: [{type: 'paragraph', children: [{type: 'text', value: 'x'}]}]};
    remarkSpecReleases({releases, published: new Map()})(tree);
    expect(tree.children).toHaveLength(1);
  });
});
