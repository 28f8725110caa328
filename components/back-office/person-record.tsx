import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { AdminSection } from '@/components/back-office/admin-page';
import { StatusBadge } from '@/components/back-office/status-badge';
import { ScrollTable, Td } from '@/components/ui/table';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { getLabels } from '@/lib/back-office/labels';
import { formatWhen } from '@/lib/back-office/shared';
import type { PersonRecord } from '@/lib/data-rights/person-record';

/**
 * One person's record (`/admin/people/[ref]`, review §3 item 1): their enquiries (status, link to each), network
 * registration, newsletter subscription, account and courses, consents and the emails and syncs about them, each a
 * titled section with a table that scrolls inside itself. Codes are labelled in the page's language
 * (lib/back-office/labels.ts), times in UK time. Admins also get the link to the data-rights page (export,
 * erasure). Server component.
 */
export async function PersonRecordView({
  record,
  locale,
  isAdmin,
}: {
  record: PersonRecord;
  locale: Locale;
  isAdmin: boolean;
}) {
  const [t, label] = await Promise.all([getTranslations({ locale, namespace: 'People' }), getLabels(locale)]);
  const when = (value: Date | null) => formatWhen(value, locale);
  const none = <p className="text-muted">{t('none')}</p>;
  const table = (caption: string, columns: string[], rows: ReactNode[]) =>
    rows.length ? (
      <ScrollTable caption={caption} columns={columns}>
        {rows}
      </ScrollTable>
    ) : (
      none
    );
  const consentKey = {
    newsletter: 'consentNewsletter',
    'newsletter-withdrawn': 'consentNewsletterWithdrawn',
    'account-confirmed': 'consentAccountConfirmed',
  } as const;
  return (
    <div className="space-y-8" data-testid="person-record">
      <AdminSection id="person-enquiries" title={t('enquiries')}>
        {table(
          t('enquiries'),
          [t('colReceived'), t('colStatus'), t('colMessage'), t('colHandled')],
          record.enquiries.map((e) => (
            <tr key={e.id} data-testid="person-enquiry">
              <Td>
                <Link href={`/admin/enquiries/${e.id}`} className="underline">
                  {when(e.createdAt)}
                </Link>
              </Td>
              <Td>
                <StatusBadge status={e.status} label={label('enquiryStatus', e.status)} />
              </Td>
              <Td>{e.excerpt}</Td>
              <Td>{when(e.handledAt)}</Td>
            </tr>
          )),
        )}
      </AdminSection>
      <AdminSection id="person-registration" title={t('registration')}>
        {table(
          t('registration'),
          [t('colJoined'), t('colStatus'), t('colMembership'), t('colPlace'), t('colPhone')],
          record.registrations.map((r) => (
            <tr key={r.id} data-testid="person-registration">
              <Td>{when(r.createdAt)}</Td>
              <Td>{label('volunteerStatus', r.status)}</Td>
              <Td>
                {label('membership', r.membershipType)}
                {r.organizationName ? ` (${r.organizationName})` : ''}
              </Td>
              <Td>{`${r.location}, ${label('country', r.country)}`}</Td>
              <Td>{r.phone}</Td>
            </tr>
          )),
        )}
      </AdminSection>
      <AdminSection id="person-newsletter" title={t('newsletter')}>
        {table(
          t('newsletter'),
          [t('colStatus'), t('colConsented'), t('colForm'), t('colLanguage')],
          record.newsletter
            ? [
                <tr key={record.newsletter.id} data-testid="person-newsletter">
                  <Td>{label('subscriberStatus', record.newsletter.status)}</Td>
                  <Td>{when(record.newsletter.consentedAt)}</Td>
                  <Td>
                    {record.newsletter.form
                      ? label('form', record.newsletter.form)
                      : label('source', record.newsletter.source)}
                  </Td>
                  <Td>{label('locale', record.newsletter.locale)}</Td>
                </tr>,
              ]
            : [],
        )}
      </AdminSection>
      <AdminSection id="person-account" title={t('account')}>
        {record.supabaseAccount ? <p>{t('supabaseAccount')}</p> : null}
        {record.accounts.length || !record.supabaseAccount
          ? table(
              t('account'),
              [t('colSignedUp'), t('colConfirmed')],
              record.accounts.map((a) => (
                <tr key={a.id} data-testid="person-account">
                  <Td>{when(a.createdAt)}</Td>
                  <Td>{when(a.emailConfirmedAt)}</Td>
                </tr>
              )),
            )
          : null}
        {record.courses.length
          ? table(
              t('courseCount'),
              [t('colCourse'), t('colEnrolled'), t('colProgress')],
              record.courses.map((c) => (
                <tr key={c.courseId} data-testid="person-course">
                  <Td>{c.title}</Td>
                  <Td>{when(c.enrolledAt)}</Td>
                  <Td>{c.progress === null ? '—' : t('progress', { percent: c.progress })}</Td>
                </tr>
              )),
            )
          : null}
        {record.certificates.length
          ? table(
              t('certificates'),
              [t('colCertificate'), t('colIssued')],
              record.certificates.map((c) => (
                <tr key={c.id}>
                  <Td>
                    <Link href={`/verify/${c.id}`} className="underline">
                      {c.courseTitle}
                    </Link>
                    {c.revokedAt ? ` (${t('revoked')})` : ''}
                  </Td>
                  <Td>{when(c.issuedAt)}</Td>
                </tr>
              )),
            )
          : null}
      </AdminSection>
      <AdminSection id="person-consents" title={t('consents')}>
        {table(
          t('consents'),
          [t('colWhat'), t('colWhen')],
          record.consents.map((c) => (
            <tr key={`${c.what}-${c.at.toISOString()}`}>
              <Td>{t(consentKey[c.what])}</Td>
              <Td>{when(c.at)}</Td>
            </tr>
          )),
        )}
      </AdminSection>
      <AdminSection id="person-sends" title={t('sends')}>
        {table(
          t('sends'),
          [t('colKind'), t('colStatus'), t('colReceived'), t('colSent')],
          record.sends.map((s) => (
            <tr key={s.id} data-testid="person-send">
              <Td>{label('outboxKind', s.kind)}</Td>
              <Td>{label('outboxStatus', s.status)}</Td>
              <Td>{when(s.createdAt)}</Td>
              <Td>{when(s.sentAt)}</Td>
            </tr>
          )),
        )}
      </AdminSection>
      {isAdmin ? (
        <AdminSection id="person-data-rights" title={t('dataRights')}>
          <p className="text-muted">{t('dataRightsHint')}</p>
          <Link href="/admin/data-rights" className="underline">
            {t('dataRights')}
          </Link>
        </AdminSection>
      ) : null}
    </div>
  );
}
