import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * deploy/nginx/lrjn.conf as deploy/nginx-local.sh renders it, in front of a stand-in upstream that answers every
 * page as publicly cacheable and records what reached it (security review NM5, NL6, NL7, and forms before
 * scripts: a form page's query string is never cached).
 */
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

type Seen = { method: string; url: string; headers: IncomingHttpHeaders; bytes: number };
const seen: Seen[] = [];
let upstream: Server;
let work: string;
let base: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/** A request through nginx; `body` is sent with a Content-Length. */
function send(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    // nginx may answer 413 and close before the whole body is written.
    req.on('error', (error) =>
      String(error).includes('EPIPE') || String(error).includes('ECONNRESET') ? null : reject(error),
    );
    req.end(body);
  });
}

const hits = (url: string) => seen.filter((s) => s.url === url).length;

beforeAll(async () => {
  if (!NGINX)
    throw new Error('nginx is not installed (apt-get install nginx): deploy/smoke.sh installs it too');
  upstream = createServer((req, res) => {
    let bytes = 0;
    req.on('data', (c: Buffer) => (bytes += c.length));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, bytes });
      res.writeHead(200, {
        'Content-Type': 'text/plain',
        'Cache-Control': 'public, s-maxage=60, stale-while-revalidate=60',
      });
      res.end(`received ${bytes}`);
    });
  });
  const upstreamPort = await freePort();
  await new Promise<void>((resolve) => upstream.listen(upstreamPort, '127.0.0.1', resolve));
  const nginxPort = await freePort();
  work = mkdtempSync(path.join(tmpdir(), 'lrjn-nginx-test-'));
  execFileSync('bash', ['deploy/nginx-local.sh', work, String(nginxPort), String(upstreamPort)]);
  execFileSync(NGINX, ['-t', '-q', '-p', work, '-c', path.join(work, 'nginx.conf')]);
  spawn(NGINX, ['-p', work, '-c', path.join(work, 'nginx.conf')], { stdio: 'ignore' }).unref();
  base = `http://127.0.0.1:${nginxPort}`;
  for (let i = 0; i < 50; i++) {
    try {
      await send('/api/health');
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('nginx did not start');
}, 30_000);

afterAll(() => {
  const pidFile = work && path.join(work, 'nginx.pid');
  if (pidFile && existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, 'utf8').trim()));
  upstream?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('deploy/nginx/lrjn.conf', () => {
  it('caches a form page without a query string, but never with one (forms before scripts)', async () => {
    await send('/contact');
    expect((await send('/contact')).headers['x-cache-status']).toBe('HIT');
    for (const url of [
      '/contact?name=Ada&email=ada%40example.org',
      '/es/contact?error=invalid',
      '/login?next=%2Fdashboard',
      '/fr/login?mode=signup',
      '/newsletter/unsubscribe?token=personal-token',
      '/pt/newsletter/confirm?token=personal-token',
      '/community/register?interest=a',
      '/thank-you?type=contact&returnTo=%2Fcontact',
    ]) {
      const first = await send(url);
      const second = await send(url);
      expect(second.headers['x-cache-status'], url).toBe('BYPASS');
      expect(second.headers['cache-control'], url).toBe('private, no-store');
      expect(hits(url), url).toBe(2);
      expect(first.status, url).toBe(200);
    }
  });

  it('still caches the query states of pages that are no forms (a list page)', async () => {
    await send('/blog?page=2');
    expect((await send('/blog?page=2')).headers['x-cache-status']).toBe('HIT');
    expect(hits('/blog?page=2')).toBe(1);
  });

  it("bypasses the cache for a WordPress preview's cookies (NL6)", async () => {
    await send('/blog/a-draft');
    expect((await send('/blog/a-draft')).headers['x-cache-status']).toBe('HIT');
    for (const cookie of ['lrjn_preview=abc.def', '__prerender_bypass=1', 'theme=dark; lrjn_preview=x']) {
      const answer = await send('/blog/a-draft', { headers: { Cookie: cookie } });
      expect(answer.headers['x-cache-status'], cookie).toBe('BYPASS');
      expect(answer.headers['cache-control'], cookie).toBe('private, no-store');
    }
  });

  it('refuses a body over 1 MB everywhere but the course-material upload (NM5)', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 0x61);
    for (const url of ['/contact', '/', '/api/assistant', '/api/mailchimp/subscribe']) {
      const before = hits(url);
      const answer = await send(url, {
        method: 'POST',
        body: big,
        headers: { 'Content-Type': 'text/plain' },
      });
      expect(answer.status, url).toBe(413);
      expect(hits(url), url).toBe(before);
    }
    const small = await send('/contact', { method: 'POST', body: Buffer.alloc(512 * 1024, 0x61) });
    expect(small.status).toBe(200);
    const upload = await send('/api/courses/materials', {
      method: 'POST',
      body: Buffer.alloc(20 * 1024 * 1024, 0x61),
    });
    expect(upload.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ url: '/api/courses/materials', bytes: 20 * 1024 * 1024 });
    const tooBig = await send('/api/courses/materials', {
      method: 'POST',
      body: Buffer.alloc(22 * 1024 * 1024, 0x61),
    });
    expect(tooBig.status).toBe(413);
  }, 30_000);

  it('answers TRACE and TRACK itself, which Next would answer with a 500 (L8)', async () => {
    for (const method of ['TRACE', 'TRACK']) {
      const answer = await send(`/contact?${method}`, { method });
      expect([400, 405], method).toContain(answer.status);
      expect(hits(`/contact?${method}`), method).toBe(0);
    }
  });

  it("sets X-Forwarded-Host itself, never passing on the client's (NL7)", async () => {
    await send('/api/health?xfh', { headers: { 'X-Forwarded-Host': 'evil.example' } });
    const request = seen.find((s) => s.url === '/api/health?xfh')!;
    expect(request.headers['x-forwarded-host']).toBe(new URL(base).host);
    expect(request.headers.host).toBe(new URL(base).host);
  });
});
