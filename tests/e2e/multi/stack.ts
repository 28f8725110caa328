import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The test harness's own process: its String.prototype speed does not matter (lib/cache/ioredis.ts).
// eslint-disable-next-line no-restricted-imports
import Redis from 'ioredis';
import postgres from 'postgres';

import { type SmtpServer, startSmtpServer } from '../../helpers/smtp-server';

/**
 * The production topology of DEPLOY.md on 127.0.0.1, for tests/e2e/multi: two `next start` instances of one build
 * (.next-wp, built against the WordPress rig by scripts/run-tests.sh) started with the ExecStart line of
 * deploy/systemd/lrjn-site@.service, the outbox worker of lrjn-outbox.service, nginx with deploy/nginx/lrjn.conf
 * (deploy/nginx-local.sh), a fresh database in the PostgreSQL rig (TEST_DATABASE_URL), the test Redis
 * (TEST_REDIS_URL) and an SMTP server standing in for the mail provider (tests/helpers/smtp-server.ts).
 * Ports 3113 (A), 3114 (B), 3116 (nginx), 3117 (SMTP).
 */
export const PORT_A = 3113;
export const PORT_B = 3114;
export const NGINX_PORT = 3116;
export const SMTP_PORT = 3117;
export const NGINX = `http://localhost:${NGINX_PORT}`;
export const SITE_A = `http://localhost:${PORT_A}`;
export const SITE_B = `http://localhost:${PORT_B}`;
export const REVALIDATE_SECRET = process.env.TEST_REVALIDATE_SECRET ?? '';
/** Who gets the forwarded enquiries. */
export const ENQUIRY_TO = 'enquiries@example.org';

const root = process.cwd();

export interface Stack {
  databaseUrl: string;
  smtp: SmtpServer;
  instances: Map<number, ChildProcess>;
  /** SIGTERM to an instance, as `systemctl stop lrjn-site@PORT`; resolves with its exit code. */
  stopInstance(port: number): Promise<number | null>;
  stop(): Promise<void>;
}

/** Whether everything the stack needs is here (the project is only configured then: playwright.config.ts). */
export function stackAvailable(): boolean {
  return Boolean(
    process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL && process.env.TEST_WORDPRESS_URL,
  );
}

/** The ExecStart line of a unit in deploy/systemd, for this checkout and this machine's node, as argv. */
function execStart(unit: string, instance = ''): string[] {
  const text = readFileSync(path.join(root, 'deploy/systemd', unit), 'utf8');
  const line = /^ExecStart=(.+)$/m.exec(text)?.[1];
  if (!line) throw new Error(`no ExecStart in ${unit}`);
  return line
    .replaceAll('%i', instance)
    .replaceAll('/srv/lrjn/app', root)
    .replaceAll('/usr/local/bin/node', process.execPath)
    .split(/\s+/);
}

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Starts the whole stack; throws (after stopping what started) when a part does not come up. */
export async function startStack(): Promise<Stack> {
  const work = mkdtempSync(path.join(tmpdir(), 'lrjn-multi-'));
  const children: ChildProcess[] = [];
  const instances = new Map<number, ChildProcess>();

  // A database of its own in the rig's cluster, so the other projects' rows never mix with these.
  const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  const dbName = `lrjn_multi_${Date.now().toString(36)}`;
  await admin.unsafe(`create database ${dbName}`);
  await admin.end();
  const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
  databaseUrl.pathname = `/${dbName}`;

  // The page cache lives in Redis per build id: a previous run's stale copies must not answer this run's first reads.
  const redisUrl = `${process.env.TEST_REDIS_URL!.replace(/\/\d*$/, '')}/3`;
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  redis.disconnect();

  const smtp = await startSmtpServer(SMTP_PORT);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: '.next-wp',
    SITE_URL: NGINX,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    WORDPRESS_URL: process.env.TEST_WORDPRESS_URL,
    REVALIDATE_SECRET,
    FORM_SECRET: randomBytes(32).toString('hex'),
    EMAIL_LINK_SECRET: randomBytes(32).toString('hex'),
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    TRUSTED_PROXY_HEADER: 'x-real-ip',
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM: 'LRJN <no-reply@example.org>',
    ENQUIRY_TO,
    MAIL_DIR: 'none',
    OUTBOX_INTERVAL_SECONDS: '2',
    SCREENING_MAX_REQUESTS: '1000000',
    SCREENING_PREFETCH_MAX_REQUESTS: '1000000',
    FORM_RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'warn',
  };
  const spawnLogged = (argv: string[], name: string) => {
    const [cmd, ...rest] = argv;
    const child = spawn(cmd!, rest, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk.toString()}`));
    children.push(child);
    return child;
  };

  const stop = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) =>
        Promise.race([exited(child), new Promise((r) => setTimeout(r, 20_000))]).then(() => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        }),
      ),
    );
    await smtp.close();
    rmSync(work, { recursive: true, force: true });
  };

  try {
    // Tables first (DEPLOY.md step 7), so the two instances do not race to create them.
    execFileSync('npm', ['run', '-s', 'db:migrate'], { cwd: root, env, stdio: 'ignore' });
    for (const port of [PORT_A, PORT_B])
      instances.set(port, spawnLogged(execStart('lrjn-site@.service', String(port)), `site-${port}`));
    spawnLogged(execStart('lrjn-outbox.service'), 'outbox');
    await Promise.all([PORT_A, PORT_B].map((port) => waitFor(`http://localhost:${port}/api/ready`)));

    const prefix = path.join(work, 'nginx');
    execFileSync('bash', [
      path.join(root, 'deploy/nginx-local.sh'),
      prefix,
      String(NGINX_PORT),
      String(PORT_A),
      String(PORT_B),
    ]);
    spawnLogged(['nginx', '-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], 'nginx');
    await waitFor(`${NGINX}/api/health`);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    databaseUrl: databaseUrl.toString(),
    smtp,
    instances,
    async stopInstance(port) {
      const child = instances.get(port);
      if (!child) throw new Error(`no instance on ${port}`);
      child.kill('SIGTERM');
      return exited(child);
    },
    stop,
  };
}
