import { getTranslations } from 'next-intl/server';

import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';

/** "Events & News" and "Join Our Community": two panels of links on to the site's sections. */
export async function ExploreSection() {
  const t = await getTranslations('HomePage');
  return (
    <section
      aria-label={t('exploreLabel')}
      className="mx-auto grid max-w-7xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-2"
    >
      <Card tone="plain" large>
        <h2 className="text-2xl font-bold">{t('eventsNewsHeading')}</h2>
        <p className="mt-2 text-muted">{t('eventsNewsBody')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink href="/events">{t('eventsCta')}</ButtonLink>
          <ButtonLink href="/blog" variant="outline">
            {t('newsCta')}
          </ButtonLink>
        </div>
      </Card>
      <Card tone="plain" large>
        <h2 className="text-2xl font-bold">{t('joinHeading')}</h2>
        <p className="mt-2 text-muted">{t('joinBody')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink href="/community">{t('joinCommunityCta')}</ButtonLink>
          <ButtonLink href="/archive" variant="outline">
            {t('joinArchiveCta')}
          </ButtonLink>
          <ButtonLink href="/media" variant="outline">
            {t('joinMediaCta')}
          </ButtonLink>
        </div>
      </Card>
    </section>
  );
}
