import { buildWpUrl, type WpQuery } from './client';
import { ENDPOINT_INFO, endpointLabel } from './endpoints';
import { ENDPOINTS, type Endpoint } from './source';

/**
 * `npm run content:check` (scripts/content-check.ts): asks a WordPress for every REST endpoint the site reads,
 * with the parameters the site sends, and says per endpoint whether it is found, missing (WordPress has no such
 * post type or taxonomy: the section shows its empty state) or failing (an error or an outage), with what an
 * editor should do. One request per endpoint, no retries; nothing is written.
 */

export type EndpointStatus = 'found' | 'missing' | 'failing';

export type EndpointReport = {
  endpoint: Endpoint;
  /** `post type team-member`, `taxonomy media_category`, `endpoint posts`. */
  label: string;
  status: EndpointStatus;
  /** Items WordPress reports (X-WP-Total), when found. */
  total?: number;
  /** What WordPress said, or what is wrong. */
  detail: string;
  /** What to do; absent when nothing needs doing. */
  fix?: string;
};

export type ContentCheck =
  | { reachable: false; baseUrl: string; message: string }
  | { reachable: true; baseUrl: string; permalinks: 'pretty' | 'plain'; endpoints: EndpointReport[] };

/** The query each endpoint is read with (lib/cms/index.ts): an `orderby` the type lacks is worth knowing. */
const SITE_QUERY: Partial<Record<Endpoint, WpQuery>> = {
  posts: { orderby: 'date', order: 'desc' },
  pages: { orderby: 'menu_order', order: 'asc' },
  categories: { orderby: 'name', order: 'asc' },
  reports: { orderby: 'date', order: 'desc' },
  events: { orderby: 'date', order: 'desc' },
  cause: { orderby: 'title', order: 'asc' },
  'team-member': { orderby: 'menu_order', order: 'asc' },
  vacancies: { orderby: 'date', order: 'desc' },
};

/** Post types whose pages read ACF-shaped fields (`acf`): roles, dates, PDFs, closing dates… */
const FIELD_TYPES: ReadonlySet<Endpoint> = new Set([
  'reports',
  'events',
  'cause',
  'media-archive',
  'team-member',
  'vacancies',
]);

const FIELDS_FIX =
  'activate the LRJN Companion plugin (it adds the `acf` fields), or ACF with "Show in REST API" on each field group';

type Answer = { res: Response; body: unknown } | { error: string };

async function ask(url: URL, fetchImpl: typeof fetch, timeoutMs: number): Promise<Answer> {
  try {
    const res = await fetchImpl(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: an HTML page, a proxy's error
    }
    return { res, body };
  } catch (error) {
    return {
      error: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : errorText(error),
    };
  }
}

function errorText(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`;
}

function wpError(body: unknown): { code: string; message: string; params: string[] } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { code, message, data } = body as { code?: unknown; message?: unknown; data?: { params?: unknown } };
  if (typeof code !== 'string') return null;
  const params = data?.params && typeof data.params === 'object' ? Object.keys(data.params) : [];
  return { code, message: typeof message === 'string' ? message : '', params };
}

function classify(endpoint: Endpoint, query: WpQuery, answer: Answer): EndpointReport {
  const label = endpointLabel(endpoint);
  const info = ENDPOINT_INFO[endpoint];
  if ('error' in answer) {
    return { endpoint, label, status: 'failing', detail: answer.error, fix: 'check that WordPress is up' };
  }
  const { res, body } = answer;
  if (res.ok && Array.isArray(body)) {
    const total = Number(res.headers.get('x-wp-total') ?? body.length);
    const report: EndpointReport = { endpoint, label, status: 'found', total, detail: `${total} items` };
    const first = body[0] as Record<string, unknown> | undefined;
    if (FIELD_TYPES.has(endpoint) && first && !('acf' in first)) {
      report.detail += '; no ACF-shaped fields (`acf`): its pages show titles and text only';
      report.fix = FIELDS_FIX;
    }
    return report;
  }
  const error = wpError(body);
  if (error?.code === 'rest_no_route') {
    return {
      endpoint,
      label,
      status: 'missing',
      detail: `${error.code} (${error.message}): ${info.whenMissing}`,
      fix: info.fix,
    };
  }
  if (error?.code === 'rest_invalid_param') {
    const refused = error.params.map((p) => `${p}=${String(query[p] ?? '')}`).join(', ');
    return {
      endpoint,
      label,
      status: 'found',
      detail: `WordPress refuses ${refused} (${error.message}); the site reads it in WordPress's default order`,
      fix: info.fix,
    };
  }
  const what = error ? `HTTP ${res.status} ${error.code}: ${error.message}` : `HTTP ${res.status}, not JSON`;
  return {
    endpoint,
    label,
    status: 'failing',
    detail: what,
    fix:
      res.status === 401 || res.status === 403
        ? 'a plugin or the server refuses anonymous REST reads: allow GET for this route'
        : res.status >= 500
          ? 'WordPress failed: see its PHP error log'
          : info.fix,
  };
}

