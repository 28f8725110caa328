import type { ReactNode } from 'react';

import { cx } from './cx';

export type EmptyStateProps = {
  title: ReactNode;
  body?: ReactNode;
  /** A way on (a ButtonLink, usually). */
  action?: ReactNode;
  className?: string;
};

/** What a list shows when it has nothing to list: a dashed panel with a line, an optional body and a way on. */
export function EmptyState({ title, body, action, className }: EmptyStateProps) {
  return (
    <div className={cx('rounded-2xl border border-dashed border-border p-8 text-center', className)}>
      <p className="font-semibold">{title}</p>
      {body ? <p className="mt-2 text-muted">{body}</p> : null}
      {action ? <div className="mt-6 flex justify-center">{action}</div> : null}
    </div>
  );
}
