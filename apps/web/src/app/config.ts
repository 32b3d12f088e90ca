/** Constants the spec fixes (sections 7 and 9), in one place. */

/** API base address from build configuration; contract paths are relative to it. */
export const API_BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '/api').replace(/\/+$/, '');

export const GET_CACHE_TTL_MS = 60_000;
export const SPINNER_DELAY_MS = 200;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const TOAST_DURATION_S = 3;
/** Errors stay long enough to read (antd's default); confirmations of a successful action go quickly. */
export const ERROR_NOTIFICATION_DURATION_S = 4.5;
export const SUCCESS_NOTIFICATION_DURATION_S = 1.5;
export const NOTIFICATION_TOP_PX = 65;

export const DEFAULT_PAGE_SIZE = 20;
/** Large enough to fetch every option of a filter or picker in one page (the API's maximum). */
export const ALL_ITEMS_LIMIT = 1000;
