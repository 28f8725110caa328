'use client';

import { useClientMessages } from '@/i18n/client-messages';

/**
 * The panel's title bar: the assistant's name as the dialog's heading (`titleId` labels the dialog), Clear Chat
 * (disabled while a reply runs or there is nothing to clear) and the close button.
 */
export function ChatHeader({
  titleId,
  name,
  canClear,
  onClear,
  onClose,
}: {
  titleId: string;
  name: string;
  canClear: boolean;
  onClear: () => void;
  onClose: () => void;
}) {
  const t = useClientMessages('AssistantPanel');
  return (
    <div className="flex items-center justify-between gap-2 border-b border-border bg-surface px-4 py-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {name}
      </h2>
      <div className="flex items-center gap-1">
        <button
          type="button"
          onClick={onClear}
          disabled={!canClear}
          className="rounded-md px-2 py-1.5 text-sm font-medium text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:text-muted disabled:no-underline"
        >
          {t('clear')}
        </button>
        <button
          type="button"
          onClick={onClose}
          className="flex size-11 items-center justify-center rounded-md hover:bg-surface-strong focus-visible:outline-2 focus-visible:outline-focus"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M18 6 6 18M6 6l12 12" />
          </svg>
          <span className="sr-only">{t('close')}</span>
        </button>
      </div>
    </div>
  );
}
