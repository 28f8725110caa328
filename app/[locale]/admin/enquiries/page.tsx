import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/admin/admin-page';
import { StatusBadge } from '@/components/admin/status-badge';
import { adminTable } from '@/components/admin/styles';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Link } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import { formatDateTime } from '@/lib/admin/format';
import { parseInboxQuery } from '@/lib/admin/inbox';
import { adminMetadata } from '@/lib/admin/metadata';
import { authKind, requireStaff } from '@/lib/auth';
import { ENQUIRY_STATUSES, type InboxQuery, getDb, listInbox, listRoleHolders } from '@/lib/db';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/admin/enquiries'>): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/enquiries', { title: 'admin.enquiries.title' });
}

/** The inbox address for `query` with `page` (only the filters in use). */
function inboxHref(query: InboxQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return `/admin/enquiries${search ? `?${search}` : ''}`;
}

/**
 * The staff inbox (issue 17 item 3): contact-form enquiries newest first with their status, a search and filters
 * (status, received from/to) as a plain GET form, and pagination. Staff and admins (`requireStaff`).
 */
export default async function EnquiriesPage({
  params,
  searchParams,
}: PageProps<'/[locale]/admin/enquiries'>) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/enquiries' });
  const query = parseInboxQuery(await searchParams);
  const t = await getTranslations({ locale, namespace: 'admin' });
  const db = await getDb();
  const [{ rows, total }, holders] = await Promise.all([
    listInbox(db, query),
    listRoleHolders(db, { supabase: authKind() === 'supabase' }),
  ]);
  const assignee = new Map(holders.map((h) => [h.userId, h.email ?? t('staff.noAccount')]));
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const filtered = Boolean(query.q || query.status || query.from || query.to);
  return (
    <AdminPage title={t('enquiries.title')} description={t('enquiries.description')}>
      <search>
        <form method="get" className="flex flex-wrap items-end gap-3" aria-label={t('enquiries.filters')}>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('common.search')}</span>
            <Input type="search" name="q" defaultValue={query.q ?? ''} maxLength={200} compact />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('enquiries.status')}</span>
            <Select name="status" defaultValue={query.status ?? ''} compact>
              <option value="">{t('enquiries.anyStatus')}</option>
              {ENQUIRY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`enquiries.statuses.${s}`)}
                </option>
              ))}
            </Select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('enquiries.from')}</span>
            <Input type="date" name="from" defaultValue={query.from ?? ''} compact />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('enquiries.to')}</span>
            <Input type="date" name="to" defaultValue={query.to ?? ''} compact />
          </label>
          <Button type="submit" size="sm" shape="rounded">
            {t('common.apply')}
          </Button>
          {filtered ? (
            <ButtonLink href="/admin/enquiries" variant="outline" size="sm" shape="rounded">
              {t('common.reset')}
            </ButtonLink>
          ) : null}
        </form>
      </search>
      <p role="status" className="text-sm text-muted">
        {t('enquiries.count', { count: total })}
      </p>
      {rows.length === 0 ? (
        <p>{filtered ? t('common.noResults') : t('enquiries.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className={adminTable}>
            <caption className="sr-only">{t('enquiries.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('enquiries.received')}</th>
                <th scope="col">{t('enquiries.sender')}</th>
                <th scope="col">{t('enquiries.message')}</th>
                <th scope="col">{t('enquiries.status')}</th>
                <th scope="col">{t('enquiries.assignedTo')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className={row.status === 'new' ? 'font-semibold' : undefined}>
                  <td className="whitespace-nowrap">{formatDateTime(row.createdAt, locale)}</td>
                  <td>
                    <Link
                      href={`/admin/enquiries/${row.id}`}
                      prefetch={false}
                      className="text-brand underline underline-offset-4"
                    >
                      {row.name}
                    </Link>
                    <div className="text-muted">{row.email}</div>
                  </td>
                  <td className="max-w-md">
                    <span className="line-clamp-2 break-words">{row.message}</span>
                  </td>
                  <td>
                    <StatusBadge status={row.status} label={t(`enquiries.statuses.${row.status}`)} />
                  </td>
                  <td>{row.assignedTo ? (assignee.get(row.assignedTo) ?? t('staff.noAccount')) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label={t('enquiries.pagination')} className="flex items-center justify-between gap-4">
          {query.page > 1 ? (
            <ButtonLink
              href={inboxHref(query, query.page - 1)}
              prefetch={false}
              variant="outline"
              size="sm"
              shape="rounded"
            >
              {t('common.previous')}
            </ButtonLink>
          ) : (
            <span />
          )}
          <span>{t('common.page', { page: query.page, pages })}</span>
          {query.page < pages ? (
            <ButtonLink
              href={inboxHref(query, query.page + 1)}
              prefetch={false}
              variant="outline"
              size="sm"
              shape="rounded"
            >
              {t('common.next')}
            </ButtonLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </AdminPage>
  );
}
