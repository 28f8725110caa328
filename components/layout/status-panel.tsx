import type { ReactNode } from 'react';

import { ButtonLink } from '@/components/ui/button-link';

type Action = { href: string; label: string };

/**
 * The centred panel of a 404 or "not available" page: an eyebrow (e.g. 404), the page's <h1>, a sentence and up
 * to two links, the first styled as the primary action.
 */
export function StatusPanel({
  eyebrow,
  title,
  body,
  actions,
  children,
}: {
  eyebrow?: string;
  title: string;
  body: string;
  actions: Action[];
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-widest text-brand uppercase">{eyebrow}</p>
      ) : null}
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{title}</h1>
      <p className="mt-4 text-muted">{body}</p>
      {children}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {actions.map((action, i) => (
          <ButtonLink
            key={action.href}
            href={action.href}
            variant={i === 0 ? 'primary' : 'outline'}
            size="lg"
          >
            {action.label}
          </ButtonLink>
        ))}
      </div>
    </section>
  );
}
