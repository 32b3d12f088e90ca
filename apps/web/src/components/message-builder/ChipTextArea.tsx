import { emojiImageUrl } from '@linq/contract';
import { theme } from 'antd';
import {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type Ref,
} from 'react';
import { webUrl } from '../line-message/line-message.ts';
import { chipView } from './token-view.ts';

/*
 * A text box that shows the builder's tokens as chips (the friend's name, an info field, a LINE emoji
 * picture) while its value stays the token text that is saved. The browser edits the text between
 * chips (plaintext-only: Enter and paste give plain text); each chip is one non-editable element that
 * carries its token, so the value is read back from the DOM, and the DOM is rebuilt from the value
 * only when the value changes from outside (a button's insertion, undo) or typed or pasted text
 * holds a token.
 */

/** Where the caret is, as offsets into the token text. */
export interface ChipSelection {
  start: number;
  end: number;
}

export interface ChipTextAreaHandle {
  selection: () => ChipSelection | null;
  /** Focuses the box with the caret at this offset of the token text. */
  focusAt: (offset: number) => void;
}

export interface ChipLabels {
  name: string;
  info: (fieldId: number) => string;
  form: (formId: number) => string;
  emoji: string;
}

/**
 * Kept after a chip that no text follows: browsers cannot put the caret after a non-editable element at
 * the end of a line, so typing there needs a text node. It is no part of the value.
 */
const CARET_SLOT = '\u200B';
const CARET_SLOTS = /\u200B/g;
const TOKEN_IN_TEXT = /\{\{(name|info:\d+|form:\d+|emoji:[0-9A-Za-z]+\/[0-9A-Za-z]+)\}\}/;
const EMOJI_GLYPH = '☺';
const LINE_HEIGHT = 22;

/** The token text of a DOM range's contents (or the box's): chips give their tokens, line breaks \n. */
function tokenText(root: Node): string {
  let text = '';
  for (const child of Array.from(root.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) text += (child as Text).data.replace(CARET_SLOTS, '');
    else if (child instanceof HTMLElement) {
      if (child.dataset.token !== undefined) text += child.dataset.token;
      else if (child.tagName === 'BR') text += '\n';
      else {
        // A block a browser made for a new line.
        if (text && !text.endsWith('\n')) text += '\n';
        text += tokenText(child);
      }
    }
  }
  return text;
}

/** The token-text offset of a DOM position inside the box. */
function offsetOf(root: HTMLElement, node: Node, offset: number): number {
  const range = document.createRange();
  range.setStart(root, 0);
  range.setEnd(node, offset);
  return tokenText(range.cloneContents()).length;
}

/** Puts the caret at a token-text offset: inside a text node, or before or after a chip. */
function placeCaret(root: HTMLElement, offset: number): void {
  const range = document.createRange();
  let left = offset;
  let placed = false;
  for (const child of Array.from(root.childNodes)) {
    const length = tokenText(wrap(child)).length;
    if (left <= length && child.nodeType === Node.TEXT_NODE) {
      // Past a caret slot at the start of the text.
      range.setStart(child, left + ((child as Text).data.startsWith(CARET_SLOT) ? 1 : 0));
      placed = true;
      break;
    }
    if (left < length) {
      range.setStartBefore(child);
      placed = true;
      break;
    }
    left -= length;
  }
  if (!placed) range.selectNodeContents(root);
  range.collapse(placed);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** The chips' labels of a text, to see when they change. */
const labelsOf = (pieces: ReturnType<typeof chipView>) =>
  pieces.map((piece) => (piece.kind === 'chip' ? piece.label : '')).join('\u0000');

/** The caret's token-text offset in the box (its end when there is none). */
function currentOffset(root: HTMLElement): number {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0) return tokenText(root).length;
  const range = selection.getRangeAt(0);
  return root.contains(range.endContainer)
    ? offsetOf(root, range.endContainer, range.endOffset)
    : tokenText(root).length;
}

