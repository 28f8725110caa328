import { Check } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';

import { RegistrationOpener } from './registration-opener';

const BENEFITS = ['benefit1', 'benefit2', 'benefit3', 'benefit4', 'benefit5'] as const;

/**
 * 'Join the Network' (docs/SPEC-NOTES.md §2 Community, §9 Membership price): the single free 'Network Member' tier with its
 * five benefits and the button that opens the 'Network Registration' dialog. `#register` (the assistant's link)
 * targets this card, so without JavaScript the visitor still lands here, and the button is then a link to
 * /community/register, the same form on its own page.
 */
export async function JoinNetwork({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Community' });
  return (
    <section id="join" aria-labelledby="join-title" className="scroll-mt-24">
      <h2 id="join-title" className="text-3xl font-bold">
        {t('joinHeading')}
      </h2>
      <p className="mt-2 max-w-3xl text-muted">{t('joinIntro')}</p>
      <div id="register" className="mt-6 max-w-xl scroll-mt-24 rounded-3xl border-2 border-brand bg-bg p-8">
        <h3 className="text-2xl font-bold">{t('tierName')}</h3>
        <p className="mt-2">
          <span className="sr-only">{t('priceLabel')}: </span>
          <span className="text-4xl font-extrabold text-brand">{t('price')}</span>
        </p>
        <h4 className="mt-6 font-semibold">{t('benefitsHeading')}</h4>
        <ul className="mt-3 space-y-2">
          {BENEFITS.map((key) => (
            <li key={key} className="flex gap-2">
              <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
              <span>{t(key)}</span>
            </li>
          ))}
        </ul>
        <div className="mt-8">
          <RegistrationOpener label={t('joinButton')} />
        </div>
      </div>
    </section>
  );
}
