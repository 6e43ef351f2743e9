/**
 * Code samples of one request in nine languages, written by `@scalar/snippetz` and then changed, per
 * language, to read the base URL and the key from the environment the way the guides do (`API_BASE_URL`,
 * `API_KEY`: website/docs/getting-started/authentication.mdx). Pure and browser-safe: the bundle step
 * (lib/bundle.ts) writes them into `x-codeSamples`, and the try-it console shows the request being edited.
 *
 * snippetz writes literal URLs and headers, so it is given a sentinel base URL and key, and each
 * language's `environment` rewrite replaces them; a sample that still holds a sentinel is an error
 * (lib/codeSamples.test.ts), so a change in snippetz's output cannot slip a literal through.
 */
import type {HarRequest, Plugin} from '@scalar/snippetz';
import {csharpHttpclient} from '@scalar/snippetz/plugins/csharp/httpclient';
import {goNative} from '@scalar/snippetz/plugins/go/native';
import {javaNethttp} from '@scalar/snippetz/plugins/java/nethttp';
import {jsFetch} from '@scalar/snippetz/plugins/js/fetch';
import {nodeFetch} from '@scalar/snippetz/plugins/node/fetch';
import {phpCurl} from '@scalar/snippetz/plugins/php/curl';
import {pythonRequests} from '@scalar/snippetz/plugins/python/requests';
import {rubyNative} from '@scalar/snippetz/plugins/ruby/native';
import {shellCurl} from '@scalar/snippetz/plugins/shell/curl';
import {operationLinks} from './flows';
import {firstExample, parametersOf, requestMedia, type OpenApiDocument, type Operation} from './openapi';
import {
  requireEnv,
  requireEnvCsharp,
  requireEnvGo,
  requireEnvJava,
  requireEnvPhp,
  requireEnvPython,
  requireEnvRuby,
  requireEnvShell,
} from './codeSampleGuards';
import {securityHeaders} from './requests';

/** A request as a reader would send it: the path with its parameters filled in, no host. */
export interface SampleRequest {
  /** `GET`, `post`, …; any case. */
  method: string;
  /** The concrete path, starting with `/`: `/apiservices/v3/flights/live/search/poll/abc`. */
  path: string;
  query?: Record<string, string>;
  /** Headers to send; `x-api-key`, whatever its value, is read from `API_KEY`. */
  headers?: Record<string, string>;
  /** A JSON body (sent as `application/json`). */
  body?: unknown;
  /** One line said to the reader above the code, as a comment of each language (`exampleRequest`'s `exampleTokenNote`). */
  note?: string;
}

export interface CodeSample {
  /** Unique per language: `curl`, `javascript`, `node`, `python`, `go`, `java`, `csharp`, `php`, `ruby`. */
  id: string;
  /** The highlighter's language name (Prism's, as Redoc uses it): `bash`, `javascript`, `python`, … (not `shell`: Redoc maps it to a grammar the site's Prism lacks, and its page then fails) */
  lang: string;
  /** The tab label: `curl`, `JavaScript (fetch)`, … */
  label: string;
  source: string;
}

/** The header that carries the key (specs/common: the `x-api-key` scheme). */
export const keyHeader = 'x-api-key';

const baseSentinel = 'https://api-base-url.invalid';
const keySentinel = 'api-key-from-environment';

/** `text` with every `from` replaced; fails when `from` is not there, so a rewrite never silently misses. */
function replaceAll(text: string, from: string, to: string, id: string): string {
  if (!text.includes(from)) throw new Error(`codeSamples ${id}: expected ${JSON.stringify(from)} in\n${text}`);
  return text.split(from).join(to);
}

/** Rewrites one sample's literal URL (`url`: base sentinel + path and query) and key to the environment. */
type Rewrite = (source: string, url: {quoted: (quote: string) => string; rest: string}, hasKey: boolean) => string;

interface Language {
  id: string;
  lang: string;
  label: string;
  plugin: Plugin;
  rewrite: Rewrite;
  /** How a line comment starts. */
  comment: '#' | '//';
}

const r = replaceAll;

