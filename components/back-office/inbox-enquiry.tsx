import { getTranslations } from 'next-intl/server';

import { Select } from '@/components/ui/select';
import { ScrollTable, Td } from '@/components/ui/table';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { ENQUIRY_STATUSES, NOTE_MAX, type enquiryPage, formatWhen, personHref } from '@/lib/back-office';
import { addNoteAction, replyAction, updateEnquiryAction } from '@/lib/back-office/actions';
import { getLabels } from '@/lib/back-office/labels';

import { AdminSection } from './admin-page';
import { DraftField } from './draft-field';
import { StaffForm, StaffSubmit } from './staff-form';
import { StatusBadge } from './status-badge';

type Detail = NonNullable<Awaited<ReturnType<typeof enquiryPage>>>;

/** One enquiry's facts (sender, email, received, language, status) and its message. */
export async function EnquiryFacts({ locale, detail }: { locale: Locale; detail: Detail }) {
  const [t, ti, label] = await Promise.all([
    getTranslations({ locale, namespace: 'admin' }),
    getTranslations({ locale, namespace: 'Inbox' }),
    getLabels(locale),
  ]);
  const { enquiry } = detail;
  return (
    <>
      <dl className="grid gap-x-6 gap-y-2 [overflow-wrap:anywhere] sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="font-semibold">{t('enquiries.sender')}</dt>
        <dd>{enquiry.name}</dd>
        <dt className="font-semibold">{t('enquiries.email')}</dt>
        <dd>
          <a href={`mailto:${enquiry.email}`} className="text-brand underline underline-offset-4">
            {enquiry.email}
          </a>
        </dd>
        <dt className="font-semibold">{ti('enquiry.person')}</dt>
        <dd>
          <Link
            href={personHref('enquiry', enquiry.id)}
            prefetch={false}
            className="text-brand underline underline-offset-4"
          >
            {ti('list.personOf', { name: enquiry.name })}
          </Link>
        </dd>
        <dt className="font-semibold">{t('enquiries.received')}</dt>
        <dd>{formatWhen(enquiry.createdAt, locale)}</dd>
        <dt className="font-semibold">{t('enquiries.language')}</dt>
        <dd>{label('locale', enquiry.locale)}</dd>
        <dt className="font-semibold">{t('enquiries.status')}</dt>
        <dd>
          <StatusBadge status={enquiry.status} label={t(`enquiries.statuses.${enquiry.status}`)} />
        </dd>
      </dl>
      <AdminSection id="enquiry-message" title={t('enquiries.message')}>
        <blockquote className="rounded-md border border-border bg-surface p-4 [overflow-wrap:anywhere] whitespace-pre-wrap">
          {enquiry.message}
        </blockquote>
      </AdminSection>
    </>
  );
}

