'use client';

import { useSyncExternalStore } from 'react';

import { useClientMessages } from '@/i18n/client-messages';

import { SUBSCRIBED_EMAIL_KEY } from './newsletter-form';

const noop = () => () => {};

function read(): string | null {
  try {
    return sessionStorage.getItem(SUBSCRIBED_EMAIL_KEY);
  } catch {
    return null;
  }
}

/**
 * On the newsletter thank-you page: repeats the address just subscribed (kept in sessionStorage by the form,
 * docs/SPEC-NOTES.md §7), so a typo is noticed at once. Renders nothing when there is none (direct visit, storage off).
 */
export function SubscribedEmail() {
  const t = useClientMessages('Newsletter');
  const email = useSyncExternalStore(noop, read, () => null);
  if (!email) return null;
  return <p className="mt-4 text-center text-muted">{t('subscribedAs', { email })}</p>;
}
