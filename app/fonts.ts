import localFont from 'next/font/local';

/**
 * Inter (variable weight 400-900, Latin subset), self-hosted: no request leaves the site. The file is
 * @fontsource-variable/inter's Latin subset without the unused 100-400 part of the weight axis (36 KB instead of
 * 48 KB, the same drawing at every weight the site uses), made by scripts/font-subset.py. Still preloaded: without
 * the preload the browser finds it only after the stylesheet, and Lighthouse measured a later first paint and
 * layout shifts from the late swap (bench/results/2026-11-28-lighthouse.md).
 */
export const inter = localFont({
  src: './_fonts/inter-latin-wght-400-900.woff2',
  variable: '--font-inter',
  weight: '400 900',
  display: 'swap',
});
