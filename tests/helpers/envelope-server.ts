import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a Sentry-compatible error service (Sentry, GlitchTip) on 127.0.0.1: records every request (path,
 * headers, body) and answers `status` (default 200, `{ id }`). `dsn` is a DSN pointing at it (project 42).
 * Start with `startEnvelopeServer()`, `close()` when done.
 */
export type EnvelopeServer = {
  dsn: string;
  status: number;
  requests: { path: string; headers: http.IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
};

export async function startEnvelopeServer(): Promise<EnvelopeServer> {
  const state = { status: 200, requests: [] as EnvelopeServer['requests'] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      state.requests.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(state.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'recorded' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    dsn: `http://publickey123@127.0.0.1:${port}/42`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
