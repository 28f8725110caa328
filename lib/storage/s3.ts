import 'server-only';

import { AwsClient } from 'aws4fetch';

import { type MaterialStorage, UPLOADS_URL_PREFIX } from './types';

export type S3Settings = {
  /** The store's root URL, e.g. `https://s3.eu-west-2.amazonaws.com` or `https://<account>.r2.cloudflarestorage.com`. */
  endpoint: string;
  bucket: string;
  /** Signing region: the bucket's AWS region, `auto` for Cloudflare R2, `us-east-1` for MinIO (the default). */
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every object key (default `course-materials/`), so the bucket can hold other things too. */
  prefix?: string;
  /** Per request, in ms (default 30 s: uploads are up to 20 MB). */
  timeoutMs?: number;
};

const DEFAULT_PREFIX = 'course-materials/';

/**
 * Course materials in any S3-compatible object store (AWS S3, Cloudflare R2, Backblaze B2, MinIO, Supabase
 * Storage's S3 endpoint), through the S3 REST API's object calls (PUT, GET, DELETE), signed with AWS Signature
 * Version 4 (aws4fetch). Path-style addresses: `{endpoint}/{bucket}/{prefix}{storagePath}`.
 *
 * The bucket stays private: nothing is ever linked to it directly. `url()` is the site's own `/uploads/{path}`,
 * whose route decides who may download (lib/media/material-access.ts) and then streams the object through
 * `read()`, so keys never leave the server.
 *
 * - `put`: a conditional write (`If-None-Match: *`); a 412 (the key exists) throws an Error with code 'EEXIST'
 *   (the caller takes the next timestamp). Any other failure throws '[courses] S3 refused …' with the status and
 *   the store's error code (never the signature or keys).
 * - `remove`: DELETE; a missing object (404) is fine. @throws on any other failure.
 * - `read`: GET, forwarding a `Range` header. @returns the store's response (200 or 206, with its body stream and
 *   length headers), or null for a missing object (404) or an unsatisfiable range (416 is returned as is).
 *   @throws on any other failure.
 */
export function s3MaterialStorage(settings: S3Settings): MaterialStorage & {
  read(storagePath: string, range?: string | null): Promise<Response | null>;
} {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region || 'us-east-1',
    service: 's3',
    // Only the store's transient answers are retried; a refusal is final.
    retries: 2,
  });
  const base = settings.endpoint.replace(/\/+$/, '');
  const prefix = settings.prefix ?? DEFAULT_PREFIX;
  const timeoutMs = settings.timeoutMs ?? 30_000;
  const objectUrl = (storagePath: string) =>
    `${base}/${encodeURIComponent(settings.bucket)}/${(prefix + storagePath).split('/').map(encodeURIComponent).join('/')}`;

  async function call(
    method: string,
    storagePath: string,
    init: { headers?: Record<string, string>; body?: Uint8Array } = {},
  ) {
    return client.fetch(objectUrl(storagePath), {
      method,
      headers: init.headers,
      body: init.body as BodyInit | undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  async function refusal(what: string, storagePath: string, response: Response): Promise<Error> {
    // S3 errors are XML: <Error><Code>AccessDenied</Code>…; only the code is kept.
    const body = await response.text().catch(() => '');
    const code = /<Code>([^<]{1,80})<\/Code>/.exec(body)?.[1];
    return new Error(
      `[courses] S3 refused to ${what} ${storagePath} in bucket ${settings.bucket} (${response.status}${code ? ` ${code}` : ''})`,
    );
  }

  return {
    async put(storagePath, bytes, contentType) {
      const response = await call('PUT', storagePath, {
        headers: { 'Content-Type': contentType, 'If-None-Match': '*' },
        body: bytes,
      });
      if (response.status === 412) {
        await response.body?.cancel();
        throw Object.assign(new Error(`[courses] ${settings.bucket}/${storagePath} already exists`), {
          code: 'EEXIST',
        });
      }
      if (!response.ok) throw await refusal('store', storagePath, response);
      await response.body?.cancel();
      return `${UPLOADS_URL_PREFIX}${encodeURIComponent(storagePath)}`;
    },
    async remove(storagePath) {
      const response = await call('DELETE', storagePath);
      if (!response.ok && response.status !== 404) throw await refusal('remove', storagePath, response);
      await response.body?.cancel();
    },
    url: (storagePath) => `${UPLOADS_URL_PREFIX}${encodeURIComponent(storagePath)}`,
    async read(storagePath, range) {
      const response = await call('GET', storagePath, { headers: range ? { Range: range } : {} });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (response.ok || response.status === 416) return response;
      throw await refusal('read', storagePath, response);
    },
  };
}
