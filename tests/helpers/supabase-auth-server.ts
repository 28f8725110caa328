/**
 * A local stand-in for Supabase Auth (GoTrue) speaking the documented HTTP API that lib/auth/supabase.ts uses
 * through @supabase/ssr and supabase-js, so the production adapter runs unchanged (docs/ARCHITECTURE.md §6):
 * POST /auth/v1/signup, POST /auth/v1/token?grant_type=password, POST /auth/v1/logout (scope global, local or
 * others), GET and PUT /auth/v1/user,
 * POST /auth/v1/verify, POST /auth/v1/recover, POST /auth/v1/resend, GET /auth/v1/settings, and of the admin API (service-role key as
 * `apikey` and Bearer token): GET /auth/v1/admin/users (paged) and DELETE /auth/v1/admin/users/{id}. Email confirmation is on (as on a hosted
 * project) unless started with `autoconfirm` ("Confirm email" off: a sign-up is confirmed and signed in at once);
 * instead of sending mail it keeps each message's token hash in `mailbox`. A repeated sign-up of an unconfirmed
 * address keeps the first password and name and mails a new link, as GoTrue does ("we can't be sure of their
 * claimed identity", internal/api/signup.go). Errors use the API's
 * `{ code, msg }` shape with the `x-supabase-api-version: 2024-01-01` header, as the real server does. Access
 * tokens are HS256 JWTs (so supabase-js' `getClaims()` asks GET /user, like a project with a symmetric secret)
 * carrying the `amr` claim (method 'password', 'recovery' or 'otp' with its time) as Supabase Auth does.
 * https://supabase.com/docs/reference/api (Auth), https://github.com/supabase/auth/blob/master/openapi.yaml
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type StoredUser = {
  id: string;
  email: string;
  password: string;
  fullName: string | null;
  confirmedAt: string | null;
  createdAt: string;
};

export type Mail = { type: 'signup' | 'recovery'; email: string; tokenHash: string; redirectTo?: string };

export interface SupabaseAuthServer {
  /** The project URL to configure (NEXT_PUBLIC_SUPABASE_URL), e.g. http://127.0.0.1:41234 */
  url: string;
  /** A publishable key the server expects in the `apikey` header. */
  publishableKey: string;
  /** The service-role key the admin API expects (`apikey` and Bearer token). */
  serviceRoleKey: string;
  /** The stored users' emails (a deleted user is gone from here). */
  userEmails(): string[];
  /** Emails the server would have sent, oldest first. */
  mailbox: Mail[];
  /** Every request: method and path with query. */
  requests: { method: string; path: string }[];
  /** Back-dates the `amr` time of sessions created from now on by this many seconds (an old recovery session). */
  ageNewSessions(seconds: number): void;
  close(): Promise<void>;
}

