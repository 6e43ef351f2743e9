/**
 * The prose of an MDX page as the checks of the guides read it (website/config/guideProse.ts): its
 * sentences and its tables, each with the line it starts on, code spans kept as `code`, emphasis and
 * links reduced to their text. Code blocks, front matter, imports and JSX expressions are not prose and
 * are left out; the children of components (`<Assumption>`, `<TabItem>`) are read like the page.
 */
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';

/** A piece of running text: a paragraph, a heading or one cell of a table. */
export interface ProseText {
  /** The text, code spans as `code`. */
  text: string;
  /** The 1-based source line of each character of `text` (a paragraph may run over several lines). */
  lines: number[];
}

/** A table of a page: its header cells and its rows, each cell a piece of text. */
export interface ProseTable {
  /** The 1-based line of the header row. */
  line: number;
  /** The enum whose table this table adds columns to, when it is the notes of an `<EnumTable name>`. */
  enumNotes?: string;
  /** The schema whose fields this table lists, when it is the table of a `<FieldTable schema>`. */
  fieldTable?: string;
  header: string[];
  rows: {line: number; cells: ProseText[]}[];
}

/** The prose of a page: its paragraphs and headings (outside tables) and its tables. */
export interface PageProse {
  paragraphs: ProseText[];
  tables: ProseTable[];
}

interface Node {
  type: string;
  name?: string | null;
  value?: string;
  attributes?: {type: string; name: string; value?: unknown}[];
  children?: Node[];
  position?: {start: {line: number}; end: {line: number}};
}

const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).use(remarkDirective).use(remarkGfm);

/** The text of inline content with the source line of each character. */
function inlineText(nodes: Node[] = []): ProseText {
  let text = '';
  const lines: number[] = [];
  const add = (value: string, node: Node) => {
    const start = node.position?.start.line ?? lines.at(-1) ?? 0;
    // A text node that runs over several lines: each character on its own line
    let line = start;
    for (const char of value) {
      text += char;
      lines.push(line);
      if (char === '\n') line += 1;
    }
  };
  const walk = (node: Node): void => {
    if (node.type === 'text') add(node.value ?? '', node);
    else if (node.type === 'inlineCode') add(`\`${node.value ?? ''}\``, node);
    else if (node.type === 'break') add('\n', node);
    else if (node.type === 'mdxTextExpression' || node.type === 'mdxjsEsm') return;
    else node.children?.forEach(walk);
  };
  nodes.forEach(walk);
  return {text, lines};
}

/** The prose of pages already read, by their source (parsing MDX is the slow part: about 0.1 s a page). */
const read = new Map<string, PageProse>();

/** The prose of an MDX page (the same object for the same source). Throws on MDX that does not parse. */
export function pageProse(source: string): PageProse {
  const known = read.get(source);
  if (known) return known;
  const tree = parser.parse(source) as Node;
  const paragraphs: ProseText[] = [];
  const tables: ProseTable[] = [];
  const walk = (node: Node, enumTable?: string, fieldTable?: string): void => {
    switch (node.type) {
      case 'code':
      case 'yaml':
      case 'mdxjsEsm':
      case 'mdxFlowExpression':
      case 'html':
        return;
      case 'paragraph':
      case 'heading':
        paragraphs.push(inlineText(node.children));
        return;
      case 'table': {
        const [head, ...rows] = node.children ?? [];
        tables.push({
          line: head?.position?.start.line ?? 0,
          ...(enumTable ? {enumNotes: enumTable} : {}),
          ...(fieldTable ? {fieldTable} : {}),
          header: (head?.children ?? []).map((cell) => inlineText(cell.children).text.trim()),
          rows: rows.map((row) => ({
            line: row.position?.start.line ?? 0,
            cells: (row.children ?? []).map((cell) => inlineText(cell.children)),
          })),
        });
        return;
      }
      default: {
        const value = (name: string) =>
          String(node.attributes?.find((attribute) => attribute.name === name)?.value ?? '');
        const element = node.type === 'mdxJsxFlowElement' ? node.name : undefined;
        node.children?.forEach((child) =>
          walk(
            child,
            element === 'EnumTable' ? value('name') : enumTable,
            element === 'FieldTable' ? value('schema') : fieldTable,
          ),
        );
      }
    }
  };
  walk(tree);
  const prose = {paragraphs, tables};
  read.set(source, prose);
  return prose;
}
