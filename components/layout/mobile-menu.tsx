'use client';

import { Menu, X } from '@/components/icons/island-icons';
import { useEffect, useId, useRef, useState } from 'react';

import { usePathname } from '@/i18n/client';

import { useClientMessages } from '@/i18n/client-messages';

import { LocaleSwitcher } from './locale-switcher';
import type { MenuLink } from '@/lib/cms/menu-items';

import { NavLink } from './nav-link';
import { ABOUT_NAV, HEADER_NAV, menuLinkProps } from './nav-items';
import { ThemeToggle } from './theme-toggle';

const itemClass =
  'block rounded-md px-3 py-2.5 text-base font-medium text-fg hover:bg-surface-strong aria-[current=page]:bg-surface aria-[current=page]:text-brand';

/**
 * The menu below the `xl` breakpoint: a disclosure that opens a panel with every header link, the theme toggle
 * and the language picker. Focus moves to the first link on open; Escape or a navigation closes it and focus
 * returns to the toggle. Focus moving to the page (Tab past its last control, Shift+Tab before the toggle) closes
 * it: the panel lies over the page, so the page's controls Tab reaches next would otherwise be hidden under it
 * (WCAG 2.4.11). `items`: the WordPress header menu (lib/cms/menus.ts) in place of the built-in links.
 */
export function MobileMenu({ items }: { items?: MenuLink[] }) {
  const t = useClientMessages('Header');
  // Open state is tied to the path it was opened on, so any navigation closes the menu without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  const open = openOn === pathname;
  const setOpen = (next: boolean | ((was: boolean) => boolean)) =>
    setOpenOn((current) => {
      const value = typeof next === 'function' ? next(current === pathname) : next;
      return value ? pathname : null;
    });

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div
      className="xl:hidden"
      onBlur={(event) => {
        // Focus moving within the toggle and panel (or to nowhere: another window) keeps it open.
        const next = event.relatedTarget;
        if (open && next instanceof Node && !event.currentTarget.contains(next)) setOpenOn(null);
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('closeMenu') : t('openMenu')}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex size-10 items-center justify-center rounded-md text-fg hover:bg-surface-strong"
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
      </button>
      <div
        id={panelId}
        ref={panelRef}
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-7rem)] overflow-y-auto border-b border-border bg-bg px-4 pt-2 pb-6 shadow-lg sm:max-h-[calc(100dvh-4rem)]"
      >
        <nav aria-label={t('mobileNavigation')}>
          <ul className="space-y-1">
            <li>
              <NavLink href="/" className={itemClass}>
                {t('home')}
              </NavLink>
            </li>
            {items ? (
              items.map((item, i) => (
                <li key={`${i}-${item.href}`}>
                  <NavLink href={item.href} className={itemClass} {...menuLinkProps(item)}>
                    {item.label}
                  </NavLink>
                  {item.children.length > 0 && (
                    <ul className="ml-4 border-l border-border pl-2">
                      {item.children.map((child, j) => (
                        <li key={`${j}-${child.href}`}>
                          <NavLink href={child.href} className={itemClass} {...menuLinkProps(child)}>
                            {child.label}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))
            ) : (
              <>
                <li>
                  <NavLink href={ABOUT_NAV.href} className={itemClass}>
                    {t('about')}
                  </NavLink>
                  <ul className="ml-4 border-l border-border pl-2">
                    {ABOUT_NAV.children.map((child) => (
                      <li key={child.href}>
                        <NavLink href={child.href} className={itemClass}>
                          {t(child.label)}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </li>
                {HEADER_NAV.map((item) => (
                  <li key={item.href}>
                    <NavLink href={item.href} className={itemClass}>
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
              </>
            )}
            <li>
              <NavLink href="/login" className={itemClass}>
                {t('login')}
              </NavLink>
            </li>
          </ul>
        </nav>
        <div
          role="group"
          aria-label={t('settings')}
          className="mt-4 flex items-center gap-3 border-t border-border pt-4"
        >
          <ThemeToggle />
          <LocaleSwitcher align="start" />
        </div>
      </div>
    </div>
  );
}
