'use client';

import { setConsent } from '@/lib/consent';

/** Forgets the stored cookie choice so the banner asks again. */
export function CookieSettingsButton({ label }: { label: string }) {
  return (
    <button type="button" onClick={() => setConsent(null)} className="underline hover:text-brand">
      {label}
    </button>
  );
}
