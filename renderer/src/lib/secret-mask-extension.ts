// Credentials in the open document are drawn as their mask label (`tvly-…3HCS`), with per-value
// reveal and copy. Decoration only: the document keeps the raw text, so a save writes it byte for
// byte. The same pure detector as the engine's (shared/secrets.ts) runs on the live, unsaved text.
import { Facet, StateEffect, StateField, type EditorState, type Extension, type Range } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, WidgetType, type DecorationSet } from '@codemirror/view';
import { findSecrets, maskLabel, type SecretKind } from '../../../shared/secrets';

/** The words the widgets show, handed in by the component (it owns the translations). */
export interface SecretMaskStrings {
  reveal: string;
  hide: string;
  copy: string;
  copied: string;
  /** Tooltip of a masked value. */
  maskedTitle(kind: SecretKind): string;
}

/** One value found in the document (document offsets). */
export interface MaskedSecret {
  from: number;
  to: number;
  kind: SecretKind;
  label: string;
}

interface MaskState {
  secrets: readonly MaskedSecret[];
  /** Ranges the user revealed, mapped along edits; a secret touching one shows raw. */
  revealed: readonly { from: number; to: number }[];
  deco: DecorationSet;
  atomic: DecorationSet;
}

// Below this size a rescan on every edit costs a few milliseconds (measured ~2 ms for 700 chars,
// ~7 ms for 7 kB of dense keys); larger documents rescan once typing pauses.
const SYNC_SCAN_CHARS = 16_000;
const RESCAN_DELAY_MS = 200;

const rescan = StateEffect.define<null>();
/** Reveal or hide the secret at a position. */
export const toggleSecretAt = StateEffect.define<number>();
const hideAll = StateEffect.define<null>();

function scan(state: EditorState): MaskedSecret[] {
  return findSecrets(state.sliceDoc()).map((f) => ({
    from: f.start,
    to: f.end,
    kind: f.kind,
    // A private key's label keeps its line breaks for flat text; drawn in place they are not needed.
    label: maskLabel(f).trimEnd(),
  }));
}

const touches = (a: { from: number; to: number }, b: { from: number; to: number }) => a.from <= b.to && b.from <= a.to;

function decorate(
  secrets: readonly MaskedSecret[],
  revealed: MaskState['revealed'],
  strings: () => SecretMaskStrings,
): Pick<MaskState, 'deco' | 'atomic'> {
  const deco: Range<Decoration>[] = [];
  const atomic: Range<Decoration>[] = [];
  for (const secret of secrets) {
    if (secret.to <= secret.from) continue;
    if (revealed.some((r) => touches(r, secret))) {
      deco.push(revealedMark.range(secret.from, secret.to));
      deco.push(Decoration.widget({ widget: new RevealedWidget(strings), side: 1 }).range(secret.to));
    } else {
      const replace = Decoration.replace({ widget: new MaskWidget(secret, strings) }).range(secret.from, secret.to);
      deco.push(replace);
      atomic.push(replace);
    }
  }
  return { deco: Decoration.set(deco, true), atomic: Decoration.set(atomic, true) };
}

const revealedMark = Decoration.mark({ class: 'cm-secret-revealed', attributes: { 'data-testid': 'secret-revealed' } });

/** The secret whose range holds `pos` (from inclusive, to exclusive), if any. */
export function secretAt(state: EditorState, pos: number): MaskedSecret | null {
  const field = state.field(maskField, false);
  return field?.secrets.find((s) => s.from <= pos && pos < s.to) ?? null;
}

/** What the extension masks now (for tests and callers that need the ranges). */
export function maskedSecrets(state: EditorState): readonly MaskedSecret[] {
  return state.field(maskField, false)?.secrets ?? [];
}

/** Which secrets show raw now. */
export function revealedSecrets(state: EditorState): readonly MaskedSecret[] {
  const field = state.field(maskField, false);
  return field ? field.secrets.filter((s) => field.revealed.some((r) => touches(r, s))) : [];
}

const ENGLISH: SecretMaskStrings = {
  reveal: 'show',
  hide: 'hide',
  copy: 'copy',
  copied: 'copied',
  maskedTitle: (kind) => `A ${kind} secret, hidden`,
};

/** Read when a widget is drawn, so a language switch shows in the next widgets drawn. */
const maskStrings = Facet.define<() => SecretMaskStrings, () => SecretMaskStrings>({
  combine: (values) => values[0] ?? (() => ENGLISH),
});

