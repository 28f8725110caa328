'use client';

import { useTheme } from '@/components/layout/theme-provider';
import { useEffect, useState } from 'react';

import { toastHost } from '@/lib/toast';
import { useClientMessages } from '@/i18n/client-messages';

type Sonner = typeof import('sonner');

/**
 * The one toast viewport (docs/SPEC-NOTES.md §4, §9): at most 3 visible, 4 s by default, F8 focuses it, themed with the site.
 * sonner loads on the first `showToast` (see lib/toast), keeping it out of the first-load JavaScript.
 */
export function AppToaster() {
  const t = useClientMessages('Toasts');
  const { resolvedTheme } = useTheme();
  const [sonner, setSonner] = useState<Sonner | null>(null);

  useEffect(() => {
    toastHost.onRequest(() => {
      void import('sonner').then(setSonner);
    });
    return () => toastHost.onRequest(null);
  }, []);

  // Runs after the Toaster's own effects, so it is subscribed before the queued toasts are sent.
  useEffect(() => {
    if (sonner) toastHost.mounted(sonner.toast);
  }, [sonner]);

  if (!sonner) return null;
  const { Toaster } = sonner;
  return (
    <Toaster
      theme={resolvedTheme === 'dark' ? 'dark' : 'light'}
      visibleToasts={3}
      duration={4000}
      hotkey={['F8']}
      gap={14}
      closeButton
      richColors
      containerAriaLabel={t('label')}
      toastOptions={{ closeButtonAriaLabel: t('close') }}
    />
  );
}
