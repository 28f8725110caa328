/**
 * Account enumeration by timing (security review finding M4): do sign-up and password reset take the same time
 * whether or not the address has an account? Runs the local accounts adapter in process on PGlite (in memory),
 * with the app's own email delivery (lib/auth/delivery.ts: queued in the outbox, as in production; nothing is
 * sent), and prints the median time of each case and the relative gap. Cases are interleaved in a shuffled order
 * so drift (other jobs, GC) hits both sides alike; the first rounds are warm-up.
 *
 *   node --require ./bench/server-only-stub.cjs --import tsx bench/auth-timing.ts [--rounds 40]
 *
 * Exit code 1 when a pair of medians differs by more than 10 %.
 */
import { createLocalAuth } from '@/lib/auth/local';
import type { CookieJar } from '@/lib/auth/cookie';
import { deliverAuthEmail } from '@/lib/auth/delivery';
import { openDatabase } from '@/lib/db/client';

const argRounds = process.argv.indexOf('--rounds');
const ROUNDS = argRounds > 0 ? Number(process.argv[argRounds + 1]) : 40;
const WARM_UP = 5;

const jar = (): CookieJar => {
  const store = new Map<string, string>();
  return {
    getAll: () => [...store].map(([name, value]) => ({ name, value })),
    set: (n, v) => void store.set(n, v),
  };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<number> {
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  const auth = () =>
    createLocalAuth({
      db: handle.db,
      cookies: jar(),
      deliver: (email) => deliverAuthEmail(handle.db, email),
      siteUrl: 'http://bench.test',
      production: false,
    });
  const PASSWORD = 'a bench password 123';
  // A confirmed account and an unconfirmed one, the two kinds of "existing address".
  const confirmed = 'bench-confirmed@example.org';
  const unconfirmed = 'bench-unconfirmed@example.org';
  await auth().signUp({ email: confirmed, password: PASSWORD, fullName: 'Bench Confirmed' });
  await handle.db.execute(`update local_users set email_confirmed_at = now() where email = '${confirmed}'`);
  await auth().signUp({ email: unconfirmed, password: PASSWORD, fullName: 'Bench Unconfirmed' });

  let n = 0;
  const cases: Record<string, () => Promise<unknown>> = {
    'sign-up, existing (confirmed) address': () =>
      auth().signUp({ email: confirmed, password: PASSWORD, fullName: 'Someone' }),
    'sign-up, existing (unconfirmed) address': () =>
      auth().signUp({ email: unconfirmed, password: PASSWORD, fullName: 'Someone' }),
    'sign-up, new address': () =>
      auth().signUp({ email: `bench-new-${n++}@example.org`, password: PASSWORD, fullName: 'Someone' }),
    'reset, known address': () => auth().requestPasswordReset(confirmed),
    'reset, unknown address': () => auth().requestPasswordReset(`bench-nobody-${n++}@example.org`),
  };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let round = 0; round < ROUNDS + WARM_UP; round++) {
    const order = Object.keys(cases).sort(() => Math.random() - 0.5);
    for (const name of order) {
      const start = process.hrtime.bigint();
      await cases[name]!();
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (round >= WARM_UP) times[name]!.push(ms);
    }
  }
  await handle.close();

  const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
  console.log(
    `auth timing, local accounts on PGlite in memory, ${ROUNDS} rounds (+${WARM_UP} warm-up), medians:`,
  );
  for (const [name, value] of Object.entries(m)) console.log(`  ${name.padEnd(40)} ${value!.toFixed(1)} ms`);
  const pairs: [string, string][] = [
    ['sign-up, existing (confirmed) address', 'sign-up, new address'],
    ['sign-up, existing (unconfirmed) address', 'sign-up, new address'],
    ['reset, known address', 'reset, unknown address'],
  ];
  let ok = true;
  for (const [a, b] of pairs) {
    const gap = Math.abs(m[a]! - m[b]!) / Math.min(m[a]!, m[b]!);
    ok &&= gap <= 0.1;
    console.log(
      `  ${`${a} vs ${b.split(', ')[1]}`.padEnd(58)} gap ${(gap * 100).toFixed(1)} % ${gap <= 0.1 ? 'ok' : 'OVER 10 %'}`,
    );
  }
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
