/**
 * A local stand-in for a Supabase project's Storage API, in front of the Auth stand-in
 * (tests/helpers/supabase-auth-server.ts): one origin, as a project's URL is, so @supabase/ssr signs in through
 * `/auth/v1/*` (forwarded to the Auth stand-in) and supabase-js' Storage client talks to `/storage/v1/*` here with
 * the same session. It speaks the documented Storage REST API that storage-js uses:
 * - `POST /storage/v1/object/{bucket}/{path}` (raw body, `content-type`, `x-upsert`) → 200 `{ Key, Id }`; a taken
 *   path without `x-upsert: true` → 409 `{ statusCode: '409', error: 'Duplicate', message: 'The resource already
 *   exists' }` (HTTP 400 with the same body when `legacyStatus` is on, as older Storage servers answer);
 * - `DELETE /storage/v1/object/{bucket}` with `{ prefixes: [...] }` → 200 with the deleted objects (only those the
 *   caller may delete; missing ones are simply not in the list);
 * - `GET /storage/v1/object/public/{bucket}/{path}` → the bytes, to anyone, for a bucket in `publicBuckets` only
 *   (none by default: documents is private); else 400 with statusCode 404 'Object not found';
 * - `GET /storage/v1/object/authenticated/{bucket}/{path}` (and `/object/{bucket}/{path}`) → the bytes when the
 *   read policy lets the caller see the object, honouring a `Range: bytes=a-b` (206, `content-range`; 416 when out
 *   of range); an object the caller may not see answers like a missing one: 400 with statusCode 404.
 * Every `/storage/v1` request but the public GET needs the project's `apikey`. The caller is who the
 * `Authorization: Bearer` token belongs to (asked of the Auth stand-in, `GET /auth/v1/user`), else anon; RLS is
 * modelled as bucket documents' policies (supabase/migrations/…_documents_bucket.sql and
 * …_private_materials_bucket.sql): writes only by users in `admins`, else 403 'new row violates row-level security
 * policy'; reads by admins, or as `mayRead(user, path)` decides (public.may_read_material(); default: nobody else).
 * https://supabase.com/docs/reference/api (Storage), https://github.com/supabase/storage (openapi)
 */
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { SupabaseAuthServer } from './supabase-auth-server';

export type StoredObject = { bytes: Buffer; contentType: string; cacheControl: string; owner: string };

export type StorageRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  apikey: string | undefined;
  contentType: string | undefined;
  upsert: string | undefined;
};

export interface SupabaseStorageServer {
  /** The project URL (NEXT_PUBLIC_SUPABASE_URL): Auth and Storage on one origin. */
  url: string;
  publishableKey: string;
  /** Buckets that exist (default: documents). */
  buckets: Set<string>;
  /** Ids of the users the bucket policies treat as admins (public.is_admin()). */
  admins: Set<string>;
  /** Objects by `{bucket}/{path}`. */
  objects: Map<string, StoredObject>;
  /** Every Storage request, oldest first (Auth requests are in the Auth stand-in's `requests`). */
  requests: StorageRequest[];
  /** Answer errors as older Storage servers do: HTTP 400, the real status in the body's `statusCode`. */
  legacyStatus: boolean;
  /** Buckets whose objects `/object/public/…` serves (default: none). */
  publicBuckets: Set<string>;
  /** The read policy for non-admins: may `user` (null: anon) download `{bucket}/{path}`? Default: no. */
  mayRead: (user: string | null, key: string) => boolean;
  close(): Promise<void>;
}

type Reply = {
  status: number;
  body?: unknown;
  raw?: Buffer;
  contentType?: string;
  headers?: Record<string, string>;
};

