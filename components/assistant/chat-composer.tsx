'use client';

import { useId, type FormEvent, type KeyboardEvent, type RefObject } from 'react';

import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { Link } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import { MESSAGE_MAX_CHARS } from '@/lib/assistant/protocol';

/** Enter sends (Shift+Enter adds a line; never while an input method is composing). */
function onInputKey(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }
}

/**
 * The message box and Send button, and under them the privacy line for the answerer the server runs (`local`:
 * nothing leaves the site; otherwise, and until the server has said, the OpenAI wording).
 *
 * The chat needs JavaScript, and this form only ever exists in a hydrated page: the panel is downloaded and
 * mounted by the launcher's click, and neither is in the server HTML. Should the form still be submitted by the
 * browser itself (its `onSubmit` failing before `preventDefault`), it is a POST and its box has no `name`, so the
 * message never lands in a URL.
 */
export function ChatComposer({
  draft,
  onDraft,
  busy,
  inputRef,
  answerer,
  onSubmit,
}: {
  draft: string;
  onDraft: (text: string) => void;
  busy: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  answerer: 'local' | 'openai' | null;
  onSubmit: (event: FormEvent) => void;
}) {
  const t = useClientMessages('AssistantPanel');
  const inputId = useId();
  return (
    <form
      method="post"
      onSubmit={onSubmit}
      className="border-t border-border px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
    >
      <label htmlFor={inputId} className="sr-only">
        {t('inputLabel')}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          ref={inputRef}
          id={inputId}
          compact
          value={draft}
          onChange={(e) => onDraft(e.target.value)}
          onKeyDown={onInputKey}
          rows={2}
          maxLength={MESSAGE_MAX_CHARS}
          placeholder={t('placeholder')}
          className="min-h-11 flex-1 resize-none text-sm placeholder:text-muted"
        />
        <Button type="submit" size="sm" shape="rounded" disabled={busy || !draft.trim()} className="min-h-11">
          {t('send')}
        </Button>
      </div>
      <p className="mt-2 text-xs text-muted" data-testid="chat-privacy">
        {answerer === 'local' ? t('privacyLocal') : t('privacy')}{' '}
        <Link href="/privacy-policy" className="underline">
          {t('privacyLink')}
        </Link>
      </p>
    </form>
  );
}
