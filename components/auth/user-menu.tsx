'use client';

import { UserRound } from '@/components/icons/island-icons';
import { useEffect, useId, useRef, useState } from 'react';

import { signOut } from '@/lib/auth/actions';
import { Link, useLocale } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';

/** What GET /api/session answers: `role` is the back-office role ('admin' covers 'staff'), absent when signed out. */
type Session = { signedIn: boolean; name?: string; isAdmin: boolean; role?: 'admin' | 'staff' | null };

const iconClass =
  'inline-flex size-10 items-center justify-center rounded-full text-fg hover:bg-surface-strong';
const itemClass =
  'block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-fg hover:bg-surface-strong focus:bg-surface-strong focus:outline-none';

/**
 * Session cookies a script may see: our hint (lib/auth/cookie.ts; set for both adapters, since the session cookies
 * are HttpOnly) or a Supabase `sb-<ref>-auth-token` written before those were made HttpOnly.
 */
function maySignedIn(): boolean {
  return /(?:^|;\s*)(?:lrjn_signed_in=1|sb-[^=]+-auth-token[^=]*=)/.test(document.cookie);
}

/**
 * The header's user icon (docs/SPEC-NOTES.md §2): a link to /login when signed out; when signed in a menu button opening
 * Dashboard, Back office (staff and admins: /admin), Create Course (admins) and Logout. A client island, so pages stay static (docs/ARCHITECTURE.md §4): it asks
 * `GET /api/session` after hydration, and only when a session cookie hint exists. Menu button pattern (WAI-ARIA
 * APG): aria-expanded/aria-controls; Enter, Space or ArrowDown opens on the first item, ArrowUp on the last;
 * arrows, Home and End move; Escape or Tab closes, Escape returning focus to the button; a click outside closes.
 */
export function UserMenu() {
  const t = useClientMessages('UserMenu');
  const locale = useLocale();
  const [session, setSession] = useState<Session | null>(null);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const menuId = useId();

  useEffect(() => {
    if (!maySignedIn()) return;
    let live = true;
    fetch('/api/session', { cache: 'no-store', credentials: 'same-origin' })
      .then((res) => (res.ok ? (res.json() as Promise<Session>) : null))
      .then((data) => {
        if (live && data) setSession(data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusOnOpen.current === 'last' ? list.at(-1) : list[0])?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (!session?.signedIn) {
    return (
      <Link href="/login" prefetch={false} aria-label={t('login')} title={t('login')} className={iconClass}>
        <UserRound aria-hidden="true" className="size-5" />
      </Link>
    );
  }

  const openWith = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    setOpen(true);
  };

  const onButtonKey = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKey = (event: React.KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  };

  const label = t('signedInAs', { name: session.name ?? '' });
  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${t('accountMenu')}: ${label}`}
        title={label}
        onClick={() => (open ? setOpen(false) : openWith('first'))}
        onKeyDown={onButtonKey}
        className={`${iconClass} bg-surface ring-2 ring-brand`}
      >
        <UserRound aria-hidden="true" className="size-5" />
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label={t('accountMenu')}
        hidden={!open}
        onKeyDown={onMenuKey}
        className="absolute top-full right-0 z-50 mt-2 w-56 rounded-lg border border-border bg-bg p-1.5 shadow-lg"
      >
        <li role="none" className="truncate px-3 py-1.5 text-xs text-muted">
          {label}
        </li>
        <li role="none">
          <Link
            href="/dashboard"
            role="menuitem"
            tabIndex={-1}
            className={itemClass}
            onClick={() => setOpen(false)}
          >
            {t('dashboard')}
          </Link>
        </li>
        {session.role ? (
          <li role="none">
            <Link
              href="/admin"
              role="menuitem"
              tabIndex={-1}
              className={itemClass}
              onClick={() => setOpen(false)}
            >
              {t('backOffice')}
            </Link>
          </li>
        ) : null}
        {session.isAdmin ? (
          <li role="none">
            <Link
              href="/courses/create"
              role="menuitem"
              tabIndex={-1}
              className={itemClass}
              onClick={() => setOpen(false)}
            >
              {t('createCourse')}
            </Link>
          </li>
        ) : null}
        <li role="none">
          <form action={signOut as unknown as (data: FormData) => Promise<void>}>
            <input type="hidden" name="formLocale" value={locale} />
            <button type="submit" role="menuitem" tabIndex={-1} className={itemClass}>
              {t('logout')}
            </button>
          </form>
        </li>
      </ul>
    </div>
  );
}
