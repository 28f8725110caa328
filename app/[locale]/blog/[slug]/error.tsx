'use client';

import { useEffect } from 'react';

import { Link } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';

/** 'Failed to load blog post' (docs/SPEC-NOTES.md §2 Blog post) when every content source failed; header and footer stay. */
export default function BlogPostError({ error }: { error: Error & { digest?: string } }) {
  const t = useClientMessages('BlogError');
  useEffect(() => console.error(error), [error]);
  return (
    <section role="alert" className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-4 text-muted">{t('body')}</p>
      {error.digest ? (
        <p className="mt-2 text-sm text-muted">{t('reference', { digest: error.digest })}</p>
      ) : null}
      {/* ButtonLink's look as its class names (app/globals.css): an error boundary is in the route's first load. */}
      <Link href="/blog" className="btn btn-primary btn-lg mt-8 rounded-full">
        {t('back')}
      </Link>
    </section>
  );
}
