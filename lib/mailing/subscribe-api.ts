import 'server-only';

import { readBodyCapped } from '@/lib/http/body';

import { z } from 'zod';

import { routing } from '@/i18n/routing';
import { type Database, getDb } from '@/lib/db';

import {
  DEFAULT_NEWSLETTER_TAGS,
  NEWSLETTER_MERGE_FIELD_ALLOW_LIST,
  NEWSLETTER_TAG_ALLOW_LIST,
} from './contacts';
import { type FlowOptions, subscribeNewsletter } from './newsletter';

/** Largest accepted request body (bytes); the largest valid body is about 6 KB. */
export const MAX_SUBSCRIBE_BODY_BYTES = 16 * 1024;

const allowed = (list: readonly string[]) => list.join(', ');

/**
 * Body of POST /api/mailchimp/subscribe (docs/SPEC-NOTES.md §7 proxy route). Unknown keys are dropped. `tags` and `mergeFields`
 * only from the allow-lists in lib/mailing/contacts.ts (an anonymous caller must not label people "donor" or
 * "staff" in the CRM); anything else is refused with a message naming what is allowed.
 */
export const subscribeBodySchema = z.object({
  email: z.string().trim().min(1).max(254).pipe(z.email()),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(50)
        .refine((tag) => NEWSLETTER_TAG_ALLOW_LIST.includes(tag), {
          error: (issue) =>
            `unknown tag ${JSON.stringify(issue.input)}; allowed tags: ${allowed(NEWSLETTER_TAG_ALLOW_LIST)}`,
        }),
    )
    .max(20)
    .optional()
    .transform((tags) => (tags ? [...new Set(tags)] : [...DEFAULT_NEWSLETTER_TAGS])),
  mergeFields: z
    .record(
      z.string().refine((name) => NEWSLETTER_MERGE_FIELD_ALLOW_LIST.includes(name), {
        error: (issue) =>
          `unknown merge field ${JSON.stringify(String(issue.input).slice(0, 50))}; allowed merge fields: ${allowed(NEWSLETTER_MERGE_FIELD_ALLOW_LIST)}`,
      }),
      z.string().max(200),
    )
    .optional(),
  /** Locale of the page that posted (kept on the subscriber); default the site's default locale. */
  locale: z.enum(routing.locales).optional(),
});

export type SubscribeBody = z.output<typeof subscribeBodySchema>;

type ErrorCode =
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'invalid_json'
  | 'invalid_body'
  | 'rate_limited'
  | 'server_error';

const NO_STORE = { 'cache-control': 'no-store' };

function fail(status: number, error: ErrorCode, extra: Record<string, unknown> = {}): Response {
  return Response.json({ success: false, error, ...extra }, { status, headers: NO_STORE });
}

/** The body of the 429 the route answers over the limit (FORM_RATE_LIMIT_* per client), with Retry-After. */
export const SUBSCRIBE_RATE_LIMITED = { success: false, error: 'rate_limited' } as const;

export interface SubscribeDeps extends FlowOptions {
  /** Default `getDb()`. */
  db?: Database;
}

/**
 * POST /api/mailchimp/subscribe, after the route wrapper counted the client against the form rate limit
 * (app/api/mailchimp/subscribe/route.ts: `SUBSCRIBE_RATE_LIMITED` with Retry-After), requires a JSON body of at most 16 KB matching
 * `subscribeBodySchema`, then saves the signup as pending and mails the confirmation link (`subscribeNewsletter`,
 * source 'api'; the provider sync follows the person's confirmation). The answer is the same for a new, pending,
 * active or unsubscribed address, so it tells nothing about who is subscribed.
 * @returns 200 {success:true}; 400 {success:false, error:'invalid_json'|'invalid_body', fields?, messages?}
 * (`messages` says which tag or merge field is not allowed); 413
 * 'payload_too_large'; 415 'unsupported_media_type' (JSON only, which also keeps other sites' plain form posts
 * out); 500 'server_error' when the database fails. Never a stack trace.
 */
export async function handleSubscribeRequest(request: Request, deps: SubscribeDeps = {}): Promise<Response> {
  try {
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > MAX_SUBSCRIBE_BODY_BYTES) return fail(413, 'payload_too_large');
    const type = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) return fail(415, 'unsupported_media_type');
    const text = await readBodyCapped(request.body, MAX_SUBSCRIBE_BODY_BYTES);
    if (text === null) return fail(413, 'payload_too_large');

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return fail(400, 'invalid_json');
    }
    const parsed = subscribeBodySchema.safeParse(json);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'body')))];
      // A refused record key comes wrapped in an 'invalid_key' issue with the refinement's own issues inside.
      const messages = parsed.error.issues
        .flatMap((issue) => ('issues' in issue && Array.isArray(issue.issues) ? issue.issues : [issue]))
        .map((issue: { message: string }) => issue.message)
        .filter((message) => message.startsWith('unknown '));
      return fail(400, 'invalid_body', { fields, ...(messages.length ? { messages } : {}) });
    }

    const body = parsed.data;
    const db = deps.db ?? (await getDb());
    await subscribeNewsletter(
      db,
      {
        email: body.email,
        source: 'api',
        locale: body.locale ?? routing.defaultLocale,
        firstName: body.firstName || undefined,
        lastName: body.lastName || undefined,
        tags: body.tags,
        mergeFields: body.mergeFields,
      },
      deps,
    );
    return Response.json({ success: true }, { headers: NO_STORE });
  } catch (error) {
    console.error('[mailing] POST /api/mailchimp/subscribe failed', error);
    return fail(500, 'server_error');
  }
}
