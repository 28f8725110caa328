import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an S3-compatible object store, speaking the subset the site uses: path-style
 * `PUT /{bucket}/{key}` (with `If-None-Match: *` → 412 when the key exists), `GET` (with one `Range: bytes=a-b`,
 * 206) and `DELETE` (204, also for a missing key), answering errors in S3's XML form. Every request must carry a
 * valid AWS Signature Version 4 for the given keys (checked here independently of the client's library: canonical
 * request, string to sign, signing key) and a payload hash that matches the body; else 403
 * SignatureDoesNotMatch. `objects` is the bucket's content, for tests to inspect; `requests` the calls made.
 */
export type S3StandIn = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: { method: string; key: string; status: number }[];
  close(): Promise<void>;
};

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function xmlError(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

function verifySignature(
  req: IncomingMessage,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): string | null {
  const auth = req.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return 'malformed Authorization';
  const [, accessKeyId, date, region, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== keys.accessKeyId) return 'unknown access key';
  if (region !== keys.region) return 'wrong region';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date!)) return 'date mismatch';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'payload hash mismatch';
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'host and x-amz-date must be signed';
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const query = [...url.searchParams]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    req.method,
    url.pathname,
    query,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = ['s3', 'aws4_request'].reduce(
    (key, part) => hmac(key, part),
    hmac(hmac(`AWS4${keys.secretAccessKey}`, date!), region!),
  );
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex') === signature
    ? null
    : 'bad signature';
}

export async function startS3Server({
  bucket = 'lrjn-materials',
  region = 'eu-west-2',
  accessKeyId = 'AKIATESTSTANDIN',
  secretAccessKey = 'stand-in-secret-key-0123456789',
} = {}): Promise<S3StandIn> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: S3StandIn['requests'] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const [, pathBucket = '', ...rest] = path.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const answer = (status: number, headers: Record<string, string> = {}, payload?: Buffer | string) => {
      requests.push({ method: req.method ?? '', key, status });
      res.writeHead(status, headers);
      res.end(payload);
    };
    const failure = verifySignature(req, body, { accessKeyId, secretAccessKey, region });
    if (failure)
      return answer(403, { 'content-type': 'application/xml' }, xmlError('SignatureDoesNotMatch', failure));
    if (pathBucket !== bucket || !key) {
      return answer(404, { 'content-type': 'application/xml' }, xmlError('NoSuchBucket', 'no such bucket'));
    }
    const stored = objects.get(key);
    switch (req.method) {
      case 'PUT':
        if (req.headers['if-none-match'] === '*' && stored) {
          return answer(412, { 'content-type': 'application/xml' }, xmlError('PreconditionFailed', 'exists'));
        }
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        return answer(200, { etag: `"${sha256(body).slice(0, 32)}"` });
      case 'GET': {
        if (!stored)
          return answer(404, { 'content-type': 'application/xml' }, xmlError('NoSuchKey', 'no such key'));
        const size = stored.body.length;
        const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
        if (range) {
          const start = Number(range[1]);
          const end = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
          if (start >= size) {
            return answer(
              416,
              { 'content-range': `bytes */${size}` },
              xmlError('InvalidRange', 'not satisfiable'),
            );
          }
          return answer(
            206,
            {
              'content-type': stored.contentType,
              'content-length': String(end - start + 1),
              'content-range': `bytes ${start}-${end}/${size}`,
              'accept-ranges': 'bytes',
            },
            stored.body.subarray(start, end + 1),
          );
        }
        return answer(
          200,
          { 'content-type': stored.contentType, 'content-length': String(size), 'accept-ranges': 'bytes' },
          stored.body,
        );
      }
      case 'DELETE':
        objects.delete(key);
        return answer(204);
      default:
        return answer(405, { 'content-type': 'application/xml' }, xmlError('MethodNotAllowed', 'not here'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
