'use client';

import type { Messages } from 'next-intl';
import { useActionState, useId } from 'react';

import {
  type EraseState,
  type Found,
  type LookupState,
  erasePersonAction,
  lookupPersonAction,
} from '@/lib/data-rights/actions';
import type { ViewSection } from '@/lib/data-rights/view';
import { type DataRightsFailure, dataRightsFailure } from '@/lib/data-rights/failure';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useLocale } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';

const PROVIDER_KEYS = {
  forgotten: 'providerForgotten',
  queued: 'providerQueued',
  none: 'providerNone',
} as const;

/** The message key of each failure. */
const ERROR_KEYS: Record<DataRightsFailure, `error${string}` & keyof Messages['DataRights']> = {
  unauthenticated: 'errorUnauthenticated',
  forbidden: 'errorForbidden',
  'check-failed': 'errorCheckFailed',
  'invalid-email': 'errorInvalidEmail',
  'confirmation-mismatch': 'errorConfirmationMismatch',
  'supabase-key-missing': 'errorSupabaseKeyMissing',
  'account-delete-failed': 'errorAccountDeleteFailed',
  'wrong-password': 'errorWrongPassword',
  'step-up-expired': 'errorStepUpExpired',
  'email-not-confirmed': 'errorEmailNotConfirmed',
  'holds-role': 'errorHoldsRole',
  'rate-limited': 'errorRateLimited',
  server: 'errorServer',
};

/**
 * The admin's data-rights tool (issue 17 item 7): look a person up by email, with the admin's own password again
 * (step-up), and see every row held about them, download it as JSON (a plain POST form to the export handler,
 * so the browser saves the file) and erase it after typing the address again; the look-up's step-up token covers
 * the download and the erasure for a few minutes. Every step is checked on the server (admins only). Both
 * answers live here, not in the results, and a refused erasure brings the rows and the typed confirmation back, so
 * the page works the same without JavaScript (each post renders the page from that one answer).
 */
export function DataRightsPanel({ exportUrl }: { exportUrl: string }) {
  const t = useClientMessages('DataRights');
  const [lookup, lookupAction, looking] = useActionState<LookupState, FormData>(lookupPersonAction, null);
  const [erase, eraseAction, erasing] = useActionState<EraseState, FormData>(erasePersonAction, null);
  const locale = useLocale();
  const emailId = useId();
  const passwordId = useId();
  // The newer answer decides what is shown: a look-up after an erasure starts afresh, and the other way round.
  const erasedLast = erase !== null && (erase.at ?? 0) >= (lookup?.at ?? 0);
  const found = erasedLast ? (erase.ok ? null : (erase.found ?? null)) : lookup?.ok ? lookup.data : null;
  const typedEmail = lookup && !lookup.ok ? (lookup.typed?.email ?? '') : '';

  return (
    <div className="space-y-10">
      {/* Keyed by the answer, so a refused look-up shows the address as typed (a form is reset after its action). */}
      <form key={`lookup-${lookup?.at ?? 0}`} action={lookupAction} className="space-y-3">
        <input type="hidden" name="locale" value={locale} />
        <label htmlFor={emailId} className="block font-semibold">
          {t('emailLabel')}
        </label>
        <p id={`${emailId}-hint`} className="text-sm text-muted">
          {t('emailHint')}
        </p>
        <Input
          id={emailId}
          name="email"
          type="email"
          required
          autoComplete="off"
          defaultValue={typedEmail}
          aria-describedby={`${emailId}-hint`}
          className="max-w-md"
        />
        <label htmlFor={passwordId} className="block font-semibold">
          {t('passwordLabel')}
        </label>
        <p id={`${passwordId}-hint`} className="text-sm text-muted">
          {t('passwordHint')}
        </p>
        <Input
          id={passwordId}
          name="password"
          type="password"
          required
          autoComplete="current-password"
          aria-describedby={`${passwordId}-hint`}
          className="max-w-md"
        />
        <Button type="submit" disabled={looking}>
          {t('lookUp')}
        </Button>
      </form>

      <div aria-live="polite">
        {!erasedLast && lookup?.ok === false ? (
          <p role="alert" className="rounded-lg border border-danger p-3 text-danger">
            {t(ERROR_KEYS[dataRightsFailure(lookup)])}
          </p>
        ) : null}
        {erasedLast && erase.ok ? (
          <p role="status" className="rounded-lg border border-success p-3" data-testid="erase-done">
            {t('erased', { total: erase.data.total })} {t(PROVIDER_KEYS[erase.data.provider])}
          </p>
        ) : null}
        {erasedLast && !erase.ok && !erase.found ? (
          <p role="alert" className="rounded-lg border border-danger p-3 text-danger">
            {t(ERROR_KEYS[dataRightsFailure(erase)])}
          </p>
        ) : null}
        {found ? (
          <Results
            key={found.generatedAt}
            found={found}
            exportUrl={exportUrl}
            eraseAction={eraseAction}
            erasing={erasing}
            refusal={erasedLast && !erase.ok && erase.found ? erase : null}
          />
        ) : null}
      </div>
    </div>
  );
}

