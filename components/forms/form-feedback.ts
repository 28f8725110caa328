'use client';

import { failureMessageKey, type ActionFailure } from '@/lib/action-result';

type SetError = (field: never, error: { type: string; message: string }) => void;

/**
 * Puts a server action's failure where the person will see it: field messages (keys of the form's own
 * namespace) on the named react-hook-form fields, and returns the `Forms` message key to show as a toast or
 * form-level alert (e.g. 'rateLimited'). Field names not in `fields` are ignored (they cannot be shown).
 */
export function applyFailure(
  result: ActionFailure,
  setError: SetError,
  fields: readonly string[],
): ReturnType<typeof failureMessageKey> {
  for (const [field, key] of Object.entries(result.fieldErrors ?? {})) {
    if (fields.includes(field))
      (setError as (f: string, e: { type: string; message: string }) => void)(field, {
        type: 'server',
        message: key,
      });
  }
  return failureMessageKey(result.error);
}
