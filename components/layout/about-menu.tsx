'use client';

import { ChevronDown } from '@/components/icons/island-icons';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

import { usePathname } from '@/i18n/client';

import { useClientMessages } from '@/i18n/client-messages';

import type { MenuLink } from '@/lib/cms/menu-items';

import { NavLink } from './nav-link';
import { ABOUT_NAV, menuLinkProps } from './nav-items';

/** Close delays of docs/SPEC-NOTES.md §9: after the pointer leaves, and after a click on an item. */
export const CLOSE_DELAY_MS = 300;
export const CLICK_CLOSE_DELAY_MS = 100;

/**
 * The desktop About item: a link to /about plus a disclosure button for its sub-menu (the WAI-ARIA
 * "disclosure navigation" pattern, so About stays a real link). Pointer, click and keyboard agree on one state:
 * - hovering opens it, and it closes 300 ms after the pointer leaves (100 ms after a click on an item);
 * - a click on the button opens it and keeps it open, also when hovering had already opened it (it used to toggle
 *   it shut: the menu flashed and vanished); a second click closes it;
 * - Enter or Space on the button does what a click does, ArrowDown opens it and moves to the first item;
 * - Escape closes it and returns focus to the button; so do a click outside and focus leaving the item.
 */
export function AboutMenu({ linkClassName, item }: { linkClassName: string; item?: MenuLink }) {
  const t = useClientMessages('Header');
  // A WordPress menu item with sub-items (lib/cms/menus.ts) behaves exactly like the built-in About item.
  const top = item
    ? {
        href: item.href,
        label: item.label,
        submenu: t('submenuOf', { label: item.label }),
        link: menuLinkProps(item),
      }
    : { href: ABOUT_NAV.href, label: t('about'), submenu: t('aboutSubmenu'), link: {} };
  const children = item
    ? item.children.map((child) => ({ href: child.href, label: child.label, link: menuLinkProps(child) }))
    : ABOUT_NAV.children.map((child) => ({ href: child.href, label: t(child.label), link: {} }));
  // Open state is tied to the path it was opened on, so any navigation closes the menu without an effect.
  // `pinned`: opened by the button (click or key), so the pointer leaving does not close it.
  const [openOn, setOpenOn] = useState<{ path: string; pinned: boolean } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const pathname = usePathname();
  const open = openOn?.path === pathname;
  const pinned = open && openOn.pinned;
  const setOpen = (next: boolean, pin = false) =>
    setOpenOn((current) => {
      if (!next) return null;
      const wasPinned = current?.path === pathname && current.pinned;
      return { path: pathname, pinned: pin || wasPinned };
    });

  const cancelClose = () => window.clearTimeout(timer.current);
  const closeAfter = (ms: number) => {
    cancelClose();
    timer.current = window.setTimeout(() => setOpen(false), ms);
  };

  useEffect(() => cancelClose, []);

  // A pinned menu closes on a click anywhere outside the item.
  useEffect(() => {
    if (!pinned) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!itemRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setOpen only reads the current path
  }, [pinned]);

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' && event.target === buttonRef.current) {
      event.preventDefault();
      setOpen(true, true);
      requestAnimationFrame(() => listRef.current?.querySelector('a')?.focus());
    }
  }

  function onBlur(event: FocusEvent<HTMLLIElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  return (
    <li
      ref={itemRef}
      className="relative flex items-center"
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse') return;
        cancelClose();
        setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType === 'mouse' && !pinned) closeAfter(CLOSE_DELAY_MS);
      }}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <NavLink href={top.href} className={linkClassName} {...top.link}>
        {top.label}
      </NavLink>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={top.submenu}
        onClick={() => {
          cancelClose();
          // Opened by hovering: the click pins it open. Opened by a click or a key: the click closes it.
          if (pinned) setOpen(false);
          else setOpen(true, true);
        }}
        className="inline-flex size-7 items-center justify-center rounded-md text-fg hover:bg-surface-strong"
      >
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <ul
        id={menuId}
        ref={listRef}
        hidden={!open}
        className="absolute top-full left-0 z-40 mt-1 min-w-44 rounded-lg border border-border bg-bg p-1 shadow-lg"
      >
        {children.map((child, i) => (
          <li key={`${i}-${child.href}`}>
            <NavLink
              href={child.href}
              {...child.link}
              onClick={() => closeAfter(CLICK_CLOSE_DELAY_MS)}
              className="block rounded-md px-3 py-2 text-sm text-fg hover:bg-surface-strong aria-[current=page]:font-semibold aria-[current=page]:text-brand"
            >
              {child.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