/** What one look-up found: the rows, the export button and the erase form (with a refused erasure's message). */
function Results({
  found,
  exportUrl,
  eraseAction,
  erasing,
  refusal,
}: {
  found: Found;
  exportUrl: string;
  eraseAction: (form: FormData) => void;
  erasing: boolean;
  refusal: Extract<NonNullable<EraseState>, { ok: false }> | null;
}) {
  const t = useClientMessages('DataRights');
  const locale = useLocale();
  const confirmId = useId();
  return (
    <section aria-labelledby="data-rights-results" className="space-y-6" data-testid="data-rights-results">
      <h2 id="data-rights-results" className="text-2xl font-bold">
        {t('resultsHeading', { email: found.email })}
      </h2>
      {found.empty ? (
        <p data-testid="data-rights-nothing">{t('nothing')}</p>
      ) : (
        <>
          {found.view.map((section) => (
            <RowList key={section.kind} section={section} />
          ))}
          <form method="post" action={exportUrl}>
            <input type="hidden" name="email" value={found.email} />
            <input type="hidden" name="stepUp" value={found.stepUp} />
            <Button type="submit" variant="outline">
              {t('export')}
            </Button>
          </form>
          <form action={eraseAction} className="space-y-3 rounded-2xl border-2 border-danger p-5">
            <h3 className="text-xl font-bold text-danger">{t('eraseHeading')}</h3>
            <p>{t('eraseWarning')}</p>
            <input type="hidden" name="email" value={found.email} />
            <input type="hidden" name="stepUp" value={found.stepUp} />
            <input type="hidden" name="locale" value={locale} />
            <label htmlFor={confirmId} className="block font-semibold">
              {t('confirmLabel', { email: found.email })}
            </label>
            <Input
              id={confirmId}
              name="confirmation"
              type="email"
              required
              autoComplete="off"
              defaultValue={refusal?.typed?.confirmation ?? ''}
              className="max-w-md"
            />
            {refusal ? (
              <p role="alert" className="text-danger">
                {t(ERROR_KEYS[dataRightsFailure(refusal)])}
              </p>
            ) : null}
            <Button type="submit" variant="danger" disabled={erasing}>
              {t('erase')}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}

/** One kind of row: each row as its fields, labelled and shown as a person reads them (lib/data-rights/view.ts). */
function RowList({ section }: { section: ViewSection }) {
  return (
    <section className="space-y-2" data-kind={section.kind}>
      <h3 className="text-lg font-semibold">{section.title}</h3>
      <ul className="space-y-2">
        {section.rows.map((fields, i) => (
          <li key={i} className="rounded-lg border border-border bg-surface p-3">
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[14rem_1fr]">
              {fields.map((field) => (
                <div key={field.key} className="contents">
                  <dt className="font-semibold text-muted">{field.label}</dt>
                  <dd className="break-words">{field.value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
