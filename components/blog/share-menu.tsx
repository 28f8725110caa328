'use client';

import { Check, Link2, Share2 } from '@/components/icons/island-icons';
import { useEffect, useId, useRef, useState } from 'react';

import { shareLinks, type ShareTarget } from '@/lib/utils/share';
import { showToast } from '@/lib/toast';
import { useClientMessages } from '@/i18n/client-messages';

const TARGETS: ShareTarget[] = ['facebook', 'x', 'linkedin', 'whatsapp'];

/**
 * The post's share menu: a disclosure with links to share on Facebook, X, LinkedIn and WhatsApp (new tabs), and
 * Copy link with the 'Link copied!' toast (docs/SPEC-NOTES.md §8). Esc or a click outside closes it and returns focus.
 */
export function ShareMenu({ url, title }: { url: string; title: string }) {
  const t = useClientMessages('Share');
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const links = shareLinks(url, title);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      showToast((toast) => toast.success(t('copiedTitle'), { description: t('copiedBody') }));
      setTimeout(() => setCopied(false), 2000);
    } catch {
      showToast((toast) => toast.error(t('copyFailed')));
    }
    setOpen(false);
    button.current?.focus();
  }

  const item =
    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-surface focus-visible:bg-surface';
  return (
    <div ref={root} className="relative inline-block">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-2 rounded-full border border-border px-4 py-2 text-sm font-semibold hover:bg-surface"
      >
        <Share2 aria-hidden className="size-4" />
        {t('button')}
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-20 mt-2 w-60 rounded-xl border border-border bg-bg p-1 shadow-lg"
      >
        {TARGETS.map((target) => (
          <li key={target}>
            <a
              href={links[target]}
              target="_blank"
              rel="noopener noreferrer"
              className={item}
              onClick={() => setOpen(false)}
            >
              {t(target)}
              <span className="sr-only"> {t('newTab')}</span>
            </a>
          </li>
        ))}
        <li>
          <button type="button" onClick={copy} className={item}>
            {copied ? <Check aria-hidden className="size-4" /> : <Link2 aria-hidden className="size-4" />}
            {t('copy')}
          </button>
        </li>
      </ul>
    </div>
  );
}
