import { ArrowLeft } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { AdminNotice } from '@/components/admin/admin-notice';
import { AdminPage, AdminSection } from '@/components/admin/admin-page';
import { StatusBadge } from '@/components/admin/status-badge';
import { adminTable } from '@/components/admin/styles';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { Link } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import { formatDateTime } from '@/lib/admin/format';
import { NOTE_MAX } from '@/lib/admin/inbox';
import { adminMetadata } from '@/lib/admin/metadata';
import { authKind, requireStaff } from '@/lib/auth';
import { ENQUIRY_STATUSES, findEnquiryDetail, getDb, listRoleHolders } from '@/lib/db';

import { addNoteAction, replyAction, updateEnquiryAction } from '@/lib/back-office/actions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/admin/enquiries/[id]'>): Promise<Metadata> {
  const { id } = await params;
  return adminMetadata(await localeParam(params), `/admin/enquiries/${id}`, {
    title: 'admin.enquiries.details',
  });
}

/**
 * One enquiry (issue 17 item 3), staff and admins: the message, its status and assignee (changeable), a reply by
 * email (queued through the outbox), internal notes, the history of notes and replies, and every email delivery
 * of it (the forward to the team and each reply: outbox status, attempts, last error). Unknown id → 404.
 */
export default async function EnquiryPage({
  params,
  searchParams,
}: PageProps<'/[locale]/admin/enquiries/[id]'>) {
  const locale = await localeParam(params);
  const { id } = await params;
  await requireStaff({ locale, next: `/admin/enquiries/${encodeURIComponent(id)}` });
  if (!UUID.test(id)) notFound();
  const db = await getDb();
  const [detail, holders] = await Promise.all([
    findEnquiryDetail(db, id),
    listRoleHolders(db, { supabase: authKind() === 'supabase' }),
  ]);
  if (!detail) notFound();
  const { done, error } = await searchParams;
  const t = await getTranslations({ locale, namespace: 'admin' });
  const { enquiry, notes, deliveries } = detail;
  const hidden = (
    <>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="id" value={enquiry.id} />
    </>
  );
  return (
    <AdminPage
      title={t('enquiries.details') + ': ' + enquiry.name}
      actions={
        <Link
          href="/admin/enquiries"
          className="inline-flex items-center gap-2 font-semibold text-brand underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('enquiries.back')}
        </Link>
      }
    >
      <AdminNotice done={done} error={error} />
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">{t('enquiries.sender')}</dt>
        <dd>{enquiry.name}</dd>
        <dt className="font-semibold">{t('enquiries.email')}</dt>
        <dd>
          <a href={`mailto:${enquiry.email}`} className="text-brand underline underline-offset-4">
            {enquiry.email}
          </a>
        </dd>
        <dt className="font-semibold">{t('enquiries.received')}</dt>
        <dd>{formatDateTime(enquiry.createdAt, locale)}</dd>
        <dt className="font-semibold">{t('enquiries.language')}</dt>
        <dd>{enquiry.locale}</dd>
        <dt className="font-semibold">{t('enquiries.status')}</dt>
        <dd>
          <StatusBadge status={enquiry.status} label={t(`enquiries.statuses.${enquiry.status}`)} />
        </dd>
      </dl>
      <AdminSection id="enquiry-message" title={t('enquiries.message')}>
        <blockquote className="rounded-md border border-border bg-surface p-4 break-words whitespace-pre-wrap">
          {enquiry.message}
        </blockquote>
      </AdminSection>

      <AdminSection id="enquiry-handling" title={t('enquiries.handling')}>
        <form action={updateEnquiryAction} className="flex flex-wrap items-end gap-3">
          {hidden}
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('enquiries.status')}</span>
            <Select name="status" defaultValue={enquiry.status} compact>
              {ENQUIRY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`enquiries.statuses.${s}`)}
                </option>
              ))}
            </Select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('enquiries.assignedTo')}</span>
            <Select name="assignedTo" defaultValue={enquiry.assignedTo ?? ''} compact>
              <option value="">{t('enquiries.nobody')}</option>
              {holders
                .filter((h) => h.email)
                .map((h) => (
                  <option key={h.userId} value={h.userId}>
                    {h.email}
                  </option>
                ))}
            </Select>
          </label>
          <Button type="submit" size="sm" shape="rounded">
            {t('enquiries.save')}
          </Button>
        </form>
      </AdminSection>

      <AdminSection id="enquiry-reply" title={t('enquiries.replyHeading')}>
        <form action={replyAction} className="space-y-3">
          {hidden}
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('enquiries.replyLabel')}</span>
            <Textarea
              name="body"
              required
              maxLength={NOTE_MAX}
              rows={6}
              aria-describedby="reply-help"
              compact
            />
          </label>
          <p id="reply-help" className="text-sm text-muted">
            {t('enquiries.replyHelp', { email: enquiry.email })}
          </p>
          <Button type="submit" size="sm" shape="rounded">
            {t('enquiries.replySubmit')}
          </Button>
        </form>
      </AdminSection>

      <AdminSection id="enquiry-note" title={t('enquiries.noteHeading')}>
        <form action={addNoteAction} className="space-y-3">
          {hidden}
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('enquiries.noteLabel')}</span>
            <Textarea
              name="body"
              required
              maxLength={NOTE_MAX}
              rows={3}
              aria-describedby="note-help"
              compact
            />
          </label>
          <p id="note-help" className="text-sm text-muted">
            {t('enquiries.noteHelp')}
          </p>
          <Button type="submit" size="sm" shape="rounded">
            {t('enquiries.noteSubmit')}
          </Button>
        </form>
      </AdminSection>

      <AdminSection id="enquiry-history" title={t('enquiries.historyHeading')}>
        {notes.length === 0 ? (
          <p>{t('enquiries.historyEmpty')}</p>
        ) : (
          <ol className="space-y-3">
            {notes.map((note) => (
              <li key={note.id} className="rounded-md border border-border p-3">
                <p className="text-sm text-muted">
                  {t(note.kind === 'reply' ? 'enquiries.reply' : 'enquiries.note', {
                    author: note.authorEmail,
                  })}
                  {' · '}
                  {formatDateTime(note.createdAt, locale)}
                </p>
                <p className="mt-1 break-words whitespace-pre-wrap">{note.body}</p>
              </li>
            ))}
          </ol>
        )}
      </AdminSection>

      <AdminSection id="enquiry-deliveries" title={t('enquiries.deliveriesHeading')}>
        {deliveries.length === 0 ? (
          <p>{t('enquiries.deliveriesEmpty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className={adminTable}>
              <thead>
                <tr>
                  <th scope="col">{t('enquiries.kind')}</th>
                  <th scope="col">{t('enquiries.deliveryStatus')}</th>
                  <th scope="col">{t('enquiries.attempts')}</th>
                  <th scope="col">{t('enquiries.queued')}</th>
                  <th scope="col">{t('enquiries.sentAt')}</th>
                  <th scope="col">{t('enquiries.lastError')}</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((d) => (
                  <tr key={d.id}>
                    <td>
                      {t(d.kind === 'enquiry.reply' ? 'enquiries.kinds.reply' : 'enquiries.kinds.forward')}
                    </td>
                    <td>{t(`enquiries.deliveryStatuses.${d.status}`)}</td>
                    <td>{d.attempts}</td>
                    <td className="whitespace-nowrap">{formatDateTime(d.createdAt, locale)}</td>
                    <td className="whitespace-nowrap">{d.sentAt ? formatDateTime(d.sentAt, locale) : '—'}</td>
                    <td className="break-words">{d.lastError ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </AdminSection>
    </AdminPage>
  );
}
