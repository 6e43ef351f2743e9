import {describe, expect, it} from 'vitest';
import {loadBundles} from './bundles';
import {codeSampleIds, codeSamples, exampleRequest, exampleTokenNote, typedClientSample} from './codeSamples';
import {operations} from './openapi';

const create = codeSamples({
  method: 'post',
  path: '/apiservices/v3/flights/live/search/create',
  headers: {'x-api-key': 'sandbox_typed_in_the_console'},
  body: {query: {market: 'UK', adults: 1}},
});
const source = (id: string, samples = create): string => samples.find((sample) => sample.id === id)?.source ?? '';

/** How each language reads the two variables (website/docs/getting-started/authentication.mdx). */
const reads: Record<string, [base: string, key: string]> = {
  curl: ['"$API_BASE_URL/apiservices/v3/flights/live/search/create"', '"x-api-key: $API_KEY"'],
  javascript: [
    '`${process.env.API_BASE_URL}/apiservices/v3/flights/live/search/create`',
    "'x-api-key': process.env.API_KEY",
  ],
  node: ['`${process.env.API_BASE_URL}/apiservices/v3/flights/live/search/create`', "'x-api-key': process.env.API_KEY"],
  python: [
    `f"{os.environ['API_BASE_URL']}/apiservices/v3/flights/live/search/create"`,
    '"x-api-key": os.environ["API_KEY"]',
  ],
  go: ['os.Getenv("API_BASE_URL") + "/apiservices/v3/flights/live/search/create"', '"x-api-key", os.Getenv("API_KEY")'],
  java: [
    'System.getenv("API_BASE_URL") + "/apiservices/v3/flights/live/search/create"',
    '"x-api-key", System.getenv("API_KEY")',
  ],
  csharp: [
    'Environment.GetEnvironmentVariable("API_BASE_URL") + "/apiservices/v3/flights/live/search/create"',
    '"x-api-key", Environment.GetEnvironmentVariable("API_KEY")',
  ],
  php: [`getenv('API_BASE_URL') . "/apiservices/v3/flights/live/search/create"`, `'x-api-key: ' . getenv('API_KEY')`],
  ruby: ['ENV["API_BASE_URL"] + "/apiservices/v3/flights/live/search/create"', 'request["x-api-key"] = ENV["API_KEY"]'],
};

