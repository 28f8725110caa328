import 'server-only';

import { type SQL, and, desc, eq, sql } from 'drizzle-orm';

import type { Database } from '../client';
import { type AdminAuditEntry, adminAudit } from '../schema';

/** The audit page's filters (all optional) and page. Dates are whole UK calendar days, like the inbox's. */
export interface AuditQuery {
  /** Part of the actor's email ('cli' for the command line), any case. */
  actor?: string;
  /** One action kind exactly ('role.set'), or a family with its trailing dot ('course.'). */
  action?: string;
  /** Part of the target (an email, an id), any case. */
  target?: string;
  /** 'YYYY-MM-DD', inclusive, Europe/London days. */
  from?: string;
  until?: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** One page of the trail, newest first, and how many entries match in all (for pagination). */
export interface AuditPage {
  rows: AdminAuditEntry[];
  total: number;
}

/** `%`, `_` and `\` typed by a person match themselves, not as LIKE wildcards. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the back office's audit trail (admin_audit), newest first, filtered by actor, action kind, target
 * and a range of days. @throws on a database error.
 */
export async function listAudit(db: Database, query: AuditQuery): Promise<AuditPage> {
  const where: SQL[] = [];
  if (query.actor) where.push(sql`${adminAudit.actorEmail} ilike ${contains(query.actor)}`);
  if (query.action?.endsWith('.')) where.push(sql`starts_with(${adminAudit.action}, ${query.action})`);
  else if (query.action) where.push(eq(adminAudit.action, query.action));
  if (query.target) where.push(sql`${adminAudit.target} ilike ${contains(query.target)}`);
  if (query.from)
    where.push(sql`${adminAudit.createdAt} >= (${query.from}::date::timestamp at time zone 'Europe/London')`);
  if (query.until)
    where.push(
      sql`${adminAudit.createdAt} < ((${query.until}::date + 1)::timestamp at time zone 'Europe/London')`,
    );
  const condition = where.length ? and(...where) : undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adminAudit)
    .where(condition);
  const rows = await db
    .select()
    .from(adminAudit)
    .where(condition)
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Every action kind the trail holds, alphabetically (the audit page's kind filter). @throws on a database error. */
export async function listAuditActions(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: adminAudit.action })
    .from(adminAudit)
    .orderBy(adminAudit.action);
  return rows.map((r) => r.action);
}
