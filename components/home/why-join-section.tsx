import { getTranslations } from 'next-intl/server';

import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';

const VALUES = ['Learn', 'Support', 'Act', 'Connect'] as const;

/** "Why Join": the four reasons, one card each (messages HomePage.value{Name}Title/Body). */
export async function WhyJoinSection() {
  const t = await getTranslations('HomePage');
  return (
    <Section titleId="why-join-title" title={t('whyJoinHeading')} intro={t('whyJoinIntro')} band>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {VALUES.map((value) => (
          <Card as="li" key={value} tone="raised">
            <h3 className="text-lg font-semibold">{t(`value${value}Title`)}</h3>
            <p className="mt-2 text-muted">{t(`value${value}Body`)}</p>
          </Card>
        ))}
      </ul>
    </Section>
  );
}
