import { BadgeCheck, CircleOff } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

import { PageHeader } from '@/components/layout/page-header';
import { localeParam } from '@/i18n/params';
import { siteConfig } from '@/lib/config/site';
import { getCertificate } from '@/lib/courses';
import { pageMetadata } from '@/lib/seo/metadata';
import { formatDate } from '@/lib/utils/format';

// Certificates are issued at run time and live in the database, which the build never opens (docs/ARCHITECTURE.md §2).
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[locale]/verify/[id]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const { id } = await params;
  const t = await getTranslations({ locale, namespace: 'Verify' });
  // A named person's certificate: reachable by its link and QR code, kept out of search results.
  return pageMetadata({
    locale,
    path: `/verify/${id}`,
    title: t('title'),
    description: t('description'),
    noindex: true,
  });
}

/**
 * Certificate verification (issue 7 §5), public: for a known id, 'This certificate is genuine' with the
 * student's name, the course, the certificate title and the issue date (UK time) as stored at issue; unknown or
 * malformed ids are a real 404 ('Certificate not found'). A certificate whose holder's data was erased (UK GDPR,
 * lib/data-rights) says it is revoked, and shows nothing else.
 */
export default async function VerifyPage({ params }: Props) {
  const locale = await localeParam(params);
  const { id } = await params;
  const certificate = await getCertificate(id);
  if (!certificate) notFound();
  const t = await getTranslations({ locale, namespace: 'Verify' });
  if (certificate.revokedAt)
    return <Revoked title={t('title')} heading={t('revoked')} body={t('revokedBody')} />;
  const rows: [string, string][] = [
    [t('studentLabel'), certificate.studentName],
    [t('courseLabel'), certificate.courseTitle],
    [t('certificateLabel'), certificate.certificateTitle],
    [t('dateLabel'), formatDate(certificate.issuedAt, locale)],
    [t('idLabel'), certificate.id],
  ];
  return (
    <>
      <PageHeader title={t('title')} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <section
          aria-labelledby="certificate-genuine"
          className="rounded-2xl border-2 border-success bg-surface p-8"
          data-testid="certificate-genuine"
        >
          <h2 id="certificate-genuine" className="flex items-center gap-3 text-2xl font-bold text-success">
            <BadgeCheck aria-hidden className="size-8" />
            {t('genuine')}
          </h2>
          <p className="mt-2 text-muted">{t('genuineBody', { site: siteConfig().name })}</p>
          <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-semibold text-muted">{label}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </>
  );
}

/** The answer for a revoked certificate: no name, no course, only that it no longer stands. */
function Revoked({ title, heading, body }: { title: string; heading: string; body: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <section
          aria-labelledby="certificate-revoked"
          className="rounded-2xl border-2 border-border bg-surface p-8"
          data-testid="certificate-revoked"
        >
          <h2 id="certificate-revoked" className="flex items-center gap-3 text-2xl font-bold">
            <CircleOff aria-hidden className="size-8" />
            {heading}
          </h2>
          <p className="mt-2 text-muted">{body}</p>
        </section>
      </div>
    </>
  );
}
