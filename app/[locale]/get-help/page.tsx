import { CalendarClock, ExternalLink, Phone, ShieldAlert } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { ExitControl } from '@/components/help/exit-control';
import { PageHeader } from '@/components/layout/page-header';
import { JsonLd } from '@/components/seo/json-ld';
import { Link } from '@/i18n/navigation';
import { localizedPath } from '@/i18n/paths';
import { localeParam } from '@/i18n/params';
import { getEvents } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { findDropIn, weekdayName } from '@/lib/help/drop-in';
import {
  SAMARITANS,
  SAMARITANS_PHONE,
  STOP_HATE_PHONE,
  STOP_HATE_UK,
  telHref,
  TRUE_VISION,
} from '@/lib/help/services';
import { webPageJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';
import { formatTime } from '@/lib/utils/format';

/** ISR like the events list: the drop-in's day and place come from the events content. */
export const revalidate = 3600;

const NEXT_STEPS = [1, 2, 3, 4, 5] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/get-help'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'GetHelp' });
  return pageMetadata({ locale, path: '/get-help', title: t('title'), description: t('description') });
}

const tel = telHref;
const linkClass = 'font-semibold text-brand underline underline-offset-2 hover:no-underline';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="rounded-2xl border border-border bg-bg p-5">
      <h3 className="text-lg font-semibold">{title}</h3>
      <div className="mt-2 space-y-2">{children}</div>
    </li>
  );
}

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} rel="noopener noreferrer" className={`${linkClass} inline-flex items-center gap-1`}>
      {children}
      <ExternalLink aria-hidden="true" className="size-4" />
    </a>
  );
}

/**
 * Get help: what someone who has experienced racism can do today, in plain language – emergency numbers,
 * where to report (police online through True Vision, Stop Hate UK), someone to talk to (our weekly drop-in from
 * the events content, Samaritans, us) and what happens next. 'Exit this page' sits at the top.
 */
