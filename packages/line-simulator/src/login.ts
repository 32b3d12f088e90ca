/**
 * LINE Login v2.1 (web login) for simulated channels: the authorization page, where the tester acts
 * as a LINE user (one of the channel's virtual friends, or a new one) and may add the channel as a
 * friend, then the token, ID token verification, profile and friendship status endpoints. The
 * login user id is the virtual friend's Messaging API user id (same provider).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import * as ids from './ids.ts';
import { writeJson } from './http-util.ts';
import type { Channel, Friend } from './model.ts';

/** The paths this file answers (LINE serves the first from access.line.me, the others from api.line.me). */
export const LOGIN_PATHS = new Set([
  '/oauth2/v2.1/authorize',
  '/oauth2/v2.1/token',
  '/oauth2/v2.1/verify',
  '/v2/profile',
  '/friendship/v1/status',
]);

const CODE_TTL_MS = 10 * 60_000;
const ACCESS_TOKEN_TTL_S = 30 * 24 * 3600;
const ID_TOKEN_TTL_S = 3600;
const MAX_FORM_BYTES = 64 * 1024;
/** The page lists the newest friends only; a demo channel may have thousands. */
const LISTED_FRIENDS = 200;
const ISSUER = 'https://access.line.me';

export interface LoginHost {
  now(): number;
  /** The channel whose LINE Login channel has this id. */
  channelByLoginId(loginChannelId: string): Channel | undefined;
}

interface IssuedCode {
  channel: Channel;
  userId: string;
  redirectUri: string;
  nonce: string | undefined;
  scope: string;
  expiresAt: number;
  used: boolean;
}

interface IssuedToken {
  channel: Channel;
  userId: string;
  expiresAt: number;
}

class LoginRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export class LoginState {
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, IssuedToken>();

  constructor(private readonly host: LoginHost) {}

