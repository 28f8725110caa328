import type { ReactNode } from 'react';

import { cx } from './cx';

export type StatusTone = 'info' | 'success' | 'error';

const TONES: Record<StatusTone, string> = {
  info: 'border-border bg-surface text-fg',
  success:
    'border-green-700 bg-green-50 text-green-900 dark:border-green-300 dark:bg-green-950 dark:text-green-100',
  error: 'border-red-700 bg-red-50 text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100',
};

export type StatusNoticeProps = {
  tone?: StatusTone;
  /** The notice; nothing is drawn without it, but the live region stays in the page. */
  children?: ReactNode;
  className?: string;
};

/**
 * A form's or page's outcome line in a live region that is always in the DOM, so a message that appears in it is
 * announced: role="alert" (assertive) for errors, role="status" (polite) otherwise.
 */
export function StatusNotice({ tone = 'info', children, className }: StatusNoticeProps) {
  const error = tone === 'error';
  return (
    <div role={error ? 'alert' : 'status'} aria-live={error ? 'assertive' : 'polite'}>
      {children ? (
        <p className={cx('rounded-lg border p-3 text-sm font-medium', TONES[tone], className)}>{children}</p>
      ) : null}
    </div>
  );
}
