import { getTranslations } from 'next-intl/server';

import { ButtonLink } from '@/components/ui/button-link';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ScrollTable, Td } from '@/components/ui/table';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import {
  BULK_CHANGES,
  ENQUIRY_STATUSES,
  INBOX_QUERY_MAX,
  type ParsedInboxQuery,
  formatWhen,
  type inboxPage,
  inboxSearch,
  personHref,
} from '@/lib/back-office';
import { bulkEnquiriesAction } from '@/lib/back-office/actions';

import { StaffForm, StaffSubmit } from './staff-form';
import { StatusBadge } from './status-badge';

type Inbox = Awaited<ReturnType<typeof inboxPage>>;

/** The form that the rows' checkboxes belong to (they sit in the table, the form's fields below it). */
const BULK_FORM = 'inbox-bulk';
const BULK_LABEL_KEYS = {
  in_progress: 'inProgress',
  answered: 'answered',
  closed: 'closed',
  assign: 'assign',
  unassign: 'unassign',
} as const;

/** The inbox address of the parsed filters on `page`. */
function inboxHref(parsed: ParsedInboxQuery, page: number): string {
  const search = inboxSearch(parsed.values, page);
  return `/admin/enquiries${search ? `?${search}` : ''}`;
}

/**
 * The inbox's search and filters (text, status, received from/until, assigned to, unread only) as a plain GET form,
 * the notice naming any filter that was not understood (D20), and the link that downloads every matching enquiry.
 */
export async function InboxFilters({
  locale,
  parsed,
  members,
}: {
  locale: Locale;
  parsed: ParsedInboxQuery;
  members: Inbox['members'];
}) {
  const [t, ti] = await Promise.all([
    getTranslations({ locale, namespace: 'admin' }),
    getTranslations({ locale, namespace: 'Inbox' }),
  ]);
  const { values } = parsed;
  const filtered = Object.values(values).some(Boolean);
  const exportSearch = new URLSearchParams(inboxSearch(values));
  exportSearch.set('locale', locale);
  return (
    <>
      {parsed.ignored.some((f) => f !== 'q' || !parsed.tooLong) ? (
        <p role="alert" className="border-warning rounded-lg border px-4 py-3">
          {ti('notices.ignored', {
            fields: parsed.ignored
              .filter((f) => f !== 'q' || !parsed.tooLong)
              .map((f) => ti(`fields.${f}`))
              .join(', '),
          })}
        </p>
      ) : null}
      {parsed.tooLong ? (
        <p role="alert" className="border-warning rounded-lg border px-4 py-3">
          {ti('notices.tooLong', { max: INBOX_QUERY_MAX })}
        </p>
      ) : null}
      <search>
        <form method="get" className="flex flex-wrap items-end gap-3" aria-label={t('enquiries.filters')}>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('common.search')}</span>
            <Input type="search" name="q" defaultValue={values.q} maxLength={INBOX_QUERY_MAX} compact />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('enquiries.status')}</span>
            <Select name="status" defaultValue={values.status} compact>
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
            <Input type="date" name="from" defaultValue={values.from} compact />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('enquiries.to')}</span>
            <Input type="date" name="to" defaultValue={values.to} compact />
          </label>
          <label className="flex min-w-0 flex-col gap-1">
            <span className="font-medium">{ti('filters.assignee')}</span>
            <Select name="assignee" defaultValue={values.assignee} compact>
              <option value="">{ti('filters.anyone')}</option>
              <option value="me">{ti('filters.me')}</option>
              <option value="none">{ti('filters.nobody')}</option>
              {members
                .filter((m) => m.email)
                .map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.email}
                  </option>
                ))}
            </Select>
          </label>
          <label className="flex items-center gap-2 self-center">
            <input type="checkbox" name="unread" value="1" defaultChecked={values.unread === '1'} />
            <span>{ti('filters.unread')}</span>
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
      <p>
        <a
          href={`/api/admin/enquiries/export?${exportSearch.toString()}`}
          className="font-semibold text-brand underline underline-offset-4"
        >
          {ti('list.exportAll')}
        </a>
      </p>
    </>
  );
}

