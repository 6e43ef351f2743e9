/**
 * The fenced code blocks of an MDX page, for the tests that check the guides against the
 * specifications (`website/test/guideExamples.test.ts`, `website/test/guideCode.test.ts`).
 *
 * A fence opens with three or more backticks (or tildes), an info string of a language and
 * `key=value` pairs (`json request=FlightsService_CreateSearch`) or bare words (`js fragment`), and closes
 * with a fence of the same character at least as long. Each block also knows the `<TabItem value=...>` around it and,
 * when it sits in a `<Tabs>` group, the ```json request=... block that introduces that group.
 *
 * A JSON body the page presents as invalid says so, and why: ```json request=<operationId> invalid=<rule>
 * (```jsonc when it carries a `// Rejected: ...` comment). `<rule>` is the JSON Schema keyword that rejects it
 * (`minimum`, `oneOf`, `maxItems`) or the id of an `x-validation` rule of the specification as the sandbox
 * implements it (`hotels-indicative.one-geo-level`); several are separated by commas. With `at=<path>`
 * (`at=query.queryLegs[0].destinationPlace`) the block is one part of a body: it replaces the value at that
 * path of the page's nearest ```json request=<operationId> block above it, a valid body. Such blocks are not
 * checked as examples but as rejections: by the schema and by the sandbox, with the rule named
 * (website/test/guideInvalidExamples.test.ts).
 */

import fs from 'node:fs';
import path from 'node:path';

/** Every `.md` and `.mdx` file under a folder (the guides' `docs/`, the `blog/`), at any depth. */
export function contentFiles(dir: string): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return contentFiles(full);
    return /\.mdx?$/.test(entry.name) ? [full] : [];
  });
}

export interface CodeBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The first word of the info string (`json`, `bash`, `python`), '' when there is none. */
  lang: string;
  /** The `key=value` pairs of the info string (quotes around a value are removed). */
  meta: Record<string, string>;
  /** The bare words of the info string (`fragment` in ```js fragment), in order. */
  flags: string[];
  /** The lines between the fences, without the opening fence's indentation, ending with a newline. */
  body: string;
  /** The `value` of the enclosing `<TabItem>`, if any. */
  tab?: string;
  /**
   * The operationId of the ```json request=... block that precedes the block's `<Tabs>` group: the
   * last such block between the previous `</Tabs>` (or the top of the page) and this group's `<Tabs>`.
   * For a block outside any group: the last such block above it, since the previous `</Tabs>`.
   */
  request?: string;
}

const fenceOpen = /^([ \t]*)(`{3,}|~{3,})[ \t]*([^\s`]*)[ \t]*(.*)$/;

/** Parses `key=value` and `key="a value"` pairs. */
export function fenceMeta(info: string): Record<string, string> {
  return Object.fromEntries(
    [...info.matchAll(/([\w-]+)=("[^"]*"|'[^']*'|\S+)/g)].map((pair) => [pair[1], pair[2].replace(/^["']|["']$/g, '')]),
  );
}

/** The bare words of an info string: what is left once the `key=value` pairs are removed. */
export function fenceFlags(info: string): string[] {
  return info
    .replace(/([\w-]+)=("[^"]*"|'[^']*'|\S+)/g, ' ')
    .split(/\s+/)
    .filter((word) => /^[A-Za-z][\w-]*$/.test(word));
}

/** Every fenced code block of a page, in order. An unclosed fence runs to the end of the page. */
export function codeBlocks(file: string, text: string): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  let tab: string | undefined;
  let inTabs = false;
  let groupRequest: string | undefined; // the request block that introduces the current group
  let lastRequest: string | undefined; // the last request block since the previous </Tabs>
  for (let i = 0; i < lines.length; i++) {
    const open = fenceOpen.exec(lines[i]);
    if (!open) {
      const line = lines[i];
      if (/^\s*<Tabs[\s>]/.test(line)) {
        inTabs = true;
        groupRequest = lastRequest;
      }
      if (/<\/Tabs>/.test(line)) {
        inTabs = false;
        groupRequest = undefined;
        lastRequest = undefined;
      }
      const item = /<TabItem\b[^>]*\bvalue=["']([^"']*)["']/.exec(line);
      if (item) tab = item[1];
      if (/<\/TabItem>/.test(line)) tab = undefined;
      continue;
    }
    const [, indent, fence, lang, info] = open;
    const close = new RegExp(`^[ \\t]*${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    const bodyLines: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !close.test(lines[j]); j++) {
      bodyLines.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
    }
    const meta = fenceMeta(info);
    const request = inTabs ? groupRequest : lastRequest;
    blocks.push({
      file,
      line: i + 1,
      lang: lang.toLowerCase(),
      meta,
      flags: fenceFlags(info),
      body: bodyLines.map((line) => `${line}\n`).join(''),
      ...(tab === undefined ? {} : {tab}),
      ...(request === undefined ? {} : {request}),
    });
    if (/^jsonc?$/.test(lang) && meta.request && !inTabs) lastRequest = meta.request;
    i = j;
  }
  return blocks;
}

/** The ```json (and ```jsonc) blocks of a page. */
export function jsonBlocks(file: string, text: string): CodeBlock[] {
  return codeBlocks(file, text).filter((block) => block.lang === 'json' || block.lang === 'jsonc');
}

/** The languages whose code the guide checks read and run. */
export type CodeLanguage = 'bash' | 'javascript' | 'typescript' | 'python';

const languageAliases: Record<string, CodeLanguage> = {
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  js: 'javascript',
  javascript: 'javascript',
  mjs: 'javascript',
  ts: 'typescript',
  typescript: 'typescript',
  python: 'python',
  py: 'python',
  python3: 'python',
};

/** The language of a fence's info word (`sh` is bash, `py` is python), if it is one the checks read. */
export const codeLanguageOf = (lang: string): CodeLanguage | undefined => languageAliases[lang];
