/**
 * The console's JSON body editor: CodeMirror 6 with the JSON language, a syntax linter and the request
 * schema's linter (`codemirror-json-schema`), so a body that breaks the schema is marked while typing.
 * The problems found are also listed in text under the editor (`onProblems`), for screen readers and
 * for readers who do not see the underlines. Tab leaves the editor (no tab capture), so the page stays
 * usable with the keyboard alone. Loaded with the console only (Body.tsx).
 */
import {useEffect, useEffectEvent, useRef, type ReactNode} from 'react';
import {defaultKeymap, history, historyKeymap} from '@codemirror/commands';
import {json, jsonLanguage, jsonParseLinter} from '@codemirror/lang-json';
import {bracketMatching, HighlightStyle, syntaxHighlighting} from '@codemirror/language';
import {forEachDiagnostic, lintGutter, linter} from '@codemirror/lint';
import {EditorState} from '@codemirror/state';
import {EditorView, keymap, lineNumbers} from '@codemirror/view';
import {tags} from '@lezer/highlight';
import {handleRefresh, jsonCompletion, jsonSchemaLinter, stateExtensions} from 'codemirror-json-schema';
import styles from './styles.module.css';

/** Token colours from the site's CSS variables (styles.module.css), with AA contrast in both modes. */
const highlight = HighlightStyle.define([
  {tag: tags.propertyName, color: 'var(--tryit-token-key)'},
  {tag: tags.string, color: 'var(--tryit-token-string)'},
  {tag: [tags.number, tags.bool, tags.null], color: 'var(--tryit-token-literal)'},
]);

export interface JsonEditorProps {
  /** The text the editor starts with; later changes of this prop are ignored (the editor owns the text). */
  initial: string;
  /** The JSON Schema the body is checked against (with its `components` beside it). */
  schema: Record<string, unknown>;
  label: string;
  onChange: (text: string) => void;
  /** Every problem the linters report, as `line N: message`, after each lint run. */
  onProblems: (problems: string[]) => void;
}

export default function JsonEditor({initial, schema, label, onChange, onProblems}: JsonEditorProps): ReactNode {
  const host = useRef<HTMLDivElement>(null);
  const changed = useEffectEvent((text: string) => onChange(text));
  const linted = useEffectEvent((problems: string[]) => onProblems(problems));
  // The editor is made once per mount (the console remounts it for another operation), from the props
  // of that moment: it owns the text from then on.
  const create = useEffectEvent(
    (parent: HTMLElement) =>
      new EditorView({
        parent,
        state: EditorState.create({
          doc: initial,
          extensions: [
            lineNumbers(),
            history(),
            bracketMatching(),
            keymap.of([...defaultKeymap, ...historyKeymap]),
            json(),
            syntaxHighlighting(highlight),
            linter(jsonParseLinter(), {delay: 300}),
            linter(jsonSchemaLinter(), {delay: 300, needsRefresh: handleRefresh}),
            jsonLanguage.data.of({autocomplete: jsonCompletion()}),
            stateExtensions(schema as Parameters<typeof stateExtensions>[0]),
            lintGutter(),
            EditorView.lineWrapping,
            // tabindex: the editor is a Tab stop of its own, which also makes its scrolling region keyboard-reachable.
            EditorView.contentAttributes.of({'aria-label': label, 'aria-multiline': 'true', tabindex: '0'}),
            EditorView.updateListener.of((update) => {
              if (update.docChanged) changed(update.state.doc.toString());
              const problems: string[] = [];
              forEachDiagnostic(update.state, (diagnostic) => {
                const line = update.state.doc.lineAt(Math.min(diagnostic.from, update.state.doc.length)).number;
                problems.push(`line ${line}: ${diagnostic.message.replace(/\s+/g, ' ').trim()}`);
              });
              linted(problems);
            }),
          ],
        }),
      }),
  );

  useEffect(() => {
    const view = create(host.current!);
    return () => view.destroy();
  }, []);

  return <div ref={host} className={styles.editor} />;
}
