// The hostile requests of bench/fuzz.mjs, shared with tests/e2e/request-surface.spec.ts (which runs a subset).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Path prefixes, with and without the proxy in front (built assets, media and uploads are outside it). */
export const PREFIXES = [
  '/',
  '/blog/',
  '/es/',
  '/fr/events/',
  '/api/',
  '/api/geo/',
  '/uploads/',
  '/content-media/',
  '/content-media/2024/',
  '/_next/static/',
  '/_next/static/chunks/',
  '/_next/image/',
  '/api/courses/materials/',
  '/icon.svg',
];

/** Malformed or odd %-escapes: a lone `%`, a cut-off multi-byte sequence, non-hex, overlong UTF-8, `%u`. */
export const BAD_ESCAPES = [
  '%',
  'a%',
  '%E0%A4%A',
  '%E0',
  '%zz',
  '%C0%AF',
  '%%',
  '%u0041',
  '%ff%fe',
  '%2',
  '%00',
];

/** Origins Next's server-action check trips over: foreign, `null`, empty, unparseable. */
export const BAD_ORIGINS = ['https://evil.example', 'null', '', 'garbage', 'http://[::1', 'file://'];

// Not TRACE or TRACK: the runtime's Request constructor refuses them, so Next answers 500 before any app code runs
// (nothing in the app can change that); nginx answers them 405 itself (tests/integration/nginx-config.test.ts).
export const ODD_METHODS = ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'FOO', 'CONNECTX', 'MKCOL'];

/**
 * The server actions of a build (its server-reference manifest): id and a page that has it, as `/contact` for
 * `app/[locale]/contact/page`. Dynamic segments get a placeholder value.
 * @returns [] when the manifest cannot be read.
 */
export function serverActions(distDir) {
  let manifest;
  try {
    manifest = JSON.parse(
      readFileSync(path.join(distDir, 'server', 'server-reference-manifest.json'), 'utf8'),
    );
  } catch {
    return [];
  }
  return Object.entries(manifest.node ?? {}).map(([id, entry]) => {
    const worker = Object.keys(entry.workers ?? {}).find((w) => w.endsWith('/page')) ?? 'app/[locale]/page';
    const page =
      worker
        .replace(/^app\/\[locale\]/, '')
        .replace(/^app/, '')
        .replace(/\/page$/, '')
        .replace(/\/\([^)]+\)/g, '')
        .replace(/\[\.{0,3}[^\]]+\]/g, 'fuzz') || '/';
    return { id, page };
  });
}

const BOUNDARY = '----lrjn-fuzz';
const part = (name, value) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** Multipart bodies busboy rejects (cut off, no boundary, wrong boundary, no final delimiter, garbage). */
export function brokenMultipart() {
  const whole = `${part('1_$ACTION_ID_x', '')}${part('0', '["$K1"]')}--${BOUNDARY}--\r\n`;
  return [
    { type: `multipart/form-data; boundary=${BOUNDARY}`, body: whole.slice(0, 40) },
    { type: `multipart/form-data; boundary=${BOUNDARY}`, body: whole.slice(0, whole.length - 12) },
    { type: 'multipart/form-data', body: whole },
    { type: 'multipart/form-data; boundary=', body: whole },
    { type: 'multipart/form-data; boundary=other', body: whole },
    { type: `multipart/form-data; boundary=${BOUNDARY}`, body: 'not multipart at all' },
    { type: `multipart/form-data; boundary=${BOUNDARY}`, body: '' },
    {
      type: `multipart/form-data; boundary=${BOUNDARY}`,
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    },
    { type: `multipart/form-data; boundary="${BOUNDARY}`, body: whole },
  ];
}

/** Text bodies of a fetch-called action that React cannot decode. */
export const BAD_ACTION_TEXT = ['', 'not json', '{"a":1}', '["$@1"]', '["$Q2"]', '[', '["$K1"]', 'null'];

/**
 * The full list: `{ group, method, path, headers, body }`. `actions` from `serverActions`; `repeat` multiplies the
 * cheap groups (escapes, methods) so the total is about 3,000 requests for a build with ~40 actions.
 */
export function hostileRequests(actions, { repeat = 3 } = {}) {
  const requests = [];
  for (let r = 0; r < repeat; r++) {
    for (const prefix of PREFIXES) {
      for (const escape of BAD_ESCAPES) {
        const tail = prefix.endsWith('/') ? `${escape}` : escape;
        for (const method of ['GET', 'HEAD', 'POST']) {
          requests.push({ group: 'bad escape', method, path: `${prefix}${tail}`, headers: {} });
        }
      }
      requests.push({
        group: 'bad escape',
        method: 'GET',
        path: `${prefix}x${BAD_ESCAPES[r % BAD_ESCAPES.length]}y.js`,
        headers: {},
      });
    }
    for (const method of ODD_METHODS) {
      for (const p of [
        '/',
        '/contact',
        '/api/geo',
        '/api/courses/materials',
        '/uploads/x.pdf',
        '/api/assistant',
      ]) {
        requests.push({ group: 'odd method', method, path: p, headers: {} });
      }
    }
  }
  for (const { id, page } of actions) {
    for (const { type, body } of brokenMultipart()) {
      requests.push({
        group: 'broken multipart',
        method: 'POST',
        path: page,
        headers: { 'Next-Action': id, 'Content-Type': type, Accept: 'text/x-component' },
        body,
      });
    }
    // The same bodies without the header: a form posted before its script ran.
    for (const { type, body } of brokenMultipart().slice(0, 4)) {
      requests.push({
        group: 'broken multipart (no JS)',
        method: 'POST',
        path: page,
        headers: { 'Content-Type': type },
        body,
      });
    }
    for (const origin of BAD_ORIGINS) {
      requests.push({
        group: 'bad origin',
        method: 'POST',
        path: page,
        headers: {
          'Next-Action': id,
          'Content-Type': 'text/plain;charset=UTF-8',
          Origin: origin,
          Accept: 'text/x-component',
        },
        body: '[]',
      });
    }
    requests.push({
      group: 'bad origin',
      method: 'POST',
      path: page,
      headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, Origin: 'null' },
      body: `${part('x', 'y')}--${BOUNDARY}--\r\n`,
    });
    for (const text of BAD_ACTION_TEXT) {
      requests.push({
        group: 'bad action body',
        method: 'POST',
        path: page,
        headers: { 'Next-Action': id, 'Content-Type': 'text/plain;charset=UTF-8' },
        body: text,
      });
    }
  }
  // Oversized: a body Next would buffer, a body over the action limit, a header block over Node's 16 KB.
  const big = 'a'.repeat(2 * 1024 * 1024);
  for (const p of ['/', '/contact', '/api/assistant', '/api/geo', '/blog/x']) {
    requests.push({
      group: 'oversized body',
      method: 'POST',
      path: p,
      headers: { 'Content-Type': 'text/plain' },
      body: big,
    });
  }
  const first = actions[0];
  if (first) {
    requests.push({
      group: 'oversized body',
      method: 'POST',
      path: first.page,
      headers: { 'Next-Action': first.id, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: `${part('0', big)}--${BOUNDARY}--\r\n`,
    });
  }
  for (const p of ['/', '/api/geo', '/_next/static/x.js']) {
    requests.push({
      group: 'oversized header',
      method: 'GET',
      path: p,
      headers: { Cookie: `x=${'a'.repeat(20_000)}` },
    });
    requests.push({
      group: 'oversized header',
      method: 'GET',
      path: `${p}?${'q'.repeat(20_000)}`,
      headers: {},
    });
  }
  return requests;
}
