import 'server-only';

import { type AdminAuditEntry, type AuditQuery, getDb, listAudit, listAuditActions } from '@/lib/db';

import { isUuid, personHref } from './shared';

/**
 * The audit trail for /admin/audit (back-office review D8): admin_audit read back, newest first, filtered, a page at
 * a time, each entry with where its target can be opened. Every staff and admin write leaves an entry in its own
 * transaction (lib/back-office/op.ts `audit`, lib/db recordAudit); this module only reads them. Re-exported by
 * lib/back-office/index.ts.
 */

/** Entries per page of the audit trail. */
export const AUDIT_PAGE_SIZE = 50;

/** One entry as the page shows it: the row, the address of its target (or null) and a role change if it is one. */
export type AuditRow = AdminAuditEntry & {
  /** The person page or the record the entry concerns, when it has one. */
  href: string | null;
  /** For 'role.set': the role before and after (null: none). */
  roleChange: { before: string | null; after: string | null } | null;
  /** For a status change ('enquiry.update', 'network.status'): the status before (if known) and after. */
  statusChange: { before: string | null; after: string } | null;
};

const ROLES = new Set(['admin', 'staff']);
const roleOrNull = (v: unknown) => (typeof v === 'string' && ROLES.has(v) ? v : null);

/**
 * Where an entry's target opens: the person page of the account of a role change (`detail.userId`), of a member
 * (network.*) or a subscriber (newsletter.*); the enquiry's page (enquiry.*); the course's manage page (course.*);
 * the deliveries list (outbox.*). Null for entries about nobody in particular (exports, erasures, retention) or a
 * target that is not an id. Pure.
 */
export function auditTargetHref(entry: Pick<AdminAuditEntry, 'action' | 'target' | 'detail'>): string | null {
  const userId = entry.detail?.userId;
  if (entry.action === 'role.set') return isUuid(userId) ? personHref('user', userId) : null;
  if (!isUuid(entry.target)) return null;
  const target = entry.target;
  switch (entry.action.split('.')[0]) {
    case 'enquiry':
      return `/admin/enquiries/${target}`;
    case 'network':
      return personHref('member', target);
    case 'newsletter':
      return personHref('subscriber', target);
    case 'course':
      return `/courses/manage/${target}`;
    case 'outbox':
      return '/admin/outbox';
    default:
      return null;
  }
}

/** The entry as the page shows it (auditTargetHref, the role or status change read from `detail`). Pure. */
export function auditRow(entry: AdminAuditEntry): AuditRow {
  const detail = entry.detail ?? {};
  const roleChange =
    entry.action === 'role.set'
      ? { before: roleOrNull(detail.before), after: roleOrNull(detail.after) }
      : null;
  let statusChange: AuditRow['statusChange'] = null;
  const status = detail.status;
  if (Array.isArray(status) && typeof status[1] === 'string')
    statusChange = { before: typeof status[0] === 'string' ? status[0] : null, after: status[1] };
  else if (typeof status === 'string') statusChange = { before: null, after: status };
  return { ...entry, href: auditTargetHref(entry), roleChange, statusChange };
}

/**
 * One page of the trail for `query` (lib/back-office/filters.ts parseAuditQuery), the total and the number of pages,
 * and every action kind the trail holds (the filter's choices). @throws on a database error.
 */
export async function auditPage(query: Omit<AuditQuery, 'pageSize'>) {
  const db = await getDb();
  const [{ rows, total }, actions] = await Promise.all([
    listAudit(db, { ...query, pageSize: AUDIT_PAGE_SIZE }),
    listAuditActions(db),
  ]);
  return {
    rows: rows.map(auditRow),
    total,
    pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    actions,
  };
}
