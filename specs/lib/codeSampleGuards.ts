/**
 * The first lines of every generated code sample (lib/codeSamples.ts): a check, in the sample's own
 * language, that stops before any call when `API_BASE_URL` (or, for a call that needs a key, `API_KEY`)
 * is not set, with one sentence, `Set <name>: see <envHelp>`, instead of the language's own failure on
 * an empty URL (curl's `URL using bad/illegal format`, a KeyError, `Invalid URL`) or a call that sends
 * the key `undefined`. The JavaScript check is the guides' own two lines (website/test/guideMissingEnv.test.ts);
 * sandbox/src/codeSamplesMissingEnv.test.ts runs the curl, Node, Python, TypeScript and Java ones with a
 * variable unset.
 */

/** Where the guides explain the two variables: the sentence a sample stops with names it. */
export const envHelp = '/docs/getting-started/authentication#your-key-and-base-url';

/** The variables a sample reads: the base URL, and the key when the request sends one. */
const envNames = (hasKey: boolean): string[] => (hasKey ? ['API_BASE_URL', 'API_KEY'] : ['API_BASE_URL']);

/** A language's list literal of the names: `'API_BASE_URL', 'API_KEY'` with the quote given. */
const listed = (hasKey: boolean, quote: string): string =>
  envNames(hasKey)
    .map((name) => `${quote}${name}${quote}`)
    .join(', ');

/** JavaScript and TypeScript: the same two lines as the guides' blocks. */
export const requireEnv = (hasKey: boolean): string =>
  `for (const name of [${listed(hasKey, "'")}])\n` +
  `  if (!process.env[name]) throw new Error(\`Set \${name}: see ${envHelp}\`);\n\n`;

/** bash and zsh: `${NAME:?message}` stops the command, before curl runs, printing `NAME: message`. */
export const requireEnvShell = (hasKey: boolean): string =>
  `: ${envNames(hasKey)
    .map((name) => `"\${${name}:?Set ${name}: see ${envHelp}}"`)
    .join(' \\\n  ')} &&\n`;

export const requireEnvPython = (hasKey: boolean): string =>
  `for name in [${listed(hasKey, '"')}]:\n` +
  '    if not os.environ.get(name):\n' +
  `        raise SystemExit(f"Set {name}: see ${envHelp}")\n\n`;

export const requireEnvGo = (hasKey: boolean): string =>
  `\tfor _, name := range []string{${listed(hasKey, '"')}} {\n` +
  '\t\tif os.Getenv(name) == "" {\n' +
  `\t\t\tfmt.Fprintln(os.Stderr, "Set "+name+": see ${envHelp}")\n` +
  '\t\t\tos.Exit(1)\n\t\t}\n\t}\n\n';

export const requireEnvJava = (hasKey: boolean): string =>
  `for (String name : new String[] {${listed(hasKey, '"')}}) {\n` +
  '    if (System.getenv(name) == null || System.getenv(name).isEmpty()) {\n' +
  `        System.err.println("Set " + name + ": see ${envHelp}");\n` +
  '        System.exit(1);\n    }\n}\n';

export const requireEnvCsharp = (hasKey: boolean): string =>
  `foreach (var name in new[] { ${listed(hasKey, '"')} })\n{\n` +
  '    if (string.IsNullOrEmpty(Environment.GetEnvironmentVariable(name)))\n    {\n' +
  `        Console.Error.WriteLine($"Set {name}: see ${envHelp}");\n` +
  '        Environment.Exit(1);\n    }\n}\n\n';

export const requireEnvPhp = (hasKey: boolean): string =>
  `foreach ([${listed(hasKey, "'")}] as $name) {\n` +
  '    if (!getenv($name)) {\n' +
  `        fwrite(STDERR, "Set $name: see ${envHelp}\\n");\n` +
  '        exit(1);\n    }\n}\n\n';

export const requireEnvRuby = (hasKey: boolean): string =>
  `%w[${envNames(hasKey).join(' ')}].each do |name|\n` +
  `  abort "Set #{name}: see ${envHelp}" if ENV[name].to_s.empty?\nend\n\n`;
