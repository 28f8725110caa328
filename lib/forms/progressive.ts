import 'server-only';

import type { z } from 'zod';

import { type ActionFailure, GUARD_FIELDS, failureMessageKey } from '@/lib/action-result';
import { formRecord } from '@/lib/forms/fields';
import { formSecret } from '@/lib/forms/secret';
import { issueFormToken, verifyFormToken } from '@/lib/forms/token';
import { fieldErrors } from '@/lib/safe-action';

import { EMPTY_FORM_STATE, type FormState } from './form-state';

/**
 * The server half of the public forms' no-JavaScript path (the client half is components/forms/progressive.tsx).
 * A form posted without JavaScript (or before hydration) reaches a `useActionState` server action, which runs the
 * same `action()` pipeline as the JavaScript path (rate limit, honeypot, fill-time token, zod, handler) and, when
 * that refuses the submission, answers `refusedFormState(…)`: the form is rendered again with what was typed,
 * the translated field errors and a fill-time token for the next try.
 *
 * The spam guard without JavaScript: the pages are cached (ISR), so no token can be in their HTML (it would be
 * one issue time for everyone). The first post therefore arrives without a token and is refused like any
 * tokenless post; its answer (never cached: a POST) carries a token issued at that moment, so the person checks
 * what they typed and presses the button again, at least the minimum fill time later. A bot gains nothing it
 * could not get from /api/form-token.
 */

/** Longest text echoed back into a field: the fields' own limits are far lower; a bigger post is not reflected whole. */
const MAX_ECHO = 20_000;
/** Most values echoed back for one checkbox group (a group has a handful of options). */
const MAX_LIST = 50;

export type EchoFields = {
  /** The form's own fields, echoed back (never the spam-guard fields). */
  fields: readonly string[];
  /** Those of them that are checkbox groups (echoed as every ticked value). */
  lists?: readonly string[];
};

/** What was typed, per field: text sent once as a string (else ''), a group as its text values. */
export function echoValues(raw: unknown, { fields, lists = [] }: EchoFields): FormState['values'] {
  const record = formRecord(raw) ?? {};
  const values: FormState['values'] = {};
  for (const name of fields) {
    const value = record[name];
    const all = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    if (lists.includes(name)) values[name] = all.slice(0, MAX_LIST).map((v) => v.slice(0, MAX_ECHO));
    else values[name] = typeof value === 'string' ? value.slice(0, MAX_ECHO) : '';
  }
  return values;
}

/**
 * The token for the next no-JavaScript try: none after a filled honeypot; a fresh one when the posted token was
 * missing, forged, too old or used up ('expired'); else the posted one (a correction keeps its fill time).
 */
function nextToken(formName: string, result: ActionFailure<string>, posted: unknown): string | null {
  if (result.error === 'spam') return null;
  const now = Date.now();
  if (result.error !== 'expired') {
    const { check } = verifyFormToken(formSecret(), posted, now, { form: formName });
    if (check === 'ok' || check === 'too-fast') return posted as string;
  }
  return issueFormToken(formSecret(), now, formName);
}

/**
 * The state a refused no-JavaScript submission renders the form with (takes the action's definition, its
 * `ActionFailure` and the posted FormData; pure apart from reading the form secret):
 * - `values`: what was typed (`echo`);
 * - `fieldErrors`: the failure's field errors; when the spam guard refused before the schema ran ('expired',
 *   'too-fast'), the schema's own, so the person sees every problem at once;
 * - `formError`: `sendAgain` for a first post without a token (the no-JavaScript guard step), else the failure's
 *   `Forms` key (`invalid` for field errors, `rateLimited`, `server`, …);
 * - `token`: see nextToken.
 * Never throws. Input that is not a record at all (a replayed argument list of the wrong kind) is refused with
 * nothing echoed and no token.
 */
export function refusedFormState(
  form: { name: string; schema?: z.ZodType },
  result: ActionFailure<string>,
  raw: unknown,
  echo: EchoFields,
): FormState {
  const record = formRecord(raw);
  if (!record) return { ...EMPTY_FORM_STATE, status: 'refused', formError: 'invalid' };
  const posted = record[GUARD_FIELDS.token];
  const known = new Set(echo.fields);
  const errors: Record<string, string> = {};
  let source = result.fieldErrors ?? {};
  if ((result.error === 'expired' || result.error === 'too-fast') && form.schema) {
    const parsed = form.schema.safeParse(record);
    if (!parsed.success) source = fieldErrors(parsed.error);
  }
  for (const [field, key] of Object.entries(source)) if (known.has(field)) errors[field] = key;

  const tokenless = typeof posted !== 'string' || posted === '';
  const formError =
    result.error === 'expired' && tokenless
      ? 'sendAgain'
      : failureMessageKey(result.error as Parameters<typeof failureMessageKey>[0]);
  return {
    status: 'refused',
    values: echoValues(record, echo),
    fieldErrors: errors,
    formError,
    token: nextToken(form.name, result, posted),
  };
}
