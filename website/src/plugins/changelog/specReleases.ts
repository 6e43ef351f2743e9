/**
 * A remark plugin for the change log: `<SpecReleases />` becomes, at build time, one section per
 * release of the specifications (specs/releases, read through @portal/specs): what changed since the
 * release before, per API and operation, breaking changes flagged; and first, what the published
 * specifications change since the last release, if anything. The page ships it as plain HTML, the changes
 * not flagged closed in a native `<details>` (src/components/Disclosure).
 * Runs before Docusaurus's own remark plugins, so its headings get anchors and enter the table of contents.
 */
import {
  listReleases,
  loadBundles,
  loadRelease,
  operations,
  releaseChanges,
  type ApiChanges,
  type ChangeKind,
  type OpenApiDocument,
  type Release,
} from '@portal/specs/node';
import {apis, referencePath} from '../../../config/apis';

/** The mdast nodes this plugin reads and writes (the subset of mdast and mdx-jsx it needs). */
export interface Node {
  type: string;
  name?: string | null;
  attributes?: {type: string; name: string; value: string}[];
  value?: string;
  depth?: number;
  url?: string;
  ordered?: boolean;
  spread?: boolean;
  children?: Node[];
  data?: {hProperties?: {id?: string}};
}

/** The reference page of an API, when the site has one (config/apis.ts). */
export type ReferenceOf = (slug: string) => string | undefined;

const siteReference: ReferenceOf = (slug) => {
  const api = apis.find((entry) => entry.slug === slug);
  return api && referencePath(api);
};

/** A release and the specifications it holds, by slug. */
export interface ReleaseSpecs {
  release: Release;
  specs: ReadonlyMap<string, OpenApiDocument>;
}

const text = (value: string): Node => ({type: 'text', value});
const strong = (value: string): Node => ({type: 'strong', children: [text(value)]});
const paragraph = (...children: Node[]): Node => ({type: 'paragraph', children});
const heading = (depth: number, id: string, value: string): Node => ({
  type: 'heading',
  depth,
  children: [text(value)],
  data: {hProperties: {id}},
});
const list = (items: Node[][]): Node => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map((children) => ({type: 'listItem', spread: false, children})),
});

/** Text with `code` spans as mdast inline nodes. */
export const inline = (value: string): Node[] =>
  value
    .split(/(`[^`]+`)/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') ? {type: 'inlineCode', value: part.slice(1, -1)} : text(part),
    );

const kindLabel: Record<ChangeKind, string> = {
  breaking: 'Breaking',
  deprecated: 'Deprecated',
  'non-breaking': 'Non-breaking',
  documentation: 'Documentation',
};

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** "2 breaking, 3 non-breaking and 5 documentation changes" */
function tally(apiChanges: ApiChanges): string {
  const parts = (Object.keys(kindLabel) as ChangeKind[])
    .map((kind) => [kind, apiChanges.changes.filter((change) => change.kind === kind).length] as const)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`);
  const joined = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `${joined} ${apiChanges.changes.length === 1 ? 'change' : 'changes'}`;
}

/** Changes a reader must act on, listed in the open; the others are listed in a `<Disclosure>`. */
const flagged = (kind: ChangeKind): boolean => kind === 'breaking' || kind === 'deprecated';

/** One change as a list item's paragraph: "**Breaking:** `ListPets`: ...", its kind in bold when flagged. */
const changeEntry = (change: ApiChanges['changes'][number]): Node[] => [
  paragraph((flagged(change.kind) ? strong : text)(`${kindLabel[change.kind]}:`), text(' '), ...inline(change.text)),
];

/** The summary of the `<Disclosure>` that holds the changes not listed in the open. */
function otherChangesSummary(count: number, afterFlagged: boolean): string {
  const changes = count === 1 ? 'change' : `${count} changes`;
  return `${afterFlagged ? 'The other' : 'The'} ${changes}, by operation`;
}

/**
 * The section of one API: its heading, a line with the tally and its reference, the breaking and deprecated
 * changes in the open, and the other changes by operation in a `<Disclosure>` (src/components/Disclosure),
 * closed: the releases list hundreds of changes, and closed they cost the page nothing until a reader opens them.
 */