const languages: Language[] = [
  {
    id: 'curl',
    comment: '#',
    lang: 'bash',
    label: 'curl',
    plugin: shellCurl,
    rewrite: (source, url, hasKey) => {
      // snippetz quotes the URL only when it holds a character the shell reads
      const literal = source.includes(url.quoted("'")) ? url.quoted("'") : url.quoted('');
      let out = r(source, literal, `"$API_BASE_URL${url.rest}"`, 'curl');
      if (hasKey) out = r(out, `'${keyHeader}: ${keySentinel}'`, `"${keyHeader}: $API_KEY"`, 'curl');
      return requireEnvShell(hasKey) + out;
    },
  },
  {
    id: 'javascript',
    comment: '//',
    lang: 'javascript',
    label: 'JavaScript (fetch)',
    plugin: jsFetch,
    rewrite: (source, url, hasKey) => {
      let out = r(source, url.quoted("'"), `\`\${process.env.API_BASE_URL}${url.rest}\``, 'javascript');
      if (hasKey) out = r(out, `'${keyHeader}': '${keySentinel}'`, `'${keyHeader}': process.env.API_KEY`, 'javascript');
      return `${requireEnv(hasKey)}${out.replace(/\)\s*$/, '')})\n  .then((res) => res.json())\n  .then((data) => console.log(data));\n`;
    },
  },
  {
    id: 'node',
    comment: '//',
    lang: 'javascript',
    label: 'Node',
    plugin: nodeFetch,
    rewrite: (source, url, hasKey) => {
      let out = r(source, url.quoted("'"), `\`\${process.env.API_BASE_URL}${url.rest}\``, 'node');
      if (hasKey) out = r(out, `'${keyHeader}': '${keySentinel}'`, `'${keyHeader}': process.env.API_KEY`, 'node');
      out = r(out, 'fetch(', 'const res = await fetch(', 'node');
      return (
        '// Node 20 or later; save as a .mjs file (top-level await)\n' +
        requireEnv(hasKey) +
        `${out.trimEnd()};\n\n` +
        'if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);\n' +
        'console.log(await res.json());\n'
      );
    },
  },
  {
    id: 'python',
    comment: '#',
    lang: 'python',
    label: 'Python (requests)',
    plugin: pythonRequests,
    rewrite: (source, url, hasKey) => {
      let out = r(source, url.quoted('"'), `f"{os.environ['API_BASE_URL']}${url.rest}"`, 'python');
      if (hasKey) out = r(out, `"${keyHeader}": "${keySentinel}"`, `"${keyHeader}": os.environ["API_KEY"]`, 'python');
      out = r(out, 'requests.', 'res = requests.', 'python').replace(/\n?\)\s*$/, ',\n    timeout=30,\n)');
      return `import os\n\nimport requests\n\n${requireEnvPython(hasKey)}${out}\nres.raise_for_status()\nprint(res.json())\n`;
    },
  },
  {
    id: 'go',
    comment: '//',
    lang: 'go',
    label: 'Go',
    plugin: goNative,
    rewrite: (source, url, hasKey) => {
      let out = r(source, url.quoted('"'), `os.Getenv("API_BASE_URL") + "${url.rest}"`, 'go');
      if (hasKey) out = r(out, `"${keyHeader}", "${keySentinel}"`, `"${keyHeader}", os.Getenv("API_KEY")`, 'go');
      out = r(out, '\t"net/http"\n', '\t"net/http"\n\t"os"\n', 'go');
      // the check prints with fmt, which snippetz imports to print the answer
      r(out, '\t"fmt"\n', '', 'go');
      return r(out, 'func main() {\n', `func main() {\n${requireEnvGo(hasKey)}`, 'go');
    },
  },
  {
    id: 'java',
    comment: '//',
    lang: 'java',
    label: 'Java',
    plugin: javaNethttp,
    rewrite: (source, url, hasKey) => {
      let out = r(source, url.quoted('"'), `System.getenv("API_BASE_URL") + "${url.rest}"`, 'java');
      if (hasKey) out = r(out, `"${keyHeader}", "${keySentinel}"`, `"${keyHeader}", System.getenv("API_KEY")`, 'java');
      const body = `${requireEnvJava(hasKey)}\n${out}`
        .trimEnd()
        .split('\n')
        .map((line) => (line ? `        ${line}` : ''))
        .join('\n');
      return (
        '// Java 11 or later: java Main.java\n' +
        'import java.net.URI;\nimport java.net.http.HttpClient;\nimport java.net.http.HttpRequest;\nimport java.net.http.HttpResponse;\n\n' +
        `public class Main {\n    public static void main(String[] args) throws Exception {\n${body}\n    }\n}\n`
      );
    },
  },
  {
    id: 'csharp',
    comment: '//',
    lang: 'csharp',
    label: 'C#',
    plugin: csharpHttpclient,
    rewrite: (source, url, hasKey) => {
      let out = r(
        source,
        url.quoted('"'),
        `Environment.GetEnvironmentVariable("API_BASE_URL") + "${url.rest}"`,
        'csharp',
      );
      if (hasKey)
        out = r(
          out,
          `"${keyHeader}", "${keySentinel}"`,
          `"${keyHeader}", Environment.GetEnvironmentVariable("API_KEY")`,
          'csharp',
        );
      return `${requireEnvCsharp(hasKey)}${out.trimEnd()}\nresponse.EnsureSuccessStatusCode();\nConsole.WriteLine(await response.Content.ReadAsStringAsync());\n`;
    },
  },
  {
    id: 'php',
    comment: '//',
    lang: 'php',
    label: 'PHP',
    plugin: phpCurl,
    rewrite: (source, url, hasKey) => {
      let out = r(source, url.quoted('"'), `getenv('API_BASE_URL') . "${url.rest}"`, 'php');
      if (hasKey) out = r(out, `'${keyHeader}: ${keySentinel}'`, `'${keyHeader}: ' . getenv('API_KEY')`, 'php');
      return `<?php\n\n${requireEnvPhp(hasKey)}${out}`;
    },
  },
  {
    id: 'ruby',
    comment: '#',
    lang: 'ruby',
    label: 'Ruby',
    plugin: rubyNative,
    rewrite: (source, url, hasKey) => {
      let out = r(source, url.quoted('"'), `ENV["API_BASE_URL"] + "${url.rest}"`, 'ruby');
      if (hasKey) out = r(out, `"${keyHeader}"] = '${keySentinel}'`, `"${keyHeader}"] = ENV["API_KEY"]`, 'ruby');
      out = r(out, 'http.use_ssl = true', 'http.use_ssl = url.scheme == "https"', 'ruby');
      out = r(out, "require 'net/http'\n\n", `require 'net/http'\n\n${requireEnvRuby(hasKey)}`, 'ruby');
      return `${out.trimEnd()}\n`;
    },
  },
];

