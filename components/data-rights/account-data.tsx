'use client';

import { useActionState, useId, useRef } from 'react';

import { type DeleteAccountState, deleteOwnAccountAction } from '@/lib/data-rights/actions';
import { deleteAccountFailure } from '@/lib/data-rights/failure';
import { useClientMessages } from '@/i18n/client-messages';

const link =
  'inline-flex min-h-11 items-center gap-2 font-semibold text-brand underline-offset-4 hover:underline';
const danger =
  'inline-flex min-h-11 items-center rounded-full border-2 border-danger px-5 py-2 font-semibold text-danger hover:bg-surface disabled:opacity-60';
const plain =
  'inline-flex min-h-11 items-center rounded-full border border-border px-5 py-2 font-semibold hover:bg-surface';

const ERROR_KEYS = {
  unauthenticated: 'errorUnauthenticated',
  'wrong-password': 'errorWrongPassword',
  'rate-limited': 'errorRateLimited',
  'email-not-confirmed': 'errorEmailNotConfirmed',
  'holds-role': 'errorHoldsRole',
  server: 'errorServer',
} as const;

/**
 * The dashboard's "Your data" section (issue 17 item 7, UK GDPR): download everything the site holds about you
 * (JSON, from /api/account/export) and delete your account after re-entering your password, in a modal dialog
 * (native <dialog>: focus moves in and stays, Escape and Cancel close it, focus returns to the button).
 * The buttons also name the dialog as HTML invoker commands (`commandfor`/`command`), so the dialog opens and
 * closes before the page's scripts run or without JavaScript; after a refused post without JavaScript the
 * answer renders the dialog open, with the refusal in it.
 */
export function AccountData({ exportHref, locale }: { exportHref: string; locale: string }) {
  const t = useClientMessages('AccountData');
  const [state, action, pending] = useActionState<DeleteAccountState, FormData>(deleteOwnAccountAction, null);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const passwordId = useId();
  const dialogId = useId();
  const refused = state?.ok === false;

  return (
    <section aria-labelledby="your-data" className="mt-12 rounded-2xl border border-border p-6">
      <h2 id="your-data" className="text-2xl font-bold">
        {t('heading')}
      </h2>
      <p className="mt-2 text-muted">{t('intro')}</p>
      <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        <a href={exportHref} download className={link}>
          {t('download')}
        </a>
        <button
          type="button"
          className={danger}
          {...invoke(dialogId, 'show-modal')}
          onClick={() => {
            if (!dialog.current?.open) dialog.current?.showModal();
          }}
        >
          {t('delete')}
        </button>
      </div>
      <dialog
        ref={dialog}
        id={dialogId}
        // Only the server's answer to a refused post without JavaScript: a scripted refusal finds it open already.
        open={refused || undefined}
        aria-labelledby={titleId}
        className="m-auto w-full max-w-lg rounded-2xl border border-border bg-bg p-6 text-fg backdrop:bg-black/60"
      >
        <form action={action} className="space-y-4">
          <input type="hidden" name="locale" value={locale} />
          <h2 id={titleId} className="text-xl font-bold">
            {t('dialogTitle')}
          </h2>
          <p>{t('dialogBody')}</p>
          <div>
            <label htmlFor={passwordId} className="block font-semibold">
              {t('password')}
            </label>
            <input
              id={passwordId}
              name="password"
              type="password"
              required
              autoComplete="current-password"
              className="mt-1 block w-full rounded-lg border border-border bg-bg px-3 py-2 text-base text-fg"
            />
          </div>
          {refused ? (
            <p role="alert" className="text-danger">
              {t(ERROR_KEYS[deleteAccountFailure(state)])}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={danger} disabled={pending}>
              {t('confirm')}
            </button>
            <button
              type="button"
              className={plain}
              {...invoke(dialogId, 'close')}
              onClick={() => dialog.current?.close()}
            >
              {t('cancel')}
            </button>
          </div>
        </form>
      </dialog>
    </section>
  );
}

/**
 * HTML invoker command attributes for a button that opens or closes the dialog `id` without any script. React and
 * its types do not know them yet; lowercase attributes pass through to the DOM unchanged.
 */
function invoke(id: string, command: 'show-modal' | 'close'): Record<string, string> {
  return { commandfor: id, command };
}
