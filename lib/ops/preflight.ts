/**
 * The production start-up check (issue 16, operations), a pure function so every rule is tested.
 *
 * The rule. A server started with NODE_ENV=production:
 * - **refuses to start** when it is reachable from other machines (bound to a non-loopback address, or to every
 *   interface, which is Next's default without `-H`) and one of these is missing: `SITE_URL` (canonical links,
 *   emails and sign-in redirects would point at localhost); `REVALIDATE_SECRET` when `WORDPRESS_URL` is set (the
 *   webhook answers 503 without it: published changes would never show); `FORM_SECRET` when `DATABASE_URL` is set
 *   (instances sharing a database must share the form key, or a token from one is refused by another);
 *   `NEXT_SERVER_ACTIONS_ENCRYPTION_KEY` when `REDIS_URL` is set (REDIS_URL is how several instances share one
 *   cache, so it marks a multi-instance deployment; builds without the key each invent their own, and an action
 *   posted to another instance than the one that rendered the form fails with "Failed to find Server Action");
 * - only **warns** about those when bound to a loopback address (`npm start` binds `localhost` by default: the
 *   README's zero-config `npm run build && npm start` still works) or when `ALLOW_DEMO_PRODUCTION=1` (tests, trying
 *   the site locally behind a tunnel);
 * - always **warns**, one line each, when it serves the bundled demo content (no `WORDPRESS_URL`) or the embedded
 *   PGlite database (no `DATABASE_URL`), and, with `REDIS_URL`, when `NEXT_DEPLOYMENT_ID` is not set (no
 *   version-skew protection during a rolling deploy), the embedded database is in use (each instance would
 *   have its own database), or course materials are in a local folder (MATERIALS_STORAGE).
 * - **refuses to start** on the built-in placeholder identity (lib/config/placeholders.ts: example.org emails, the
 *   charity number 0000000, an Ofcom drama-range phone, "12 Example Yard", example social profiles,
 *   donate.example.org, a localhost SITE_URL) when the server is public: bound to a non-loopback address, **or** with
 *   a public SITE_URL (behind nginx the server binds localhost, yet the SITE_URL says it is the real site), unless
 *   `ALLOW_DEMO_PRODUCTION=1` (a public demo: every page then shows the Demo site banner). A local trial (loopback,
 *   no public SITE_URL: the README's zero-config `npm start`) only warns, and shows the banner;
 * Not production (next dev, tests): no findings. `supabaseAuthPreflight` (below) adds the one check that needs the
 * network: Supabase Auth's "Confirm email" must be on.
 */

import { placeholderValues, type IdentityValues } from '@/lib/config/placeholders';

export type PreflightEnv = IdentityValues & {
  NODE_ENV?: string;
  SITE_URL?: string;
  WORDPRESS_URL?: string;
  REVALIDATE_SECRET?: string;
  DATABASE_URL?: string;
  FORM_SECRET?: string;
  REDIS_URL?: string;
  MATERIALS_STORAGE?: string;
  NEXT_PUBLIC_SUPABASE_URL?: string;
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY?: string;
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY?: string;
  NEXT_DEPLOYMENT_ID?: string;
  ALLOW_DEMO_PRODUCTION?: string;
};

export type PreflightResult = { errors: string[]; warnings: string[] };

/** Whether `host` only accepts connections from this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/**
 * The address `next start` binds: its `-H`/`--hostname` argument (what Next uses), else BIND_HOST (what
 * `npm start` passes as -H), else `undefined`, which means every interface.
 */
export function bindHostFrom(argv: readonly string[], bindHostEnv?: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if ((arg === '-H' || arg === '--hostname') && argv[i + 1]) return argv[i + 1];
    const inline = /^(?:--hostname|-H)=(.+)$/.exec(arg);
    if (inline?.[1]) return inline[1];
  }
  return bindHostEnv?.trim() || undefined;
}

