'use client';

import { type ComponentProps, useEffect, useRef } from 'react';

import { Textarea } from '@/components/ui/textarea';

/** The sessionStorage key of a draft: one per form and record (`reply` of enquiry 6f1c…). */
export function draftKey(form: string, recordId: string): string {
  return `lrjn:draft:${form}:${recordId}`;
}

export type DraftFieldProps = Omit<ComponentProps<typeof Textarea>, 'defaultValue' | 'value'> & {
  /** The form's name (`reply`, `note`): with `recordId`, the draft's key. */
  form: string;
  /** The record the text is about (the enquiry's id). */
  recordId: string;
  /**
   * True on the page the server rendered after this form succeeded (its `?done=` notice): the draft is deleted.
   * Only the server's confirmation clears it, never the submit itself, which may still be refused.
   */
  saved?: boolean;
  /** The translated line shown when a draft was put back into the box ('Your unsent text was restored.'). */
  restoredText: string;
};

/**
 * A staff text box whose text survives a refusal or an expired session (D9 of the back-office review). Every
 * change is kept in this tab's sessionStorage under `draftKey(form, recordId)`; when the page is shown again with
 * the box empty (the post was refused and the redirect came back, or the session had ended and the person signed in
 * again and was sent back here), the draft is put back and a status line (a live region) says so. The draft is deleted when the
 * server confirms the form's success (`saved`), or when the box is emptied. sessionStorage is this tab's only,
 * gone when the tab closes; nothing is sent anywhere. Without JavaScript it is a plain textarea.
 */
export function DraftField({ form, recordId, saved, restoredText, onInput, ...props }: DraftFieldProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const key = draftKey(form, recordId);

  useEffect(() => {
    const box = ref.current;
    try {
      if (saved) {
        sessionStorage.removeItem(key);
        return;
      }
      const draft = sessionStorage.getItem(key);
      if (box && draft && !box.value) {
        box.value = draft;
        // The status region is on the page from the start, so a screen reader announces the line.
        if (status.current) status.current.textContent = restoredText;
      }
    } catch {
      // Storage refused (private mode, quota): the box works as a plain one.
    }
  }, [key, saved, restoredText]);

  return (
    <>
      <Textarea
        ref={ref}
        onInput={(event) => {
          const text = event.currentTarget.value;
          try {
            if (text.trim()) sessionStorage.setItem(key, text);
            else sessionStorage.removeItem(key);
          } catch {
            // As above.
          }
          onInput?.(event);
        }}
        {...props}
      />
      <p ref={status} aria-live="polite" className="text-sm text-muted empty:hidden" />
    </>
  );
}
