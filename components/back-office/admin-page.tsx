import type { ReactNode } from 'react';

/**
 * The shell of every back-office page: the page's one <h1>, an optional description and actions (buttons,
 * filters) on the right, then the content. A long word in the title (a person's name) wraps rather than widening the
 * page. The admin layout around it provides the navigation.
 */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0 space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4 border-b border-border pb-4">
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          {description ? <p className="mt-2 max-w-3xl text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** A titled block inside an admin page (h2 + content), labelled for assistive technology. */
export function AdminSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-3">
      <h2 id={id} className="text-xl font-semibold [overflow-wrap:anywhere]">
        {title}
      </h2>
      {children}
    </section>
  );
}