/** Checks one environment; `bindHost` from `bindHostFrom`. Pure: never reads process.env. */
export function preflight(e: PreflightEnv, bindHost: string | undefined): PreflightResult {
  const result: PreflightResult = { errors: [], warnings: [] };
  if (e.NODE_ENV !== 'production') return result;

  const missing: string[] = [];
  if (!e.SITE_URL)
    missing.push('SITE_URL is not set: canonical links and emails point at http://localhost:3000');
  if (e.WORDPRESS_URL && !e.REVALIDATE_SECRET)
    missing.push(
      'REVALIDATE_SECRET is not set while WORDPRESS_URL is: WordPress changes never reach the site',
    );
  if (e.DATABASE_URL && !e.FORM_SECRET)
    missing.push('FORM_SECRET is not set while DATABASE_URL is: instances must share one form key');
  if (e.REDIS_URL && !e.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY)
    missing.push(
      'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is not set while REDIS_URL is (several instances): a form rendered by one instance fails on another; set the same key for `next build` and `next start`',
    );

  const local = bindHost !== undefined && isLoopbackHost(bindHost);
  const allowed = e.ALLOW_DEMO_PRODUCTION === '1';
  const where = bindHost === undefined ? 'every interface' : bindHost;
  for (const line of missing) {
    if (local || allowed) result.warnings.push(`[preflight] ${line}`);
    else
      result.errors.push(
        `[preflight] ${line} (the server listens on ${where}; set it, or ALLOW_DEMO_PRODUCTION=1 to only warn)`,
      );
  }
  // The placeholder identity. An unset SITE_URL is already reported above, so it is named here only when it is set
  // to a placeholder (e.g. http://127.0.0.1:3000).
  const placeholders = placeholderValues(e).filter((p) => p.key !== 'SITE_URL' || e.SITE_URL?.trim());
  if (placeholders.length) {
    const publicSiteUrl = Boolean(e.SITE_URL?.trim()) && !placeholders.some((p) => p.key === 'SITE_URL');
    const list = placeholders.map((p) => `${p.key}=${p.value} (${p.reason})`).join(', ');
    if (allowed || (local && !publicSiteUrl))
      result.warnings.push(
        `[preflight] serving the placeholder DEMO identity, so every page shows the Demo site banner: ${list}`,
      );
    else
      result.errors.push(
        `[preflight] the site's public details are still the built-in placeholders: ${list} (the server ${
          local ? `has the public SITE_URL ${e.SITE_URL}` : `listens on ${where}`
        }; set the real values, or ALLOW_DEMO_PRODUCTION=1 for a public demo with the Demo site banner)`,
      );
  }
  if (!e.WORDPRESS_URL)
    result.warnings.push('[preflight] serving the bundled DEMO content: set WORDPRESS_URL for the real site');
  if (e.REDIS_URL && !e.NEXT_DEPLOYMENT_ID)
    result.warnings.push(
      '[preflight] NEXT_DEPLOYMENT_ID is not set while REDIS_URL is (several instances): no version-skew protection during a rolling deploy',
    );
  const materials = e.MATERIALS_STORAGE ?? (e.NEXT_PUBLIC_SUPABASE_URL ? 'supabase' : 'local');
  if (e.REDIS_URL && materials === 'local')
    result.warnings.push(
      '[preflight] REDIS_URL is set (several instances) but course materials are in a local folder: a file uploaded on one instance is missing on the others; set MATERIALS_STORAGE=s3',
    );
  if (e.REDIS_URL && !e.DATABASE_URL)
    result.warnings.push(
      '[preflight] REDIS_URL is set (several instances) but the database is the embedded PGlite: each instance has its own data; set DATABASE_URL',
    );
  if (!e.DATABASE_URL)
    result.warnings.push(
      '[preflight] using the EMBEDDED PGlite database (one process, back it up with npm run db:backup): set DATABASE_URL for PostgreSQL',
    );
  return result;
}

/** How long the start-up check waits for Supabase Auth's settings before it only warns. */
export const SUPABASE_SETTINGS_TIMEOUT_MS = 5000;

/**
 * The Supabase Auth start-up check (production with Supabase accounts only; else no findings): reads
 * `GET {NEXT_PUBLIC_SUPABASE_URL}/auth/v1/settings` with the publishable key. "Confirm email" off
 * (`mailer_autoconfirm: true`) lets anyone sign up as any address and get a session at once, so an ADMIN_EMAILS
 * address becomes an admin and anyone's enquiries can be exported or erased by whoever typed their address: the
 * server **refuses to start** (an error), or only warns with ALLOW_DEMO_PRODUCTION=1 (tests, trying the site
 * locally). Unlike the other checks the bind address does not soften this: behind nginx the server binds
 * localhost yet is public. Settings that cannot be read (Supabase down, a network fault, an unexpected answer)
 * give a warning, not a refusal: a passing outage must not stop a restart. `fetchImpl` is for tests.
 */
export async function supabaseAuthPreflight(
  e: PreflightEnv,
  fetchImpl: typeof fetch = fetch,
): Promise<PreflightResult> {
  const result: PreflightResult = { errors: [], warnings: [] };
  const url = e.NEXT_PUBLIC_SUPABASE_URL;
  const key = e.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY;
  if (e.NODE_ENV !== 'production' || !url || !key) return result;
  let settings: unknown;
  try {
    const response = await fetchImpl(new URL('/auth/v1/settings', url), {
      headers: { apikey: key, accept: 'application/json' },
      signal: AbortSignal.timeout(SUPABASE_SETTINGS_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    settings = await response.json();
  } catch (error) {
    result.warnings.push(
      `[preflight] could not read Supabase Auth's settings (${error instanceof Error ? error.message : 'unknown error'}): check that "Confirm email" is on (supabase/README.md)`,
    );
    return result;
  }
  const autoconfirm = (settings as { mailer_autoconfirm?: unknown } | null)?.mailer_autoconfirm;
  if (autoconfirm === true) {
    const line =
      '[preflight] Supabase Auth has "Confirm email" OFF (mailer_autoconfirm): anyone can sign up as any address, ADMIN_EMAILS included, and is signed in at once; turn it on (Authentication → Providers → Email, supabase/README.md)';
    if (e.ALLOW_DEMO_PRODUCTION === '1') result.warnings.push(line);
    else result.errors.push(`${line} (or ALLOW_DEMO_PRODUCTION=1 to only warn)`);
  } else if (autoconfirm !== false) {
    result.warnings.push(
      '[preflight] Supabase Auth\'s settings do not say whether "Confirm email" is on (no mailer_autoconfirm): check it (supabase/README.md)',
    );
  }
  return result;
}
