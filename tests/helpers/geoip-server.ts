import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an ipapi.co-like IP-geolocation service on 127.0.0.1: `GET /{ip}/json/` answers the JSON set in
 * `responses` for that address ({country_name, country_code, city}), 404 otherwise. `delayMs` holds every answer
 * (timeouts), `status` forces an error status, `raw` replaces the body (unreadable JSON). `requests` records
 * the paths asked for. Start with `startGeoipServer()`, use `url` as GEOIP_URL, `close()` when done.
 */
export type GeoipServer = {
  url: string;
  responses: Map<string, unknown>;
  requests: string[];
  delayMs: number;
  status: number | null;
  raw: string | null;
  close(): Promise<void>;
};

export async function startGeoipServer(): Promise<GeoipServer> {
  const state = {
    responses: new Map<string, unknown>(),
    requests: [] as string[],
    delayMs: 0,
    status: null as number | null,
    raw: null as string | null,
  };
  const server = http.createServer((req, res) => {
    state.requests.push(req.url ?? '');
    const timer = setTimeout(() => {
      const ip = decodeURIComponent(/^\/([^/]+)\/json\/?$/.exec(req.url ?? '')?.[1] ?? '');
      const body = state.responses.get(ip);
      const status = state.status ?? (body === undefined ? 404 : 200);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(state.raw ?? JSON.stringify(body ?? { error: true, reason: 'Not found' }));
    }, state.delayMs);
    req.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/{ip}/json/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