/** A lone node as a fragment, to read its token text. */
function wrap(node: Node): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(node.cloneNode(true));
  return fragment;
}

function chipElement(
  piece: Extract<ReturnType<typeof chipView>[number], { kind: 'chip' }>,
  colours: { background: string; border: string },
): HTMLElement {
  const chip = document.createElement('span');
  chip.contentEditable = 'false';
  chip.dataset.token = piece.token;
  chip.dataset.testid = `builder-chip-${piece.variable}`;
  chip.title = piece.label;
  Object.assign(chip.style, {
    display: 'inline-block',
    margin: '0 1px',
    padding: piece.variable === 'emoji' ? '0 1px' : '0 6px',
    lineHeight: '18px',
    borderRadius: '4px',
    border: `1px solid ${colours.border}`,
    background: colours.background,
    fontSize: '12px',
    verticalAlign: 'baseline',
    userSelect: 'all',
  });
  if (piece.variable !== 'emoji') {
    chip.textContent = piece.label;
    return chip;
  }
  const src = webUrl(emojiImageUrl(piece.productId, piece.emojiId));
  if (!src) {
    chip.textContent = EMOJI_GLYPH;
    return chip;
  }
  const image = document.createElement('img');
  image.src = src;
  image.alt = piece.label;
  image.referrerPolicy = 'no-referrer';
  Object.assign(image.style, { width: '18px', height: '18px', verticalAlign: 'text-bottom' });
  // Offline (LINE's CDN out of reach): a small glyph instead of a broken picture.
  image.addEventListener('error', () => image.replaceWith(document.createTextNode(EMOJI_GLYPH)));
  chip.append(image);
  return chip;
}