/** The ids of the languages `codeSamples` writes, in its order. */
export const codeSampleIds = languages.map((language) => language.id);

/** `/path?query` with the query encoded as a form (`a=1&b=x%20y`): no quote, `$`, `{` or backslash left. */
function pathAndQuery(request: SampleRequest): string {
  if (!request.path.startsWith('/')) throw new Error(`codeSamples: the path must start with /, not ${request.path}`);
  const path = request.path.replace(/[^A-Za-z0-9\-._~!&'()*+,;=:@/%]/g, (char) => encodeURIComponent(char));
  const query = new URLSearchParams(request.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}

/** The source with the note as a comment line on top (in PHP, below `<?php`). */
function withNote(source: string, comment: '#' | '//', note: string | undefined): string {
  if (note === undefined) return source;
  if (/[\r\n]/.test(note)) throw new Error(`codeSamples: a note is one line, not ${JSON.stringify(note)}`);
  const line = `${comment} ${note}\n`;
  return source.startsWith('<?php\n\n') ? `<?php\n\n${line}${source.slice('<?php\n\n'.length)}` : line + source;
}

/**
 * The line the samples of an operation that takes a session token from an earlier answer carry (a path
 * parameter an OpenAPI link of another operation fills, `operationLinks`): the token is the
 * documentation's example, which the sandbox answers as a demo session of the example search, and
 * against the service it comes from the create call's answer. Undefined for any other operation.
 */
export function exampleTokenNote(doc: OpenApiDocument, operation: Operation): string | undefined {
  const link = operationLinks(operation.slug, doc).find(
    (candidate) =>
      candidate.to.operationId === operation.operationId &&
      candidate.from.operationId !== operation.operationId &&
      candidate.parameters.length > 0,
  );
  if (!link) return undefined;
  const parameters = link.parameters.map(({parameter}) => parameter).join(' and ');
  const fields = link.parameters.map(({field}) => field).join(' and ');
  return (
    `${parameters} is the documentation's example, which the sandbox answers as a demo session of the example ` +
    `search; against the service, use the ${fields} of the create call's answer (${link.from.method} ${link.from.path}).`
  );
}

/**
 * The request in curl, JavaScript (fetch), Node, Python (requests), Go, Java, C#, PHP and Ruby, each
 * reading `API_BASE_URL` and (when the request sends `x-api-key`) `API_KEY` from the environment.
 */
export function codeSamples(request: SampleRequest): CodeSample[] {
  const rest = pathAndQuery(request).replace(/'/g, '%27');
  const headers: HarRequest['headers'] = [];
  let hasKey = false;
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (name.toLowerCase() === keyHeader) {
      hasKey = true;
      headers.push({name: keyHeader, value: keySentinel});
    } else if (name.toLowerCase() !== 'content-type') {
      headers.push({name, value});
    }
  }
  const har: Partial<HarRequest> = {method: request.method.toUpperCase(), url: `${baseSentinel}${rest}`, headers};
  if (request.body !== undefined) {
    headers.push({name: 'Content-Type', value: 'application/json'});
    har.postData = {mimeType: 'application/json', text: JSON.stringify(request.body)};
  }
  const url = {quoted: (quote: string) => `${quote}${baseSentinel}${rest}${quote}`, rest};
  return languages.map(({id, lang, label, plugin, rewrite, comment}) => {
    const source = withNote(rewrite(plugin.generate(har), url, hasKey), comment, request.note);
    if (source.includes(baseSentinel) || source.includes(keySentinel)) {
      throw new Error(`codeSamples ${id}: a literal base URL or key is left in\n${source}`);
    }
    return {id, lang, label, source};
  });
}

/**
 * The request of an operation's examples: its path and query parameters' `example`s and its first
 * request body example (`firstExample`), with the key header when the operation requires one, and
 * for an operation that takes a session token, the note saying the token is the example
 * (`exampleTokenNote`).
 */
export function exampleRequest(doc: OpenApiDocument, operation: Operation): SampleRequest {
  let path = operation.path;
  const query: Record<string, string> = {};
  for (const parameter of parametersOf(doc, operation)) {
    if (parameter.example === undefined || !parameter.name) continue;
    if (parameter.in === 'path')
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(parameter.example)));
    else if (parameter.in === 'query') query[parameter.name] = String(parameter.example);
  }
  const headers: Record<string, string> = {};
  for (const header of securityHeaders(doc, operation)) headers[header] = 'API_KEY';
  const media = requestMedia(doc, operation);
  const note = exampleTokenNote(doc, operation);
  return {
    method: operation.method,
    path,
    query,
    headers,
    body: media ? firstExample(doc, media) : undefined,
    ...(note === undefined ? {} : {note}),
  };
}

/**
 * The TypeScript sample of an operation: `openapi-fetch` typed by the API's generated
 * `/openapi/<slug>.d.ts` (lib/types.ts), sending the same example as `codeSamples`.
 */
export function typedClientSample(doc: OpenApiDocument, operation: Operation): CodeSample {
  const example = exampleRequest(doc, operation);
  const pathParams: Record<string, unknown> = {};
  const queryParams: Record<string, unknown> = {};
  for (const parameter of parametersOf(doc, operation)) {
    if (parameter.example === undefined || !parameter.name) continue;
    if (parameter.in === 'path') pathParams[parameter.name] = parameter.example;
    else if (parameter.in === 'query') queryParams[parameter.name] = parameter.example;
  }
  const params: Record<string, unknown> = {};
  if (Object.keys(pathParams).length > 0) params.path = pathParams;
  if (Object.keys(queryParams).length > 0) params.query = queryParams;
  const init: Record<string, unknown> = {};
  if (Object.keys(params).length > 0) init.params = params;
  if (example.body !== undefined) init.body = example.body;
  const hasKey = Object.keys(example.headers ?? {}).includes(keyHeader);
  // JSON is a TypeScript literal; keys that are identifiers lose their quotes, as people write them.
  const literal = JSON.stringify(init, null, 2).replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, '$1$2:');
  const args = Object.keys(init).length > 0 ? `, ${literal}` : '';
  const source =
    (example.note === undefined ? '' : `// ${example.note}\n`) +
    `// npm install openapi-fetch; save /openapi/${operation.slug}.d.ts beside this file, a .mts file (npx tsx x.mts)\n` +
    "import createClient from 'openapi-fetch';\n" +
    `import type {paths} from './${operation.slug}';\n\n` +
    requireEnv(hasKey) +
    'const client = createClient<paths>({\n' +
    '  baseUrl: process.env.API_BASE_URL,\n' +
    (hasKey ? `  headers: {'${keyHeader}': process.env.API_KEY},\n` : '') +
    '});\n\n' +
    `const {data, error, response} = await client.${operation.method.toUpperCase()}('${operation.path}'${args});\n` +
    'if (error) throw new Error(`HTTP ${response.status}: ${JSON.stringify(error)}`);\n' +
    'console.log(data);\n';
  return {id: 'typescript', lang: 'typescript', label: 'TypeScript (openapi-fetch)', source};
}
