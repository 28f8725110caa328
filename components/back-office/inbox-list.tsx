import { getTranslations } from 'next-intl/server';

import { ButtonLink } from '@/components/ui/button-link';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ScrollTable, Td } from '@/components/ui/table';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import {
  ENQUIRY_STATUSES,
  type InboxQuery,
  filterQuery,
  formatWhen,
  type inboxPage,
} from '@/lib/back-office';

import { StatusBadge } from './status-badge';

type Inbox = Awaited<ReturnType<typeof inboxPage>>;

/** The inbox address for `query` with `page` (only the filters in use). */
function inboxHref(query: InboxQuery, page: number): string {
  const search = filterQuery({
    q: query.q,
    status: query.status,
    from: query.from,
    to: query.to,
    page: page > 1 ? page : undefined,
  });
  return `/admin/enquiries${search ? `?${search}` : ''}`;
}

/** The inbox's search and filters (status, received from/to) as a plain GET form. */
export async function InboxFilters({ locale, query }: { locale: Locale; query: InboxQuery }) {
  const t = await getTranslations({ locale, namespace: 'admin' });
  const filtered = Boolean(query.q || query.status || query.from || query.to);
  return (
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
  );
}

/** The inbox's rows (newest first), a count spoken as a status, and the pages. */
export async function InboxTable({
  locale,
  query,
  inbox,
}: {
  locale: Locale;
  query: InboxQuery;
  inbox: Inbox;
}) {
  const t = await getTranslations({ locale, namespace: 'admin' });
  const filtered = Boolean(query.q || query.status || query.from || query.to);
  const assignee = (id: string | null) => (id ? (inbox.assignees.get(id) ?? t('staff.noAccount')) : '—');
  return (
    <>
      <p role="status" className="text-sm text-muted">
        {t('enquiries.count', { count: inbox.total })}
      </p>
      {inbox.rows.length === 0 ? (
        <p>{filtered ? t('common.noResults') : t('enquiries.empty')}</p>
      ) : (
        <ScrollTable
          caption={t('enquiries.title')}
          columns={[
            t('enquiries.received'),
            t('enquiries.sender'),
            t('enquiries.message'),
            t('enquiries.status'),
            t('enquiries.assignedTo'),
          ]}
        >
          {inbox.rows.map((row) => (
            <tr key={row.id} className={row.status === 'new' ? 'font-semibold' : undefined}>
              <Td>{formatWhen(row.createdAt, locale)}</Td>
              <Td>
                <Link
                  href={`/admin/enquiries/${row.id}`}
                  prefetch={false}
                  className="text-brand underline underline-offset-4"
                >
                  {row.name}
                </Link>
                <div className="text-muted">{row.email}</div>
              </Td>
              <Td className="max-w-md">
                <span className="line-clamp-2">{row.message}</span>
              </Td>
              <Td>
                <StatusBadge status={row.status} label={t(`enquiries.statuses.${row.status}`)} />
              </Td>
              <Td>{assignee(row.assignedTo)}</Td>
            </tr>
          ))}
        </ScrollTable>
      )}
      {inbox.pages > 1 ? (
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
          <span>{t('common.page', { page: query.page, pages: inbox.pages })}</span>
          {query.page < inbox.pages ? (
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
    </>
  );
}
