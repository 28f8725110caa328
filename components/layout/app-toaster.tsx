'use client';

import { useTranslations } from 'next-intl';
import { useTheme } from 'next-themes';
import { Toaster } from 'sonner';

/** The one toast viewport (spec §4, §9): at most 3 visible, 4 s by default, F8 focuses it, themed with the site. */
export function AppToaster() {
  const t = useTranslations('Toasts');
  const { resolvedTheme } = useTheme();
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