export default async function GetHelpPage({ params }: PageProps<'/[locale]/get-help'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('GetHelp');
  const site = siteConfig();
  const dropIn = findDropIn(await getEvents().catch(() => []), new Date());

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <ExitControl />
        <p className="mt-4 text-muted">{t('exitHint')}</p>

        <section
          aria-labelledby="help-emergency"
          className="mt-8 rounded-2xl border-2 border-[#b91c1c] p-6 dark:border-[#f87171]"
        >
          <h2 id="help-emergency" className="flex items-center gap-2 text-2xl font-bold">
            <ShieldAlert aria-hidden="true" className="size-6 shrink-0" />
            {t('emergencyHeading')}
          </h2>
          <p className="mt-3 text-lg">{t.rich('emergency999', { call: (c) => <strong>{c}</strong> })}</p>
          {/* One large target for the emergency number (shaking hands, a cheap phone): the sentence above says
              when to call, this is the tap. */}
          <a
            href={tel('999')}
            className="mt-4 flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-[#b91c1c] px-4 py-3 text-lg font-bold text-white hover:bg-[#991b1b] focus-visible:outline-3 focus-visible:outline-offset-2 sm:inline-flex sm:w-auto dark:bg-[#f87171] dark:text-[#1f2937] dark:hover:bg-[#fca5a5]"
          >
            <Phone aria-hidden="true" className="size-5 shrink-0" />
            {t('call999Button')}
          </a>
          <p className="mt-2">{t('emergencySilent')}</p>
          <p className="mt-3 text-lg">
            {t.rich('emergency101', {
              call: (c) => (
                <a href={tel('101')} className={linkClass}>
                  {c}
                </a>
              ),
            })}
          </p>
          <p className="mt-3">{t('interpreters')}</p>
        </section>

        <section aria-labelledby="help-report" className="mt-12">
          <h2 id="help-report" className="text-2xl font-bold">
            {t('reportHeading')}
          </h2>
          <p className="mt-3">{t('reportIntro')}</p>
          <ul className="mt-6 space-y-4">
            <Card title={t('trueVisionHeading')}>
              <p>{t('trueVisionBody')}</p>
              <p>
                <External href={TRUE_VISION}>{t('trueVisionLink')}</External>
              </p>
            </Card>
            <Card title={t('stopHateHeading')}>
              <p>{t('stopHateBody')}</p>
              <p>
                {t.rich('stopHateCall', {
                  number: STOP_HATE_PHONE,
                  call: (c) => (
                    <a href={tel(STOP_HATE_PHONE)} className={linkClass}>
                      {c}
                    </a>
                  ),
                })}
              </p>
              <p>
                <External href={STOP_HATE_UK}>{t('stopHateLink')}</External>
              </p>
            </Card>
            <Card title={t('reportWithUsHeading')}>
              <p>
                {t.rich('reportWithUsBody', {
                  link: (c) => (
                    <a href="#help-talk" className={linkClass}>
                      {c}
                    </a>
                  ),
                })}
              </p>
            </Card>
          </ul>
        </section>

        <section aria-labelledby="help-talk" className="mt-12 scroll-mt-16">
          <h2 id="help-talk" className="text-2xl font-bold">
            {t('talkHeading')}
          </h2>
          <ul className="mt-6 space-y-4">
            <Card title={t('dropInHeading')}>
              {dropIn ? (
                <div data-testid="drop-in">
                  <p className="flex items-start gap-2 font-semibold">
                    <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
                    <span>
                      {dropIn.hasTime && dropIn.end
                        ? t('dropInWhen', {
                            day: weekdayName(dropIn.start, locale),
                            start: formatTime(dropIn.start, locale),
                            end: formatTime(dropIn.end, locale),
                          })
                        : t('dropInDay', { day: weekdayName(dropIn.start, locale) })}
                    </span>
                  </p>
                  {dropIn.location ? <p className="mt-1 pl-7">{dropIn.location}</p> : null}
                  <p className="mt-2">{t('dropInBody')}</p>
                  <p className="mt-2">
                    <Link href={`/event/${dropIn.slug}`} className={linkClass}>
                      {t('dropInMore')}
                    </Link>
                  </p>
                </div>
              ) : (
                <p>
                  {t.rich('dropInNone', {
                    link: (c) => (
                      <Link href="/events" className={linkClass}>
                        {c}
                      </Link>
                    ),
                  })}
                </p>
              )}
            </Card>
            <Card title={t('samaritansHeading')}>
              <p>
                {t.rich('samaritansBody', {
                  number: SAMARITANS_PHONE,
                  call: (c) => (
                    <a href={tel(SAMARITANS_PHONE)} className={linkClass}>
                      {c}
                    </a>
                  ),
                })}
              </p>
              <p>
                <External href={SAMARITANS}>{t('samaritansLink')}</External>
              </p>
            </Card>
            <Card title={t('contactUsHeading', { name: site.shortName })}>
              <p>{t('contactUsBody')}</p>
              <p className="flex flex-wrap gap-x-4 gap-y-1">
                <a href={tel(site.phone)} className={`${linkClass} inline-flex items-center gap-1`}>
                  <Phone aria-hidden="true" className="size-4" />
                  {site.phone}
                </a>
                <a href={`mailto:${site.emails.general}`} className={linkClass}>
                  {site.emails.general}
                </a>
              </p>
            </Card>
          </ul>
        </section>

        <section aria-labelledby="help-next" className="mt-12">
          <h2 id="help-next" className="text-2xl font-bold">
            {t('nextHeading')}
          </h2>
          <ol className="mt-6 list-decimal space-y-3 pl-6 marker:font-bold marker:text-brand">
            {NEXT_STEPS.map((n) => (
              <li key={n} className="pl-1">
                {t(`next${n}`)}
              </li>
            ))}
          </ol>
        </section>
      </div>
      <JsonLd
        data={webPageJsonLd(site, {
          url: localizedPath(locale, '/get-help'),
          name: t('title'),
          description: t('description'),
          inLanguage: locale,
        })}
      />
    </>
  );
}