  /** Answers a LINE Login request. */
  async handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    try {
      const method = req.method ?? 'GET';
      if (url.pathname === '/oauth2/v2.1/authorize' && method === 'GET') {
        this.authorizePage(res, url.searchParams);
      } else if (url.pathname === '/oauth2/v2.1/authorize' && method === 'POST') {
        this.authorizeAnswer(res, await readForm(req));
      } else if (url.pathname === '/oauth2/v2.1/token' && method === 'POST') {
        writeJson(res, 200, this.token(await readForm(req)));
      } else if (url.pathname === '/oauth2/v2.1/verify' && method === 'POST') {
        writeJson(res, 200, this.verify(await readForm(req)));
      } else if (url.pathname === '/v2/profile' && method === 'GET') {
        const { channel, userId } = this.bearer(req);
        const friend = channel.friend(userId);
        writeJson(res, 200, friend ? profileOf(friend) : { userId });
      } else if (url.pathname === '/friendship/v1/status' && method === 'GET') {
        const { channel, userId } = this.bearer(req);
        writeJson(res, 200, { friendFlag: channel.friend(userId)?.following ?? false });
      } else {
        writeJson(res, 405, { error: 'invalid_request', error_description: `${method} is not allowed` });
      }
    } catch (error) {
      if (!(error instanceof LoginRefusal)) throw error;
      writeJson(res, error.status, { error: error.error, error_description: error.description });
    }
  }

  // --- authorize ----------------------------------------------------------------------------

  /** The request's channel and redirect URI, or an error page: LINE never redirects to an unchecked URI. */
  private authorizeTarget(
    res: http.ServerResponse,
    params: URLSearchParams,
  ): { channel: Channel; redirectUri: URL } | null {
    const channel = this.host.channelByLoginId(params.get('client_id') ?? '');
    if (!channel) {
      writePage(
        res,
        400,
        errorPage('client_id が正しくありません（このシミュレーターに LINE ログインチャネルがありません）。'),
      );
      return null;
    }
    const redirectUri = httpUrl(params.get('redirect_uri'));
    if (!redirectUri) {
      writePage(res, 400, errorPage('redirect_uri がありません、または http(s) の URL ではありません。'));
      return null;
    }
    return { channel, redirectUri };
  }

  private authorizePage(res: http.ServerResponse, params: URLSearchParams): void {
    const target = this.authorizeTarget(res, params);
    if (!target) return;
    const refusal = requestRefusal(params);
    if (refusal) {
      redirect(res, target.redirectUri, {
        error: refusal[0],
        error_description: refusal[1],
        state: params.get('state'),
      });
      return;
    }
    writePage(res, 200, consentPage(target.channel, params), target.redirectUri);
  }

  private authorizeAnswer(res: http.ServerResponse, form: URLSearchParams): void {
    const target = this.authorizeTarget(res, form);
    if (!target) return;
    const { channel, redirectUri } = target;
    const state = form.get('state');
    const refusal = requestRefusal(form);
    if (refusal) {
      redirect(res, redirectUri, { error: refusal[0], error_description: refusal[1], state });
      return;
    }
    if (form.get('action') !== 'allow') {
      redirect(res, redirectUri, {
        error: 'access_denied',
        error_description: 'The resource owner denied the request.',
        state,
      });
      return;
    }
    const chosen = form.get('userId') ?? '';
    let friend: Friend | undefined = chosen ? channel.friend(chosen) : undefined;
    if (chosen && !friend) {
      writePage(res, 400, errorPage('選んだ友だちはこのチャネルにいません。'));
      return;
    }
    const displayName = (form.get('displayName') ?? '').trim().slice(0, 20);
    friend ??= channel.createFriend(displayName ? { displayName } : {});
    const botPrompt = form.get('bot_prompt');
    let changed = false;
    if (botPrompt && form.get('addFriend') === 'true' && !friend.following) {
      changed = true;
      // The follow webhook goes out on its own: the channel may see it before or after the callback.
      friend.follow().catch(() => undefined);
    }
    const code = ids.token(15);
    this.codes.set(code, {
      channel,
      userId: friend.userId,
      redirectUri: redirectUri.toString(),
      nonce: form.get('nonce') ?? undefined,
      scope: form.get('scope') ?? '',
      expiresAt: this.host.now() + CODE_TTL_MS,
      used: false,
    });
    redirect(res, redirectUri, {
      code,
      state,
      ...(botPrompt ? { friendship_status_changed: String(changed) } : {}),
    });
  }

  // --- token and verify ---------------------------------------------------------------------

  private token(form: URLSearchParams): Record<string, unknown> {
    const channel = this.host.channelByLoginId(form.get('client_id') ?? '');
    if (!channel) throw new LoginRefusal(400, 'invalid_client', 'invalid client_id');
    if (!sameText(form.get('client_secret') ?? '', channel.login.channelSecret)) {
      throw new LoginRefusal(400, 'invalid_client', 'invalid client_secret');
    }
    if (form.get('grant_type') !== 'authorization_code') {
      throw new LoginRefusal(400, 'unsupported_grant_type', 'unsupported grant_type');
    }
    const code = this.codes.get(form.get('code') ?? '');
    if (!code || code.channel !== channel || code.expiresAt < this.host.now()) {
      throw new LoginRefusal(400, 'invalid_grant', 'invalid authorization code');
    }
    if (code.used) throw new LoginRefusal(400, 'invalid_grant', 'authorization code has already been used');
    if (code.redirectUri !== (httpUrl(form.get('redirect_uri'))?.toString() ?? '')) {
      throw new LoginRefusal(400, 'invalid_grant', 'redirect_uri does not match');
    }
    code.used = true;
    const now = this.host.now();
    const accessToken = ids.token(32);
    this.tokens.set(accessToken, { channel, userId: code.userId, expiresAt: now + ACCESS_TOKEN_TTL_S * 1000 });
    const friend = channel.friend(code.userId);
    const scopes = code.scope.split(' ');
    const iat = Math.floor(now / 1000);
    const idToken = scopes.includes('openid')
      ? signJwt(
          {
            iss: ISSUER,
            sub: code.userId,
            aud: channel.login.channelId,
            exp: iat + ID_TOKEN_TTL_S,
            iat,
            ...(code.nonce ? { nonce: code.nonce } : {}),
            amr: ['linesso'],
            ...(friend && scopes.includes('profile')
              ? { name: friend.profile.displayName, picture: friend.profile.pictureUrl }
              : {}),
          },
          channel.login.channelSecret,
        )
      : undefined;
    return {
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_TTL_S,
      ...(idToken ? { id_token: idToken } : {}),
      refresh_token: ids.token(24),
      scope: code.scope,
      token_type: 'Bearer',
    };
  }

  private verify(form: URLSearchParams): Record<string, unknown> {
    const clientId = form.get('client_id');
    if (!clientId) throw new LoginRefusal(400, 'invalid_request', 'client_id is required');
    const payload = decodeJwt(form.get('id_token') ?? '');
    const aud = typeof payload?.['aud'] === 'string' ? payload['aud'] : '';
    const channel = this.host.channelByLoginId(aud);
    if (!payload || !channel || !verifyJwt(form.get('id_token') ?? '', channel.login.channelSecret)) {
      throw new LoginRefusal(400, 'invalid_request', 'Invalid IdToken.');
    }
    if (aud !== clientId) throw new LoginRefusal(400, 'invalid_request', 'Invalid IdToken Audience.');
    if (typeof payload['exp'] !== 'number' || payload['exp'] * 1000 < this.host.now()) {
      throw new LoginRefusal(400, 'invalid_request', 'IdToken expired.');
    }
    const nonce = form.get('nonce');
    if (nonce !== null && payload['nonce'] !== nonce) {
      throw new LoginRefusal(400, 'invalid_request', 'Invalid IdToken Nonce.');
    }
    const userId = form.get('user_id');
    if (userId !== null && payload['sub'] !== userId) {
      throw new LoginRefusal(400, 'invalid_request', 'Invalid IdToken Subject Identifier.');
    }
    return payload;
  }

  private bearer(req: http.IncomingMessage): IssuedToken {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    const token = match ? this.tokens.get(match[1]!) : undefined;
    if (!token || token.expiresAt < this.host.now()) {
      throw new LoginRefusal(401, 'invalid_token', 'The access token is invalid or expired.');
    }
    return token;
  }
}

