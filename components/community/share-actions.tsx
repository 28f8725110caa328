'use client';

import { Link2, Share2 } from '@/components/icons/island-icons';
import { useSyncExternalStore } from 'react';

import { useClientMessages } from '@/i18n/client-messages';
import { showToast } from '@/lib/toast';

const noop = () => () => undefined;

/**
 * The browser-only share buttons of 'Spread the Word': the system share sheet (rendered only where
 * `navigator.share` exists; never on the server, so no button that does nothing) and Copy link with the docs/SPEC-NOTES.md §8
 * toast 'Link copied!'. Renders list items for the parent's <ul>.
 */
export function ShareActions({
  url,
  title,
  text,
  itemClass,
}: {
  url: string;
  title: string;
  text: string;
  itemClass: string;
}) {
  const t = useClientMessages('SpreadTheWord');
  const canShare = useSyncExternalStore(
    noop,
    () => typeof navigator.share === 'function',
    () => false,
  );

  async function share() {
    try {
      await navigator.share({ title, text, url });
    } catch {
      // Cancelled by the person, or refused by the browser: nothing to report.
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showToast((toast) => toast.success(t('copiedTitle'), { description: t('copiedBody') }));
    } catch {
      showToast((toast) => toast.error(t('copyFailed')));
    }
  }

  return (
    <>
      {canShare ? (
        <li>
          <button type="button" onClick={share} className={itemClass}>
            <Share2 aria-hidden className="size-5" />
            {t('native')}
          </button>
        </li>
      ) : null}
      <li>
        <button type="button" onClick={copy} className={itemClass}>
          <Link2 aria-hidden className="size-5" />
          {t('copy')}
        </button>
      </li>
    </>
  );
}
