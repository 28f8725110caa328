import { ArrowLeft, ShieldCheck } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { ForumNotOpen } from '@/components/discussions/forum-not-open';
import { PageHeader } from '@/components/layout/page-header';
import { localizeHref } from '@/i18n/client-paths';
import { localeParam } from '@/i18n/params';
import { adminMetadata } from '@/lib/back-office';
import { requireAdmin } from '@/lib/auth';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/admin/discussions'>): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/discussions', {
    title: 'Discussions.adminTitle',
    description: 'Discussions.adminDescription',
  });
}

const PLAN = ['adminPlan1', 'adminPlan2', 'adminPlan3', 'adminPlan4', 'adminPlan5'] as const;

/**
 * Admin discussions (docs/SPEC-NOTES.md §2 route table; §6 leaves its rules open): admins only, checked on the server by
 * `requireAdmin` before anything renders (signed out → /login?next=/admin/discussions; signed in but not an
 * admin → the courses page's 'Access Denied'). There is no forum yet, so nothing to moderate: the page says so and
 * sets out how moderation is planned to work. Reads cookies, so it renders per request.
 */
export default async function AdminDiscussionsPage({ params }: PageProps<'/[locale]/admin/discussions'>) {
  const locale = await localeParam(params);
  await requireAdmin({ locale, next: '/admin/discussions' });
  const t = await getTranslations({ locale, namespace: 'Discussions' });
  return (
    <>
      <PageHeader title={t('adminTitle')} subtitle={t('adminSubtitle')} />
      <div className="mx-auto max-w-4xl space-y-12 px-4 py-12 sm:px-6">
        <ForumNotOpen id="forum-not-open" title={t('adminNotOpenTitle')} body={t('adminNotOpenBody')} />
        <section aria-labelledby="moderation-plan">
          <h2 id="moderation-plan" className="text-2xl font-bold">
            {t('adminPlanHeading')}
          </h2>
          <ul className="mt-6 space-y-3">
            {PLAN.map((key) => (
              <li key={key} className="flex gap-3">
                <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
                <span>{t(key)}</span>
              </li>
            ))}
          </ul>
        </section>
        <p>
          {/* A full load, so the browser scrolls to the section (a client navigation lands at the page's top). */}
          <a
            href={localizeHref(locale, '/community#discussions')}
            className="inline-flex items-center gap-2 font-semibold text-brand underline-offset-4 hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4" />
            {t('adminBack')}
          </a>
        </p>
      </div>
    </>
  );
}