/**
 * The inbox's rows (newest first; unread ones in bold), each with a checkbox for the bulk form, a link to the
 * enquiry and one to the person's record; a count spoken as a status; the pages; then the bulk form (StaffForm:
 * one change for every ticked enquiry, or download them as CSV).
 */
export async function InboxTable({
  locale,
  parsed,
  inbox,
}: {
  locale: Locale;
  parsed: ParsedInboxQuery;
  inbox: Inbox;
}) {
  const [t, ti] = await Promise.all([
    getTranslations({ locale, namespace: 'admin' }),
    getTranslations({ locale, namespace: 'Inbox' }),
  ]);
  const { query } = parsed;
  const filtered = Object.values(parsed.values).some(Boolean);
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
            ti('list.select'),
            t('enquiries.received'),
            t('enquiries.sender'),
            t('enquiries.message'),
            t('enquiries.status'),
            t('enquiries.assignedTo'),
          ]}
        >
          {inbox.rows.map((row) => (
            <tr key={row.id} className={row.readAt ? undefined : 'font-semibold'}>
              <Td>
                <input
                  type="checkbox"
                  name="ids"
                  value={row.id}
                  form={BULK_FORM}
                  aria-label={ti('list.selectRow', { name: row.name })}
                  className="size-5"
                />
              </Td>
              <Td>
                {formatWhen(row.createdAt, locale)}
                {row.readAt ? null : <span className="block text-sm text-brand">{ti('list.unread')}</span>}
              </Td>
              <Td>
                <Link
                  href={`/admin/enquiries/${row.id}`}
                  prefetch={false}
                  className="text-brand underline underline-offset-4"
                >
                  {row.name}
                </Link>
                <div className="text-muted">{row.email}</div>
                <Link
                  href={personHref('enquiry', row.id)}
                  prefetch={false}
                  aria-label={ti('list.personOf', { name: row.name })}
                  className="text-sm font-normal text-brand underline underline-offset-4"
                >
                  {ti('list.person')}
                </Link>
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
              href={inboxHref(parsed, query.page - 1)}
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
              href={inboxHref(parsed, query.page + 1)}
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
      {inbox.rows.length ? (
        <section aria-labelledby="inbox-bulk-heading" className="space-y-3">
          <h2 id="inbox-bulk-heading" className="text-lg font-semibold">
            {ti('bulk.heading')}
          </h2>
          <p id="inbox-bulk-help" className="text-sm text-muted">
            {ti('bulk.help')}
          </p>
          <StaffForm
            id={BULK_FORM}
            action={bulkEnquiriesAction}
            locale={locale}
            fields={{ return: inboxSearch(parsed.values, query.page) }}
            className="flex flex-wrap items-end gap-3"
            aria-label={ti('bulk.heading')}
          >
            <label className="flex flex-col gap-1">
              <span className="font-medium">{ti('bulk.change')}</span>
              <Select name="change" defaultValue="answered" aria-describedby="inbox-bulk-help" compact>
                {BULK_CHANGES.map((c) => (
                  <option key={c} value={c}>
                    {ti(`bulk.${BULK_LABEL_KEYS[c]}`)}
                  </option>
                ))}
              </Select>
            </label>
            <label className="flex min-w-0 flex-col gap-1">
              <span className="font-medium">{ti('bulk.assignee')}</span>
              <Select name="assignedTo" defaultValue="" compact>
                <option value="">—</option>
                {inbox.members
                  .filter((m) => m.email)
                  .map((m) => (
                    <option key={m.userId} value={m.userId}>
                      {m.email}
                    </option>
                  ))}
              </Select>
            </label>
            <StaffSubmit>{ti('bulk.apply')}</StaffSubmit>
            <Button
              type="submit"
              variant="outline"
              size="sm"
              shape="rounded"
              formAction="/api/admin/enquiries/export"
              formMethod="post"
              formEncType="application/x-www-form-urlencoded"
            >
              {ti('bulk.exportSelected')}
            </Button>
          </StaffForm>
        </section>
      ) : null}
    </>
  );
}
