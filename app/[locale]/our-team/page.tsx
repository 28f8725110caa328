import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { PageHeader } from '@/components/layout/page-header';
import { TeamMemberCard } from '@/components/team/team-member-card';
import { EmptyState } from '@/components/ui/empty-state';
import { localeParam } from '@/i18n/params';
import { getTeamMembers } from '@/lib/cms';
import { pageMetadata } from '@/lib/seo/metadata';

export const revalidate = 3600;

export async function generateMetadata({ params }: PageProps<'/[locale]/our-team'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Team' });
  return pageMetadata({ locale, path: '/our-team', title: t('title'), description: t('description') });
}

/** Our Team (docs/SPEC-NOTES.md §2): every team member in display order, each linking to their own page. */
export default async function OurTeamPage({ params }: PageProps<'/[locale]/our-team'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('Team');
  const members = await getTeamMembers();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {members.length === 0 ? (
          <EmptyState>{t('empty')}</EmptyState>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {members.map((member, i) => (
              <li key={member.slug}>
                <TeamMemberCard member={member} locale={locale} priority={i === 0} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
