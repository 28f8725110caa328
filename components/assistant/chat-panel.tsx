'use client';

import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

import { useLocale } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import { readEventStream } from '@/lib/assistant/protocol';
import { showToast } from '@/lib/toast';

import { ChatComposer } from './chat-composer';
import { ChatFailureBanner, type ChatFailure } from './chat-failure';
import { ChatHeader } from './chat-header';
import { HISTORY_LIMIT, loadHistory, newMessageId as newId, type ChatMessage } from './chat-history';
import { ChatMessages } from './chat-messages';
import { plainText } from './message-text';
import { usePanelMode, wrapTab } from './panel-mode';
import { readStorage, writeStorage, type ChatKeys } from './storage';

/**
 * The chat panel (docs/SPEC-NOTES.md §2 Chat assistant widget, §4 chat panel states, §8 Chat errors), loaded on the launcher's
 * first use. A dialog: focus moves into it on open, Esc closes it (the launcher takes focus back); modal where it
 * would cover the page's controls (below 1440 px: the page is inert and Tab stays inside), non-modal beside the
 * page on a wider screen (panel-mode.ts),
 * replies stream in from `POST /api/assistant` (lib/assistant/protocol.ts) and each finished reply is announced
 * politely once. History and the conversation id live in localStorage under the site's short-name prefix.
 * The privacy line says what is true for the answerer the server runs (`GET /api/assistant`): with the local
 * answerer nothing leaves the site; until the server has said, the OpenAI wording (the cautious one) shows.
 */

export type ChatPanelProps = {
  open: boolean;
  /** The assistant's name, e.g. 'LRJN Assistant'. */
  name: string;
  keys: ChatKeys;
  onClose: () => void;
  /** Called when a reply finishes (the launcher flags it if the panel is hidden). */
  onReply: () => void;
};

/**
 * The site's toasts sit at the bottom right, where this panel's input and error banner are: the chat's own toasts
 * show at the top instead so they never cover them (on a phone the panel fills the screen).
 */
const TOAST = { position: 'top-center' } as const;

