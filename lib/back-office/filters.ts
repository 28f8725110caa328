import { z } from 'zod';

import type { InboxQuery } from '@/lib/db';

import {
  ENQUIRY_STATUSES,
  EXPERIENCE_LEVELS,
  INBOX_PAGE_SIZE,
  LOG_KINDS,
  SELECTION_MAX,
  SUBSCRIBER_STATUSES,
  VOLUNTEER_STATUSES,
} from './shared';

/**
 * The lists' GET filters (a query string a person may have edited by hand): lenient parsers for the pages, which
 * drop a malformed value rather than refuse (the list must still render), and the strict schemas the CSV routes
 * answer 422 with. Read-only input: nothing is written from it (eslint.config.mjs NOT_REQUEST_INPUT).
 */

/** An empty query value means "any": filters come from a GET form whose blank choice sends `country=`. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** Text typed in a list's search box (longer text is refused rather than cut). */
const listSearch = optional(z.string().trim().max(200));
/** A list's page number, from 1. */
const pageNumber = optional(z.coerce.number().int().min(1).max(10_000));

/** The network list's filters, from the page's query string or the export's. */
export const volunteerFilterSchema = z.object({
  q: listSearch,
  country: optional(z.string().trim().max(100)),
  interest: optional(z.string().trim().max(100)),
  experience: optional(z.enum(EXPERIENCE_LEVELS)),
  status: optional(z.enum(VOLUNTEER_STATUSES)),
  page: pageNumber,
});
export type VolunteerFilterInput = z.infer<typeof volunteerFilterSchema>;

/** Parses the network filters; anything invalid is dropped rather than refused. */
export function parseVolunteerFilter(raw: Record<string, string | undefined>): VolunteerFilterInput {
  const parsed = volunteerFilterSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/** The newsletter list's status filter. */
export const subscriberFilterSchema = z.object({
  q: listSearch,
  status: optional(z.enum(SUBSCRIBER_STATUSES)),
  page: pageNumber,
});
export type SubscriberFilterInput = z.infer<typeof subscriberFilterSchema>;

/** Parses the newsletter list's status filter (anything invalid means all). */
export function parseSubscriberFilter(raw: Record<string, string | undefined>): SubscriberFilterInput {
  const parsed = subscriberFilterSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/** The Deliveries page's filters: one section (waiting / given up), one kind, text. */
export const deliveryFilterSchema = z.object({
  status: optional(z.enum(['pending', 'failed'])),
  kind: optional(
    z
      .string()
      .trim()
      .max(100)
      .regex(/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/),
  ),
  q: listSearch,
});
export type DeliveryFilterInput = z.infer<typeof deliveryFilterSchema>;

/** Parses the Deliveries page's filters (anything invalid means all). */
export function parseDeliveryFilter(raw: Record<string, string | undefined>): DeliveryFilterInput {
  const parsed = deliveryFilterSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/**
 * What an export adds to its list's filters: the admin's `locale` (headers and labels), and a selection (`ids`,
 * the ticked rows, sent by the list's bulk form with `selection=1`; the other filters then do not apply).
 */
const exportExtras = {
  locale: optional(z.string().max(10)),
  selection: optional(z.literal('1')),
  ids: optional(z.array(z.uuid()).max(SELECTION_MAX)),
};

/** The network export's query (`exportQuery` of the URL): the list's filters, or a selection. */
export const volunteerExportSchema = volunteerFilterSchema.extend(exportExtras);
export type VolunteerExportInput = z.infer<typeof volunteerExportSchema>;

/** The newsletter export's query: the list's filters, or a selection. */
export const subscriberExportSchema = subscriberFilterSchema.extend(exportExtras);
export type SubscriberExportInput = z.infer<typeof subscriberExportSchema>;

/** An export URL's query as a record for the schemas above: first values, and every `ids` as a list. */
export function exportQuery(params: URLSearchParams): Record<string, string | string[] | undefined> {
  const ids = params.getAll('ids');
  return { ...Object.fromEntries(params.entries()), ids: ids.length ? ids : undefined };
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(v)));
/** `v` if it is one string, else undefined (a query string may repeat a parameter). */
const single = (v: unknown) => (Array.isArray(v) ? undefined : v);

/** A search box's text: trimmed, at most 200 characters, undefined when empty or malformed. */
function queryText(value: unknown): string | undefined {
  return (
    z
      .string()
      .trim()
      .max(200)
      .catch('')
      .parse(single(value) ?? '') || undefined
  );
}

/** A 'YYYY-MM-DD' day, or undefined for anything else. */
function queryDay(value: unknown): string | undefined {
  return day
    .optional()
    .catch(undefined)
    .parse(single(value) || undefined);
}

/** A page number from 1 (at most 10,000); 1 for anything else. */
function queryPage(value: unknown): number {
  return z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .catch(1)
    .parse(single(value) ?? 1);
}

/** One of `values`, or undefined for anything else (a blank choice, a hand-edited value, a repeated parameter). */
function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
  value: unknown,
): T[number] | undefined {
  return z
    .enum(values)
    .optional()
    .catch(undefined)
    .parse(single(value) || undefined);
}

/** The inbox's query string (search, status, from, to, page) as InboxQuery; a malformed value is dropped. */
export function parseInboxQuery(raw: Record<string, unknown>): InboxQuery {
  return {
    q: queryText(raw.q),
    status: oneOf(ENQUIRY_STATUSES, raw.status),
    from: queryDay(raw.from),
    to: queryDay(raw.to),
    page: queryPage(raw.page),
    pageSize: INBOX_PAGE_SIZE,
  };
}

/** The logs page's filter: a text any field of an entry contains, and which log to show (all when unset). */
export type LogsFilter = { q?: string; log?: (typeof LOG_KINDS)[number] };

/** Parses the logs page's `q` (up to 200 characters) and `log`; a malformed value is dropped. */
export function parseLogsFilter(raw: Record<string, unknown>): LogsFilter {
  return { q: queryText(raw.q), log: oneOf(LOG_KINDS, raw.log) };
}

/** The audit trail's filter (lib/back-office/audit.ts): who, what, to whom or what, a range of UK days, the page. */
export type AuditFilter = {
  actor?: string;
  action?: string;
  target?: string;
  from?: string;
  until?: string;
  page: number;
};

/** Part of an email or id typed into an audit or staff search box: trimmed, at most 200 characters, or undefined. */
function auditText(value: unknown): string | undefined {
  return (
    z
      .string()
      .trim()
      .max(200)
      .catch('')
      .parse(single(value) ?? '') || undefined
  );
}

/**
 * Parses the audit page's query string: `actor` and `target` (parts of an email or id, up to 200 characters),
 * `action` (a kind such as 'role.set', or an area's family with its dot, 'course.'), `from` / `until`
 * ('YYYY-MM-DD') and `page`; a malformed value is dropped.
 */
export function parseAuditQuery(raw: Record<string, unknown>): AuditFilter {
  const action = z
    .string()
    .max(100)
    .regex(/^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*\.?$/)
    .optional()
    .catch(undefined)
    .parse(single(raw.action) || undefined);
  return {
    actor: auditText(raw.actor),
    action,
    target: auditText(raw.target),
    from: queryDay(raw.from),
    until: queryDay(raw.until),
    page: queryPage(raw.page),
  };
}

/** Parses the staff page's search (`q`: part of an email, up to 200 characters); anything else means none. */
export function parseStaffSearch(raw: Record<string, unknown>): string | undefined {
  return auditText(raw.q);
}