const SECRET = randomBytes(32);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function jwt(claims: Record<string, unknown>): string {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${head}.${createHmac('sha256', SECRET).update(head).digest('base64url')}`;
}

function readJwt(token: string): Record<string, unknown> | null {
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return null;
  if (createHmac('sha256', SECRET).update(`${h}.${p}`).digest('base64url') !== s) return null;
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
  return typeof claims.exp === 'number' && claims.exp * 1000 > Date.now() ? claims : null;
}

/**
 * Starts the stand-in on 127.0.0.1 (a random port). `accessTokenSeconds` (default 3600, as a hosted project) is
 * the access tokens' lifetime: under supabase-js' 90 s expiry margin, every read refreshes the session.
 */
export async function startSupabaseAuthServer({
  accessTokenSeconds = 3600,
  autoconfirm = false,
}: { accessTokenSeconds?: number; autoconfirm?: boolean } = {}): Promise<SupabaseAuthServer> {
  let amrAgeSeconds = 0;
  const publishableKey = `sb_publishable_${randomBytes(12).toString('hex')}`;
  const serviceRoleKey = `sb_secret_${randomBytes(12).toString('hex')}`;
  const users = new Map<string, StoredUser>(); // by email
  const sessions = new Map<string, string>(); // session id → user id
  // How each session was authenticated (the access token's `amr` claim; kept across refreshes, as GoTrue does).
  const sessionAmr = new Map<string, { method: string; timestamp: number }[]>();
  const refreshTokens = new Map<string, string>(); // refresh token → session id
  const tokens = new Map<string, { type: Mail['type']; userId: string }>(); // token hash → purpose
  const mailbox: Mail[] = [];
  const requests: SupabaseAuthServer['requests'] = [];

  const byId = (id: string) => [...users.values()].find((u) => u.id === id);

  const userJson = (u: StoredUser) => ({
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: u.confirmedAt,
    confirmed_at: u.confirmedAt,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {
      full_name: u.fullName,
      email: u.email,
      email_verified: Boolean(u.confirmedAt),
      sub: u.id,
    },
    identities: [
      { id: u.id, user_id: u.id, provider: 'email', identity_data: { email: u.email, sub: u.id } },
    ],
    created_at: u.createdAt,
    updated_at: u.createdAt,
    is_anonymous: false,
  });

  const session = (u: StoredUser, method: string, existing?: string) => {
    const sessionId = existing ?? randomUUID();
    const now = Math.floor(Date.now() / 1000);
    sessions.set(sessionId, u.id);
    if (!sessionAmr.has(sessionId)) sessionAmr.set(sessionId, [{ method, timestamp: now - amrAgeSeconds }]);
    const refresh = randomBytes(16).toString('hex');
    refreshTokens.set(refresh, sessionId);
    const claims = {
      aud: 'authenticated',
      exp: now + accessTokenSeconds,
      iat: now,
      iss: 'supabase-auth-stand-in',
      sub: u.id,
      email: u.email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      amr: sessionAmr.get(sessionId),
      session_id: sessionId,
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {
        full_name: u.fullName,
        email: u.email,
        email_verified: Boolean(u.confirmedAt),
        sub: u.id,
      },
    };
    return {
      access_token: jwt(claims),
      token_type: 'bearer',
      expires_in: accessTokenSeconds,
      expires_at: now + accessTokenSeconds,
      refresh_token: refresh,
      user: userJson(u),
    };
  };

  const mail = (type: Mail['type'], u: StoredUser, redirectTo?: string) => {
    // GoTrue emails a token; its hash is what `{{ .TokenHash }}` puts in the link and /verify takes.
    const token = randomBytes(16).toString('hex');
    const tokenHash = createHash('sha224')
      .update(u.email + token)
      .digest('hex');
    tokens.set(tokenHash, { type, userId: u.id });
    mailbox.push({ type, email: u.email, tokenHash, redirectTo });
  };

  /** The user of a valid bearer token whose session still exists. */
  const bearer = (req: IncomingMessage): StoredUser | null => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const claims = token ? readJwt(token) : null;
    if (!claims || !sessions.has(String(claims.session_id))) return null;
    return byId(String(claims.sub)) ?? null;
  };

  type Reply = { status: number; body?: unknown };
  const error = (status: number, code: string, msg: string): Reply => ({
    status,
    body: { code, msg, error_code: code },
  });

  function handle(req: IncomingMessage, url: URL, body: Record<string, unknown>): Reply {
    if (url.pathname.startsWith('/auth/v1/admin/')) {
      if (req.headers.apikey !== serviceRoleKey || req.headers.authorization !== `Bearer ${serviceRoleKey}`)
        return error(403, 'not_admin', 'User not allowed');
      if (req.method === 'GET' && url.pathname === '/auth/v1/admin/users') {
        const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
        const perPage = Math.max(1, Number(url.searchParams.get('per_page') ?? 50));
        const all = [...users.values()];
        return {
          status: 200,
          body: {
            aud: 'authenticated',
            users: all.slice((page - 1) * perPage, page * perPage).map(userJson),
          },
        };
      }
      const one = /^\/auth\/v1\/admin\/users\/([0-9a-f-]{36})$/.exec(url.pathname);
      if (req.method === 'DELETE' && one) {
        const user = byId(one[1]!);
        if (!user) return error(404, 'user_not_found', 'User not found');
        users.delete(user.email);
        for (const [id, userId] of [...sessions]) if (userId === user.id) sessions.delete(id);
        return { status: 200, body: {} };
      }
      return error(404, 'not_found', 'Not found');
    }
    if (req.headers.apikey !== publishableKey) return error(401, 'no_api_key', 'Invalid API key');
    const route = `${req.method} ${url.pathname}`;
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    switch (route) {
      case 'POST /auth/v1/signup': {
        if (!email || !email.includes('@'))
          return error(400, 'validation_failed', 'Unable to validate email address: invalid format');
        if (password.length < 6)
          return {
            status: 422,
            body: {
              code: 'weak_password',
              msg: 'Password should be at least 6 characters.',
              weak_password: { reasons: ['length'] },
            },
          };
        const existing = users.get(email);
        if (existing && autoconfirm) return error(400, 'user_already_exists', 'User already registered');
        if (existing) {
          if (!existing.confirmedAt)
            mail('signup', existing, url.searchParams.get('redirect_to') ?? undefined);
          // Confirmations on: an obfuscated user with no identities, so the response does not reveal the account.
          return { status: 200, body: { ...userJson({ ...existing, id: randomUUID() }), identities: [] } };
        }
        const data = (body.data ?? {}) as Record<string, unknown>;
        const user: StoredUser = {
          id: randomUUID(),
          email,
          password,
          fullName: typeof data.full_name === 'string' ? data.full_name : null,
          confirmedAt: null,
          createdAt: new Date().toISOString(),
        };
        users.set(email, user);
        if (autoconfirm) {
          user.confirmedAt = user.createdAt;
          return { status: 200, body: session(user, 'password') };
        }
        mail('signup', user, url.searchParams.get('redirect_to') ?? undefined);
        return { status: 200, body: userJson(user) };
      }
      case 'POST /auth/v1/token': {
        if (url.searchParams.get('grant_type') === 'refresh_token') {
          const sessionId = refreshTokens.get(String(body.refresh_token));
          const user = sessionId && sessions.has(sessionId) ? byId(sessions.get(sessionId)!) : undefined;
          if (!user)
            return error(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
          return { status: 200, body: session(user, 'token_refresh', sessionId) };
        }
        if (url.searchParams.get('grant_type') !== 'password')
          return error(400, 'validation_failed', 'unsupported_grant_type');
        const user = users.get(email);
        if (!user || user.password !== password)
          return error(400, 'invalid_credentials', 'Invalid login credentials');
        if (!user.confirmedAt) return error(400, 'email_not_confirmed', 'Email not confirmed');
        return { status: 200, body: session(user, 'password') };
      }
      case 'POST /auth/v1/logout': {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const claims = token ? readJwt(token) : null;
        if (!claims) return error(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
        // scope: 'global' (default) every session of the user, 'local' this one, 'others' all but this one.
        const scope = url.searchParams.get('scope') ?? 'global';
        const current = String(claims.session_id);
        for (const [id, userId] of [...sessions]) {
          if (userId !== claims.sub) continue;
          if (scope === 'local' ? id === current : scope === 'others' ? id !== current : true)
            sessions.delete(id);
        }
        return { status: 204 };
      }
      case 'GET /auth/v1/user': {
        const user = bearer(req);
        return user
          ? { status: 200, body: userJson(user) }
          : error(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      }
      case 'PUT /auth/v1/user': {
        const user = bearer(req);
        if (!user)
          return error(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
        if (password) {
          if (password.length < 6)
            return {
              status: 422,
              body: {
                code: 'weak_password',
                msg: 'Password should be at least 6 characters.',
                weak_password: { reasons: ['length'] },
              },
            };
          if (password === user.password)
            return error(422, 'same_password', 'New password should be different from the old password.');
          user.password = password;
        }
        return { status: 200, body: userJson(user) };
      }
      case 'POST /auth/v1/verify': {
        const found = tokens.get(String(body.token_hash ?? ''));
        const type = body.type === 'email' ? 'signup' : body.type;
        if (!found || found.type !== type)
          return error(403, 'otp_expired', 'Email link is invalid or has expired');
        tokens.delete(String(body.token_hash));
        const user = byId(found.userId)!;
        user.confirmedAt ??= new Date().toISOString();
        return { status: 200, body: session(user, type === 'recovery' ? 'recovery' : 'otp') };
      }
      case 'POST /auth/v1/recover': {
        const user = users.get(email);
        if (user) mail('recovery', user, url.searchParams.get('redirect_to') ?? undefined);
        return { status: 200, body: {} };
      }
      case 'GET /auth/v1/settings': {
        // The public part of GoTrue's configuration, as GET /settings answers it.
        return {
          status: 200,
          body: {
            external: { email: true, phone: false },
            disable_signup: false,
            mailer_autoconfirm: autoconfirm,
            phone_autoconfirm: false,
            sms_provider: '',
            saml_enabled: false,
          },
        };
      }
      case 'POST /auth/v1/resend': {
        const user = users.get(email);
        if (user && !user.confirmedAt && body.type === 'signup') mail('signup', user);
        return { status: 200, body: { message_id: null } };
      }
    }
    return error(404, 'not_found', 'Not found');
  }

  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      const url = new URL(req.url ?? '/', 'http://stand-in');
      requests.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}` });
      const reply = handle(req, url, body);
      res.writeHead(reply.status, {
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      });
      res.end(reply.status === 204 ? undefined : JSON.stringify(reply.body ?? {}));
    })();
  });
  server.keepAliveTimeout = 120_000; // see supabase-storage-server.ts
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    publishableKey,
    serviceRoleKey,
    userEmails: () => [...users.keys()],
    mailbox,
    requests,
    ageNewSessions: (seconds) => {
      amrAgeSeconds = seconds;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
