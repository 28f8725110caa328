import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { EnquiryFacts, EnquiryForms, EnquiryHistory } from '@/components/back-office/inbox-enquiry';
import { Notice } from '@/components/back-office/notice';
import { ArrowLeft } from '@/components/icons/icons';
import { Link } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import { requireStaff } from '@/lib/auth';
import { adminMetadata, enquiryPage, noticeOf } from '@/lib/back-office';

type Props = PageProps<'/[locale]/admin/enquiries/[id]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return adminMetadata(await localeParam(params), `/admin/enquiries/${id}`, {
    title: 'admin.enquiries.details',
  });
}

/**
 * One enquiry (issue 17 item 3, issue 34), staff and admins; opening it marks it read. The message, a link to the
 * person's record, its status and assignee (changeable; a new assignee is emailed), a reply by email (queued through
 * the outbox; the form shows the email's greeting and sign-off) and internal notes (both keep their typed text in
 * the tab until the server confirms them), the history of notes, replies and the sender's emailed answers, and
 * every email delivery of it (outbox status, attempts, last error). Unknown id → 404.
 */
export default async function EnquiryPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  const { id } = await params;
  await requireStaff({ locale, next: `/admin/enquiries/${encodeURIComponent(id)}` });
  const detail = await enquiryPage(id);
  if (!detail) notFound();
  const t = await getTranslations({ locale, namespace: 'admin' });
  const query = await searchParams;
  const notice = noticeOf(query);
  return (
    <AdminPage
      title={`${t('enquiries.details')}: ${detail.enquiry.name}`}
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
      <Notice locale={locale} query={query} />
      <EnquiryFacts locale={locale} detail={detail} />
      <EnquiryForms locale={locale} detail={detail} notice={notice?.ok ? notice.key : null} />
      <EnquiryHistory locale={locale} detail={detail} />
    </AdminPage>
  );
}
