import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { unusedPort } from '../helpers/smtp-server';

/**
 * Issue 33 item 1: the home and Community figures render from the companion plugin's `GET /wp-json/lrjn/v1/figures`
 * when an editor set them, and fall back to the spec's figures. A WordPress stand-in answers that route only.
 * Each case loads the modules afresh: env() is read once.
 */

async function loadStats(wordpressUrl: string) {
  vi.resetModules();
  vi.stubEnv('WORDPRESS_URL', wordpressUrl);
  vi.stubEnv('WORDPRESS_TIMEOUT_MS', '3000');
  return import('@/lib/home/stats');
}

let answer: unknown = {};
let wordpress: http.Server;
let wordpressUrl: string;
beforeAll(async () => {
  wordpress = http.createServer((req, res) => {
    const figures =
      req.url?.startsWith('/wp-json/lrjn/v1/figures') ||
      req.url?.includes('rest_route=%2Flrjn%2Fv1%2Ffigures');
    res.writeHead(figures ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(figures ? answer : { code: 'rest_no_route' }));
  });
  await new Promise<void>((resolve) => wordpress.listen(0, '127.0.0.1', resolve));
  wordpressUrl = `http://127.0.0.1:${(wordpress.address() as AddressInfo).port}`;
});

afterEach(() => vi.unstubAllEnvs());
afterAll(() => new Promise<void>((resolve) => wordpress.close(() => resolve())));

describe('figures edited in WordPress', () => {
  it('replace the spec’s figure by figure; an empty one keeps the default', async () => {
    answer = {
      reports: { value: 14, plus: false },
      networkPartners: null,
      livesImpacted: { value: 2300, plus: true },
    };
    const { impactStats, volunteerStats } = await loadStats(wordpressUrl);
    expect(await impactStats()).toEqual([
      { value: 14, plus: false, label: 'statReports' },
      { value: 2500, plus: true, label: 'statMembers' },
      { value: 35, plus: false, label: 'statPartners' },
      { value: 10000, plus: true, label: 'statVolunteerHours' },
    ]);
    expect((await volunteerStats()).map((s) => s.value)).toEqual([2500, 10000, 35, 2300]);
  });

  it('fall back to the spec’s figures when WordPress is down or answers something that is not the plugin’s', async () => {
    const down = await loadStats(`http://127.0.0.1:${await unusedPort()}`);
    expect((await down.impactStats()).map((s) => s.value)).toEqual([10, 2500, 35, 10000]);
    answer = '<html>not the plugin</html>';
    const foreign = await loadStats(wordpressUrl);
    expect((await foreign.volunteerStats()).map((s) => s.value)).toEqual([2500, 10000, 35, 2000]);
  });
});