/**
 * Checks every endpoint of `ENDPOINTS` on the WordPress at `baseUrl` (site root, no /wp-json).
 * Unreachable (no answer, or not a WordPress REST API at that address) gives `{ reachable: false }`;
 * otherwise one report per endpoint. Never throws.
 */
export async function checkContent(
  baseUrl: string,
  { fetchImpl = fetch, timeoutMs = 8000 }: { fetchImpl?: typeof fetch; timeoutMs?: number } = {},
): Promise<ContentCheck> {
  // ?rest_route= answers whatever the permalink setting; /wp-json only with pretty permalinks.
  const plain = await ask(
    buildWpUrl(baseUrl, '/wp/v2/posts', { per_page: 1 }, 'plain'),
    fetchImpl,
    timeoutMs,
  );
  if ('error' in plain) {
    return { reachable: false, baseUrl, message: `no answer from ${baseUrl} (${plain.error})` };
  }
  if (!Array.isArray(plain.body) && !wpError(plain.body)) {
    return {
      reachable: false,
      baseUrl,
      message: `${baseUrl} answered HTTP ${plain.res.status} without WordPress REST JSON: is WORDPRESS_URL the WordPress site root?`,
    };
  }
  const pretty = await ask(
    buildWpUrl(baseUrl, '/wp/v2/posts', { per_page: 1 }, 'pretty'),
    fetchImpl,
    timeoutMs,
  );
  const mode = !('error' in pretty) && Array.isArray(pretty.body) ? 'pretty' : 'plain';
  const endpoints: EndpointReport[] = [];
  // One at a time: this is a diagnostic, and a small WordPress host should not notice it.
  for (const endpoint of ENDPOINTS) {
    const query: WpQuery = { ...SITE_QUERY[endpoint], per_page: 1 };
    const url = buildWpUrl(baseUrl, `/wp/v2/${endpoint}`, query, mode);
    endpoints.push(classify(endpoint, query, await ask(url, fetchImpl, timeoutMs)));
  }
  return { reachable: true, baseUrl, permalinks: mode, endpoints };
}

/** The check as text lines, one per endpoint, for the terminal. */
export function formatContentCheck(check: ContentCheck): string[] {
  if (!check.reachable) return [`content:check: WordPress unreachable: ${check.message}`];
  const lines = [
    `content:check: WordPress at ${check.baseUrl} answers (permalinks: ${check.permalinks}${
      check.permalinks === 'plain' ? ', read through ?rest_route=' : ', REST under /wp-json'
    })`,
  ];
  const width = Math.max(...check.endpoints.map((e) => e.label.length));
  for (const e of check.endpoints) {
    lines.push(
      `  ${e.status.padEnd(8)} ${e.label.padEnd(width)}  ${e.detail}${e.fix ? `. Fix: ${e.fix}` : ''}`,
    );
  }
  const count = (s: EndpointStatus) => check.endpoints.filter((e) => e.status === s).length;
  lines.push(
    `content:check: ${count('found')} found, ${count('missing')} missing, ${count('failing')} failing. ` +
      'The site builds and serves either way: a missing section shows its empty state and its pages answer 404.',
  );
  return lines;
}
