import { ArrowRight, CalendarDays, MessagesSquare, Users } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';

function Card({
  icon,
  title,
  body,
  link,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  link: ReactNode;
}) {
  return (
    <li className="flex flex-col rounded-2xl border border-border bg-bg p-6">
      <span className="flex size-12 items-center justify-center rounded-full bg-surface-strong text-brand">
        {icon}
      </span>
      <h3 className="mt-4 text-xl font-semibold">{title}</h3>
      <p className="mt-2 flex-1 text-muted">{body}</p>
      <p className="mt-4">{link}</p>
    </li>
  );
}

const linkClass =
  'inline-flex items-center gap-1 font-semibold text-brand underline-offset-4 hover:underline';

/**
 * The three feature cards (docs/SPEC-NOTES.md §2 Community): Join Our Network → /contact, Community Forums → the discussions
 * section on this page (a plain fragment link, so it scrolls without JavaScript), Local Events → /events.
 */
export async function FeatureCards({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Community' });
  const arrow = <ArrowRight aria-hidden className="size-4" />;
  return (
    <section aria-labelledby="features-title">
      <h2 id="features-title" className="text-3xl font-bold">
        {t('featuresHeading')}
      </h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        <Card
          icon={<Users aria-hidden className="size-6" />}
          title={t('featureNetworkTitle')}
          body={t('featureNetworkBody')}
          link={
            <Link href="/contact" prefetch={false} className={linkClass}>
              {t('featureNetworkLink')}
              {arrow}
            </Link>
          }
        />
        <Card
          icon={<MessagesSquare aria-hidden className="size-6" />}
          title={t('featureForumsTitle')}
          body={t('featureForumsBody')}
          link={
            <a href="#discussions" className={linkClass}>
              {t('featureForumsLink')}
              {arrow}
            </a>
          }
        />
        <Card
          icon={<CalendarDays aria-hidden className="size-6" />}
          title={t('featureEventsTitle')}
          body={t('featureEventsBody')}
          link={
            <Link href="/events" prefetch={false} className={linkClass}>
              {t('featureEventsLink')}
              {arrow}
            </Link>
          }
        />
      </ul>
    </section>
  );
}