export async function startSupabaseStorageServer(auth: SupabaseAuthServer): Promise<SupabaseStorageServer> {
  const state = {
    buckets: new Set(['documents']),
    admins: new Set<string>(),
    objects: new Map<string, StoredObject>(),
    requests: [] as StorageRequest[],
    legacyStatus: false,
    publicBuckets: new Set<string>(),
    mayRead: (() => false) as (user: string | null, key: string) => boolean,
  };

  const fail = (status: number, error: string, message: string): Reply => ({
    status: state.legacyStatus ? 400 : status,
    body: { statusCode: String(status), error, message },
  });

  /** The user id of the bearer token (a session the Auth stand-in knows), or null for anon. */
  async function caller(req: IncomingMessage): Promise<string | null> {
    const authorization = req.headers.authorization ?? '';
    if (!/^Bearer ey/.test(authorization)) return null; // the publishable key, or nothing: anon
    const res = await fetch(`${auth.url}/auth/v1/user`, {
      headers: { authorization, apikey: auth.publishableKey },
    });
    if (!res.ok) return null;
    return ((await res.json()) as { id: string }).id;
  }

  async function storage(req: IncomingMessage, url: URL, body: Buffer): Promise<Reply> {
    const path = decodeURIComponent(url.pathname);
    const publicRead = /^\/storage\/v1\/object\/public\/([^/]+)\/(.+)$/.exec(path);
    if (req.method === 'GET' && publicRead) {
      const found = state.publicBuckets.has(publicRead[1]!)
        ? state.objects.get(`${publicRead[1]}/${publicRead[2]}`)
        : undefined;
      return found
        ? { status: 200, raw: found.bytes, contentType: found.contentType }
        : { status: 400, body: { statusCode: '404', error: 'not_found', message: 'Object not found' } };
    }
    if (req.headers.apikey !== auth.publishableKey) return fail(401, 'Unauthorized', 'Invalid API key');
    const user = await caller(req);
    const mayWrite = user !== null && state.admins.has(user);

    const download = /^\/storage\/v1\/object\/(?:authenticated\/)?([^/]+)\/(.+)$/.exec(path);
    if (req.method === 'GET' && download) {
      const key = `${download[1]}/${download[2]}`;
      const found = mayWrite || state.mayRead(user, key) ? state.objects.get(key) : undefined;
      // A hidden object and a missing one answer alike, as Storage does under RLS.
      if (!found)
        return { status: 400, body: { statusCode: '404', error: 'not_found', message: 'Object not found' } };
      const size = found.bytes.length;
      const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
      if (!range || (range[1] === '' && range[2] === ''))
        return {
          status: 200,
          raw: found.bytes,
          contentType: found.contentType,
          headers: { 'content-length': String(size) },
        };
      const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
      const end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
      if (start >= size || start > end)
        return { status: 416, raw: Buffer.alloc(0), headers: { 'content-range': `bytes */${size}` } };
      return {
        status: 206,
        raw: found.bytes.subarray(start, end + 1),
        contentType: found.contentType,
        headers: {
          'content-range': `bytes ${start}-${end}/${size}`,
          'content-length': String(end - start + 1),
        },
      };
    }

    const upload = /^\/storage\/v1\/object\/([^/]+)\/(.+)$/.exec(path);
    if (req.method === 'POST' && upload) {
      const [, bucket, name] = upload as unknown as [string, string, string];
      if (!state.buckets.has(bucket)) return fail(404, 'Bucket not found', 'Bucket not found');
      if (!mayWrite) return fail(403, 'Unauthorized', 'new row violates row-level security policy');
      const key = `${bucket}/${name}`;
      if (state.objects.has(key) && req.headers['x-upsert'] !== 'true')
        return fail(409, 'Duplicate', 'The resource already exists');
      state.objects.set(key, {
        bytes: body,
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        cacheControl: String(req.headers['cache-control'] ?? ''),
        owner: user!,
      });
      return { status: 200, body: { Key: key, Id: randomUUID() } };
    }

    const remove = /^\/storage\/v1\/object\/([^/]+)$/.exec(path);
    if (req.method === 'DELETE' && remove) {
      const bucket = remove[1]!;
      if (!state.buckets.has(bucket)) return fail(404, 'Bucket not found', 'Bucket not found');
      const { prefixes } = JSON.parse(body.toString('utf8') || '{}') as { prefixes?: string[] };
      if (!Array.isArray(prefixes) || prefixes.length === 0)
        return fail(400, 'InvalidRequest', 'prefixes is required');
      // RLS: rows the caller may not delete are invisible, so they are simply not deleted.
      const deleted = mayWrite ? prefixes.filter((name) => state.objects.delete(`${bucket}/${name}`)) : [];
      return { status: 200, body: deleted.map((name) => ({ name, bucket_id: bucket, id: randomUUID() })) };
    }
    return fail(404, 'not_found', 'Not found');
  }

  /** Auth requests go on to the Auth stand-in unchanged (method, path, query, headers that matter, body). */
  async function forward(req: IncomingMessage, url: URL, body: Buffer, res: ServerResponse) {
    const headers: Record<string, string> = {};
    for (const name of ['apikey', 'authorization', 'content-type', 'x-supabase-api-version'])
      if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
    const answer = await fetch(`${auth.url}${url.pathname}${url.search}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(body),
    });
    res.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
      'x-supabase-api-version': answer.headers.get('x-supabase-api-version') ?? '2024-01-01',
    });
    res.end(answer.status === 204 ? undefined : Buffer.from(await answer.arrayBuffer()));
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://stand-in');
      try {
        if (url.pathname.startsWith('/auth/v1/')) return await forward(req, url, body, res);
        state.requests.push({
          method: req.method ?? 'GET',
          path: `${url.pathname}${url.search}`,
          authorization: req.headers.authorization,
          apikey: typeof req.headers.apikey === 'string' ? req.headers.apikey : undefined,
          contentType: req.headers['content-type'],
          upsert: typeof req.headers['x-upsert'] === 'string' ? req.headers['x-upsert'] : undefined,
        });
        const reply = await storage(req, url, body);
        res.writeHead(reply.status, {
          'content-type': reply.contentType ?? 'application/json',
          ...(reply.headers ?? {}),
        });
        res.end(reply.raw ?? JSON.stringify(reply.body ?? {}));
      } catch (error) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ statusCode: '500', error: 'internal', message: String(error) }));
      }
    })();
  });
  // Longer than any pause between a test's requests (a PGlite start takes seconds on a busy machine): a keep-alive
  // socket the server closes just as the client reuses it fails the request with 'fetch failed'.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    publishableKey: auth.publishableKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // supabase-js' fetch keeps connections alive
      }),
  });
}
