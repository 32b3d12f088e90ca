import { AppError } from './errors.ts';
import type { LineEndpoints } from './line.ts';

/*
 * LINE Login v2.1 (OpenID Connect, web login): the authorization URL a visitor is sent to, the code
 * exchange, the ID token check and the friendship status with the channel's LINE Official Account.
 * For a simulated channel the endpoints are the simulator's (ctx.lineEndpoints(true)).
 */

export type LoginBotPrompt = 'normal' | 'aggressive';

export interface LoginAuthorizeRequest {
  /** The LINE Login channel id (client_id). */
  channelId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  /** Offer to add the linked LINE Official Account as a friend (`aggressive`: on its own screen). */
  botPrompt?: LoginBotPrompt;
}

export interface LoginTokens {
  accessToken: string;
  idToken: string;
}

export interface LoginIdentity {
  /** The LINE user id: the same as the Messaging API's for a channel of the same provider. */
  userId: string;
  name?: string;
  picture?: string;
}

/** The settings check: `ok`, or why LINE refused the pair. */
export type LoginChannelCheck = { ok: true } | { ok: false; reason: string };

/**
 * The callback's `friendship_status_changed`: true when the visitor added (or unblocked) the channel
 * on the consent screen, false when the status did not change, null when LINE did not say (no bot prompt).
 */
export function friendshipStatusChanged(query: Record<string, unknown>): boolean | null {
  const value = query['friendship_status_changed'];
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

export interface LineLoginClient {
  loginAuthorizeUrl(request: LoginAuthorizeRequest): string;
  exchangeLoginCode(input: {
    channelId: string;
    channelSecret: string;
    code: string;
    redirectUri: string;
  }): Promise<LoginTokens>;
  /** Refuses (AppError bad_request) a token of another channel, another nonce, or an expired one. */
  verifyLoginIdToken(input: { channelId: string; idToken: string; nonce: string }): Promise<LoginIdentity>;
  loginFriendship(accessToken: string): Promise<{ friendFlag: boolean }>;
  /** Proves a channel id/secret pair without a user: LINE tells a wrong client from a wrong code. */
  testLoginChannel(input: { channelId: string; channelSecret: string }): Promise<LoginChannelCheck>;
}

/** LINE Login's error answer: `{ error, error_description }` (the API's `{ message }` for the friendship status). */
interface LoginErrorBody {
  error?: string;
  error_description?: string;
  message?: string;
}

/** A LINE Login call that failed: the status (0 for no answer) and LINE's error code. */
export class LineLoginError extends AppError {
  constructor(
    readonly lineStatus: number,
    readonly lineError: string,
    description: string,
  ) {
    super('bad_request', description);
  }
  /** No answer or LINE's own failure: the visitor may try again. */
  get retryable(): boolean {
    return this.lineStatus === 0 || this.lineStatus >= 500;
  }
}

/** A code that LINE cannot have issued: the check's token request is refused for the code only when the client is right. */
const PROBE_CODE = 'linq-settings-check';
const PROBE_REDIRECT_URI = 'https://linq.invalid/line-login/check';

export function lineLoginClient(endpoints: LineEndpoints): LineLoginClient {
  const request = async <T>(path: string, init: RequestInit): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${endpoints.apiBaseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(endpoints.timeoutMs),
      });
    } catch (error) {
      throw new LineLoginError(0, 'no_answer', `LINE に接続できませんでした（${describe(error)}）。`);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = {};
    }
    if (!response.ok) {
      const failure = body as LoginErrorBody;
      const code = failure.error ?? `http_${response.status}`;
      throw new LineLoginError(response.status, code, failure.error_description ?? failure.message ?? code);
    }
    return body as T;
  };
  const form = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  return {
    loginAuthorizeUrl({ channelId, redirectUri, state, nonce, botPrompt }) {
      const url = new URL('/oauth2/v2.1/authorize', endpoints.loginBaseUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', channelId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', 'openid profile');
      url.searchParams.set('nonce', nonce);
      if (botPrompt) url.searchParams.set('bot_prompt', botPrompt);
      return url.toString();
    },
    async exchangeLoginCode({ channelId, channelSecret, code, redirectUri }) {
      const answer = await request<{ access_token?: string; id_token?: string }>(
        '/oauth2/v2.1/token',
        form({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: channelId,
          client_secret: channelSecret,
        }),
      );
      if (!answer.access_token || !answer.id_token) {
        throw new LineLoginError(
          200,
          'no_id_token',
          'LINE が ID トークンを返しませんでした（scope に openid が必要です）。',
        );
      }
      return { accessToken: answer.access_token, idToken: answer.id_token };
    },
    async verifyLoginIdToken({ channelId, idToken, nonce }) {
      const payload = await request<{ sub?: string; aud?: string; nonce?: string; name?: string; picture?: string }>(
        '/oauth2/v2.1/verify',
        form({ id_token: idToken, client_id: channelId, nonce }),
      );
      // LINE checks these already; a payload that disagrees is refused all the same.
      if (!payload.sub || payload.aud !== channelId || payload.nonce !== nonce) {
        throw new LineLoginError(200, 'invalid_request', 'Invalid IdToken.');
      }
      return {
        userId: payload.sub,
        ...(payload.name ? { name: payload.name } : {}),
        ...(payload.picture ? { picture: payload.picture } : {}),
      };
    },
    async loginFriendship(accessToken) {
      const answer = await request<{ friendFlag?: boolean }>('/friendship/v1/status', {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      return { friendFlag: answer.friendFlag === true };
    },
    async testLoginChannel({ channelId, channelSecret }) {
      try {
        await request('/oauth2/v2.1/token', {
          ...form({
            grant_type: 'authorization_code',
            code: PROBE_CODE,
            redirect_uri: PROBE_REDIRECT_URI,
            client_id: channelId,
            client_secret: channelSecret,
          }),
        });
        return { ok: false, reason: 'LINE が確認用のコードを受け付けました（想定外の応答）。' };
      } catch (error) {
        if (!(error instanceof LineLoginError)) throw error;
        // The client is right: only the (made-up) code is refused.
        if (error.lineError === 'invalid_grant') return { ok: true };
        if (error.lineError === 'invalid_client') {
          return { ok: false, reason: 'チャネルIDまたはチャネルシークレットが正しくありません。' };
        }
        return { ok: false, reason: error.message };
      }
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return '応答がありません';
  return error instanceof Error ? error.message : String(error);
}
