import { toQueryString, trimStrings, type HttpMethod } from '@linq/contract';
import { API_BASE_URL } from '../config.ts';
import { tabChannelId } from '../channels/tab-channel.ts';
import { feedback } from '../feedback.ts';
import { readStored, STORAGE_KEYS } from '../storage.ts';
import {
  ApiError,
  NETWORK_ERROR_DESCRIPTION,
  NETWORK_ERROR_TITLE,
  NO_RESPONSE,
  parseErrorsField,
  requestErrorDescription,
  requestErrorTitle,
} from './errors.ts';

/**
 * Failures the caller reports itself, so the request layer stays silent about them: `'http'` every
 * HTTP error status (a missing response is still reported), `'all'` everything, or a list of statuses.
 */
export type HandledFailures = 'http' | 'all' | readonly number[];

export interface RequestOptions {
  method: HttpMethod;
  /** Path below the API base, parameters already filled. */
  path: string;
  query?: object;
  body?: unknown;
  /** The endpoint needs a session, so a 401 means that session has ended. */
  authenticated?: boolean;
  handles?: HandledFailures;
  signal?: AbortSignal;
  /**
   * The channel sent as LineAccountId: a read cached under one channel's key names that channel, so
   * its answer never lands under another's. By default the tab's channel (none before one is chosen).
   */
  lineAccountId?: number | null;
  /** Sees a successful response before its body is returned, e.g. for a download's Content-Disposition. */
  onResponse?: (response: Response) => void;
}

let sessionEndedHandler: (() => void) | null = null;

/** Called when an authenticated request is answered 401 (expired or revoked token). */
export function onSessionEnded(handler: () => void): () => void {
  sessionEndedHandler = handler;
  return () => {
    if (sessionEndedHandler === handler) sessionEndedHandler = null;
  };
}

/**
 * Spec section 7: the stored access token, and the channel as LineAccountId. The channel is the tab's
 * (never local storage's laid, which another tab may have changed meanwhile).
 */
function requestHeaders(hasBody: boolean, lineAccountId: number | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody) headers['Content-Type'] = 'application/json';
  const token = readStored(STORAGE_KEYS.accessToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (lineAccountId !== null) headers.LineAccountId = String(lineAccountId);
  return headers;
}

const UNREADABLE = Symbol('unreadable body');

/** JSON bodies are parsed; anything else (CSV, images) is handed back raw as a Blob. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return response.blob();
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNREADABLE;
  }
}

function callerHandles({ handles }: RequestOptions, status: number): boolean {
  return handles === 'http' || handles === 'all' || (handles?.includes(status) ?? false);
}

function reportsStatus(options: RequestOptions, status: number): boolean {
  if (callerHandles(options, status)) return false;
  // Validation errors of a submitted form are shown on its fields by the caller.
  return !(status === 422 && options.method !== 'GET');
}

export async function request(options: RequestOptions): Promise<unknown> {
  const url = `${API_BASE_URL}${options.path}${toQueryString(options.query)}`;
  // A FormData body (a file upload) goes as multipart/form-data, whose boundary the browser sets.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const headers = requestHeaders(
    options.body !== undefined && !isForm,
    options.lineAccountId === undefined ? tabChannelId() : options.lineAccountId,
  );

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method,
      headers,
      body: isForm
        ? (options.body as FormData)
        : options.body === undefined
          ? undefined
          : JSON.stringify(trimStrings(options.body)),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (options.handles !== 'all') feedback.notifyError(NETWORK_ERROR_TITLE, NETWORK_ERROR_DESCRIPTION);
    throw new ApiError({ status: NO_RESPONSE, url, message: NETWORK_ERROR_DESCRIPTION });
  }

  const body = await readBody(response);
  if (!response.ok || body === UNREADABLE) {
    const responseUrl = response.url || url;
    const description = requestErrorDescription(response.status, response.statusText);
    const { message, fieldErrors } = parseErrorsField(body);
    const error = new ApiError({
      status: response.status,
      url: responseUrl,
      message: message ?? description,
      fieldErrors,
      body: body === UNREADABLE ? null : body,
    });
    // A caller handling 401 itself (the session check, logout, login) decides what an ended session means.
    if (response.status === 401 && options.authenticated && !callerHandles(options, 401)) {
      sessionEndedHandler?.();
    }
    if (reportsStatus(options, response.status)) {
      feedback.notifyError(requestErrorTitle(response.status, responseUrl), description);
    }
    throw error;
  }

  options.onResponse?.(response);
  return body;
}