/** LINE's refusals of a malformed authorization request, sent back to the (checked) redirect URI. */
function requestRefusal(params: URLSearchParams): [string, string] | null {
  if (params.get('response_type') !== 'code') return ['unsupported_response_type', 'response_type must be code'];
  if (!params.get('state')) return ['invalid_request', 'state is required'];
  const scopes = (params.get('scope') ?? '').split(' ').filter(Boolean);
  if (scopes.length === 0 || scopes.some((s) => !['openid', 'profile', 'email'].includes(s))) {
    return ['invalid_scope', 'scope is invalid'];
  }
  const botPrompt = params.get('bot_prompt');
  if (botPrompt !== null && botPrompt !== 'normal' && botPrompt !== 'aggressive') {
    return ['invalid_request', 'bot_prompt must be normal or aggressive'];
  }
  return null;
}

function profileOf(friend: Friend): Record<string, unknown> {
  const p = friend.profile;
  return {
    userId: p.userId,
    displayName: p.displayName,
    ...(p.pictureUrl ? { pictureUrl: p.pictureUrl } : {}),
    ...(p.statusMessage ? { statusMessage: p.statusMessage } : {}),
  };
}

// --- JWT (HS256, as LINE signs web-login ID tokens with the channel secret) -----------------

function signJwt(payload: Record<string, unknown>, secret: string): string {
  const head = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'HS256' })).toString('base64url');
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${head}.${body}.${hs256(`${head}.${body}`, secret)}`;
}

function hs256(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

function decodeJwt(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function verifyJwt(token: string, secret: string): boolean {
  const [head, body, signature] = token.split('.');
  return sameText(signature ?? '', hs256(`${head}.${body}`, secret));
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// --- HTTP helpers -------------------------------------------------------------------------------

function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_FORM_BYTES) chunks.push(c);
    });
    req.on('end', () =>
      size > MAX_FORM_BYTES
        ? reject(new LoginRefusal(413, 'invalid_request', 'Request Entity Too Large'))
        : resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
    );
    req.on('error', reject);
  });
}

function httpUrl(value: string | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function redirect(res: http.ServerResponse, base: URL, params: Record<string, string | null>): void {
  const target = new URL(base);
  for (const [key, value] of Object.entries(params)) if (value !== null) target.searchParams.set(key, value);
  res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' });
  res.end();
}

/**
 * `formRedirect`: where the page's form ends up after the simulator's redirect. Browsers apply
 * form-action to the redirects of a form's submission too, so that origin is allowed beside 'self'.
 */
function writePage(res: http.ServerResponse, status: number, html: string, formRedirect?: URL): void {
  const formAction = formRedirect ? `'self' ${formRedirect.origin}` : "'self'";
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // Self-contained: its own inline style, no script, forms post only to the simulator (and on to the redirect).
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action ${formAction}`,
  });
  res.end(html);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f5f5f5;margin:0;color:#222}
