'use client';

import { useCallback, useEffect, useRef } from 'react';

import { useLocale } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import { GUARD_FIELDS, type GuardValues } from '@/lib/action-result';

/** Shortest fill time the server accepts (lib/forms/token.ts MIN_FILL_MS), plus a little clock slack. */
const MIN_FILL_MS = 3_200;

/**
 * The browser half of the spam guard (lib/safe-action.ts): fetches a signed fill-time token when the form
 * appears and hands back the hidden fields to send with the submission. `values()` waits, if needed, until the
 * minimum fill time has passed, so a quick person (or autofill) is never refused: they see the form's busy state
 * a moment longer. After a refused token (server answered 'expired'), call `refresh()` and submit again.
 * `form` is the server action's form name ('contact', 'sign-up'…): the token is issued for that form only.
 * `eager: false` (forms on every visit's path, like the newsletter) fetches no token until `refresh()` or
 * `values()` is first called, so a page view costs no request.
 */
export function useFormGuard({ form, eager = true }: { form: string; eager?: boolean }) {
  const locale = useLocale();
  const honeypotRef = useRef<HTMLInputElement>(null);
  const token = useRef<{ value: string; receivedAt: number } | null>(null);
  const pending = useRef<Promise<void> | null>(null);

  const refresh = useCallback(() => {
    pending.current = fetch(`/api/form-token?form=${encodeURIComponent(form)}`, { cache: 'no-store' })
      .then((res) => (res.ok ? (res.json() as Promise<{ token?: string }>) : {}))
      .then((body: { token?: string }) => {
        token.current = body.token ? { value: body.token, receivedAt: Date.now() } : null;
      })
      .catch(() => {
        token.current = null;
      });
    return pending.current;
  }, [form]);

  useEffect(() => {
    if (eager) void refresh();
  }, [eager, refresh]);

  const values = useCallback(async (): Promise<GuardValues> => {
    if (!token.current) await (pending.current ?? refresh());
    if (!token.current) await refresh();
    const wait = token.current ? token.current.receivedAt + MIN_FILL_MS - Date.now() : 0;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return {
      [GUARD_FIELDS.honeypot]: honeypotRef.current?.value ?? '',
      [GUARD_FIELDS.token]: token.current?.value ?? '',
      [GUARD_FIELDS.locale]: locale,
    } as GuardValues;
  }, [locale, refresh]);

  return { honeypotRef, values, refresh };
}

/**
 * The honeypot: a text field people never see or reach (off-screen, out of the tab order, hidden from assistive
 * technology) that form-filling bots tend to complete. Render it inside the form.
 */
export function Honeypot({ inputRef }: { inputRef: React.RefObject<HTMLInputElement | null> }) {
  const t = useClientMessages('Forms');
  return (
    <div aria-hidden="true" className="absolute top-auto -left-[10000px] h-px w-px overflow-hidden">
      <label>
        {t('honeypotLabel')}
        <input
          ref={inputRef}
          type="text"
          name={GUARD_FIELDS.honeypot}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </label>
    </div>
  );
}
