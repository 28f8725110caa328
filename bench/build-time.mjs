/**
 * Build time against WordPress with few and with many posts (docs/ARCHITECTURE.md §7: with 1,000 posts, at most 1.2x the
 * build time with 50). Needs a running rig (`npm run wp:rig -- boot`); writes posts through the REST API with the
 * rig's application password, builds into .next-bench, and deletes the posts it added at the end.
 *
 * Usage: node bench/build-time.mjs [--url http://127.0.0.1:8088] [--state .data/wp-rig] [--posts 1000]
 * Prints the post counts and `next build` wall times in seconds.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const url = opt('url', process.env.WORDPRESS_URL ?? 'http://127.0.0.1:8088').replace(/\/+$/, '');
const state = opt('state', path.join(process.cwd(), '.data', 'wp-rig'));
const target = Number(opt('posts', '1000'));
const auth = `Basic ${Buffer.from(readFileSync(path.join(state, 'app-password'), 'utf8').trim()).toString('base64')}`;
const distDir = '.next-bench';

async function total() {
  const res = await fetch(`${url}/wp-json/wp/v2/posts?per_page=1&_fields=id`);
  return Number(res.headers.get('x-wp-total'));
}

function build() {
  rmSync(distDir, { recursive: true, force: true });
  const started = process.hrtime.bigint();
  execFileSync('npx', ['next', 'build'], {
    stdio: 'ignore',
    env: { ...process.env, NEXT_DIST_DIR: distDir, WORDPRESS_URL: url, NEXT_TELEMETRY_DISABLED: '1' },
  });
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function createPosts(count) {
  const ids = [];
  let next = 0;
  async function worker() {
    while (next < count) {
      const n = next++;
      const res = await fetch(`${url}/wp-json/wp/v2/posts`, {
        method: 'POST',
        headers: { Authorization: auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          title: `Benchmark post ${n + 1}`,
          status: 'publish',
          date: new Date(Date.UTC(2020, 0, 1) + n * 3_600_000).toISOString().slice(0, 19),
          excerpt: 'A post written by bench/build-time.mjs.',
          content: `<p>Benchmark content ${n + 1}. ${'Words for a realistic body. '.repeat(40)}</p>`,
        }),
      });
      if (!res.ok) throw new Error(`creating a post: HTTP ${res.status}`);
      ids.push((await res.json()).id);
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()]);
  return ids;
}

async function deletePosts(ids) {
  for (const id of ids) {
    await fetch(`${url}/wp-json/wp/v2/posts/${id}?force=true`, {
      method: 'DELETE',
      headers: { Authorization: auth },
    });
  }
}

const few = await total();
const fewSeconds = build();
console.log(`${few} posts: next build ${fewSeconds.toFixed(1)} s`);
const added = await createPosts(Math.max(0, target - few));
try {
  const many = await total();
  const manySeconds = build();
  console.log(
    `${many} posts: next build ${manySeconds.toFixed(1)} s (${(manySeconds / fewSeconds).toFixed(2)}x)`,
  );
} finally {
  await deletePosts(added);
  rmSync(distDir, { recursive: true, force: true });
}
