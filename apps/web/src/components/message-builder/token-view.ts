import { FORM_PAGE_ROUTE, textTokens } from '@linq/contract';

/*
 * How builder text shows its tokens (`{{name}}`, `{{info:<id>}}`, `{{form:<id>}}`, `{{emoji:<product>/<id>}}`) on screen,
 * never as typed: as chips in the editor's text box (the saved text keeps the tokens), and as sample
 * values in previews and timelines.
 */

export type ShownPiece = { kind: 'text'; text: string } | { kind: 'emoji'; productId: string; emojiId: string };

export type ChipPiece =
  | { kind: 'text'; text: string }
  | { kind: 'chip'; token: string; variable: 'name' | 'info' | 'form'; label: string }
  | { kind: 'chip'; token: string; variable: 'emoji'; label: string; productId: string; emojiId: string };

/** What a variable is shown as: the friend's name, each info field's value and form link (or samples of them). */
export interface SampleValues {
  friendName: string;
  infoValue: (fieldId: number) => string;
  /** A form variable's link; without it, the form's page address stands for it. */
  formLink?: (formId: number) => string;
}

/** The text as a friend would read it: variables filled in, each emoji kept as a picture. */
export function sampleView(text: string, values: SampleValues): ShownPiece[] {
  const pieces: ShownPiece[] = [];
  const addText = (value: string) => {
    const last = pieces.at(-1);
    if (last?.kind === 'text') last.text += value;
    else if (value) pieces.push({ kind: 'text', text: value });
  };
  for (const piece of textTokens(text)) {
    if (piece.kind === 'text') addText(piece.text);
    else if (piece.kind === 'name') addText(values.friendName);
    else if (piece.kind === 'info') addText(values.infoValue(piece.fieldId));
    else if (piece.kind === 'form') addText(values.formLink?.(piece.formId) ?? FORM_PAGE_ROUTE);
    else pieces.push({ kind: 'emoji', productId: piece.productId, emojiId: piece.emojiId });
  }
  return pieces;
}

/** The text with each token as a chip named by `labels` (the name variable, an info field, a form link, an emoji). */
export function chipView(
  text: string,
  labels: { name: string; info: (fieldId: number) => string; form: (formId: number) => string; emoji: string },
): ChipPiece[] {
  return textTokens(text).map((piece): ChipPiece => {
    switch (piece.kind) {
      case 'text':
        return piece;
      case 'form':
        return { kind: 'chip', token: piece.token, variable: 'form', label: labels.form(piece.formId) };
      case 'name':
        return { kind: 'chip', token: piece.token, variable: 'name', label: labels.name };
      case 'info':
        return { kind: 'chip', token: piece.token, variable: 'info', label: labels.info(piece.fieldId) };
      case 'emoji':
        return {
          kind: 'chip',
          token: piece.token,
          variable: 'emoji',
          label: labels.emoji,
          productId: piece.productId,
          emojiId: piece.emojiId,
        };
    }
  });
}

/**
 * The first words of shown text (a box's name): at most `max` characters, an emoji counting as one,
 * with … when something was left off (or the text already ended in one, cut by the server).
 */
export function firstWords(pieces: ShownPiece[], max: number): ShownPiece[] {
  const kept: ShownPiece[] = [];
  let room = max;
  for (const piece of pieces) {
    if (room === 0) break;
    if (piece.kind === 'emoji') {
      kept.push(piece);
      room -= 1;
      continue;
    }
    const chars = [...piece.text];
    kept.push({ kind: 'text', text: chars.slice(0, room).join('') });
    room -= Math.min(room, chars.length);
  }
  const units = pieces.reduce((n, piece) => n + (piece.kind === 'text' ? [...piece.text].length : 1), 0);
  const last = kept.at(-1);
  const cut = units > max;
  if (cut && last?.kind === 'text') last.text = last.text.replace(/…$/, '') + '…';
  else if (cut) kept.push({ kind: 'text', text: '…' });
  return kept;
}
