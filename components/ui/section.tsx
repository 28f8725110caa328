import type { ReactNode } from 'react';

import { cx } from './cx';

export type SectionProps = {
  /** The heading's id; the section is labelled by it (aria-labelledby). */
  titleId: string;
  title: ReactNode;
  intro?: ReactNode;
  /** wide: the 7xl page grid; narrow: a 3xl reading column. */
  width?: 'wide' | 'narrow';
  /** A full-width surface-coloured band with the content centred inside it. */
  band?: boolean;
  /** Extra classes on the content box (e.g. pb-16 only, to sit close to the section above). */
  className?: string;
  children?: ReactNode;
};

const WIDTHS = { wide: 'max-w-7xl', narrow: 'max-w-3xl' } as const;

/**
 * A page section: a landmark labelled by its h2, with an optional intro line, in the site's page container
 * (server component). Padding defaults to py-16; pass `className` to change it.
 */
export function Section({ titleId, title, intro, width = 'wide', band, className, children }: SectionProps) {
  const box = cx('mx-auto px-4 sm:px-6', WIDTHS[width], className ?? 'py-16');
  const content = (
    <>
      <h2 id={titleId} className="text-3xl font-bold">
        {title}
      </h2>
      {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
      {children}
    </>
  );
  return band ? (
    <section aria-labelledby={titleId} className="bg-surface">
      <div className={box}>{content}</div>
    </section>
  ) : (
    <section aria-labelledby={titleId} className={box}>
      {content}
    </section>
  );
}