export function ChipTextArea({
  id,
  value,
  onChange,
  labels,
  label,
  placeholder,
  describedBy,
  disabled,
  minRows,
  maxRows,
  testId,
  ref,
}: {
  id: string;
  value: string;
  onChange: (next: string) => void;
  labels: ChipLabels;
  /** The box's accessible name. */
  label: string;
  placeholder: string;
  describedBy: string;
  disabled: boolean;
  minRows: number;
  maxRows: number;
  testId: string;
  ref: Ref<ChipTextAreaHandle>;
}) {
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  /** The value the DOM shows (read from it, or rebuilt from it), and its chips' labels. */
  const shown = useRef<string | null>(null);
  const shownLabels = useRef('');
  const [focused, setFocused] = useState(false);
  const colours = { background: token.colorPrimaryBg, border: token.colorPrimaryBorder };
  const labelsRef = useRef(labels);
  labelsRef.current = labels;

  const rebuild = (text: string) => {
    const root = box.current;
    if (!root) return;
    const pieces = chipView(text, labelsRef.current);
    root.replaceChildren(
      ...pieces.flatMap((piece, index) => {
        if (piece.kind === 'text') return [document.createTextNode(piece.text)];
        const chip = chipElement(piece, colours);
        return pieces[index + 1]?.kind === 'text' ? [chip] : [chip, document.createTextNode(CARET_SLOT)];
      }),
    );
    shown.current = text;
    shownLabels.current = labelsOf(pieces);
  };

  // A value from outside (an insertion, undo), or labels that came later (the info fields' names).
  const labelsNow = labelsOf(chipView(value, labels));
  useLayoutEffect(() => {
    if (shown.current === value && shownLabels.current === labelsNow) return;
    const root = box.current;
    const hadFocus = root !== null && document.activeElement === root;
    const caret = hadFocus && shown.current === value ? currentOffset(root) : value.length;
    rebuild(value);
    if (hadFocus && root) placeCaret(root, caret);
  });

  // A click beside a chip can put the caret inside it, where nothing can be typed: move it after the chip.
  useEffect(() => {
    const leaveChip = () => {
      const root = box.current;
      const selection = window.getSelection();
      const node = selection?.anchorNode;
      if (!root || !selection?.isCollapsed || !node || node === root || !root.contains(node)) return;
      const chip = (node instanceof Element ? node : node.parentElement)?.closest('[data-token]');
      if (!chip || !root.contains(chip)) return;
      const after = chip.nextSibling;
      const range = document.createRange();
      if (after?.nodeType === Node.TEXT_NODE) {
        range.setStart(after, (after as Text).data.startsWith(CARET_SLOT) ? 1 : 0);
      } else range.setStartAfter(chip);
      range.collapse(true);
      selection.removeAllRanges();
      selection.addRange(range);
    };
    document.addEventListener('selectionchange', leaveChip);
    return () => document.removeEventListener('selectionchange', leaveChip);
  }, []);

  useImperativeHandle(ref, () => ({
    selection: () => {
      const root = box.current;
      const selection = window.getSelection();
      if (!root || !selection || selection.rangeCount === 0) return null;
      const range = selection.getRangeAt(0);
      if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return null;
      return {
        start: offsetOf(root, range.startContainer, range.startOffset),
        end: offsetOf(root, range.endContainer, range.endOffset),
      };
    },
    focusAt: (offset) => {
      const root = box.current;
      if (!root) return;
      root.focus();
      placeCaret(root, offset);
    },
  }));

  const read = (composing: boolean) => {
    const root = box.current;
    if (!root) return;
    const text = tokenText(root);
    shown.current = text;
    // Typed or pasted token text becomes chips (not while an input method is composing).
    // Typing may split the text between chips into several text nodes: read them together.
    const typedText = Array.from(root.childNodes, (child) =>
      child.nodeType === Node.TEXT_NODE ? (child as Text).data : '\u0000',
    ).join('');
    const typedToken = TOKEN_IN_TEXT.test(typedText);
    if (typedToken && !composing) {
      const caret = currentOffset(root);
      rebuild(text);
      placeCaret(root, caret);
    }
    onChange(text);
  };

  /** Copying or cutting carries the token text, so a paste gives the same chips. */
  const copy = (event: ClipboardEvent<HTMLDivElement>, cut: boolean) => {
    const selection = window.getSelection();
    if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return;
    const range = selection.getRangeAt(0);
    event.clipboardData.setData('text/plain', tokenText(range.cloneContents()));
    event.preventDefault();
    if (cut && !disabled) {
      range.deleteContents();
      read(false);
    }
  };

  return (
    <div style={{ position: 'relative' }}>
      <div
        ref={box}
        id={id}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-describedby={describedBy}
        aria-disabled={disabled || undefined}
        contentEditable={disabled ? false : 'plaintext-only'}
        suppressContentEditableWarning
        tabIndex={0}
        onInput={(event) => read((event.nativeEvent as InputEvent).isComposing)}
        onCompositionEnd={() => read(false)}
        onCopy={(event) => copy(event, false)}
        onCut={(event) => copy(event, true)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        data-testid={testId}
        style={{
          minHeight: minRows * LINE_HEIGHT + 10,
          maxHeight: maxRows * LINE_HEIGHT + 10,
          overflowY: 'auto',
          padding: '4px 11px',
          lineHeight: `${LINE_HEIGHT}px`,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          borderRadius: token.borderRadius,
          border: `1px solid ${focused ? token.colorPrimary : token.colorBorder}`,
          boxShadow: focused ? `0 0 0 2px ${token.colorPrimaryBg}` : undefined,
          background: disabled ? token.colorBgContainerDisabled : token.colorBgContainer,
          color: disabled ? token.colorTextDisabled : token.colorText,
          outline: 'none',
          cursor: disabled ? 'not-allowed' : 'text',
        }}
      />
      {value === '' && (
        <div
          aria-hidden
          style={{
            position: 'absolute',
            inset: 0,
            padding: '5px 12px',
            lineHeight: `${LINE_HEIGHT}px`,
            color: token.colorTextPlaceholder,
            pointerEvents: 'none',
          }}
        >
          {placeholder}
        </div>
      )}
    </div>
  );
}
