import { LifeBuoy, Mail, MapPin, Phone } from '@/components/icons/icons';
import { getLocale, getTranslations } from 'next-intl/server';

import { contentLang } from '@/components/cms/content-lang';
import { Link } from '@/i18n/navigation';
import { getFooterCauses } from '@/lib/causes';
import { getSiteMenu } from '@/lib/cms/menus';
import { siteConfig } from '@/lib/config/site';

import { CookieSettingsButton } from './cookie-settings-button';
import { CurrentYear } from './current-year';
import { menuLinkProps } from './nav-items';
import { SocialIcon, type SocialNetwork } from './social-icons';

/**
 * Footer links of docs/SPEC-NOTES.md §2, grouped; labels are keys of the `Footer` messages. They stay when WordPress has no
 * post type behind a section (Our Team, Vacancies without the companion plugin): the page then shows its
 * empty state, so the layout never depends on a CMS read (see nav-items.ts).
 */
const EXPLORE = [
  ['/about', 'about'],
  ['/our-team', 'ourTeam'],
  ['/our-work', 'ourWork'],
  ['/courses', 'courses'],
  ['/vacancies', 'vacancies'],
  ['/blog', 'blog'],
  ['/reports', 'reports'],
  ['/media', 'media'],
  ['/events', 'events'],
  ['/archive', 'archive'],
] as const;

/** The legal pages, in the bottom bar beside Cookie settings. */
const LEGAL = [
  ['/privacy-policy', 'privacy'],
  // The privacy notice's section on cookies and local storage (its heading's id: lib/cms/sanitize.ts).
  ['/privacy-policy#cookies-and-local-storage', 'cookies'],
  ['/accessibility', 'accessibility'],
] as const;

const GET_INVOLVED = [
  ['/community', 'community'],
  ['/donate', 'donate'],
  ['/contact', 'contact'],
] as const;

const SOCIAL: { network: SocialNetwork; label: string }[] = [
  { network: 'facebook', label: 'Facebook' },
  { network: 'x', label: 'X' },
  { network: 'instagram', label: 'Instagram' },
  { network: 'youtube', label: 'YouTube' },
  { network: 'linkedin', label: 'LinkedIn' },
];

const linkClass = 'text-muted hover:text-brand hover:underline';

/**
 * The site footer (docs/SPEC-NOTES.md §2): every listed link, the spec's six cause links (lib/causes FOOTER_CAUSES), the Leeds address, phone, email, social links, copyright and the legal links
 * (privacy, cookies, accessibility statement). The Explore column is the WordPress menu at "Website footer" when an
 * editor set one (its labels are content, shown as written), else the links above.
 */
export async function SiteFooter() {
  const [t, help, programmes, menu] = await Promise.all([
    getTranslations('Footer'),
    getTranslations('HelpLinks'),
    getFooterCauses(),
    getSiteMenu('footer'),
  ]);
  const site = siteConfig();
  const buildYear = new Date().getFullYear();
  // Cause titles are English CMS text: under /es, /fr, /pt their links say so (WCAG 3.1.2, components/cms/content-lang.tsx).
  const causeLang = contentLang(await getLocale());
  const causes = programmes.map((c) => ({ href: `/cause/${c.slug}`, label: c.title }));
  const columns = [
    {
      id: 'explore',
      heading: t('exploreHeading'),
      // The WordPress menu at "Website footer" (lib/cms/menus.ts), sub-items listed after their parent; else ours.
      links: menu
        ? menu
            .flatMap((item) => [item, ...item.children])
            .map((item) => ({ ...item, link: menuLinkProps(item) }))
        : EXPLORE.map(([href, key]) => ({ href, label: t(key), link: {} })),
    },
    {
      id: 'causes',
      heading: t('causesHeading'),
      links: causes.map((c) => ({ ...c, link: { lang: causeLang } })),
    },
    {
      id: 'get-involved',
      heading: t('getInvolvedHeading'),
      links: GET_INVOLVED.map(([href, key]) => ({ href, label: t(key), link: {} })),
    },
  ].filter((column) => column.links.length > 0);

  return (
    <footer aria-label={t('footerLabel')} className="mt-16 border-t border-border bg-surface text-sm">
      <p className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-4 pt-8 text-base sm:px-6">
        <LifeBuoy aria-hidden="true" className="size-5 shrink-0 text-brand" />
        {help('footerPrompt')}{' '}
        <Link href="/get-help" prefetch={false} className="font-semibold text-brand underline">
          {help('footer')}
        </Link>
      </p>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        {columns.map((column) => (
          <section key={column.id} aria-labelledby={`footer-${column.id}`}>
            <h2 id={`footer-${column.id}`} className="mb-3 text-base font-semibold text-fg">
              {column.heading}
            </h2>
            <ul className="space-y-2">
              {column.links.map(({ href, label, link }, i) => (
                <li key={`${i}-${href}`}>
                  <Link href={href} prefetch={false} className={linkClass} {...link}>
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 text-base font-semibold text-fg">
            {t('contactHeading')}
          </h2>
          <address className="space-y-3 text-muted not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {site.name}
                <br />
                {site.address.street}
                <br />
                {site.address.locality} {site.address.postcode}
              </span>
            </p>
            <p className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <span className="sr-only">{t('phone')}: </span>
                <a href={`tel:${site.phone.replace(/\s+/g, '')}`} className={linkClass}>
                  {site.phone}
                </a>
              </span>
            </p>
            <p className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <span className="sr-only">{t('email')}: </span>
                <a href={`mailto:${site.emails.general}`} className={linkClass}>
                  {site.emails.general}
                </a>
              </span>
            </p>
          </address>
          <h3 className="mt-5 mb-2 font-semibold text-fg">{t('socialHeading')}</h3>
          <ul className="flex gap-2">
            {SOCIAL.map(({ network, label }) => (
              <li key={network}>
                <a
                  href={site.social[network]}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('socialLink', { network: label })}
                  title={label}
                  data-social={network}
                  className="inline-flex size-9 items-center justify-center rounded-full border border-border text-fg hover:bg-surface-strong hover:text-brand"
                >
                  <SocialIcon network={network} className="size-4" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            {t.rich('copyright', {
              year: buildYear,
              name: site.name,
              y: () => <CurrentYear buildYear={buildYear} />,
            })}{' '}
            {t('charityNumber', { number: site.charityNumber })}
          </p>
          <nav aria-label={t('legalLabel')}>
            <ul className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {LEGAL.map(([href, key]) => (
                <li key={key}>
                  <Link href={href} prefetch={false} className={linkClass}>
                    {t(key)}
                  </Link>
                </li>
              ))}
              <li>
                <CookieSettingsButton label={t('cookieSettings')} />
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
