'use client';

import { useEffect } from 'react';

import { ErrorScreen } from '@/components/layout/error-screen';

import './globals.css';

/**
 * Last resort when the root layout itself fails: no translation provider exists here, so the texts are English,
 * the fallback language of the site.
 */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => console.error(error), [error]);
  return (
    <html lang="en">
      <body>
        <ErrorScreen
          title="Something went wrong"
          message={error.message || 'An unexpected error occurred.'}
          reference={error.digest ? `Reference: ${error.digest}` : undefined}
          reloadLabel="Reload Page"
        />
      </body>
    </html>
  );
}
