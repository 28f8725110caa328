'use client';

import { Monitor, Moon, Sun } from '@/components/icons/island-icons';
import { useTheme } from '@/components/layout/theme-provider';
import { useSyncExternalStore } from 'react';
import { useClientMessages } from '@/i18n/client-messages';

const OPTIONS = [
  { value: 'light', Icon: Sun },
  { value: 'dark', Icon: Moon },
  { value: 'system', Icon: Monitor },
] as const;

const noop = () => () => {};

/**
 * Light / dark / system theme switch: three buttons with `aria-pressed`, so the state is announced and each
 * choice is one press away. The pressed state appears only after hydration (the server cannot know the theme).
 */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const t = useClientMessages('ThemeToggle');
  const { theme, setTheme } = useTheme();
  const hydrated = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

  return (
    <div
      role="group"
      aria-label={t('label')}
      className={`inline-flex rounded-full border border-border p-0.5 ${className}`}
    >
      {OPTIONS.map(({ value, Icon }) => {
        const pressed = hydrated && theme === value;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={pressed}
            aria-label={t(value)}
            title={t(value)}
            data-theme-option={value}
            onClick={() => setTheme(value)}
            className={`inline-flex size-8 items-center justify-center rounded-full transition-colors ${
              pressed ? 'bg-brand text-brand-fg' : 'text-fg hover:bg-surface-strong'
            }`}
          >
            <Icon aria-hidden="true" className="size-4" />
          </button>
        );
      })}
    </div>
  );
}
