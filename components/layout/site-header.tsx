import { Heart, House, LifeBuoy, Mail, Phone } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

import { UserMenu } from '@/components/auth/user-menu';
import { Link } from '@/i18n/navigation';
import { getSiteMenu } from '@/lib/cms/menus';
import { siteConfig } from '@/lib/config/site';

import { AboutMenu } from './about-menu';
import { LocaleSwitcher } from './locale-switcher';
import { MobileMenu } from './mobile-menu';
import { NavLink } from './nav-link';
import { HEADER_NAV, menuLinkProps } from './nav-items';
import { SiteLogo } from './site-logo';
import { ThemeToggle } from './theme-toggle';

const navLinkClass =
  'rounded-md px-1.5 py-2 text-sm font-medium whitespace-nowrap text-fg hover:bg-surface-strong hover:text-brand aria-[current=page]:text-brand aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8';

/**
 * The site header (docs/SPEC-NOTES.md §2): a desktop top bar with contacts, theme toggle and language picker; the main bar
 * with the logo, navigation (About with its Our Team sub-menu), Donate, the account icon and the mobile menu.
 * A server component: only the menus, toggles and active-link marks hydrate.
 *
 * The navigation is the WordPress menu at the "Website header" location when an editor set one (lib/cms/menus.ts:
 * its labels are content, shown as written), else the site's own translated navigation (nav-items.ts).
 */
export async function SiteHeader() {
  const [t, help, menu] = await Promise.all([
    getTranslations('Header'),
    getTranslations('HelpLinks'),
    getSiteMenu('header'),
  ]);
  const site = siteConfig();

  return (
    <header className="relative z-30 border-b border-border bg-bg">
      <div className="hidden border-b border-border bg-surface xl:block">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-6 py-1.5 text-sm">
          <div className="flex items-center gap-5 text-muted">
            <a
              href={`tel:${site.phone.replace(/\s+/g, '')}`}
              className="inline-flex items-center gap-1.5 hover:text-brand"
            >
              <Phone aria-hidden="true" className="size-4" />
              {site.phone}
            </a>
            <a
              href={`mailto:${site.emails.general}`}
              className="inline-flex items-center gap-1.5 hover:text-brand"
            >
              <Mail aria-hidden="true" className="size-4" />
              {site.emails.general}
            </a>
          </div>
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <LocaleSwitcher />
          </div>
        </div>
      </div>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        {/* NavLink: not prefetched on the home page itself (components/layout/nav-link.tsx). */}
        <NavLink href="/" className="flex min-w-0 items-center gap-2 text-brand">
          <SiteLogo />
          {/* The short name where space is tight: phones, and beside the full desktop navigation until 2xl. */}
          <span className="text-lg font-bold text-fg sm:hidden xl:inline 2xl:hidden">{site.shortName}</span>
          <span className="hidden truncate text-lg leading-tight font-bold text-fg sm:inline xl:hidden 2xl:inline">
            {site.name}
          </span>
        </NavLink>
        <nav aria-label={t('mainNavigation')} className="hidden xl:block">
          <ul className="flex items-center gap-0.5">
            <li>
              <NavLink
                href="/"
                aria-label={t('home')}
                title={t('home')}
                className={`${navLinkClass} inline-flex`}
              >
                <House aria-hidden="true" className="size-5" />
              </NavLink>
            </li>
            {menu ? (
              menu.map((item, i) =>
                item.children.length > 0 ? (
                  <AboutMenu key={`${i}-${item.href}`} linkClassName={navLinkClass} item={item} />
                ) : (
                  <li key={`${i}-${item.href}`}>
                    <NavLink href={item.href} className={navLinkClass} {...menuLinkProps(item)}>
                      {item.label}
                    </NavLink>
                  </li>
                ),
              )
            ) : (
              <>
                <AboutMenu linkClassName={navLinkClass} />
                {HEADER_NAV.map((item) => (
                  <li key={item.href}>
                    <NavLink href={item.href} className={navLinkClass}>
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
              </>
            )}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-1.5">
          <Link
            href="/get-help"
            prefetch={false}
            data-get-help
            className="inline-flex items-center gap-1.5 rounded-full border-2 border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-surface-strong sm:px-4"
          >
            <LifeBuoy aria-hidden="true" className="size-4" />
            <span className="sm:hidden">{help('headerShort')}</span>
            <span className="hidden sm:inline">{help('header')}</span>
          </Link>
          <a
            href={site.donationUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 rounded-full bg-accent px-3 py-2 text-sm font-semibold text-accent-fg hover:brightness-95 sm:px-4"
          >
            <Heart aria-hidden="true" className="size-4" />
            {t('donate')}
            <span className="sr-only">{t('opensInNewTab')}</span>
          </a>
          <UserMenu />
          <MobileMenu items={menu ?? undefined} />
        </div>
      </div>
    </header>
  );
}
