/**
 * Finds the API calls that the code blocks of a guide make: the URL each calls, as far as it can be
 * worked out, and the JSON body it sends, as a value with holes where the code computes a part.
 * `website/test/guideCode.test.ts` maps each body to its operation and validates it.
 *
 * All the blocks of one language on a page are one program (the guides build one script step by
 * step), so a variable set in step 1 is known in step 3. What is read:
 *
 * - bash: `curl` commands (the URL is the word that contains `/apiservices/` once the page's simple
 *   `NAME=value` assignments are expanded); bodies given with `-d`/`--data`/`--data-raw`/
 *   `--data-binary`/`--json` as a literal, as `"$(jq -n ...)"`, or as `@file`/`@-` where the file was
 *   written by a heredoc (`cat > file <<'JSON'`) or a `jq -n ... '{...}' > file` on the page, or piped
 *   in. A jq object becomes JSON: bare keys are quoted, `$var` bound by a literal `--arg`/`--argjson`
 *   is substituted, and every other expression is a hole.
 * - JavaScript (parsed with acorn; TypeScript is transpiled first): every `fetch(url, ...)` and every
 *   call or `new` with an options object whose `body` is `JSON.stringify(x)`. Identifiers are followed
 *   to their `const`/`let` declarations; a function's parameter is followed to the arguments of each
 *   call of the function on the page (so `post('/search/create', {...})` gives the body and the URL of
 *   the `fetch` inside `post`); anything else is a hole.
 * - Python (parsed with python3's `ast`): every call with a `json=` keyword, and every `.get`/`.post`/
 *   ... call whose URL contains `/apiservices/`. Names, parameters and calls are followed as in
 *   JavaScript.
 */
import {execFileSync} from 'node:child_process';
import * as acorn from 'acorn';
import ts from 'typescript';
import {codeLanguageOf, type CodeBlock} from './mdx';

/** A part of a body that the code computes: the source text of the expression. */
export class Hole {
  constructor(readonly source: string) {}
}

export type Value = null | boolean | number | string | Hole | Value[] | {[key: string]: Value};

export type Language = 'bash' | 'javascript' | 'python';

export interface CodeRequest {
  language: Language;
  block: CodeBlock;
  /** 1-based line of the page where the body (or, without a body, the call) is written. */
  line: number;
  /** The line of the call that sends the body, when it is not `line`. */
  callLine?: number;
  /** The lines of the calls of helper functions that lead to the call, innermost first. */
  via?: number[];
  /** The URL as far as it resolves; an unknown part is written `{…}` (or `{$NAME}` in bash). */
  url?: string;
  /** The HTTP method, upper case, when the code shows it (curl's `-X` or `-d`, fetch's `method`, `requests.post`). */
  method?: string;
  /** The JSON body, with holes; undefined when the call sends none (or sends a file the code does not show). */
  body?: Value;
  /** Why a body was found but could not be read. */
  error?: string;
}

export interface CodeRequests {
  requests: CodeRequest[];
  /** Blocks that do not parse, as `file:line: message`. */
  problems: string[];
}

/** The language a block's requests are read as: TypeScript is read as JavaScript. */
export const languageOf = (lang: string): Language | undefined => {
  const language = codeLanguageOf(lang);
  return language === 'typescript' ? 'javascript' : language;
};

/** The requests of all the code blocks of one page (blocks of other languages are ignored). */
export function codeRequests(blocks: CodeBlock[]): CodeRequests {
  const results = [
    bashRequests(blocks.filter((block) => languageOf(block.lang) === 'bash')),
    jsRequests(blocks.filter((block) => languageOf(block.lang) === 'javascript')),
    pythonRequests(blocks.filter((block) => languageOf(block.lang) === 'python')),
  ];
  // A body reached through several calls of the same helper with the same values is one body
  const seen = new Set<string>();
  const requests = results
    .flatMap((r) => r.requests)
    .filter((request) => {
      const key = JSON.stringify(
        [request.language, request.line, request.callLine, request.via, request.url, request.body],
        (_, v) => (v instanceof Hole ? `<${v.source}>` : (v as unknown)),
      );
      return !seen.has(key) && Boolean(seen.add(key));
    });
  return {requests, problems: results.flatMap((r) => r.problems)};
}

const where = (block: CodeBlock, lineInBody = 0) => `${block.file}:${block.line + 1 + lineInBody}`;

// ---------------------------------------------------------------------------------------------
// bash

type Part = {lit: string} | {variable: string} | {sub: string; line: number};

interface Word {
  parts: Part[];
  /** 0-based line in the block. */
  line: number;
}

interface Command {
  words: Word[];
  line: number;
  out?: Word;
  heredoc?: {body: string; line: number};
  /** The command's output goes to the next command of the list. */
  pipe?: boolean;
}

/** Finds the index just after the `close` that matches an opening at `start` (quote-aware). */
function matching(src: string, start: number, open: string, close: string): number {
  let depth = 0;
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      i++;
    } else if (c === "'") {
      i = src.indexOf("'", i + 1);
      if (i < 0) return src.length;
    } else if (c === '"') {
      for (i++; i < src.length && src[i] !== '"'; i++) {
        if (src[i] === '\\') i++;
        else if (src.startsWith('$(', i)) i = matching(src, i + 1, '(', ')') - 1;
      }
    } else if (c === open) {
      depth++;
    } else if (c === close) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return src.length;
}

