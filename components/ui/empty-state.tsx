import type { ReactNode } from 'react';

import { cx } from './cx';

export type EmptyStateProps = {
  /** The sentence saying there is nothing (yet), e.g. 'No upcoming events.'. */
  children: ReactNode;
  /** A heading above the sentence (an h2), for a whole page that has no content yet. */
  title?: ReactNode;
  /** A way on under the sentence (a ButtonLink, usually). */
  action?: ReactNode;
  /** The tighter padding of an empty list inside a section (p-8 instead of p-10). */
  compact?: boolean;
  className?: string;
};

/**
 * What a list or page shows when it has nothing to show: a dashed panel with a muted sentence, or, with a
 * `title`, a heading, the sentence and an optional way on (server component; no state).
 */
export function EmptyState({ children, title, action, compact, className }: EmptyStateProps) {
  const box = cx(
    'rounded-2xl border border-dashed border-border text-center',
    compact ? 'p-8' : 'p-10',
    className,
  );
  if (title === undefined && action === undefined) return <p className={cx(box, 'text-muted')}>{children}</p>;
  return (
    <div className={box}>
      {title !== undefined ? <h2 className="text-2xl font-semibold">{title}</h2> : null}
      <p className="mt-2 text-muted">{children}</p>
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
