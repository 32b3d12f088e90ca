/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` (or the query string of a GET)
 * with bracket notation for nested objects and arrays (`metadata[plan]=pro`,
 * `line_items[0][price]=price_x`, `expand[]=customer`), as the official SDKs and curl send it.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** Splits `a[b][0][]` into `['a', 'b', '0', '']`; a malformed key is kept whole. */
function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  const rest = key.slice(open);
  const re = /\[([^\]]*)\]/gy;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(rest))) {
    parts.push(m[1] ?? '');
    consumed = re.lastIndex;
  }
  return consumed === rest.length ? parts : [key];
}

type Node = { [key: string]: Node | string };

function assign(root: Node, path: string[], value: string): void {
  let node = root;
  for (let i = 0; i < path.length; i++) {
    let key = path[i] ?? '';
    const last = i === path.length - 1;
    // `x[]` appends: give it the next free index.
    if (key === '') key = String(Object.keys(node).length);
    if (last) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next === 'object') node = next;
    else {
      const created: Node = {};
      node[key] = created;
      node = created;
    }
  }
}

/** Objects whose keys are exactly 0..n-1 become arrays (ordered by index). */
function arrays(node: Node | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const indexed = keys.length > 0 && keys.every((k) => /^\d+$/.test(k));
  if (indexed) {
    const sorted = keys.map(Number).sort((a, b) => a - b);
    if (sorted.every((n, i) => n === i)) return sorted.map((n) => arrays(node[String(n)] ?? ''));
  }
  const out: FormObject = {};
  for (const k of keys) out[k] = arrays(node[k] ?? '');
  return out;
}

export function parseForm(text: string): FormObject {
  const root: Node = {};
  for (const [key, value] of new URLSearchParams(text)) assign(root, keyPath(key), value);
  const parsed = arrays(root);
  return typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
}
