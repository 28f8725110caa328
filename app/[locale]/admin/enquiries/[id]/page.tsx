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
import { adminMetadata, enquiryPage } from '@/lib/back-office';

type Props = PageProps<'/[locale]/admin/enquiries/[id]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
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
export default async function EnquiryPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  const { id } = await params;
  await requireStaff({ locale, next: `/admin/enquiries/${encodeURIComponent(id)}` });
  const detail = await enquiryPage(id);
  if (!detail) notFound();
  const t = await getTranslations({ locale, namespace: 'admin' });
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
      <Notice locale={locale} query={await searchParams} />
      <EnquiryFacts locale={locale} detail={detail} />
      <EnquiryForms locale={locale} detail={detail} />
      <EnquiryHistory locale={locale} detail={detail} />
    </AdminPage>
  );
}
