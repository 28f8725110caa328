'use client';

import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ComponentType } from 'react';

import { useClientMessages } from '@/i18n/client-messages';

import type { ChatPanelProps } from './chat-panel';
import { chatKeys, readStorage, writeStorage } from './storage';

/**
 * The chat assistant's round floating button (docs/SPEC-NOTES.md §2 Chat assistant widget), on every page. Tiny on purpose: the
 * panel (message list, streaming, toasts) is downloaded with a dynamic `import()` on the first click or key press,
 * so it adds almost nothing to a page's first load. The red dot shows until the chat has been opened once (the
 * `{short}-chat-opened` flag) and when a reply finished while the panel was closed.
 */
const noop = () => () => {};

export function AssistantLauncher({ shortName }: { shortName: string }) {
  const t = useClientMessages('AssistantPanel');
  const keys = chatKeys(shortName);
  const name = t('name', { short: shortName });
  const [Panel, setPanel] = useState<ComponentType<ChatPanelProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [replyUnread, setReplyUnread] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Read after hydration (the server renders no dot); re-read on every render, so opening clears it.
  const neverOpened = useSyncExternalStore(
    noop,
    () => readStorage(keys.opened) !== 'true',
    () => false,
  );
  const unread = !open && (neverOpened || replyUnread);

  const show = () => {
    writeStorage(keys.opened, 'true');
    setOpen(true);
    setReplyUnread(false);
    if (!Panel && !loading) {
      setLoading(true);
      import('./chat-panel')
        .then((m) => setPanel(() => m.ChatPanel))
        .catch(() => setOpen(false))
        .finally(() => setLoading(false));
    }
  };

  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  const isOpen = useRef(false);
  useEffect(() => {
    isOpen.current = open;
  }, [open]);
  // A reply that finished while the panel was hidden: flag it on the button.
  const onReply = useCallback(() => {
    if (!isOpen.current) setReplyUnread(true);
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => (open ? close() : show())}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-busy={loading || undefined}
        className="fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-brand text-brand-fg shadow-lg transition-colors hover:bg-brand-hover focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus motion-reduce:transition-none print:hidden"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M21 12a8 8 0 0 1-11.8 7L3 21l2-6.2A8 8 0 1 1 21 12z" />
        </svg>
        <span className="sr-only">
          {t('open', { name })}
          {unread ? `, ${t('unread')}` : ''}
        </span>
        {unread && (
          <span
            data-testid="chat-unread-dot"
            aria-hidden="true"
            className="absolute top-0.5 right-0.5 size-3.5 rounded-full bg-red-600 ring-2 ring-white dark:ring-[#0b1120]"
          />
        )}
      </button>
      {Panel && <Panel open={open} name={name} keys={keys} onClose={close} onReply={onReply} />}
    </>
  );
}