main{max-width:420px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px #0002}
h1{font-size:20px;margin:0 0 4px;color:#06c755}.sim{font-size:12px;color:#666;margin:0 0 16px}
fieldset{border:1px solid #ddd;border-radius:8px;margin:0 0 16px;padding:12px}legend{font-weight:bold}
label{display:block;margin:6px 0}select,input[type=text]{width:100%;box-sizing:border-box;padding:8px;font-size:15px}
.buttons{display:flex;gap:8px}button{flex:1;padding:12px;font-size:15px;border-radius:8px;border:1px solid #ccc;background:#fff}
button[value=allow]{background:#06c755;border-color:#06c755;color:#fff}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function errorPage(message: string): string {
  return layout(
    'LINEログイン（シミュレーター）',
    `<h1>LINEログイン</h1><p class="sim">LINE シミュレーター</p><p role="alert">${escapeHtml(message)}</p>`,
  );
}

function consentPage(channel: Channel, params: URLSearchParams): string {
  const hidden = ['response_type', 'client_id', 'redirect_uri', 'state', 'scope', 'nonce', 'bot_prompt']
    .map((name) => [name, params.get(name)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== null)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const friends = channel
    .friends()
    .slice(-LISTED_FRIENDS)
    .reverse()
    .map(
      (f) =>
        `<option value="${escapeHtml(f.userId)}">${escapeHtml(f.profile.displayName)}${f.following ? '（友だち）' : ''}</option>`,
    )
    .join('');
  const bot = escapeHtml(channel.botName);
  const addFriend = params.get('bot_prompt')
    ? `<fieldset><legend>友だち追加</legend><label><input type="checkbox" name="addFriend" value="true" checked data-testid="login-add-friend"> ${bot} を友だち追加する</label></fieldset>`
    : '';
  return layout(
    'LINEログイン（シミュレーター）',
    `<h1>LINEログイン</h1><p class="sim">LINE シミュレーター：実際の LINE アカウントは使いません。</p>
<p>${bot} が、あなたのプロフィール情報（表示名・プロフィール画像）とユーザー識別子の利用を求めています。</p>
<form method="post" action="/oauth2/v2.1/authorize">${hidden}
<fieldset><legend>ログインするユーザー</legend>
<label>友だち <select name="userId" data-testid="login-user"><option value="">新しいユーザーを作る</option>${friends}</select></label>
<label>新しいユーザーの表示名 <input type="text" name="displayName" maxlength="20" autocomplete="off" data-testid="login-display-name"></label>
</fieldset>${addFriend}
<div class="buttons"><button type="submit" name="action" value="cancel" data-testid="login-cancel">キャンセル</button><button type="submit" name="action" value="allow" data-testid="login-allow">許可する</button></div>
</form>`,
  );
}