export function ChatPanel({ open, name, keys, onClose, onReply }: ChatPanelProps) {
  const t = useClientMessages('AssistantPanel');
  const locale = useLocale();
  const titleId = useId();
  const [messages, setMessages] = useState<ChatMessage[]>(() => loadHistory(keys.history));
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ChatFailure | null>(null);
  const [retries, setRetries] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const conversation = useRef<string | null>(readStorage(keys.thread));
  const lastQuestion = useRef<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const modal = usePanelMode(root, open);
  const [answerer, setAnswerer] = useState<'local' | 'openai' | null>(null);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  useEffect(() => {
    let live = true;
    fetch('/api/assistant')
      .then((res) => (res.ok ? res.json() : null))
      .then((body: { answerer?: unknown } | null) => {
        if (live && (body?.answerer === 'local' || body?.answerer === 'openai')) setAnswerer(body.answerer);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  // Saved when a request settles, not on every streamed chunk.
  useEffect(() => {
    if (!busy)
      writeStorage(keys.history, messages.length ? JSON.stringify(messages.slice(-HISTORY_LIMIT)) : null);
  }, [busy, messages, keys.history]);

  // Keep the start of the newest exchange in view: the visitor's question at the top, the answer below it
  // (scrolling to the bottom would hide the first, most useful line of a long answer).
  const lastUserId = messages.findLast((m) => m.role === 'user')?.id;
  useEffect(() => {
    const el = list.current;
    if (!el || !open) return;
    const question = lastUserId ? el.querySelector<HTMLElement>(`[data-message-id="${lastUserId}"]`) : null;
    el.scrollTop = question ? question.offsetTop - el.offsetTop - 8 : el.scrollHeight;
  }, [lastUserId, open]);
  useEffect(() => {
    const el = list.current;
    if (el && failure) el.scrollTop = el.scrollHeight;
  }, [failure]);

  const ask = useCallback(
    async (question: string, isRetry: boolean) => {
      const replyId = newId();
      lastQuestion.current = question;
      setBusy(true);
      setMessages((all) => [
        ...all,
        ...(isRetry ? [] : [{ id: newId(), role: 'user' as const, text: question }]),
        { id: replyId, role: 'assistant' as const, text: '' },
      ]);
      const update = (change: (m: ChatMessage) => ChatMessage) =>
        setMessages((all) => all.map((m) => (m.id === replyId ? change(m) : m)));

      let text = '';
      let outcome: 'done' | ChatFailure = { kind: 'network' };
      try {
        const res = await fetch('/api/assistant', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            message: question,
            locale,
            conversationId: conversation.current ?? undefined,
          }),
        });
        if (res.status === 429) {
          outcome = { kind: 'rate', seconds: Number(res.headers.get('retry-after')) || 60 };
        } else if (res.ok && res.body) {
          const end = await readEventStream(res.body, (event) => {
            if (event.type === 'start') {
              conversation.current = event.conversationId;
              writeStorage(keys.thread, event.conversationId);
            } else if (event.type === 'delta') {
              text += event.text;
              update((m) => ({ ...m, text }));
            } else if (event.type === 'sources') {
              update((m) => ({ ...m, sources: event.sources }));
            }
          });
          if (end.type === 'done') outcome = 'done';
        }
      } catch {
        // Network failure: handled below as a connection error.
      }

      if (outcome === 'done') {
        setFailure(null);
        setRetries(0);
        setAnnouncement(plainText(text));
        if (isRetry) showToast((toast) => toast.success(t('restored'), TOAST));
        onReply();
      } else {
        const failed = outcome;
        // Keep what arrived before the failure; then the spec's apology (§8).
        setMessages((all) => [
          ...all.filter((m) => m.id !== replyId || m.text),
          { id: newId(), role: 'assistant', text: t('apology') },
        ]);
        setFailure(failed);
        setAnnouncement(t('apology'));
        showToast((toast) => toast.error(t('toastTitle'), { ...TOAST, description: t('toastBody') }));
      }
      setBusy(false);
    },
    [keys.thread, locale, onReply, t],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const question = draft.trim();
    if (!question || busy) return;
    setDraft('');
    void ask(question, false);
  };

  const retry = () => {
    if (busy || !lastQuestion.current) return;
    setRetries((n) => n + 1);
    void ask(lastQuestion.current, true);
  };

  const clear = () => {
    setMessages([]);
    setFailure(null);
    setRetries(0);
    conversation.current = null;
    lastQuestion.current = null;
    writeStorage(keys.history, null);
    writeStorage(keys.thread, null);
    showToast((toast) => toast.success(t('cleared'), TOAST));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab' && modal.current && root.current && wrapTab(root.current, event.shiftKey)) {
      event.preventDefault();
    }
  };

  // On a phone the panel covers the page: close it when a link inside it navigates.
  const onInternalLink = () => {
    if (window.matchMedia('(max-width: 639px)').matches) onClose();
  };

  const pending = busy && messages.at(-1)?.role === 'assistant' && !messages.at(-1)?.text;
  const answering = busy && !pending;

  return (
    <div
      ref={root}
      role="dialog"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={onKeyDown}
      data-testid="chat-panel"
      className="fixed inset-0 z-50 flex flex-col border-border bg-bg text-fg shadow-2xl sm:inset-y-0 sm:right-0 sm:left-auto sm:w-[26rem] sm:border-l"
    >
      <ChatHeader
        titleId={titleId}
        name={name}
        canClear={!busy && messages.length > 0}
        onClear={clear}
        onClose={onClose}
      />

      <div ref={list} className="flex-1 space-y-3 overflow-y-auto px-4 py-4" aria-busy={busy}>
        <div className="max-w-[90%] rounded-lg bg-surface px-3 py-2 text-sm">
          <p>{t('welcome')}</p>
        </div>
        <ChatMessages
          name={name}
          messages={messages}
          pending={pending}
          answering={answering}
          onInternalLink={onInternalLink}
        />
      </div>

      {failure && (
        <ChatFailureBanner
          failure={failure}
          retries={retries}
          busy={busy}
          onRetry={retry}
          onDismiss={() => {
            setFailure(null);
            setRetries(0);
          }}
        />
      )}

      <ChatComposer
        draft={draft}
        onDraft={setDraft}
        busy={busy}
        inputRef={input}
        answerer={answerer}
        onSubmit={submit}
      />

      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}
