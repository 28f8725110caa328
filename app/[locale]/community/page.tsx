import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { Discussions } from '@/components/community/discussions';
import { FeatureCards } from '@/components/community/feature-cards';
import { JoinNetwork } from '@/components/community/join-network';
import { SectionBoundary } from '@/components/community/section-boundary';
import { SocialPanel } from '@/components/community/social-panel';
import { SpreadTheWord } from '@/components/community/spread-the-word';
import { VolunteerStats } from '@/components/community/volunteer-stats';
import { PageHeader } from '@/components/layout/page-header';
import { NewsletterSignup } from '@/components/newsletter/newsletter-signup';
import { ScopedClientMessages } from '@/i18n/scoped-client-messages';
import { localeParam } from '@/i18n/params';
import { pageMetadata } from '@/lib/seo/metadata';

export const revalidate = 3600;

export async function generateMetadata({ params }: PageProps<'/[locale]/community'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Community' });
  return pageMetadata({ locale, path: '/community', title: t('title'), description: t('description') });
}

/**
 * Community (docs/SPEC-NOTES.md §2): volunteer statistics, 'Join the Network' with the registration dialog, the three feature
 * cards, 'Recent Discussions' (no forum yet), the newsletter and social panels, and 'Spread the Word'. Static:
 * nothing here reads the request; each section sits in its own SectionBoundary with its own fallback text.
 */
export default async function CommunityPage({ params }: PageProps<'/[locale]/community'>) {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Community' });
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <ScopedClientMessages locale={locale} namespaces={['Registration', 'SpreadTheWord']}>
        <div className="mx-auto max-w-7xl space-y-16 px-4 py-12 sm:px-6">
          <SectionBoundary fallback={t('statsError')}>
            <VolunteerStats locale={locale} />
          </SectionBoundary>
          <SectionBoundary fallback={t('joinError')}>
            <JoinNetwork locale={locale} />
          </SectionBoundary>
          <SectionBoundary fallback={t('featuresError')}>
            <FeatureCards locale={locale} />
          </SectionBoundary>
          <SectionBoundary fallback={t('discussionsError')}>
            <Discussions locale={locale} />
          </SectionBoundary>
          <div className="grid gap-6 lg:grid-cols-2">
            <section id="newsletter" aria-labelledby="newsletter-community-title" className="scroll-mt-24">
              <SectionBoundary fallback={t('newsletterError')}>
                <NewsletterSignup source="community" />
              </SectionBoundary>
            </section>
            <SectionBoundary fallback={t('socialError')}>
              <SocialPanel locale={locale} />
            </SectionBoundary>
          </div>
          <SectionBoundary fallback={t('shareError')}>
            <SpreadTheWord locale={locale} />
          </SectionBoundary>
        </div>
      </ScopedClientMessages>
    </>
  );
}
