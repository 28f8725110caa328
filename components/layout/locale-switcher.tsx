'use client';

import { Check, Languages } from '@/components/icons/island-icons';
import { useLocale } from '@/i18n/client';

import { useClientMessages } from '@/i18n/client-messages';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';

import { usePathname, useRouter } from '@/i18n/client';
import { localizedPath } from '@/i18n/paths';
import { routing } from '@/i18n/routing';

/**
 * The language picker: an icon button that discloses a small list of languages (the WAI-ARIA disclosure
 * pattern: Tab and arrow keys move through it, Escape closes it and returns focus to the button). The current
 * language is marked with `aria-current` and a check. Each entry is a real link to the same path in that
 * language, so it works before hydration too; after hydration the switch keeps the query string and scroll.
 *
 * Built on plain elements rather than radix-ui's DropdownMenu: that pulled ~25 KB of compressed JavaScript
 * (floating-ui, focus scope, portal) into every page's first load, and this menu needs none of it.
 */
export function LocaleSwitcher({ align = 'end' }: { align?: 'start' | 'end' }) {
  const t = useClientMessages('LocaleSwitcher');
  const locale = useLocale();
  const pathname = usePathname();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const root = buttonRef.current?.parentElement;
      if (root && !root.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function focusItem(delta: number) {
    const links = Array.from(listRef.current?.querySelectorAll('a') ?? []);
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    links[(index + delta + links.length) % links.length]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      requestAnimationFrame(() => focusItem(event.key === 'ArrowDown' ? 1 : -1));
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  function choose(event: MouseEvent<HTMLAnchorElement>, code: (typeof routing.locales)[number]) {
    setOpen(false);
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (code === locale) return;
    router.replace(`${pathname}${window.location.search}`, { locale: code, scroll: false });
  }

  return (
    <div className="relative" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${t('label')}: ${t(locale)}`}
        data-testid="locale-switcher"
        onClick={() => setOpen((v) => !v)}
        className="inline-flex h-9 items-center gap-1 rounded-full border border-border px-2.5 text-sm font-medium text-fg hover:bg-surface-strong"
      >
        <Languages aria-hidden="true" className="size-4" />
        <span aria-hidden="true" className="uppercase">
          {locale}
        </span>
      </button>
      <ul
        id={listId}
        ref={listRef}
        hidden={!open}
        className={`absolute top-full z-50 mt-1.5 min-w-40 rounded-lg border border-border bg-bg p-1 text-fg shadow-lg ${
          align === 'end' ? 'right-0' : 'left-0'
        }`}
      >
        {routing.locales.map((code) => {
          const current = code === locale;
          return (
            <li key={code}>
              <a
                href={localizedPath(code, pathname)}
                hrefLang={code}
                lang={code}
                aria-current={current ? 'true' : undefined}
                onClick={(event) => choose(event, code)}
                className="flex items-center justify-between gap-3 rounded-md px-3 py-2 text-sm hover:bg-surface-strong aria-[current=true]:font-semibold aria-[current=true]:text-brand"
              >
                {t(code)}
                {current ? <Check aria-hidden="true" className="size-4" /> : null}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
