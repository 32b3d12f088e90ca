import { DEFAULT_PAGE_SIZE } from './config.ts';

export interface ListParams<F extends string> {
  page: number;
  limit: number;
  filters: Record<F, string | undefined>;
}

function positiveInteger(value: string | null): number | undefined {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
}

/** A list screen's page, page size and filters, kept in the address so they survive reloads and back. */
export function readListParams<F extends string>(params: URLSearchParams, filterNames: readonly F[]): ListParams<F> {
  const filters = {} as Record<F, string | undefined>;
  for (const name of filterNames) filters[name] = params.get(name) || undefined;
  return {
    page: positiveInteger(params.get('page')) ?? 1,
    limit: positiveInteger(params.get('limit')) ?? DEFAULT_PAGE_SIZE,
    filters,
  };
}

export type ListParamChanges<F extends string> = Partial<Record<F | 'page' | 'limit', string | number | undefined>>;

/** Applies changes; changing a filter or the page size goes back to page 1. */
export function nextListParams<F extends string>(
  params: URLSearchParams,
  changes: ListParamChanges<F>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  if (!('page' in changes) || changes.page === 1) next.delete('page');
  return next;
}
