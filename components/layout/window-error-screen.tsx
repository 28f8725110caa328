'use client';

import { useEffect, useState } from 'react';

import { useClientMessages } from '@/i18n/client-messages';

import { ErrorScreen } from './error-screen';

/** Errors the browser reports that are not ours to show: opaque cross-origin errors and benign layout notices. */
export function isIgnorableWindowError(message: string): boolean {
  return message === 'Script error.' || message === '' || message.startsWith('ResizeObserver loop');
}

/**
 * Replaces the page with the error screen on an uncaught window error or unhandled promise rejection
 * (docs/SPEC-NOTES.md §2: "it triggers on any uncaught window error"); render errors are handled by `error.tsx`.
 */
export function WindowErrorScreen() {
  const t = useClientMessages('Error');
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      const text = event.error instanceof Error ? event.error.message : event.message;
      if (!isIgnorableWindowError(text ?? '')) setMessage(text || t('fallbackMessage'));
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      const text = event.reason instanceof Error ? event.reason.message : String(event.reason ?? '');
      if (!isIgnorableWindowError(text)) setMessage(text || t('fallbackMessage'));
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [t]);

  if (message === null) return null;
  return (
    <div data-testid="window-error-screen" className="fixed inset-0 z-[100] overflow-y-auto bg-bg text-fg">
      <ErrorScreen title={t('title')} message={message} reloadLabel={t('reload')} />
    </div>
  );
}
