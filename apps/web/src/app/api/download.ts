import { fillPath, type Endpoint, type EndpointInput } from '@linq/contract';
import { request, type HandledFailures } from './request.ts';

/**
 * The file name a Content-Disposition header gives: RFC 6266's `filename*` (RFC 5987 encoded, UTF-8 or
 * Latin-1) wins over a quoted or bare `filename`. Any path is cut off. Null when there is none.
 */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.+)$/.exec(extended.replace(/^"(.*)"$/, '$1'));
    if (match) {
      try {
        const [, charset = '', encoded = ''] = match;
        return baseName(charset.toLowerCase() === 'utf-8' ? decodeURIComponent(encoded) : latin1(encoded));
      } catch {
        // A malformed encoding: fall back to the plain filename.
      }
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1];
  if (quoted !== undefined) return baseName(quoted.replace(/\\(.)/g, '$1'));
  const bare = /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
  return bare ? baseName(bare) : null;
}

const latin1 = (encoded: string) =>
  encoded.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function baseName(name: string): string | null {
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? null : base;
}

interface RawInput {
  params?: object;
  query?: object;
}

/**
 * Fetches a file endpoint (CSV and the like) with the session and channel headers. Resolves with the
 * body as a Blob and the file name the server gave.
 */
export async function download<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options: { handles?: HandledFailures } = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const { params, query } = input as RawInput;
  let disposition: string | null = null;
  const body = await request({
    method: endpoint.method,
    path: fillPath(endpoint.path, params),
    query,
    authenticated: endpoint.access.kind === 'session',
    handles: options.handles,
    onResponse: (response) => {
      disposition = response.headers.get('content-disposition');
    },
  });
  const blob = body instanceof Blob ? body : new Blob([typeof body === 'string' ? body : JSON.stringify(body)]);
  return { blob, filename: filenameFromDisposition(disposition) };
}

/** Hands a Blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
