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
 * with the logo, navigation (About with its Our Team sub-menu), Get help, Donate, the account icon and the mobile
 * menu. On phones Get help and Donate sit on a second row (tests/e2e/phone-header.spec.ts checks no two controls
 * overlap at 320-390 px in any locale).
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
      {/*
        Phones (below sm) get two rows: the logo, account icon and menu toggle, then Help and Donate as two large
        buttons, so no label in any language (French is the longest) can run into another; the right-hand group is
        `display: contents` there, its two parts laid out by this container. From sm up, one row as before.
      */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-3 px-4 sm:h-16 sm:flex-nowrap sm:px-6">
        {/* NavLink: not prefetched on the home page itself (components/layout/nav-link.tsx). */}
        <NavLink
          href="/"
          data-site-logo
          className="flex h-14 shrink-0 items-center gap-2 text-brand sm:h-auto"
        >
          <SiteLogo />
          {/* The short name where space is tight: phones to tablets (and 200% zoom, 683 px), and beside the full
              desktop navigation until 2xl; the whole name only where it fits untruncated in every language. */}
          <span data-wordmark className="text-lg font-bold text-fg lg:hidden xl:inline 2xl:hidden">
            {site.shortName}
          </span>
          <span
            data-wordmark
            className="hidden truncate text-lg leading-tight font-bold text-fg lg:inline xl:hidden 2xl:inline"
          >
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
        <div className="contents sm:flex sm:shrink-0 sm:items-center sm:gap-1.5">
          <div className="order-last flex w-full gap-2 pb-3 sm:order-none sm:w-auto sm:gap-1.5 sm:pb-0">
            <Link
              href="/get-help"
              prefetch={false}
              data-get-help
              className="inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-full border-2 border-brand px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-brand hover:bg-surface-strong sm:min-h-0 sm:flex-none sm:px-4"
            >
              <LifeBuoy aria-hidden="true" className="size-4 shrink-0" />
              <span className="sm:hidden">{help('headerShort')}</span>
              <span className="hidden sm:inline">{help('header')}</span>
            </Link>
            {/* The spec's header Donate: the external donation page, in a new tab. */}
            <a
              href={site.donationUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-header-donate
              className="inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-full bg-accent px-3 py-2 text-sm font-semibold whitespace-nowrap text-accent-fg hover:brightness-95 sm:min-h-0 sm:flex-none sm:px-4"
            >
              <Heart aria-hidden="true" className="size-4 shrink-0" />
              {t('donate')}
              <span className="sr-only">{t('opensInNewTab')}</span>
            </a>
          </div>
          <div className="flex h-14 shrink-0 items-center gap-1.5 sm:h-auto">
            <UserMenu />
            <MobileMenu items={menu ?? undefined} />
          </div>
        </div>
      </div>
    </header>
  );
}
