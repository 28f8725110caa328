'use client';

import { Button } from '@/components/ui/button';
import { Link } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';

/** Why the last request failed: no connection / server error, or the rate limit with its wait. */
export type ChatFailure = { kind: 'network' } | { kind: 'rate'; seconds: number };

/** The wait a 429 asked for, in words: seconds up to two minutes, then whole minutes ("297 seconds" reads badly). */
function waitText(t: ReturnType<typeof useClientMessages<'AssistantPanel'>>, seconds: number): string {
  return seconds < 120
    ? t('rateLimited', { seconds })
    : t('rateLimitedMinutes', { minutes: Math.ceil(seconds / 60) });
}

/**
 * The error banner (role="alert") above the composer: what went wrong (the spec's 'Connection Error'; a rate
 * limit says the assistant is busy, never that the visitor sent too much: behind a shared IP it was others),
 * the 999 and Get help lines (whoever needed the assistant may need help now), a checklist after the second
 * failed retry, and Retry / Dismiss buttons.
 */
export function ChatFailureBanner({
  failure,
  retries,
  busy,
  onRetry,
  onDismiss,
}: {
  failure: ChatFailure;
  retries: number;
  busy: boolean;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const t = useClientMessages('AssistantPanel');
  return (
    <div
      role="alert"
      className="mx-4 mb-2 rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{t('errorTitle')}</p>
      <p className="mt-1">
        {failure.kind === 'rate' ? waitText(t, failure.seconds) : t('errorBody')}
      </p>
      <div className="mt-2" data-testid="chat-failure-help">
        <p className="font-medium">{t('helpNow')}</p>
        <ul className="mt-1 list-disc space-y-0.5 ps-5">
          <li>
            <a href="tel:999" className="font-medium underline">
              {t('helpEmergency')}
            </a>
          </li>
          <li>
            <Link href="/get-help" className="font-medium underline">
              {t('helpGetHelp')}
            </Link>
          </li>
        </ul>
      </div>
      {retries >= 2 && (
        <div className="mt-2">
          <p className="font-medium">{t('checklistTitle')}</p>
          <ul className="mt-1 list-disc space-y-0.5 ps-5">
            <li>{t('checkInternet')}</li>
            <li>{t('checkBusy')}</li>
            <li>{t('checkLater')}</li>
            <li>
              {t('checkContact')}{' '}
              <Link href="/contact" className="font-medium underline">
                {t('contactLink')}
              </Link>
            </li>
          </ul>
        </div>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="danger" size="sm" shape="rounded" onClick={onRetry} disabled={busy}>
          {t('retry')}
        </Button>
        <button
          type="button"
          onClick={onDismiss}
          className="rounded-md border border-red-700 px-3 py-1.5 font-medium hover:bg-red-100 dark:border-red-300 dark:hover:bg-red-900"
        >
          {t('dismiss')}
        </button>
      </div>
    </div>
  );
}