export function apiSection(apiChanges: ApiChanges, idPrefix: string, referenceOf: ReferenceOf): Node[] {
  const head = heading(4, `${idPrefix}-${apiChanges.slug}`, apiChanges.title);
  const url = referenceOf(apiChanges.slug);
  const reference: Node[] = url ? [text(' ('), {type: 'link', url, children: [text('reference')]}, text(')')] : [];
  if (apiChanges.status === 'added') return [head, paragraph(text('A new API'), ...reference, text('.'))];
  if (apiChanges.status === 'removed') return [head, paragraph(text('The API was removed.'))];
  const inTheOpen = apiChanges.changes.filter((change) => flagged(change.kind));
  const byOperation = new Map<string, Node[][]>();
  for (const change of apiChanges.changes.filter((candidate) => !flagged(candidate.kind)))
    byOperation.set(change.operation, [...(byOperation.get(change.operation) ?? []), changeEntry(change)]);
  const others = apiChanges.changes.length - inTheOpen.length;
  return [
    head,
    paragraph(text(tally(apiChanges)), ...reference, text('.')),
    ...(inTheOpen.length > 0 ? [list(inTheOpen.map(changeEntry))] : []),
    ...(others > 0
      ? [
          {
            type: 'mdxJsxFlowElement',
            name: 'Disclosure',
            attributes: [
              {type: 'mdxJsxAttribute', name: 'summary', value: otherChangesSummary(others, inTheOpen.length > 0)},
            ],
            children: [
              list(
                [...byOperation].map(([operation, entries]) => [
                  paragraph(operation ? {type: 'inlineCode', value: operation} : text('The whole specification')),
                  list(entries),
                ]),
              ),
            ],
          },
        ]
      : []),
  ];
}

/** The sections of every release, newest first, and of the changes not yet released. */
export function specReleaseSections(
  releases: readonly ReleaseSpecs[],
  published: ReadonlyMap<string, OpenApiDocument>,
  referenceOf: ReferenceOf,
): Node[] {
  if (releases.length === 0) throw new Error('<SpecReleases />: specs/releases holds no release');
  const latest = releases[releases.length - 1];
  const unreleased = releaseChanges(latest.specs, published);
  const nodes: Node[] = [];
  if (unreleased.length > 0) {
    nodes.push(
      heading(3, 'not-yet-released', 'Not yet released'),
      paragraph(
        text(
          `The specifications published on this site differ from the release of ${latest.release.date}; the next release will record these changes.`,
        ),
      ),
      ...unreleased.flatMap((apiChanges) => apiSection(apiChanges, 'not-yet-released', referenceOf)),
    );
  } else {
    nodes.push(
      paragraph(text(`The specifications published on this site are those of the release of ${latest.release.date}.`)),
    );
  }
  for (let index = releases.length - 1; index >= 0; index -= 1) {
    const {release, specs} = releases[index];
    const id = `release-${release.date}`;
    nodes.push(heading(3, id, `${release.date}: ${release.title}`));
    if (index === 0) {
      const count = [...specs.entries()].reduce((sum, [slug, doc]) => sum + operations(slug, doc).length, 0);
      nodes.push(
        paragraph(
          text(
            `The first release recorded: ${plural(specs.size, 'specification')} with ${plural(count, 'operation')} in all.`,
          ),
        ),
        list(
          [...specs.entries()].map(([slug, doc]) => {
            const url = referenceOf(slug);
            const title = text(doc.info.title);
            return [
              paragraph(
                url ? {type: 'link', url, children: [title]} : title,
                text(`: ${plural(operations(slug, doc).length, 'operation')}`),
              ),
            ];
          }),
        ),
      );
      continue;
    }
    const previous = releases[index - 1];
    const changed = releaseChanges(previous.specs, specs);
    const breaking = changed.reduce(
      (sum, apiChanges) => sum + apiChanges.changes.filter(({kind}) => kind === 'breaking').length,
      0,
    );
    nodes.push(
      paragraph(
        text(
          `Since the release of ${previous.release.date}: ${plural(changed.length, 'specification')} changed, ${plural(breaking, 'breaking change')}.`,
        ),
      ),
      ...changed.flatMap((apiChanges) => apiSection(apiChanges, id, referenceOf)),
    );
  }
  return nodes;
}

/** The remark plugin. It reads the releases and bundles when a page has `<SpecReleases />`, unless a test passes its own. */
export default function remarkSpecReleases(
  options: {
    releases?: readonly ReleaseSpecs[];
    published?: ReadonlyMap<string, OpenApiDocument>;
    referenceOf?: ReferenceOf;
  } = {},
) {
  const referenceOf = options.referenceOf ?? siteReference;
  return (tree: Node): void => {
    const index = tree.children?.findIndex((node) => node.type === 'mdxJsxFlowElement' && node.name === 'SpecReleases');
    if (index === undefined || index < 0) return;
    const releases = options.releases ?? listReleases().map((release) => ({release, specs: loadRelease(release.date)}));
    const published = options.published ?? loadBundles();
    tree.children!.splice(index, 1, ...specReleaseSections(releases, published, referenceOf));
  };
}