const maskField = StateField.define<MaskState>({
  create(state) {
    const secrets = scan(state);
    return { secrets, revealed: [], ...decorate(secrets, [], state.facet(maskStrings)) };
  },
  update(value, tr) {
    let { secrets, revealed } = value;
    let changed = false;
    if (tr.docChanged) {
      revealed = revealed.map((r) => ({ from: tr.changes.mapPos(r.from, -1), to: tr.changes.mapPos(r.to, 1) }));
      secrets =
        tr.state.doc.length <= SYNC_SCAN_CHARS
          ? scan(tr.state)
          : secrets
              .map((s) => ({ ...s, from: tr.changes.mapPos(s.from, 1), to: tr.changes.mapPos(s.to, -1) }))
              .filter((s) => s.to > s.from);
      changed = true;
    }
    for (const effect of tr.effects) {
      if (effect.is(rescan)) {
        secrets = scan(tr.state);
        changed = true;
      } else if (effect.is(hideAll) && revealed.length > 0) {
        revealed = [];
        changed = true;
      } else if (effect.is(toggleSecretAt)) {
        const secret = secrets.find((s) => s.from <= effect.value && effect.value < s.to);
        if (!secret) continue;
        const shown = revealed.some((r) => touches(r, secret));
        revealed = shown
          ? revealed.filter((r) => !touches(r, secret))
          : [...revealed, { from: secret.from, to: secret.to }];
        changed = true;
      }
    }
    if (!changed) return value;
    return { secrets, revealed, ...decorate(secrets, revealed, tr.state.facet(maskStrings)) };
  },
  provide: (f) => [
    // Provided directly (not through a function): a private key's mask covers line breaks.
    EditorView.decorations.from(f, (v) => v.deco),
    EditorView.atomicRanges.of((view) => view.state.field(f).atomic),
  ],
});

/** The controls of one value: reveal/hide and copy. */
function controls(view: EditorView, host: HTMLElement, strings: SecretMaskStrings, shown: boolean): HTMLElement[] {
  const button = (testid: string, text: string, run: (pos: number) => void) => {
    const el = document.createElement('button');
    el.type = 'button';
    el.className = `cm-secret__button cm-secret__${testid.replace('secret-', '')}`;
    el.dataset.testid = testid;
    // The word is drawn from the attribute, so the line's text (and a copy of it) stays the label.
    el.dataset.text = text;
    el.setAttribute('aria-label', text);
    // Keep the editor's focus and selection: a click must not move the cursor into the value.
    el.addEventListener('mousedown', (e) => e.preventDefault());
    el.addEventListener('click', (e) => {
      e.preventDefault();
      e.stopPropagation();
      run(view.posAtDOM(host));
    });
    return el;
  };
  const toggle = button('secret-reveal', shown ? strings.hide : strings.reveal, (pos) =>
    view.dispatch({ effects: toggleSecretAt.of(shown ? pos - 1 : pos) }),
  );
  const copy = button('secret-copy', strings.copy, (pos) => {
    const secret = secretAt(view.state, shown ? pos - 1 : pos);
    if (!secret) return;
    void navigator.clipboard.writeText(view.state.sliceDoc(secret.from, secret.to)).then(() => {
      copy.dataset.text = strings.copied;
      copy.classList.add('is-done');
    });
  });
  return [toggle, copy];
}

class MaskWidget extends WidgetType {
  constructor(
    private readonly secret: MaskedSecret,
    private readonly strings: () => SecretMaskStrings,
  ) {
    super();
  }
  override eq(other: MaskWidget): boolean {
    return other.secret.label === this.secret.label && other.secret.kind === this.secret.kind;
  }
  override toDOM(view: EditorView): HTMLElement {
    const strings = this.strings();
    const el = document.createElement('span');
    el.className = 'cm-secret';
    el.dataset.testid = 'secret-mask';
    el.dataset.kind = this.secret.kind;
    el.title = strings.maskedTitle(this.secret.kind);
    const label = document.createElement('span');
    label.className = 'cm-secret__label';
    label.textContent = this.secret.label;
    el.append(label, ...controls(view, el, strings, false));
    return el;
  }
  override ignoreEvent(): boolean {
    return true;
  }
}

/** After a revealed value: hide and copy. */
class RevealedWidget extends WidgetType {
  constructor(private readonly strings: () => SecretMaskStrings) {
    super();
  }
  override eq(): boolean {
    return true;
  }
  override toDOM(view: EditorView): HTMLElement {
    const el = document.createElement('span');
    el.className = 'cm-secret-controls';
    el.append(...controls(view, el, this.strings(), true));
    return el;
  }
  override ignoreEvent(): boolean {
    return true;
  }
}

/** Large documents: rescan once typing pauses (small ones rescan in the field on every edit). */
const debouncedRescan = ViewPlugin.fromClass(
  class {
    private timer: ReturnType<typeof setTimeout> | null = null;
    constructor(private readonly view: EditorView) {}
    update(update: { docChanged: boolean; state: EditorState }) {
      if (!update.docChanged || update.state.doc.length <= SYNC_SCAN_CHARS) return;
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.timer = null;
        this.view.dispatch({ effects: rescan.of(null) });
      }, RESCAN_DELAY_MS);
    }
    destroy() {
      if (this.timer) clearTimeout(this.timer);
    }
  },
);

/**
 * Masks every secret in the document until the user reveals it; a reveal lasts until it is
 * toggled back or the editor loses focus (a screen share after a glance shows the mask again).
 */
export function secretMaskExtension(strings: () => SecretMaskStrings = () => ENGLISH): Extension {
  return [
    maskStrings.of(strings),
    maskField,
    debouncedRescan,
    EditorView.focusChangeEffect.of((_state, focusing) => (focusing ? null : hideAll.of(null))),
  ];
}