describe('codeSamples', () => {
  it('writes the nine languages, each once, with a label', () => {
    expect(create.map((sample) => sample.id)).toEqual([
      'curl',
      'javascript',
      'node',
      'python',
      'go',
      'java',
      'csharp',
      'php',
      'ruby',
    ]);
    expect(codeSampleIds).toEqual(create.map((sample) => sample.id));
    expect(create.map((sample) => sample.label)).toEqual([
      'curl',
      'JavaScript (fetch)',
      'Node',
      'Python (requests)',
      'Go',
      'Java',
      'C#',
      'PHP',
      'Ruby',
    ]);
  });

  it.each(Object.entries(reads))('%s reads the base URL and the key from the environment', (id, [base, key]) => {
    expect(source(id)).toContain(base);
    expect(source(id)).toContain(key);
    expect(source(id)).not.toContain('sandbox_typed_in_the_console');
    expect(source(id)).not.toContain('invalid');
  });

  it('sends the body as JSON in every language', () => {
    expect(source('curl')).toContain("--header 'Content-Type: application/json'");
    expect(source('python')).toContain('json={\n      "query": {\n        "market": "UK",');
    expect(source('node')).toContain("body: JSON.stringify({\n    query: {\n      market: 'UK',");
    expect(source('java')).toContain(
      'HttpRequest.BodyPublishers.ofString("{\\"query\\":{\\"market\\":\\"UK\\",\\"adults\\":1}}")',
    );
    expect(source('ruby')).toContain('request.body = "{\\"query\\":{\\"market\\":\\"UK\\",\\"adults\\":1}}"');
  });

  it('reads no key when the request sends none (an open operation)', () => {
    const open = codeSamples({method: 'GET', path: '/apiservices/v3/culture/currencies'});
    expect(source('curl', open)).toBe(
      ': "${API_BASE_URL:?Set API_BASE_URL: see /docs/getting-started/authentication#your-key-and-base-url}" &&\n' +
        'curl "$API_BASE_URL/apiservices/v3/culture/currencies"',
    );
    for (const sample of open) expect(sample.source, sample.id).not.toContain('API_KEY');
  });

  it('has the JavaScript samples stop, naming the variable, before a call when API_BASE_URL or API_KEY is unset', () => {
    const open = codeSamples({method: 'get', path: '/apiservices/v1/culture/nearestculture', headers: {}});
    for (const id of ['javascript', 'node']) {
      for (const [samples, names] of [
        [create, "['API_BASE_URL', 'API_KEY']"],
        [open, "['API_BASE_URL']"],
      ] as const) {
        const text = source(id, samples);
        const guard = text.indexOf(`for (const name of ${names})`);
        expect(guard, `${id}:\n${text}`).toBeGreaterThanOrEqual(0);
        expect(text.indexOf('if (!process.env[name]) throw new Error(`Set ${name}')).toBeGreaterThan(guard);
        expect(guard).toBeLessThan(text.indexOf('fetch('));
      }
    }
  });

  it('has every sample stop, with a sentence naming the variable, before its call when one is unset', () => {
    const open = codeSamples({method: 'get', path: '/apiservices/v1/culture/nearestculture'});
    // Where each language's call starts: the check must come before it
    const call: Record<string, string> = {
      curl: '\ncurl ',
      javascript: 'fetch(',
      node: 'fetch(',
      python: 'requests.',
      go: 'http.NewRequest',
      java: 'HttpRequest.newBuilder',
      csharp: 'new HttpRequestMessage',
      php: 'curl_init',
      ruby: 'Net::HTTP.new',
    };
    const sentence = ': see /docs/getting-started/authentication#your-key-and-base-url';
    for (const [samples, sendsKey] of [
      [create, true],
      [open, false],
    ] as const) {
      expect(samples.map((sample) => sample.id)).toEqual(Object.keys(call));
      for (const {id, source: text} of samples) {
        const guard = text.indexOf(sentence);
        expect(guard, `${id}:\n${text}`).toBeGreaterThanOrEqual(0);
        expect(guard, `${id}:\n${text}`).toBeLessThan(text.indexOf(call[id]));
        expect(text.slice(0, text.indexOf(call[id])).includes('API_KEY'), id).toBe(sendsKey);
      }
    }
    expect(source('curl')).toContain(
      ': "${API_BASE_URL:?Set API_BASE_URL: see /docs/getting-started/authentication#your-key-and-base-url}" \\\n' +
        '  "${API_KEY:?Set API_KEY: see /docs/getting-started/authentication#your-key-and-base-url}" &&\ncurl ',
    );
    expect(source('python')).toContain(
      'for name in ["API_BASE_URL", "API_KEY"]:\n    if not os.environ.get(name):\n' +
        '        raise SystemExit(f"Set {name}: see /docs/getting-started/authentication#your-key-and-base-url")\n',
    );
  });

  it('encodes the query and any character of the path a string literal or a shell would read', () => {
    const odd = codeSamples({
      method: 'GET',
      path: '/apiservices/v3/things/a"b$c{d}\\e',
      query: {q: "it's $HOME", n: '2'},
    });
    const rest = '/apiservices/v3/things/a%22b%24c%7Bd%7D%5Ce?q=it%27s+%24HOME&n=2';
    expect(source('curl', odd)).toContain(`\ncurl "$API_BASE_URL${rest}"`);
    expect(source('python', odd)).toContain(`f"{os.environ['API_BASE_URL']}${rest}"`);
    expect(source('go', odd)).toContain(`os.Getenv("API_BASE_URL") + "${rest}"`);
  });

  it('wraps Java in a class with its imports, so `java Main.java` runs it', () => {
    expect(source('java')).toMatch(/^\/\/ Java 11 or later: java Main.java\nimport java.net.URI;\n/);
    expect(source('java')).toContain(
      'public class Main {\n    public static void main(String[] args) throws Exception {\n',
    );
  });

  it("writes a request's note as a comment line on top, in each language's syntax", () => {
    const noted = codeSamples({
      method: 'GET',
      path: '/apiservices/v3/culture/currencies',
      note: 'The token is an example.',
    });
    const comments: Record<string, string> = {curl: '#', python: '#', ruby: '#', php: '//'};
    for (const sample of noted) {
      const line = `${comments[sample.id] ?? '//'} The token is an example.\n`;
      if (sample.id === 'php') expect(sample.source.startsWith(`<?php\n\n${line}`)).toBe(true);
      else expect(sample.source.startsWith(line), sample.id).toBe(true);
    }
    expect(() => codeSamples({method: 'GET', path: '/x', note: 'two\nlines'})).toThrow(/one line/);
  });

  it('notes the example token of every operation a link of another operation gives a token, and only those', () => {
    const noted: string[] = [];
    for (const [slug, doc] of loadBundles()) {
      for (const operation of operations(slug, doc)) {
        const note = exampleTokenNote(doc, operation);
        expect(exampleRequest(doc, operation).note).toBe(note);
        if (!note) continue;
        noted.push(operation.operationId);
        expect(note).toMatch(
          /^\w+ is the documentation's example, .*demo session.*create call's answer \(POST \/\S+\)\.$/,
        );
        expect(typedClientSample(doc, operation).source.startsWith(`// ${note}\n`)).toBe(true);
      }
    }
    expect(noted).toEqual([
      'FlightsService_PollSearch',
      'FlightsService_CreateItineraryRefresh',
      'FlightsService_PollItineraryRefresh',
      'CarHireService_PollSearch',
      'HotelsService_PollSearch',
    ]);
  });

  it('refuses a path that does not start with a slash', () => {
    expect(() => codeSamples({method: 'GET', path: 'apiservices/v3/x'})).toThrow(/must start with \//);
  });
});
