import { useEffect, useRef } from 'react';
import { basicSetup, EditorView } from 'codemirror';
import { EditorState } from '@codemirror/state';
import { yaml } from '@codemirror/lang-yaml';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import type { DraftProblem } from '../../../engine/shared/manifest.ts';
import { problemRange } from './positions.ts';

/** A request to put the cursor on a place (a new object each time, so the same place can be asked twice). */
export interface JumpTo {
  readonly line: number;
  readonly col: number;
}

export interface CodeEditorProps {
  /** The file shown: switching files keeps each file's own undo history. */
  readonly name: string;
  readonly text: string;
  /** The label screen readers read for the text area. */
  readonly label: string;
  readonly problems: readonly DraftProblem[];
  readonly jumpTo: JumpTo | null;
  readonly onChange: (text: string) => void;
}

/** A laptop's screen of text, scrolled inside the editor so that the problems and Publish stay in view. */
const THEME = EditorView.theme({
  '&': {
    height: 'min(70vh, 48rem)',
    fontSize: '14px',
    border: '1px solid #d9e0e5',
    borderRadius: '6px',
    backgroundColor: '#fff',
  },
  '&.cm-focused': { outline: '2px solid #1a73c7', outlineOffset: '1px' },
  '.cm-scroller': { overflow: 'auto', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
});

/** The checker's problems as lint diagnostics of the document: message, then the hint. */
function diagnostics(state: EditorState, problems: readonly DraftProblem[]): Diagnostic[] {
  return problems.map((p) => ({
    ...problemRange(state.doc, p),
    severity: 'error',
    source: `${p.line}:${p.col}`,
    message: p.hint ? `${p.message}\n${p.hint}` : p.message,
  }));
}

/**
 * CodeMirror 6 with YAML, the lint gutter and the checker's problems marked at their places. Loaded
 * as a chunk of its own, by this page only. The text is the parent's: edits go up through
 * `onChange`, and a text changed from outside (live files taken, a guided addition) replaces the
 * document as one undoable change.
 */
export default function CodeEditor({ name, text, label, problems, jumpTo, onChange }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const states = useRef(new Map<string, EditorState>());
  const shown = useRef(name);
  const changed = useRef(onChange);
  changed.current = onChange;

  const stateOf = (file: string, doc: string): EditorState =>
    states.current.get(file) ??
    EditorState.create({
      doc,
      extensions: [
        basicSetup,
        yaml(),
        lintGutter(),
        THEME,
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) changed.current(u.state.doc.toString());
        }),
      ],
    });

  useEffect(() => {
    if (!host.current) return;
    const v = new EditorView({ state: stateOf(name, text), parent: host.current });
    view.current = v;
    return () => v.destroy();
    // The view is made once; the effects below follow the file, the text and the problems.
  }, []);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    if (shown.current !== name) {
      states.current.set(shown.current, v.state);
      shown.current = name;
      v.setState(stateOf(name, text));
    }
    // The file's kept state may predate a change made from outside (live files taken, a guided addition).
    if (v.state.doc.toString() !== text) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
    v.dispatch(setDiagnostics(v.state, diagnostics(v.state, problems)));
  }, [name, text, problems]);

  useEffect(() => {
    const v = view.current;
    if (!v || !jumpTo) return;
    const { from } = problemRange(v.state.doc, jumpTo);
    v.dispatch({ selection: { anchor: from }, effects: EditorView.scrollIntoView(from, { y: 'center' }) });
    v.focus();
  }, [jumpTo]);

  return <div ref={host} data-file={name} />;
}
