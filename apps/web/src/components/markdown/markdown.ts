/*
 * A small Markdown reader for the texts admins write (privacy policy, terms of use): headings,
 * paragraphs, lists, bold, italics and links. It yields a tree that React renders as elements, never
 * HTML: whatever the text holds (tags, scripts) shows as text, so there is nothing to sanitize later.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] }
  | { kind: 'break' };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'rule' };

const HEADING = /^(#{1,4})\s+(.*)$/;
const UNORDERED = /^\s*[-*+]\s+(.*)$/;
const ORDERED = /^\s*\d+[.)]\s+(.*)$/;
const RULE = /^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/;

/** Addresses a link may open: web pages, mail, or a page of this site. Anything else stays text. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^\/(?!\/)/.test(trimmed)) return trimmed;
  try {
    const url = new URL(trimmed);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', children: parseLines(paragraph) });
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map((item) => parseInline(item)) });
    paragraph = [];
    list = null;
  };

  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING.exec(line);
    const unordered = UNORDERED.exec(line);
    const ordered = ORDERED.exec(line);
    if (line.trim() === '') {
      flush();
    } else if (RULE.test(line)) {
      flush();
      blocks.push({ kind: 'rule' });
    } else if (heading) {
      flush();
      blocks.push({
        kind: 'heading',
        level: heading[1]!.length as 1 | 2 | 3 | 4,
        children: parseInline(heading[2]!.trim()),
      });
    } else if (unordered || ordered) {
      const isOrdered = !unordered;
      if (paragraph.length > 0 || (list && list.ordered !== isOrdered)) flush();
      list ??= { ordered: isOrdered, items: [] };
      list.items.push((unordered ?? ordered)![1]!);
    } else if (list) {
      // A continuation line belongs to the list item above.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

/** A paragraph's lines, with a line break between them (authors write one sentence a line). */
function parseLines(lines: string[]): Inline[] {
  return lines.flatMap((line, index) => (index === 0 ? parseInline(line) : [{ kind: 'break' }, ...parseInline(line)]));
}

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest.length > 0) {
    const match = INLINE.exec(rest);
    if (!match) {
      out.push({ kind: 'text', text: rest });
      break;
    }
    if (match.index > 0) out.push({ kind: 'text', text: rest.slice(0, match.index) });
    const [whole, strong, label, href, em] = match;
    if (strong !== undefined) {
      out.push({ kind: 'strong', children: parseInline(strong) });
    } else if (label !== undefined && href !== undefined) {
      const safe = safeHref(href);
      out.push(safe ? { kind: 'link', href: safe, children: parseInline(label) } : { kind: 'text', text: whole });
    } else if (em !== undefined) {
      out.push({ kind: 'em', children: parseInline(em) });
    }
    rest = rest.slice(match.index + whole.length);
  }
  return out;
}