/** The enquiry's forms: status and assignee, a reply by email, an internal note. */
export async function EnquiryForms({
  locale,
  detail,
  notice,
}: {
  locale: Locale;
  detail: Detail;
  /** The page's `?done=` notice: the form it confirms has its draft deleted. */
  notice: string | null;
}) {
  const [t, ti] = await Promise.all([
    getTranslations({ locale, namespace: 'admin' }),
    getTranslations({ locale, namespace: 'Inbox' }),
  ]);
  const { enquiry, holders, replyFrame, inbound } = detail;
  const fields = { id: enquiry.id };
  const saved = { reply: notice === 'replyQueued', note: notice === 'noteAdded' };
  return (
    <>
      <AdminSection id="enquiry-handling" title={t('enquiries.handling')}>
        <StaffForm
          action={updateEnquiryAction}
          locale={locale}
          fields={fields}
          className="flex max-w-full flex-wrap items-end gap-3"
        >
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
          <label className="flex max-w-full min-w-0 flex-col gap-1">
            <span className="font-medium">{t('enquiries.assignedTo')}</span>
            {/* A select is as wide as its longest option (a long staff address): never wider than the row. */}
            <Select name="assignedTo" defaultValue={enquiry.assignedTo ?? ''} compact className="max-w-full">
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
          <StaffSubmit>{t('enquiries.save')}</StaffSubmit>
        </StaffForm>
      </AdminSection>
      {(['reply', 'note'] as const).map((kind) => (
        <AdminSection key={kind} id={`enquiry-${kind}`} title={t(`enquiries.${kind}Heading`)}>
          <StaffForm
            action={kind === 'reply' ? replyAction : addNoteAction}
            locale={locale}
            fields={fields}
            className="space-y-3"
          >
            {kind === 'reply' ? (
              <p id="reply-frame" className="text-sm [overflow-wrap:anywhere] text-muted">
                {ti('enquiry.replyFrame', replyFrame)}
              </p>
            ) : null}
            <div className="flex flex-col gap-1">
              <label htmlFor={`enquiry-${kind}-body`} className="font-medium">
                {t(`enquiries.${kind}Label`)}
              </label>
              <DraftField
                id={`enquiry-${kind}-body`}
                form={kind}
                recordId={enquiry.id}
                saved={saved[kind]}
                restoredText={ti('enquiry.draftRestored')}
                name="body"
                required
                maxLength={NOTE_MAX}
                rows={kind === 'reply' ? 6 : 3}
                aria-describedby={kind === 'reply' ? 'reply-frame reply-help' : 'note-help'}
                compact
              />
            </div>
            <p id={`${kind}-help`} className="text-sm text-muted">
              {kind === 'note'
                ? t('enquiries.noteHelp')
                : inbound
                  ? ti('enquiry.replyHelpInbound', { email: enquiry.email })
                  : t('enquiries.replyHelp', { email: enquiry.email })}
            </p>
            <StaffSubmit>{t(`enquiries.${kind}Submit`)}</StaffSubmit>
          </StaffForm>
        </AdminSection>
      ))}
    </>
  );
}

/** The enquiry's notes and replies, then every email delivery of it (the forward and each reply). */
export async function EnquiryHistory({ locale, detail }: { locale: Locale; detail: Detail }) {
  const [t, ti, label] = await Promise.all([
    getTranslations({ locale, namespace: 'admin' }),
    getTranslations({ locale, namespace: 'Inbox' }),
    getLabels(locale),
  ]);
  const { notes, deliveries } = detail;
  return (
    <>
      <AdminSection id="enquiry-history" title={t('enquiries.historyHeading')}>
        {notes.length === 0 ? (
          <p>{t('enquiries.historyEmpty')}</p>
        ) : (
          <ol className="space-y-3">
            {notes.map((note) => (
              <li key={note.id} className="rounded-md border border-border p-3">
                <p className="text-sm [overflow-wrap:anywhere] text-muted">
                  {note.kind === 'inbound'
                    ? ti('enquiry.inbound', { author: note.authorEmail })
                    : t(note.kind === 'reply' ? 'enquiries.reply' : 'enquiries.note', {
                        author: note.authorEmail,
                      })}
                  {' · '}
                  {formatWhen(note.createdAt, locale)}
                </p>
                <p className="mt-1 [overflow-wrap:anywhere] whitespace-pre-wrap">{note.body}</p>
              </li>
            ))}
          </ol>
        )}
      </AdminSection>
      <AdminSection id="enquiry-deliveries" title={t('enquiries.deliveriesHeading')}>
        {deliveries.length === 0 ? (
          <p>{t('enquiries.deliveriesEmpty')}</p>
        ) : (
          <ScrollTable
            caption={t('enquiries.deliveriesHeading')}
            columns={[
              t('enquiries.kind'),
              t('enquiries.deliveryStatus'),
              t('enquiries.attempts'),
              t('enquiries.queued'),
              t('enquiries.sentAt'),
              t('enquiries.lastError'),
            ]}
          >
            {deliveries.map((d) => (
              <tr key={d.id}>
                <Td>{label('outboxKind', d.kind)}</Td>
                <Td>{t(`enquiries.deliveryStatuses.${d.status}`)}</Td>
                <Td>{d.attempts}</Td>
                <Td>{formatWhen(d.createdAt, locale)}</Td>
                <Td>{formatWhen(d.sentAt, locale)}</Td>
                <Td>{d.lastError ?? '—'}</Td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </AdminSection>
    </>
  );
}