/** Splits bash source into simple commands with their words (quotes removed), redirections and heredocs. */
function scanBash(src: string, firstLine = 0): Command[] {
  const commands: Command[] = [];
  let line = firstLine;
  let cmd: Command = {words: [], line};
  let word: Word | undefined;
  let redirect: 'out' | 'discard' | undefined;
  const heredocs: {cmd: Command; delim: string; strip: boolean}[] = [];

  const add = (part: Part) => {
    word ??= {parts: [], line};
    const last = word.parts[word.parts.length - 1];
    if ('lit' in part && last && 'lit' in last) last.lit += part.lit;
    else word.parts.push(part);
  };
  const endWord = () => {
    if (!word) return;
    if (redirect === 'out') cmd.out = word;
    else if (redirect !== 'discard') cmd.words.push(word);
    word = undefined;
    redirect = undefined;
  };
  const endCommand = (pipe = false) => {
    endWord();
    if (cmd.words.length > 0 || cmd.out || cmd.heredoc || heredocs.some((h) => h.cmd === cmd)) {
      cmd.line = cmd.words[0]?.line ?? cmd.line;
      if (pipe) cmd.pipe = true;
      commands.push(cmd);
    }
    cmd = {words: [], line};
  };
  const dollar = (i: number): number => {
    if (src.startsWith('$((', i)) {
      const end = matching(src, i + 1, '(', ')');
      add({variable: src.slice(i, end)});
      return end;
    }
    if (src.startsWith('$(', i)) {
      const end = matching(src, i + 1, '(', ')');
      add({sub: src.slice(i + 2, end - 1), line});
      line += (src.slice(i, end).match(/\n/g) ?? []).length;
      return end;
    }
    if (src.startsWith('${', i)) {
      const end = matching(src, i + 1, '{', '}');
      add({variable: src.slice(i + 2, end - 1)});
      return end;
    }
    const name = /^(?:[A-Za-z_]\w*|\d|[@*#?$!-])/.exec(src.slice(i + 1));
    if (!name) {
      add({lit: '$'});
      return i + 1;
    }
    add({variable: name[0]});
    return i + 1 + name[0].length;
  };

  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\' && src[i + 1] === '\n') {
      i += 2;
      line++;
    } else if (c === '\\') {
      add({lit: src[i + 1] ?? ''});
      i += 2;
    } else if (c === '\n') {
      endCommand();
      line++;
      i++;
      for (const heredoc of heredocs) {
        const body: string[] = [];
        const start = line;
        while (i < src.length) {
          const end = src.indexOf('\n', i) < 0 ? src.length : src.indexOf('\n', i);
          const text = src.slice(i, end);
          i = end + 1;
          line++;
          if ((heredoc.strip ? text.replace(/^\t+/, '') : text).trim() === heredoc.delim) break;
          body.push(text);
        }
        heredoc.cmd.heredoc = {body: body.join('\n'), line: start};
      }
      heredocs.length = 0;
    } else if (c === ' ' || c === '\t') {
      endWord();
      i++;
    } else if (c === '#' && !word) {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === ';' || (c === '&' && src[i + 1] !== '>')) {
      endCommand();
      i += src[i + 1] === c ? 2 : 1;
    } else if (c === '|') {
      endCommand(src[i + 1] !== '|');
      i += src[i + 1] === '|' ? 2 : 1;
    } else if (c === '>' || (c === '&' && src[i + 1] === '>')) {
      const fd = word && word.parts.length === 1 && 'lit' in word.parts[0] && /^\d$/.test(word.parts[0].lit);
      if (fd) word = undefined;
      else endWord();
      i += c === '&' ? 2 : 1;
      if (src[i] === '>') i++;
      if (src[i] === '&') {
        i++;
        redirect = 'discard';
      } else {
        redirect = fd ? 'discard' : 'out';
      }
    } else if (src.startsWith('<<<', i)) {
      endWord();
      i += 3;
    } else if (src.startsWith('<<', i)) {
      endWord();
      i += 2;
      const strip = src[i] === '-';
      if (strip) i++;
      while (src[i] === ' ') i++;
      const delim = /^(['"]?)([\w-]+)\1/.exec(src.slice(i));
      if (delim) {
        heredocs.push({cmd, delim: delim[2], strip});
        i += delim[0].length;
      }
    } else if (c === '<' && src[i + 1] !== '(') {
      endWord();
      redirect = 'discard';
      i++;
    } else if (c === "'") {
      const end = src.indexOf("'", i + 1) < 0 ? src.length : src.indexOf("'", i + 1);
      add({lit: src.slice(i + 1, end)});
      line += (src.slice(i, end).match(/\n/g) ?? []).length;
      i = end + 1;
    } else if (c === '"') {
      word ??= {parts: [], line};
      add({lit: ''});
      for (i++; i < src.length && src[i] !== '"';) {
        if (src[i] === '\\' && '"\\$`\n'.includes(src[i + 1])) {
          if (src[i + 1] !== '\n') add({lit: src[i + 1]});
          else line++;
          i += 2;
        } else if (src[i] === '$') {
          i = dollar(i);
        } else {
          if (src[i] === '\n') line++;
          add({lit: src[i]});
          i++;
        }
      }
      i++;
    } else if (c === '$') {
      i = dollar(i);
    } else if (c === '`') {
      const end = src.indexOf('`', i + 1) < 0 ? src.length : src.indexOf('`', i + 1);
      add({sub: src.slice(i + 1, end), line});
      i = end + 1;
    } else {
      add({lit: c});
      i++;
    }
  }
  endCommand();
  return commands;
}

/** The part of a jq program that builds the body: its leading object, as a value with holes. */
export function jqObject(program: string, bound: Map<string, Value> = new Map()): Value | undefined {
  const s = program;
  let i = 0;
  const ws = () => {
    for (;;) {
      while (i < s.length && /\s/.test(s[i])) i++;
      if (s[i] !== '#') return;
      while (i < s.length && s[i] !== '\n') i++;
    }
  };
  /** Index after the string that starts at `at` (jq strings may hold `\(...)` interpolations). */
  const stringEnd = (at: number): number => {
    for (let j = at + 1; j < s.length; j++) {
      if (s[j] === '\\' && s[j + 1] === '(') j = expressionEnd(j + 2, ')');
      else if (s[j] === '\\') j++;
      else if (s[j] === '"') return j + 1;
    }
    throw new Error('unterminated string');
  };
  /** Index of the first stop character outside brackets and strings from `at`. */
  const expressionEnd = (at: number, stops: string): number => {
    let depth = 0;
    for (let j = at; j < s.length; j++) {
      const c = s[j];
      if (c === '"') {
        j = stringEnd(j) - 1;
      } else if (c === '#') {
        while (j < s.length && s[j] !== '\n') j++;
      } else if (depth === 0 && stops.includes(c)) {
        return j;
      } else if ('([{'.includes(c)) {
        depth++;
      } else if (')]}'.includes(c)) {
        depth--;
      }
    }
    return s.length;
  };
  const value = (stops: string): Value => {
    ws();
    const start = i;
    let result: Value | undefined;
    if (s[i] === '{') {
      result = object();
    } else if (s[i] === '[') {
      result = array();
    } else if (s[i] === '"') {
      const end = stringEnd(i);
      const text = s.slice(i, end);
      i = end;
      result = text.includes('\\(') ? new Hole(text) : (JSON.parse(text) as string);
    } else {
      const literal = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)(?![\w.])/.exec(s.slice(i));
      const variable = /^\$(\w+)(?![\w.[])/.exec(s.slice(i));
      if (literal) {
        result = JSON.parse(literal[0]) as Value;
        i += literal[0].length;
      } else if (variable) {
        result = bound.get(variable[1]) ?? new Hole(variable[0]);
        i += variable[0].length;
      }
    }
    ws();
    if (result === undefined || !stops.includes(s[i] ?? stops[0])) {
      // An expression: everything up to the next stop is computed
      i = expressionEnd(start, stops);
      return new Hole(s.slice(start, i).trim());
    }
    return result;
  };
  const array = (): Value[] => {
    const items: Value[] = [];
    i++;
    ws();
    if (s[i] === ']') {
      i++;
      return items;
    }
    for (;;) {
      items.push(value(',]'));
      if (s[i++] === ']') return items;
    }
  };
  const object = (): {[key: string]: Value} => {
    const entries: {[key: string]: Value} = {};
    i++;
    for (;;) {
      ws();
      if (s[i] === '}') {
        i++;
        return entries;
      }
      const ident = /^[A-Za-z_]\w*/.exec(s.slice(i));
      const variable = /^\$(\w+)/.exec(s.slice(i));
      let key: string | undefined;
      if (ident) {
        key = ident[0];
        i += key.length;
      } else if (variable) {
        key = variable[1];
        i += variable[0].length;
      } else if (s[i] === '"') {
        const end = stringEnd(i);
        const text = s.slice(i, end);
        i = end;
        if (!text.includes('\\(')) key = JSON.parse(text) as string;
      } else {
        i = expressionEnd(i, ':,}'); // a computed key
      }
      ws();
      let entry: Value;
      if (s[i] === ':') {
        i++;
        entry = value(',}');
      } else if (variable) {
        entry = bound.get(variable[1]) ?? new Hole(variable[0]);
      } else {
        entry = new Hole(`.${key}`);
      }
      if (key !== undefined) entries[key] = entry;
      ws();
      const c = s[i++];
      if (c === '}') return entries;
      if (c !== ',') throw new Error(`unexpected ${c ?? 'end'} in an object`);
    }
  };

  ws();
  while (/^def\s/.test(s.slice(i))) {
    i = expressionEnd(i, ';') + 1;
    ws();
  }
  if (s[i] !== '{') return undefined;
  return object();
}

function bashRequests(blocks: CodeBlock[]): CodeRequests {
  const requests: CodeRequest[] = [];
  const vars = new Map<string, string>();
  const files = new Map<string, CodeRequest>();

  const expand = (word: Word): {text: string; known: boolean} => {
    let text = '';
    let known = true;
    for (const part of word.parts) {
      if ('lit' in part) {
        text += part.lit;
      } else if ('variable' in part && vars.has(part.variable)) {
        text += vars.get(part.variable);
      } else {
        text += 'variable' in part ? `{$${part.variable}}` : '{$(…)}';
        known = false;
      }
    }
    return {text, known: known && !/\{\$/.test(text)};
  };
  const literal = (word: Word | undefined): string => (word ? expand(word).text : '');

  for (const block of blocks) {
    const lineOf = (line: number) => block.line + 1 + line;
    /** Runs commands in order; returns the bodies they produced (by command). */
    const run = (commands: Command[]): Map<Command, CodeRequest> => {
      const produced = new Map<Command, CodeRequest>();
      commands.forEach((cmd, index) => {
        const subs = new Map<Word, Map<Command, CodeRequest>>();
        for (const word of cmd.words) {
          for (const part of word.parts) {
            if ('sub' in part) subs.set(word, run(scanBash(part.sub, part.line)));
          }
        }
        let at = 0;
        const keyword =
          /^(if|then|elif|else|do|while|until|!|time|command|exec|local|export|readonly|declare|typeset)$/;
        while (at < cmd.words.length) {
          const text = literal(cmd.words[at]);
          const assignment = /^([A-Za-z_]\w*)=/.exec(text);
          if (assignment && 'lit' in cmd.words[at].parts[0]) {
            const first = cmd.words[at].parts[0] as {lit: string};
            const valueWord: Word = {
              line: cmd.words[at].line,
              parts: [{lit: first.lit.slice(assignment[0].length)}, ...cmd.words[at].parts.slice(1)],
            };
            vars.set(assignment[1], expand(valueWord).text);
            at++;
          } else if (keyword.test(text) || (at > 0 && /^-/.test(text) && keyword.test(literal(cmd.words[0])))) {
            at++;
          } else {
            break;
          }
        }
        const name = literal(cmd.words[at]);
        const args = cmd.words.slice(at + 1);
        const previous = index > 0 && commands[index - 1].pipe ? produced.get(commands[index - 1]) : undefined;
        const store = (request: CodeRequest) => {
          produced.set(cmd, request);
          if (cmd.out) files.set(literal(cmd.out), request);
          requests.push(request);
        };

        if (name === 'jq' && args.some((arg) => /^(-[a-zA-Z]*n[a-zA-Z]*|--null-input)$/.test(literal(arg)))) {
          const bound = new Map<string, Value>();
          let program: string | undefined;
          for (let a = 0; a < args.length; a++) {
            const text = literal(args[a]);
            if (text === '--arg' || text === '--argjson') {
              const value = expand(args[a + 2] ?? {parts: [], line: 0});
              if (value.known) {
                try {
                  bound.set(literal(args[a + 1]), text === '--arg' ? value.text : (JSON.parse(value.text) as Value));
                } catch {
                  // not JSON: left a hole
                }
              }
              a += 2;
            } else if (/^--(slurpfile|rawfile)$/.test(text)) {
              a += 2;
            } else if (/^--(indent|tab)$/.test(text)) {
              a += text === '--indent' ? 1 : 0;
            } else if (/^--(args|jsonargs)$/.test(text)) {
              if (program !== undefined) break;
            } else if (!text.startsWith('-') && program === undefined) {
              program = text;
            }
          }
          try {
            const body = program === undefined ? undefined : jqObject(program, bound);
            if (body !== undefined) store({language: 'bash', block, line: lineOf(cmd.line), body});
          } catch (error) {
            store({language: 'bash', block, line: lineOf(cmd.line), error: `jq program: ${(error as Error).message}`});
          }
        } else if (name !== 'curl' && cmd.heredoc && /^\s*[[{]/.test(cmd.heredoc.body)) {
          store(jsonBody(cmd.heredoc.body, block, lineOf(cmd.heredoc.line)));
        }

        if (name === 'curl') {
          const urlWord = args.find((arg) => literal(arg).includes('/apiservices/'));
          const url = urlWord ? literal(urlWord) : undefined;
          const texts = args.map(literal);
          const explicit = texts.findIndex((text) => text === '-X' || text === '--request');
          const method =
            explicit >= 0
              ? texts[explicit + 1]?.toUpperCase()
              : texts.some((text) => /^(-G|--get)$/.test(text))
                ? 'GET'
                : texts.some((text) => /^(-d|--data|--data-raw|--data-binary|--json)(=.*)?$/.test(text))
                  ? 'POST'
                  : 'GET';
          let sent: CodeRequest | undefined;
          for (let a = 0; a < args.length; a++) {
            const text = literal(args[a]);
            const option = /^(-d|--data|--data-raw|--data-binary|--json)(=.*)?$/.exec(text);
            if (!option) continue;
            const data: Word | undefined = option[2]
              ? {line: args[a].line, parts: [{lit: option[2].slice(1)}]}
              : args[++a];
            if (!data) continue;
            const sub = subs.get(data);
            const value = expand(data);
            if (sub && data.parts.filter((part) => !('lit' in part && part.lit === '')).length === 1) {
              sent = [...sub.values()].pop();
            } else if (value.text.startsWith('@') && option[1] !== '--data-raw') {
              const file = value.text.slice(1);
              sent =
                file === '-'
                  ? (previous ??
                    (cmd.heredoc ? jsonBody(cmd.heredoc.body, block, lineOf(cmd.heredoc.line)) : undefined))
                  : files.get(file);
              if (sent && !requests.includes(sent)) requests.push(sent);
            } else if (value.known) {
              sent = jsonBody(value.text, block, lineOf(data.line));
              requests.push(sent);
            } else {
              sent = {
                language: 'bash',
                block,
                line: lineOf(data.line),
                error: `the body uses shell variables (${value.text}): build it with jq -n so that it can be checked`,
              };
              requests.push(sent);
            }
          }
          if (sent) {
            if (url !== undefined && sent.url === undefined) {
              sent.url = url;
              sent.method = method;
              if (sent.line !== lineOf(cmd.line)) sent.callLine = lineOf(cmd.line);
            }
          } else if (url) {
            requests.push({language: 'bash', block, line: lineOf(cmd.line), url, method});
          }
        }
      });
      return produced;
    };
    run(scanBash(block.body));
  }
  return {requests, problems: []};
}

function jsonBody(text: string, block: CodeBlock, line: number): CodeRequest {
  try {
    return {language: 'bash', block, line, body: JSON.parse(text) as Value};
  } catch (error) {
    return {language: 'bash', block, line, error: `not valid JSON (${(error as Error).message})`};
  }
}

// ---------------------------------------------------------------------------------------------
// JavaScript

type JsNode = acorn.AnyNode;
type JsFunction = acorn.FunctionDeclaration | acorn.FunctionExpression | acorn.ArrowFunctionExpression;

interface JsProgram {
  block: CodeBlock;
  source: string;
  root: acorn.Program;
  /** Lines of `source` per line of the block (TypeScript is transpiled). */
  lineOf: (node: JsNode) => number;
}

/** Bindings of the parameters of functions, from one call of each. */
type Context = Map<JsFunction, {args: JsNode[]; context: Context; call: acorn.CallExpression}>;

const isNode = (value: unknown): value is JsNode =>
  typeof value === 'object' && value !== null && typeof (value as {type?: unknown}).type === 'string';

function jsRequests(blocks: CodeBlock[]): CodeRequests {
  const problems: string[] = [];
  const programs: JsProgram[] = [];
  for (const block of blocks) {
    let source = block.body;
    if (block.lang === 'ts' || block.lang === 'typescript') {
      source = ts.transpileModule(source, {compilerOptions: {target: ts.ScriptTarget.ESNext}}).outputText;
    }
    try {
      const root = acorn.parse(source, {
        ecmaVersion: 'latest',
        sourceType: 'module',
        allowAwaitOutsideFunction: true,
        allowReturnOutsideFunction: true,
        allowImportExportEverywhere: true,
        allowHashBang: true,
        locations: true,
      });
      programs.push({block, source, root, lineOf: (node) => block.line + (node.loc?.start.line ?? 1)});
    } catch (error) {
      problems.push(`${where(block)}: JavaScript that does not parse (${(error as Error).message})`);
    }
  }

  // Every node, with its parent and its program; positions across the page are (program, offset)
  const parent = new Map<JsNode, JsNode>();
  const programOf = new Map<JsNode, number>();
  const all: JsNode[] = [];
  programs.forEach((program, index) => {
    const visit = (node: JsNode, up?: JsNode) => {
      if (up) parent.set(node, up);
      programOf.set(node, index);
      all.push(node);
      for (const [key, value] of Object.entries(node)) {
        if (key === 'loc') continue;
        for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child, node);
      }
    };
    visit(program.root);
  });
  const position = (node: JsNode) => (programOf.get(node) ?? 0) * 1e9 + node.start;
  const sourceOf = (node: JsNode) => programs[programOf.get(node) ?? 0].source.slice(node.start, node.end);
  const isFunction = (node: JsNode): node is JsFunction =>
    node.type === 'FunctionDeclaration' ||
    node.type === 'FunctionExpression' ||
    node.type === 'ArrowFunctionExpression';
  const enclosingFunction = (node: JsNode): JsFunction | undefined => {
    for (let up = parent.get(node); up; up = parent.get(up)) if (isFunction(up)) return up;
    return undefined;
  };
  const functionName = (fn: JsFunction): string | undefined => {
    if (fn.type === 'FunctionDeclaration') return fn.id?.name;
    const up = parent.get(fn);
    return up?.type === 'VariableDeclarator' && up.id.type === 'Identifier' ? up.id.name : undefined;
  };
  const declarators = all.filter(
    (node): node is acorn.VariableDeclarator & {id: acorn.Identifier} =>
      node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init != null,
  );
  const functions = all.filter(isFunction);

  /** The declaration of a name that is in force at a node: the nearest one above it, else the first below. */
  const nearest = <T extends JsNode>(candidates: T[], at: JsNode): T | undefined => {
    const before = candidates.filter((c) => position(c) <= position(at));
    return before.length > 0 ? before[before.length - 1] : candidates[0];
  };

  type Resolved = {node: JsNode; context: Context} | {value: Value};
  const resolve = (name: string, at: JsNode, context: Context): Resolved | undefined => {
    for (let fn = enclosingFunction(at); fn; fn = enclosingFunction(fn)) {
      const local = declarators.filter(
        (d) => d.id.name === name && enclosingFunction(d) === fn && position(d) < position(at),
      );
      if (local.length > 0) return {node: local[local.length - 1].init!, context};
      for (const [index, param] of fn.params.entries()) {
        const bound = context.get(fn);
        const arg = bound?.args[index];
        if (param.type === 'Identifier' && param.name === name) {
          if (arg) return {node: arg, context: bound.context};
          return bound ? {value: undefined as unknown as Value} : undefined;
        }
        if (param.type === 'AssignmentPattern' && param.left.type === 'Identifier' && param.left.name === name) {
          if (arg) return {node: arg, context: bound.context};
          return {node: param.right, context};
        }
        const pattern = param.type === 'AssignmentPattern' ? param.left : param;
        if (pattern.type === 'ObjectPattern') {
          for (const property of pattern.properties) {
            if (property.type !== 'Property' || property.computed) continue;
            const key =
              property.key.type === 'Identifier' ? property.key.name : String((property.key as acorn.Literal).value);
            const target = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
            if (target.type !== 'Identifier' || target.name !== name) continue;
            const object = arg ? objectOf(arg, bound.context) : undefined;
            const found = object?.node.properties.find(
              (p): p is acorn.Property => p.type === 'Property' && !p.computed && propertyKey(p) === key,
            );
            if (found) return {node: found.value, context: object!.context};
            if (property.value.type === 'AssignmentPattern') return {node: property.value.right, context};
            return undefined;
          }
        }
      }
    }
    const top = declarators.filter((d) => d.id.name === name && !enclosingFunction(d));
    const declaration = nearest(top, at);
    return declaration ? {node: declaration.init!, context: new Map()} : undefined;
  };
  const propertyKey = (p: acorn.Property): string | undefined =>
    p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : undefined;
  const objectOf = (
    node: JsNode,
    context: Context,
    depth = 0,
  ): {node: acorn.ObjectExpression; context: Context} | undefined => {
    if (node.type === 'ObjectExpression') return {node, context};
    if (node.type === 'Identifier' && depth < 30) {
      const found = resolve(node.name, node, context);
      if (found && 'node' in found) return objectOf(found.node, found.context, depth + 1);
    }
    return undefined;
  };

  const value = (node: JsNode, context: Context, depth = 0): Value | undefined => {
    if (depth > 30) return new Hole(sourceOf(node));
    switch (node.type) {
      case 'ObjectExpression': {
        const object: {[key: string]: Value} = {};
        for (const property of node.properties) {
          if (property.type === 'SpreadElement') {
            const spread = value(property.argument, context, depth + 1);
            if (spread && typeof spread === 'object' && !Array.isArray(spread) && !(spread instanceof Hole)) {
              Object.assign(object, spread);
            }
            continue;
          }
          const key = property.computed ? undefined : propertyKey(property);
          if (key === undefined) continue;
          const entry = value(property.value, context, depth + 1);
          if (entry !== undefined) object[key] = entry;
        }
        return object;
      }
      case 'ArrayExpression':
        return node.elements.flatMap((element) => {
          if (!element) return [null];
          if (element.type === 'SpreadElement') {
            const spread = value(element.argument, context, depth + 1);
            return Array.isArray(spread) ? spread : [new Hole(sourceOf(element))];
          }
          return [value(element, context, depth + 1) ?? null];
        });
      case 'Literal':
        return typeof node.value === 'string' ||
          typeof node.value === 'number' ||
          typeof node.value === 'boolean' ||
          node.value === null
          ? node.value
          : new Hole(sourceOf(node));
      case 'TemplateLiteral': {
        const text = string(node, context, depth + 1);
        return text.includes('{…}') ? new Hole(sourceOf(node)) : text;
      }
      case 'UnaryExpression':
        if (node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number') {
          return -node.argument.value;
        }
        return new Hole(sourceOf(node));
      case 'Identifier': {
        if (node.name === 'undefined') return undefined;
        const found = resolve(node.name, node, context);
        if (!found) return new Hole(node.name);
        return 'value' in found ? found.value : value(found.node, found.context, depth + 1);
      }
      default:
        return new Hole(sourceOf(node));
    }
  };
  /** A string as far as it resolves; unknown parts are `{…}`. */
  const string = (node: JsNode, context: Context, depth = 0): string => {
    if (depth > 30) return '{…}';
    switch (node.type) {
      case 'Literal':
        return typeof node.value === 'string' || typeof node.value === 'number' ? String(node.value) : '{…}';
      case 'TemplateLiteral':
        return node.quasis
          .map((quasi, index) => {
            const expression = node.expressions[index];
            return (quasi.value.cooked ?? '') + (expression ? string(expression, context, depth + 1) : '');
          })
          .join('');
      case 'BinaryExpression':
        return node.operator === '+' && node.left.type !== 'PrivateIdentifier'
          ? string(node.left, context, depth + 1) + string(node.right, context, depth + 1)
          : '{…}';
      case 'Identifier': {
        const found = resolve(node.name, node, context);
        return found && 'node' in found ? string(found.node, found.context, depth + 1) : '{…}';
      }
      case 'NewExpression':
        // new URL(text): the text
        return node.callee.type === 'Identifier' &&
          node.callee.name === 'URL' &&
          node.arguments.length === 1 &&
          node.arguments[0].type !== 'SpreadElement'
          ? string(node.arguments[0], context, depth + 1)
          : '{…}';
      default:
        return '{…}';
    }
  };

  /** The contexts a node runs in: one per call of its innermost named function on the page (or none). */
  const contexts = (node: JsNode, depth = 0): Context[] => {
    const fn = enclosingFunction(node);
    const name = fn && functionName(fn);
    if (!fn || !name || depth > 4) return [new Map()];
    const calls = all.filter(
      (call): call is acorn.CallExpression =>
        call.type === 'CallExpression' &&
        call.callee.type === 'Identifier' &&
        call.callee.name === name &&
        nearest(
          functions.filter((f) => functionName(f) === name),
          call,
        ) === fn,
    );
    if (calls.length === 0) return [new Map()];
    return calls.flatMap((call) =>
      contexts(call, depth + 1).map((outer): Context => new Map([[fn, {args: call.arguments, context: outer, call}]])),
    );
  };

  // The calls: fetch(url, options), and any call or `new` whose options object has body: JSON.stringify(x)
  const requests: CodeRequest[] = [];
  const stringifyIn = (node: JsNode): acorn.CallExpression | undefined => {
    if (
      node.type === 'CallExpression' &&
      node.callee.type === 'MemberExpression' &&
      sourceOf(node.callee) === 'JSON.stringify'
    ) {
      return node;
    }
    if (node.type === 'ConditionalExpression') return stringifyIn(node.consequent) ?? stringifyIn(node.alternate);
    if (node.type === 'LogicalExpression') return stringifyIn(node.right);
    return undefined;
  };
  for (const node of all) {
    if (node.type !== 'CallExpression' && node.type !== 'NewExpression') continue;
    const options = node.arguments.find(
      (arg): arg is acorn.ObjectExpression =>
        arg.type === 'ObjectExpression' &&
        arg.properties.some((p) => p.type === 'Property' && propertyKey(p) === 'body' && stringifyIn(p.value)),
    );
    const isFetch = node.callee.type === 'Identifier' && node.callee.name === 'fetch';
    if (!options && !isFetch) continue;
    const bodyProperty = options?.properties.find(
      (p): p is acorn.Property => p.type === 'Property' && propertyKey(p) === 'body',
    );
    const stringify = bodyProperty && stringifyIn(bodyProperty.value);
    const program = programs[programOf.get(node) ?? 0];
    const methodProperty = node.arguments
      .flatMap((arg) => (arg.type === 'ObjectExpression' ? arg.properties : []))
      .find((p): p is acorn.Property => p.type === 'Property' && propertyKey(p) === 'method');
    for (const context of contexts(node)) {
      const url =
        node.arguments[0] && node.arguments[0].type !== 'SpreadElement'
          ? string(node.arguments[0], context)
          : undefined;
      const argument = stringify?.arguments[0];
      const body = argument && argument.type !== 'SpreadElement' ? value(argument, context) : undefined;
      if (body === undefined && !url?.includes('/apiservices/')) continue;
      const method = methodProperty ? string(methodProperty.value, context).toUpperCase() : isFetch ? 'GET' : undefined;
      // Where the body is written: the object literal it comes from, else the JSON.stringify call
      const written = argument ? literalOf(argument, context) : undefined;
      const at = written ?? stringify ?? node;
      const writtenIn = programs[programOf.get(at) ?? 0];
      requests.push({
        language: 'javascript',
        block: writtenIn.block,
        line: writtenIn.lineOf(at),
        ...(at !== node && writtenIn.lineOf(at) !== program.lineOf(node) ? {callLine: program.lineOf(node)} : {}),
        ...(via(context).length > 0 ? {via: via(context)} : {}),
        ...(url?.includes('/apiservices/') ? {url} : {}),
        ...(method && !method.includes('{') ? {method} : {}),
        ...(body === undefined ? {} : {body}),
      });
    }
  }
  /** The lines of the helper calls of a context, innermost first. */
  function via(context: Context): number[] {
    return [...context.values()].flatMap(({call, context: outer}) => [
      programs[programOf.get(call) ?? 0].lineOf(call),
      ...via(outer),
    ]);
  }
  /** The object literal a body expression comes from, if it is one. */
  function literalOf(node: JsNode, context: Context, depth = 0): JsNode | undefined {
    if (node.type === 'ObjectExpression') return node;
    if (node.type !== 'Identifier' || depth > 30) return undefined;
    const found = resolve(node.name, node, context);
    return found && 'node' in found ? literalOf(found.node, found.context, depth + 1) : undefined;
  }
  return {requests, problems};
}

// ---------------------------------------------------------------------------------------------
// Python

const pythonScript = String.raw`
import ast, json, sys

blocks = json.load(sys.stdin)
trees, problems = [], []
for index, source in enumerate(blocks):
    try:
        trees.append((index, ast.parse(source)))
    except SyntaxError as error:
        problems.append({"block": index, "line": error.lineno or 1, "message": f"{error.msg}"})

parent, block_of, nodes = {}, {}, []
for index, tree in trees:
    for node in ast.walk(tree):
        block_of[node] = index
        nodes.append(node)
        for child in ast.iter_child_nodes(node):
            parent[child] = node

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
def position(node):
    return (block_of.get(node, 0), getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
def enclosing(node):
    node = parent.get(node)
    while node is not None and not isinstance(node, FUNCTIONS):
        node = parent.get(node)
    return node
def nearest(candidates, at):
    before = [c for c in candidates if position(c) <= position(at)]
    return before[-1] if before else (candidates[0] if candidates else None)

assigns = [n for n in nodes if isinstance(n, (ast.Assign, ast.AnnAssign)) and n.value is not None]
def assigned(node, name):
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return any(isinstance(t, ast.Name) and t.id == name for t in targets)
functions = [n for n in nodes if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]

def params(fn):
    a = fn.args
    positional = a.posonlyargs + a.args
    defaults = dict(zip([p.arg for p in positional][len(positional) - len(a.defaults):], a.defaults))
    for p, d in zip(a.kwonlyargs, a.kw_defaults):
        if d is not None:
            defaults[p.arg] = d
    return [p.arg for p in positional], [p.arg for p in a.kwonlyargs], defaults

HOLE = object()
def resolve(name, at, context):
    fn = enclosing(at)
    while fn is not None:
        local = [n for n in assigns if assigned(n, name) and enclosing(n) is fn and position(n) < position(at)]
        if local:
            return local[-1].value, context
        if not isinstance(fn, ast.Lambda):
            positional, keyword, defaults = params(fn)
            if name in positional or name in keyword:
                call = context.get(fn)
                if call is not None:
                    node, outer = call
                    if name in positional and positional.index(name) < len(node.args):
                        arg = node.args[positional.index(name)]
                        if not isinstance(arg, ast.Starred):
                            return arg, outer
                    for kw in node.keywords:
                        if kw.arg == name:
                            return kw.value, outer
                    if name in defaults:
                        return defaults[name], context
                    return None, None
                if name in defaults:
                    return defaults[name], context
                return HOLE, None
        fn = enclosing(fn)
    top = [n for n in assigns if assigned(n, name) and enclosing(n) is None]
    found = nearest(top, at)
    return (found.value, {}) if found is not None else (HOLE, None)

def hole(node):
    return {"__hole__": ast.unparse(node)}

def value(node, context, depth=0):
    if depth > 30:
        return hole(node)
    if isinstance(node, ast.Dict):
        result = {}
        for key, item in zip(node.keys, node.values):
            if key is None:
                spread = value(item, context, depth + 1)
                if isinstance(spread, dict) and "__hole__" not in spread:
                    result.update(spread)
            elif isinstance(key, ast.Constant) and isinstance(key.value, str):
                entry = value(item, context, depth + 1)
                if entry != "__absent__":
                    result[key.value] = entry
        return result
    if isinstance(node, (ast.List, ast.Tuple)):
        return [value(item, context, depth + 1) for item in node.elts]
    if isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, (str, int, float, bool))):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant) \
            and isinstance(node.operand.value, (int, float)):
        return -node.operand.value
    if isinstance(node, ast.JoinedStr):
        text = string(node, context, depth + 1)
        return hole(node) if "{…}" in text else text
    if isinstance(node, ast.Name):
        found, outer = resolve(node.id, node, context)
        if found is HOLE:
            return hole(node)
        if found is None:
            return "__absent__"
        return value(found, outer, depth + 1)
    return hole(node)

def string(node, context, depth=0):
    if depth > 30:
        return "{…}"
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, int)):
        return str(node.value)
    if isinstance(node, ast.JoinedStr):
        return "".join(string(v.value if isinstance(v, ast.FormattedValue) else v, context, depth + 1)
                       for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return string(node.left, context, depth + 1) + string(node.right, context, depth + 1)
    if isinstance(node, ast.Name):
        found, outer = resolve(node.id, node, context)
        if found is HOLE or found is None:
            return "{…}"
        return string(found, outer, depth + 1)
    return "{…}"

def contexts(node, depth=0):
    fn = enclosing(node)
    if fn is None or isinstance(fn, ast.Lambda) or depth > 4:
        return [{}]
    calls = [c for c in nodes if isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id == fn.name
             and nearest([f for f in functions if f.name == fn.name], c) is fn]
    if not calls:
        return [{}]
    return [{fn: (call, outer)} for call in calls for outer in contexts(call, depth + 1)]

def via(context):
    lines = []
    while context:
        call, context = next(iter(context.values()))
        lines.append([block_of[call], call.lineno])
    return lines

def literal_of(node, context, depth=0):
    if isinstance(node, ast.Dict):
        return node
    if isinstance(node, ast.Name) and depth < 30:
        found, outer = resolve(node.id, node, context)
        if found is not HOLE and found is not None:
            return literal_of(found, outer, depth + 1)
    return None

METHODS = {"get", "post", "put", "patch", "delete", "request"}
requests = []
for node in nodes:
    if not isinstance(node, ast.Call):
        continue
    body = next((kw.value for kw in node.keywords if kw.arg == "json"), None)
    method = node.func.attr if isinstance(node.func, ast.Attribute) else None
    url_node = None
    if method in METHODS:
        index = 1 if method == "request" else 0
        if len(node.args) > index:
            url_node = node.args[index]
        url_node = next((kw.value for kw in node.keywords if kw.arg == "url"), url_node)
    for context in contexts(node):
        url = string(url_node, context) if url_node is not None else None
        if body is None and (url is None or "/apiservices/" not in url):
            continue
        found = value(body, context) if body is not None else None
        written = literal_of(body, context) if body is not None else None
        entry = {"block": block_of[node], "line": node.lineno, "via": via(context)}
        if written is not None:
            entry.update(line=written.lineno, writtenBlock=block_of[written], callLine=node.lineno)
        if url is not None and "/apiservices/" in url:
            entry["url"] = url
            if method in METHODS - {"request"}:
                entry["method"] = method.upper()
        if body is not None and found != "__absent__":
            entry["body"] = found
        requests.append(entry)
json.dump({"requests": requests, "problems": problems}, sys.stdout)
`;

interface PythonAnswer {
  requests: {
    block: number;
    line: number;
    writtenBlock?: number;
    callLine?: number;
    via: [number, number][];
    url?: string;
    method?: string;
    body?: unknown;
  }[];
  problems: {block: number; line: number; message: string}[];
}

const fromPython = (value: unknown): Value => {
  if (Array.isArray(value)) return value.map(fromPython);
  if (value && typeof value === 'object') {
    if ('__hole__' in value) return new Hole(String((value as {__hole__: string}).__hole__));
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fromPython(item)]));
  }
  return value as Value;
};

function pythonRequests(blocks: CodeBlock[]): CodeRequests {
  if (blocks.length === 0) return {requests: [], problems: []};
  const answer = JSON.parse(
    execFileSync('python3', ['-c', pythonScript], {input: JSON.stringify(blocks.map((b) => b.body)), encoding: 'utf8'}),
  ) as PythonAnswer;
  return {
    requests: answer.requests.map((found) => {
      const block = blocks[found.block];
      const written = blocks[found.writtenBlock ?? found.block];
      return {
        language: 'python',
        block: written,
        line: written.line + found.line,
        ...(found.callLine === undefined || (block === written && found.callLine === found.line)
          ? {}
          : {callLine: block.line + found.callLine}),
        ...(found.via.length > 0 ? {via: found.via.map(([index, line]) => blocks[index].line + line)} : {}),
        ...(found.url === undefined ? {} : {url: found.url}),
        ...(found.method === undefined ? {} : {method: found.method}),
        ...(found.body === undefined ? {} : {body: fromPython(found.body)}),
      };
    }),
    problems: answer.problems.map(
      (problem) => `${where(blocks[problem.block], problem.line - 1)}: Python that does not parse (${problem.message})`,
    ),
  };
}
