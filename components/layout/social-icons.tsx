import sprite from './social-icons.svg';

/**
 * Brand marks for the social links (footer, home, community panels), 24×24. Facebook, X, Instagram and YouTube are
 * copied from simple-icons 16.37 (CC0); simple-icons no longer ships LinkedIn, so that one is our own simplified
 * "in" mark. The paths live once, in the sprite social-icons.svg, which the build serves as an immutable static
 * file: inline, their 3.7 KB went into every page's HTML and again into its RSC payload, twice on the home page
 * (issue 20). Decorative: the links carry a label.
 */
/** The networks the sprite has a `<symbol>` for (its ids). */
export type SocialNetwork = 'facebook' | 'x' | 'instagram' | 'youtube' | 'linkedin';

/** The sprite's URL under /_next/static/media (a static import gives `{ src }`; Next types `*.svg` as any). */
const SPRITE: string = (sprite as { src: string }).src;

/** One brand mark, drawn in the text colour (`fill: currentColor` reaches the sprite's paths through `<use>`). */
export function SocialIcon({
  network,
  className = 'size-5',
}: {
  network: SocialNetwork;
  className?: string;
}) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor" className={className}>
      <use href={`${SPRITE}#${network}`} />
    </svg>
  );
}
