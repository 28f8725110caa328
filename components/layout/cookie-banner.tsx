'use client';

import { Link } from '@/i18n/client';
import { CONSENT_KEY, setConsent, useConsent } from '@/lib/consent';
import { useClientMessages } from '@/i18n/client-messages';

/**
 * Runs when the parser reaches the end of the banner's markup: marks <html> when no choice is stored (or storage
 * is blocked), and only then does the CSS rule for [data-consent-pending] (app/globals.css) show the
 * server-rendered banner, whole. Run at the banner's start (as before), it showed the banner before its content
 * was parsed: a paint between two parser chunks drew a 29 px strip that then grew to its full height, a layout
 * shift of 0.074 on a 412 px phone in about a third of loads (issue 20).
 */
const SHOW_IF_UNCHOSEN = `(function(){try{var c=localStorage.getItem(${JSON.stringify(CONSENT_KEY)});if(c==='accepted'||c==='declined')return}catch(e){}document.documentElement.setAttribute('data-consent-show','')})()`;

/**
 * The cookie-consent banner (docs/SPEC-NOTES.md §2, §4): shown while no choice is stored; Accept or Decline stores it in
 * localStorage `gdpr-consent` and hides the banner. Not a modal: the page stays usable behind it, and it sits
 * fixed at the bottom so it shifts no content.
 *
 * It is in the server HTML (consent 'unknown'), not added after hydration: a first visitor's largest paint was
 * this banner's text, held back until the page's JavaScript had run. Hidden by CSS until the inline script at its
 * end shows it, so a returning visitor never sees it (hydration then removes it) and neither does a browser
 * without JavaScript, where its buttons could not work.
 */
export function CookieBanner() {
  const t = useClientMessages('CookieBanner');
  const consent = useConsent();
  if (consent !== null && consent !== 'unknown') return null;
  const pending = consent === 'unknown';

  return (
    <section
      aria-labelledby="cookie-banner-title"
      aria-describedby="cookie-banner-body"
      data-testid="cookie-banner"
      data-consent-pending={pending ? '' : undefined}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-border bg-bg shadow-[0_-4px_16px_rgba(0,0,0,0.12)]"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-3xl">
          <h2 id="cookie-banner-title" className="font-semibold">
            {t('title')}
          </h2>
          <p id="cookie-banner-body" className="mt-1 text-sm text-muted">
            {t('body')}{' '}
            <Link href="/privacy-policy" prefetch={false} className="text-brand underline">
              {t('privacyPolicy')}
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            onClick={() => setConsent('declined')}
            className="rounded-full border border-border px-5 py-2 text-sm font-semibold hover:bg-surface-strong"
          >
            {t('decline')}
          </button>
          <button
            type="button"
            onClick={() => setConsent('accepted')}
            className="btn btn-primary btn-sm rounded-full"
          >
            {t('accept')}
          </button>
        </div>
      </div>
      {pending ? <script dangerouslySetInnerHTML={{ __html: SHOW_IF_UNCHOSEN }} /> : null}
    </section>
  );
}
