import type { HTMLAttributes } from 'react';

import { cx } from './cx';

export type CardProps = HTMLAttributes<HTMLElement> & {
  /** The element: a list item in a grid of cards, an article for a self-contained entry. */
  as?: 'div' | 'li' | 'article';
  /** surface: filled panel; plain: outline on the page background; raised: page colour on a surface band. */
  tone?: 'surface' | 'plain' | 'raised';
  /** The roomier corners and padding of page-level panels (rounded-3xl, p-8). */
  large?: boolean;
};

const TONES = { surface: 'bg-surface', plain: '', raised: 'bg-bg' } as const;

/** A bordered panel with the site's corners and padding (server component; no state). */
export function Card({ as: Tag = 'div', tone = 'surface', large, className, ...props }: CardProps) {
  return (
    <Tag
      className={cx(
        'border border-border',
        large ? 'rounded-3xl p-8' : 'rounded-2xl p-6',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
