/**
 * Does a burst of assistant clients slow the rest of the site down? (security review NM3: 100 clients had made
 * `/api/health` go from 26 ms to 2.4 s, at 2.7 answers/s.) Starts `next start` of the current build on
 * 127.0.0.1 with the local answerer (no OPENAI_API_KEY), limits raised and the client address taken from
 * `X-Forwarded-For` (TRUSTED_PROXY_HEADER, as playwright.config.ts's 3101 server), so each of the `--clients`
 * simulated visitors is a client of its own. Then:
 *   1. idle: `/api/health` probed every `--probe-ms` for `--idle-probes` probes, p50/p99;
 *   2. burst: every client sends `--messages` messages one after another (each reply read to its `done`), all
 *      clients at once, while `/api/health` is probed the same way; p50/p99 during the burst, answers/s and the
 *      answers' p50/p99.
 * Prints a Markdown table (and writes it to `--out` if given). Every request goes to 127.0.0.1; the loops are
 * bounded by the counts above and `--timeout-s`; the server is stopped at the end.
 *
 * Usage: npm run build && node bench/assistant-burst.mjs [--port 3131] [--clients 100] [--messages 3]
 *        [--idle-probes 60] [--probe-ms 50] [--timeout-s 300] [--url http://127.0.0.1:3131 (an already running
 *        server; its limits must be raised and TRUSTED_PROXY_HEADER=x-forwarded-for)] [--out file.md]
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

import { waitForDatabase, waitForOk } from './ready.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const port = Number(opt('port', '3131'));
const clients = Number(opt('clients', '100'));
const messages = Number(opt('messages', '3'));
const idleProbes = Number(opt('idle-probes', '60'));
const probeMs = Number(opt('probe-ms', '50'));
const timeoutS = Number(opt('timeout-s', '300'));
const external = opt('url', '');
const out = opt('out', '');
const base = external || `http://127.0.0.1:${port}`;
const deadline = Date.now() + timeoutS * 1000;

const QUESTIONS = [
  'How can I volunteer with you?',
  'When is the next event?',
  'What is Stop the Scan about?',
  'How do I donate?',
  'Tell me about your reports on racism in Leeds',
  'Do you run courses on unlearning racism?',
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '-');

let server;
async function startServer() {
  server = spawn('npx', ['next', 'start', '-H', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore'],
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      ALLOW_DEMO_PRODUCTION: '1',
      PGLITE_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      OPENAI_API_KEY: '',
      REDIS_URL: '',
      REDIS_STATE_URL: '',
      TRUSTED_PROXY_HEADER: 'x-forwarded-for',
      SCREENING_MAX_REQUESTS: '1000000',
      SCREENING_PREFETCH_MAX_REQUESTS: '1000000',
      FORM_RATE_LIMIT_MAX: '1000000',
      ASSISTANT_RATE_LIMIT_MAX: '1000000',
    },
  });
  await waitForOk(`${base}/api/health`);
  await waitForDatabase(base);
}

function stopServer() {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/** One health probe's latency in ms (NaN when it failed). */
async function probe() {
  const t = performance.now();
  try {
    const res = await fetch(`${base}/api/health`, { headers: { 'x-forwarded-for': '198.51.100.250' } });
    await res.arrayBuffer();
    return res.ok ? performance.now() - t : NaN;
  } catch {
    return NaN;
  }
}

/** Probes every `probeMs` until `until()` is true or `max` probes were made. */
async function probeLoop(until, max) {
  const times = [];
  for (let i = 0; i < max && !until() && Date.now() < deadline; i++) {
    const started = performance.now();
    times.push(await probe());
    const rest = probeMs - (performance.now() - started);
    if (rest > 0) await sleep(rest);
  }
  return times;
}

/** One message; resolves with its latency in ms, or NaN when the reply did not end with `done`. */
async function ask(client, n, conversationId) {
  const t = performance.now();
  const res = await fetch(`${base}/api/assistant`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `198.18.${client >> 8}.${client & 255}`,
    },
    body: JSON.stringify({
      message: QUESTIONS[(client + n) % QUESTIONS.length],
      locale: 'en',
      conversationId,
    }),
  });
  const text = await res.text();
  const done = res.ok && text.includes('{"type":"done"}');
  return { ms: done ? performance.now() - t : NaN, id: res.headers.get('x-conversation-id') || undefined };
}

async function main() {
  if (!external) await startServer();
  // Warm up: the first message builds the corpus and compiles the route.
  await ask(0, 0);
  const idle = await probeLoop(() => false, idleProbes);

  let finished = false;
  const answers = [];
  const started = performance.now();
  const burst = Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      let id;
      for (let n = 0; n < messages && Date.now() < deadline; n++) {
        try {
          const r = await ask(client + 1, n, id);
          id = r.id;
          answers.push(r.ms);
        } catch {
          answers.push(NaN);
        }
      }
    }),
  ).then(() => {
    finished = true;
  });
  const during = await probeLoop(() => finished, Number.POSITIVE_INFINITY);
  await burst;
  const seconds = (performance.now() - started) / 1000;
  const ok = answers.filter(Number.isFinite);

  const rows = [
    `| measure | value |`,
    `| --- | --- |`,
    `| clients × messages | ${clients} × ${messages} (${answers.length} sent, ${ok.length} answered to \`done\`) |`,
    `| burst wall time | ${seconds.toFixed(2)} s |`,
    `| answers/s | ${(ok.length / seconds).toFixed(1)} |`,
    `| answer latency p50 / p99 | ${ms(pct(ok, 50))} / ${ms(pct(ok, 99))} |`,
    `| /api/health idle p50 / p99 (${idle.filter(Number.isFinite).length} probes) | ${ms(pct(idle.filter(Number.isFinite), 50))} / ${ms(pct(idle.filter(Number.isFinite), 99))} |`,
    `| /api/health during the burst p50 / p99 (${during.filter(Number.isFinite).length} probes, ${during.filter((v) => !Number.isFinite(v)).length} failed) | ${ms(pct(during.filter(Number.isFinite), 50))} / ${ms(pct(during.filter(Number.isFinite), 99))} |`,
  ].join('\n');
  console.log(rows);
  if (out) writeFileSync(out, `${rows}\n`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(stopServer);
