import { Mail, MapPin, Phone } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

import type { SiteConfig } from '@/lib/config/site';

const EMAILS = [
  { key: 'general', label: 'emailGeneral' },
  { key: 'press', label: 'emailPress' },
  { key: 'donations', label: 'emailDonations' },
  { key: 'unlearningRacism', label: 'emailUnlearningRacism' },
  { key: 'climateJustice', label: 'emailClimateJustice' },
] as const;

/** The phone number as a tel: URI (spaces and punctuation dropped; a UK 0 number gets +44). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('0') ? `+44${digits.slice(1)}` : digits}`;
}

/**
 * The charity's contact details (docs/SPEC-NOTES.md §2 Contact): postal address, phone (tel: link) and the five emails by
 * purpose (mailto: links), all from the site config. Server component, no JavaScript.
 */
export async function ContactDetails({ site }: { site: SiteConfig }) {
  const t = await getTranslations('Contact');
  const icon = 'size-5 shrink-0 text-brand';
  return (
    <section
      aria-labelledby="contact-details"
      className="rounded-2xl border border-border bg-surface p-6 sm:p-8"
    >
      <h2 id="contact-details" className="text-2xl font-bold">
        {t('detailsHeading')}
      </h2>
      <dl className="mt-6 space-y-6">
        <div>
          <dt className="flex items-center gap-3 font-semibold">
            <MapPin aria-hidden className={icon} />
            {t('addressHeading')}
          </dt>
          <dd className="mt-1 pl-8">
            <address className="not-italic">
              {site.name}
              <br />
              {site.address.street}
              <br />
              {site.address.locality}, {site.address.region}
              <br />
              {site.address.postcode}
            </address>
          </dd>
        </div>
        <div>
          <dt className="flex items-center gap-3 font-semibold">
            <Phone aria-hidden className={icon} />
            {t('phoneHeading')}
          </dt>
          <dd className="mt-1 pl-8">
            <a href={telHref(site.phone)} className="text-brand underline underline-offset-2">
              {site.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="flex items-center gap-3 font-semibold">
            <Mail aria-hidden className={icon} />
            {t('emailsHeading')}
          </dt>
          <dd className="mt-1 min-w-0 pl-8">
            <ul className="space-y-3">
              {EMAILS.map(({ key, label }) => (
                <li key={key}>
                  <span className="block text-sm text-muted">{t(label)}</span>
                  <a
                    href={`mailto:${site.emails[key]}`}
                    className="break-all text-brand underline underline-offset-2"
                  >
                    {site.emails[key]}
                  </a>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </section>
  );
}
