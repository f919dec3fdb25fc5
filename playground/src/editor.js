// editor.js — the CodeMirror 6 editors: the input (with run key, file drop, the diagnostics of a
// Run shown at their line: a line class, a gutter marker and the message under the line, and the
// caller's extensions, e.g. the language server's) and the read-only output; both can find a
// definition (@name) and show its line.
import { EditorState, StateEffect, StateField, RangeSet } from '@codemirror/state';
import {
  EditorView, Decoration, WidgetType, GutterMarker, gutter, keymap, lineNumbers,
  highlightActiveLine, highlightActiveLineGutter, drawSelection,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, indentUnit } from '@codemirror/language';
import { llvm } from './llvm-lang.js';

const setDiagnostics = StateEffect.define();

class MessageWidget extends WidgetType {
  constructor(d) { super(); this.d = d; }
  eq(o) { return o.d === this.d; }
  toDOM() {
    const div = document.createElement('div');
    div.className = 'cm-diag-message';
    div.textContent = `${this.d.stage ? `${this.d.stage}: ` : ''}${this.d.message}${this.d.col ? ` (column ${this.d.col})` : ''}`;
    return div;
  }
}

class ErrorMarker extends GutterMarker {
  constructor(message) { super(); this.message = message; }
  eq(o) { return o.message === this.message; }
  toDOM() {
    const span = document.createElement('span');
    span.className = 'cm-diag-marker';
    span.textContent = '●';
    span.title = this.message;
    return span;
  }
}

// a Run's diagnostics as { lines: DecorationSet, markers: RangeSet<GutterMarker> }; an edit clears
// them, since they are of the text before it (the language server's follow the edits)
const noDiagnostics = { lines: Decoration.none, markers: RangeSet.empty };
const diagField = StateField.define({
  create: () => noDiagnostics,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setDiagnostics)) return build(tr.state.doc, e.value);
    return tr.docChanged ? noDiagnostics : value;
  },
  provide: f => EditorView.decorations.from(f, v => v.lines),
});

function build(doc, diags) {
  const lines = [], markers = [];
  for (const d of diags) {
    const n = Math.min(Math.max(d.line || 1, 1), doc.lines), line = doc.line(n);
    lines.push(Decoration.line({ class: 'cm-diag-line' }).range(line.from));
    lines.push(Decoration.widget({ widget: new MessageWidget(d), block: true, side: 1 }).range(line.to));
    markers.push(new ErrorMarker(d.message).range(line.from));
  }
  return { lines: Decoration.set(lines, true), markers: RangeSet.of(markers, true) };
}

// the line a jump to a definition landed on, marked until the next jump or new text
const setJump = StateEffect.define();
const jumpField = StateField.define({
  create: () => Decoration.none,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setJump)) return e.value < 0 ? Decoration.none : Decoration.set([Decoration.line({ class: 'cm-jump-line' }).range(e.value)]);
    return tr.docChanged ? value.map(tr.changes) : value;
  },
  provide: f => EditorView.decorations.from(f),
});

const diagGutter = gutter({ class: 'cm-diag-gutter', markers: v => v.state.field(diagField).markers });

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, "JetBrains Mono", "DejaVu Sans Mono", Menlo, monospace', lineHeight: '1.45' },
  '.cm-gutters': { background: '#f6f8fa', borderRight: '1px solid #e1e4e8', color: '#8b949e' },
  '.cm-activeLine': { background: '#f3f6fb' },
  '.cm-activeLineGutter': { background: '#e8eef7' },
  '.cm-diag-line': { background: '#fdecec' },
  '.cm-jump-line': { background: '#fff1c9', boxShadow: 'inset 3px 0 #c28a00' },
  '.cm-diag-gutter .cm-gutterElement': { padding: '0 3px', color: '#d1242f' },
  '.cm-diag-message': { background: '#fff5f5', borderLeft: '3px solid #d1242f', color: '#a40e26', padding: '2px 8px', fontFamily: 'system-ui, sans-serif', fontSize: '12px' },
});

/**
 * The input editor. `onRun` on Mod-Enter; `onFile(text, name)` when a file is dropped on it;
 * `extensions`: more of the editor's configuration.
 */
export function inputEditor(parent, { doc = '', onRun, onFile, extensions = [] }) {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        keymap.of([{ key: 'Mod-Enter', run: () => { onRun(); return true; } }, indentWithTab, ...defaultKeymap, ...historyKeymap]),
        history(), lineNumbers(), diagGutter, highlightActiveLine(), highlightActiveLineGutter(), drawSelection(),
        bracketMatching(), indentUnit.of('  '), llvm(), diagField, jumpField, theme, extensions,
        EditorView.domEventHandlers({
          dragover(e) { if (e.dataTransfer?.types.includes('Files')) { e.preventDefault(); return true; } return false; },
          drop(e) {
            const file = e.dataTransfer?.files?.[0];
            if (!file) return false;
            e.preventDefault();
            file.text().then(text => onFile(text, file.name));
            return true;
          },
        }),
      ],
    }),
  });
}

/** The read-only output editor. */
export function outputEditor(parent) {
  return new EditorView({
    parent,
    state: EditorState.create({ doc: '', extensions: [EditorState.readOnly.of(true), lineNumbers(), drawSelection(), llvm(), jumpField, theme] }),
  });
}

/** Replaces an editor's text (and its diagnostics). */
export function setText(view, text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, effects: [setDiagnostics.of([]), setJump.of(-1)] });
}

/** `@name` as the IR printer writes it: bare when it can be, else quoted with \XX escapes. */
export function globalRef(name) {
  if (/^[-a-zA-Z$._][-a-zA-Z$._0-9]*$/.test(name) || /^\d+$/.test(name)) return `@${name}`;
  let q = '';
  for (const b of new TextEncoder().encode(name)) {
    q += b < 0x20 || b >= 0x7f || b === 0x22 || b === 0x5c ? `\\${b.toString(16).toUpperCase().padStart(2, '0')}` : String.fromCharCode(b);
  }
  return `@"${q}"`;
}

/** Where `@name` is defined in the text: its `define` line, or its `@name =` line; -1 if nowhere. */
export function findDefinition(text, name) {
  const ref = globalRef(name);
  const esc = ref.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`^define [^\\n]*?${esc}\\(|^${esc} = `, 'm').exec(text);
  return m ? m.index : -1;
}

/** Scrolls the line at `pos` to the top, selects its start and marks the line. */
export function revealLine(view, pos) {
  const line = view.state.doc.lineAt(pos);
  view.dispatch({ selection: { anchor: line.from }, effects: [setJump.of(line.from), EditorView.scrollIntoView(line.from, { y: 'start', yMargin: 24 })] });
}

/** Shows diagnostics [{ line, col, message, stage }] in the input editor. */
export function showDiagnostics(view, diags) {
  view.dispatch({ effects: setDiagnostics.of(diags) });
  if (diags.length && diags[0].line > 0) {
    const line = view.state.doc.line(Math.min(diags[0].line, view.state.doc.lines));
    view.dispatch({ effects: EditorView.scrollIntoView(line.from, { y: 'center' }) });
  }
}
