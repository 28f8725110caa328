'use client';

import { ThemeProvider as NextThemesProvider } from 'next-themes';
import type { ReactNode } from 'react';

/**
 * Light / dark / system themes (next-themes): a class on <html>, system by default, stored under
 * `{short name lowercased}-theme`. next-themes' inline script applies the stored theme before first paint.
 */
export function ThemeProvider({ storageKey, children }: { storageKey: string; children: ReactNode }) {
  return (
    <NextThemesProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      storageKey={storageKey}
      disableTransitionOnChange
    >
      {children}
    </NextThemesProvider>
  );
}
