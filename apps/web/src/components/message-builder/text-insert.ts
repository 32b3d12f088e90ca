/** Text with `token` put in place of the selection (or at the caret), and where the caret goes next. */
export function insertToken(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  token: string,
): { text: string; caret: number } {
  const start = Math.min(Math.max(selectionStart, 0), text.length);
  const end = Math.min(Math.max(selectionEnd, start), text.length);
  return { text: text.slice(0, start) + token + text.slice(end), caret: start + token.length };
}
