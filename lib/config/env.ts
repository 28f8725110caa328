import 'server-only';

import { z } from 'zod';

/**
 * The server's environment, validated once with zod.
 *
 * Every variable is optional: with none set, the site runs on its embedded defaults (docs/ARCHITECTURE.md §2).
 * Reads `process.env` at first use; throws an `Error` listing every invalid variable, so a bad
 * deployment fails at start-up with a clear message rather than at the first request that needs it.
 * `.env.example` documents each variable; keep the two in sync.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const optionalUrl = optionalString.pipe(z.url({ protocol: /^https?$/ }).optional());
const optionalEmail = optionalString.pipe(z.email().optional());

const positiveInt = (fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'must be a whole number' })
    .transform(Number)
    .pipe(z.number().int().positive())
    .optional()
    .transform((v) => v ?? fallback);

const headerName = optionalString.pipe(
  z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, { error: 'must be an HTTP header name such as x-forwarded-for' })
    .transform((v) => v.toLowerCase())
    .optional(),
);

const queryParamName = optionalString.pipe(
  z
    .string()
    .regex(/^[A-Za-z0-9_.[\]-]+$/, { error: 'must be a query parameter name such as amount, or none' })
    .optional(),
);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).optional().default('development'),

  // Site identity (lib/config/site.ts)
  SITE_URL: optionalUrl,
  SITE_NAME: optionalString,
  SITE_SHORT_NAME: optionalString,
  SITE_STREET_ADDRESS: optionalString,
  SITE_LOCALITY: optionalString,
  SITE_POSTCODE: optionalString,
  SITE_PHONE: optionalString,
  CONTACT_EMAIL_GENERAL: optionalEmail,
  CONTACT_EMAIL_PRESS: optionalEmail,
  CONTACT_EMAIL_DONATIONS: optionalEmail,
  CONTACT_EMAIL_UNLEARNING_RACISM: optionalEmail,
  CONTACT_EMAIL_CLIMATE_JUSTICE: optionalEmail,
  SOCIAL_FACEBOOK_URL: optionalUrl,
  SOCIAL_X_URL: optionalUrl,
  SOCIAL_INSTAGRAM_URL: optionalUrl,
  SOCIAL_YOUTUBE_URL: optionalUrl,
  SOCIAL_LINKEDIN_URL: optionalUrl,
  DONATION_URL: optionalUrl,
  // How the donate form hands its choice to DONATION_URL (lib/donate/provider.ts); 'none' = the provider takes no such parameter
  DONATION_AMOUNT_PARAM: queryParamName,
  DONATION_FREQUENCY_PARAM: queryParamName,
  DONATION_ONE_OFF_VALUE: optionalString,
  DONATION_MONTHLY_VALUE: optionalString,
  CHARITY_NUMBER: optionalString,
  // Where 'Exit this page' goes (components/help/exit-this-page.tsx): a neutral site
  EXIT_PAGE_URL: optionalUrl,

  // Screening (lib/screening)
  SCREENING_MAX_REQUESTS: positiveInt(50),
  SCREENING_WINDOW_SECONDS: positiveInt(60),
  SCREENING_PREFETCH_MAX_REQUESTS: positiveInt(1000),
  SCREENING_ENABLED: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .optional()
    .transform((v) => v !== 'false'),
  TRUSTED_PROXY_HEADER: headerName,
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  // Security state (rate limits, webhook replay keys, tag invalidations, assistant threads and budget): a Redis
  // that never evicts (maxmemory-policy noeviction); unset, REDIS_URL holds it too (lib/cache/state-url.ts).
  REDIS_STATE_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),

  // Content (lib/cms)
  WORDPRESS_URL: optionalUrl,
  WORDPRESS_TIMEOUT_MS: positiveInt(8000),
  CONTENT_SNAPSHOT_DIR: optionalString,
  WORDPRESS_IMAGE_HOST: optionalString,
  WORDPRESS_LEGACY_IMAGE_HOSTS: optionalString,
  // WordPress previews (app/api/preview): a WordPress user allowed to edit content and one of its application
  // passwords, used only by the server to read drafts.
  WORDPRESS_PREVIEW_USER: optionalString,
  WORDPRESS_APPLICATION_PASSWORD: optionalString,
  REVALIDATE_SECRET: optionalString.pipe(
    z.string().min(16, { error: 'must be at least 16 characters (use a long random string)' }).optional(),
  ),

  // Database (lib/db)
  DATABASE_URL: optionalString.pipe(
    z
      .url({
        protocol: /^postgres(ql)?$/,
        error: 'must be a postgres:// or postgresql:// URL, e.g. postgres://user:password@host:5432/dbname',
      })
      .optional(),
  ),
  PGLITE_DIR: optionalString.pipe(
    z
      .string()
      .refine((v) => v === 'memory://' || !/^[a-z][a-z0-9+.-]*:\/\//i.test(v), {
        error: 'must be a directory path (e.g. .data/pglite) or memory://',
      })
      .optional(),
  ),

  // Forms (lib/forms): spam guard and per-client submission limit
  FORM_SECRET: optionalString.pipe(
    z.string().min(32, { error: 'must be at least 32 characters (use a long random string)' }).optional(),
  ),
  FORM_RATE_LIMIT_MAX: positiveInt(5),
  FORM_RATE_LIMIT_WINDOW_SECONDS: positiveInt(600),
  // Course admin changes per signed-in admin (lib/courses/admin.ts)
  ADMIN_RATE_LIMIT_MAX: positiveInt(120),
  ADMIN_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),

  // Email out (lib/mailing/transport): outbox only, or SMTP when SMTP_URL is set
  SMTP_URL: optionalString.pipe(
    z
      .url({
        protocol: /^smtps?$/,
        error: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.org:465',
      })
      .optional(),
  ),
  MAIL_FROM: optionalString,
  // Without SMTP_URL, each message is also written as an .eml file here ('none': the outbox table only)
  MAIL_DIR: optionalString,
  ENQUIRY_TO: optionalEmail,
  // 1: every contact-form sender gets an automatic acknowledgement in their language, through the outbox (off by
  // default: anyone can type someone else's address into a public form)
  ENQUIRY_ACKNOWLEDGEMENT: optionalString.pipe(z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional()),
  // Inbound mail (Mailgun routes, app/api/mail/inbound): the address whose plus-addresses (reply+<token>@…) staff
  // replies are sent reply-to, and Mailgun's HTTP webhook signing key; both or neither
  INBOUND_MAIL_ADDRESS: optionalEmail.pipe(
    z
      .string()
      .refine((v) => !v.includes('+'), {
        error: 'must be a plain address such as reply@mg.example.org (no +)',
      })
      .optional(),
  ),
  MAILGUN_WEBHOOK_SIGNING_KEY: optionalString.pipe(
    z.string().min(16, { error: 'must be the HTTP webhook signing key from Mailgun' }).optional(),
  ),
  OUTBOX_INTERVAL_SECONDS: positiveInt(60),
  // Encrypts the one-time links of queued account emails (lib/mailing/transport/sealed-link.ts); unset: a per-process key
  EMAIL_LINK_SECRET: optionalString.pipe(
    z.string().min(32, { error: 'must be at least 32 characters (use a long random string)' }).optional(),
  ),
  // One summary email here when outbox items fail for good (at most one an hour); unset: log lines only
  ADMIN_ALERT_EMAIL: optionalEmail,
  // Retention (lib/data-rights/retention.ts, enforced by the outbox worker; the privacy page states them): handled
  // enquiries this many months after the last contact (open ones are kept); network registrations this many months
  // after the member left (current members are kept); newsletter signups never confirmed after this many days;
  // account-email records and the mail folder's .eml copies (MAIL_DIR) after this many days
  RETENTION_SUBMISSION_MONTHS: positiveInt(24),
  RETENTION_MEMBER_MONTHS: positiveInt(12),
  RETENTION_PENDING_NEWSLETTER_DAYS: positiveInt(30),
  RETENTION_LOG_DAYS: positiveInt(7),

  // Newsletter and contact sync (lib/mailing)
  MAILING_PROVIDER: optionalString.pipe(
    z
      .enum(['mailchimp', 'brevo', 'hubspot', 'airtable'], {
        error: 'must be mailchimp, brevo, hubspot or airtable',
      })
      .optional(),
  ),
  MAILCHIMP_API_KEY: optionalString,
  MAILCHIMP_LIST_ID: optionalString,
  MAILCHIMP_API_URL: optionalUrl,
  BREVO_API_KEY: optionalString,
  BREVO_LIST_IDS: optionalString.pipe(
    z
      .string()
      .regex(/^\d+(\s*,\s*\d+)*$/, { error: 'must be a comma list of numeric list ids, e.g. 2,7' })
      .optional(),
  ),
  BREVO_API_URL: optionalUrl,
  HUBSPOT_ACCESS_TOKEN: optionalString,
  HUBSPOT_API_URL: optionalUrl,
  AIRTABLE_API_KEY: optionalString,
  AIRTABLE_BASE_ID: optionalString,
  AIRTABLE_TABLE_ID: optionalString,
  AIRTABLE_API_URL: optionalUrl,

  // Location prefill of the registration form (lib/geo): a JSON IP-geolocation endpoint; {ip} is replaced
  GEOIP_URL: optionalUrl,

  // Assistant (lib/assistant)
  OPENAI_API_KEY: optionalString,
  OPENAI_MODEL: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  ASSISTANT_MAX_CHARS: positiveInt(1200),
  ASSISTANT_RATE_LIMIT_MAX: positiveInt(30),
  ASSISTANT_RATE_LIMIT_WINDOW_SECONDS: positiveInt(300),
  // With OpenAI: messages per conversation, and the input tokens its last turn may have carried, before the
  // conversation is ended and a new one begins; and the tokens (input + output) all conversations may use per UTC
  // day before the local answerer takes over until midnight.
  ASSISTANT_MAX_TURNS: positiveInt(20),
  ASSISTANT_MAX_CONVERSATION_TOKENS: positiveInt(30_000),
  ASSISTANT_DAILY_TOKEN_BUDGET: positiveInt(2_000_000),

  // Operations (lib/log, lib/ops): log level, error reports, production start-up checks
  LOG_LEVEL: optionalString.pipe(
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be fatal, error, warn, info, debug, trace or silent',
      })
      .optional(),
  ),
  // A Sentry-compatible DSN (Sentry, GlitchTip): https://<key>@<host>/<project id>
  SENTRY_DSN: optionalUrl,
  // 1: a production start without SITE_URL or its secrets only warns (tests, trying the site locally)
  ALLOW_DEMO_PRODUCTION: optionalString.pipe(z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional()),
  // Read by `npm start` (-H); also tells the production start-up check whether the server is reachable from outside
  BIND_HOST: optionalString,
  // Several instances (read by Next itself at `next build`; validated here so a bad value fails clearly at start):
  // the key that encrypts server-action closures, base64 of 16, 24 or 32 bytes (`openssl rand -base64 32`)
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: optionalString.pipe(
    z
      .string()
      .refine(
        (v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && [16, 24, 32].includes(Buffer.from(v, 'base64').length),
        { error: 'must be base64 of 16, 24 or 32 bytes (openssl rand -base64 32)' },
      )
      .optional(),
  ),
  // The deployment id (next.config.ts `deploymentId`): letters, digits, - and _ (e.g. the git commit)
  NEXT_DEPLOYMENT_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'may contain only letters, digits, - and _' })
      .optional(),
  ),

  // Course materials (lib/storage/index.ts): where uploaded files are kept, whatever the accounts are.
  // local: a folder on this machine; s3: any S3-compatible store; supabase: the Supabase Storage bucket `documents`.
  // Unset: supabase with Supabase Auth, else local.
  MATERIALS_STORAGE: optionalString.pipe(
    z.enum(['local', 's3', 'supabase'], { error: 'must be local, s3 or supabase' }).optional(),
  ),
  // The folder for local storage, relative to the working directory
  MATERIALS_DIR: optionalString,
  // The S3-compatible endpoint (https://s3.eu-west-2.amazonaws.com, https://<account>.r2.cloudflarestorage.com, MinIO…)
  MATERIALS_S3_ENDPOINT: optionalUrl,
  MATERIALS_S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        error: 'must be an S3 bucket name (a-z, 0-9, dots, hyphens)',
      })
      .optional(),
  ),
  MATERIALS_S3_REGION: optionalString,
  MATERIALS_S3_ACCESS_KEY_ID: optionalString,
  MATERIALS_S3_SECRET_ACCESS_KEY: optionalString,
  // Key prefix inside the bucket, so it can hold other things too
  MATERIALS_S3_PREFIX: optionalString,

  // Accounts (lib/auth)
  // Supabase Auth replaces the local accounts when both are set (the project URL, e.g. https://<ref>.supabase.co)
  // Demo courses (lib/courses): seeded into PGlite on first start; into PostgreSQL only when this is 1
  COURSES_SEED: optionalString.pipe(z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional()),
  NEXT_PUBLIC_SUPABASE_URL: optionalUrl,
  // The project's publishable key (sb_publishable_…, or the legacy anon key)
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: optionalString,
  // Server only: the service-role (or sb_secret_…) key, for deleting Supabase Auth users (lib/data-rights erasure)
  SUPABASE_SERVICE_ROLE_KEY: optionalString,
  ADMIN_EMAILS: optionalString.pipe(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ error: 'must be a comma list of email addresses' })))
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

/**
 * Parses an environment record. Pure, so tests can feed it any record.
 * @throws Error whose message names every invalid variable and why.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // A blank value (`FOO=` copied from .env.example) means "not set": use the embedded default.
  const present = Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => (entry[1] ?? '').trim() !== ''),
  );
  const result = envSchema.safeParse(present);
  const lines = result.success
    ? crossChecks(result.data)
    : result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  if (!result.success || lines.length) {
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}\nSee .env.example.`);
  }
  return result.data;
}

/** Rules between variables: a storage choice needs its settings. */
function crossChecks(e: Env): string[] {
  const lines: string[] = [];
  if (e.MATERIALS_STORAGE === 's3') {
    for (const name of [
      'MATERIALS_S3_ENDPOINT',
      'MATERIALS_S3_BUCKET',
      'MATERIALS_S3_ACCESS_KEY_ID',
      'MATERIALS_S3_SECRET_ACCESS_KEY',
    ] as const) {
      if (!e[name]) lines.push(`  ${name}: must be set when MATERIALS_STORAGE is s3`);
    }
  }
  if (Boolean(e.INBOUND_MAIL_ADDRESS) !== Boolean(e.MAILGUN_WEBHOOK_SIGNING_KEY)) {
    lines.push(
      '  INBOUND_MAIL_ADDRESS: inbound mail needs both INBOUND_MAIL_ADDRESS and MAILGUN_WEBHOOK_SIGNING_KEY (or neither)',
    );
  }
  if (
    e.MATERIALS_STORAGE === 'supabase' &&
    !(e.NEXT_PUBLIC_SUPABASE_URL && e.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY)
  ) {
    lines.push(
      '  MATERIALS_STORAGE: supabase needs NEXT_PUBLIC_SUPABASE_URL and NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY (writes use the admin’s Supabase session)',
    );
  }
  return lines;
}

let cached: Env | undefined;

/** The validated environment of this process (parsed on first call, then cached). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * True while `next build` runs (Next sets NEXT_PHASE=phase-production-build in the build's workers): code that would
 * open a database, start a worker or read per-deployment state skips it, so a build needs no running services.
 * Read from `process.env` on each call (tests flip it); never throws. lib/cache/cache-handler.cjs keeps its own copy
 * of this check because next.config.ts loads it as plain CommonJS.
 */
export function isBuildPhase(): boolean {
  return process.env.NEXT_PHASE === 'phase-production-build';
}
