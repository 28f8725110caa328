'use client';

import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

import { Link, useLocale } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import { MESSAGE_MAX_CHARS, readEventStream, type Source } from '@/lib/assistant/protocol';
import { showToast } from '@/lib/toast';

import { MessageText, plainText } from './message-text';
import { readStorage, writeStorage, type ChatKeys } from './storage';

/**
 * The chat panel (docs/SPEC-NOTES.md §2 Chat assistant widget, §4 chat panel states, §8 Chat errors), loaded on the launcher's
 * first use. A non-modal side dialog: focus moves into it on open, Esc closes it (the launcher takes focus back),
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

type ChatMessage = { id: string; role: 'user' | 'assistant'; text: string; sources?: Source[] };

type Failure = { kind: 'network' } | { kind: 'rate'; seconds: number };

/**
 * The site's toasts sit at the bottom right, where this panel's input and error banner are: the chat's own toasts
 * show at the top instead so they never cover them (on a phone the panel fills the screen).
 */
const TOAST = { position: 'top-center' } as const;

/** Stored history is capped so localStorage stays small. */
const HISTORY_LIMIT = 50;

function loadHistory(key: string): ChatMessage[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(key) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (m): m is ChatMessage =>
        !!m &&
        typeof m.id === 'string' &&
        (m.role === 'user' || m.role === 'assistant') &&
        typeof m.text === 'string',
    );
  } catch {
    return [];
  }
}

/** The sources a reply does not already link in its text: each page is cited once. */
function unlinkedSources(m: ChatMessage): Source[] {
  if (!m.sources?.length) return [];
  const linked = new Set([...m.text.matchAll(/\]\(([^)\s]+)\)/g)].map((x) => x[1]));
  const seen = new Set<string>();
  return m.sources.filter((s) => !linked.has(s.url) && !seen.has(s.url) && !!seen.add(s.url));
}

let counter = 0;
const newId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

export function ChatPanel({ open, name, keys, onClose, onReply }: ChatPanelProps) {
  const t = useClientMessages('AssistantPanel');
  const locale = useLocale();
  const titleId = useId();
  const inputId = useId();
  const [messages, setMessages] = useState<ChatMessage[]>(() => loadHistory(keys.history));
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [retries, setRetries] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const conversation = useRef<string | null>(readStorage(keys.thread));
  const lastQuestion = useRef<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLDivElement>(null);
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
      let outcome: 'done' | Failure = { kind: 'network' };
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
    }
  };

  const onInputKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
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
      role="dialog"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={onKeyDown}
      data-testid="chat-panel"
      className="fixed inset-0 z-50 flex flex-col border-border bg-bg text-fg shadow-2xl sm:inset-y-0 sm:right-0 sm:left-auto sm:w-[26rem] sm:border-l"
    >
      <div className="flex items-center justify-between gap-2 border-b border-border bg-surface px-4 py-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {name}
        </h2>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={clear}
            disabled={busy || messages.length === 0}
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

      <div ref={list} className="flex-1 space-y-3 overflow-y-auto px-4 py-4" aria-busy={busy}>
        <div className="max-w-[90%] rounded-lg bg-surface px-3 py-2 text-sm">
          <p>{t('welcome')}</p>
        </div>
        <ol className="space-y-3" aria-label={name}>
          {messages.map((m) =>
            m.role === 'user' ? (
              <li
                key={m.id}
                data-message-id={m.id}
                className="ms-auto w-fit max-w-[90%] rounded-lg bg-brand px-3 py-2 text-sm text-brand-fg"
              >
                <span className="sr-only">{t('you')}: </span>
                <p className="break-words whitespace-pre-wrap">{m.text}</p>
              </li>
            ) : m.text ? (
              <li
                key={m.id}
                className="max-w-[90%] space-y-1 rounded-lg bg-surface px-3 py-2 text-sm break-words"
              >
                <span className="sr-only">{name}: </span>
                <MessageText text={m.text} onInternalLink={onInternalLink} />
                {unlinkedSources(m).length > 0 && (
                  <div className="mt-2 border-t border-border pt-2">
                    <p className="text-xs font-semibold text-muted">{t('sources')}</p>
                    <ul className="mt-1 space-y-1 text-xs">
                      {unlinkedSources(m).map((s) => (
                        <li key={s.url}>
                          <MessageText
                            text={`[${s.title.replace(/[[\]]/g, '')}](${s.url})`}
                            onInternalLink={onInternalLink}
                          />
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </li>
            ) : null,
          )}
        </ol>
        {pending && (
          <p className="flex items-center gap-2 text-sm text-muted" data-testid="chat-processing">
            <span aria-hidden="true" className="flex gap-1">
              <span className="size-2 rounded-full bg-muted motion-safe:animate-pulse" />
              <span className="size-2 rounded-full bg-muted [animation-delay:150ms] motion-safe:animate-pulse" />
              <span className="size-2 rounded-full bg-muted [animation-delay:300ms] motion-safe:animate-pulse" />
            </span>
            {t('processing')}
          </p>
        )}
        {answering && (
          <p className="flex items-center gap-2 text-xs text-muted" data-testid="chat-answering">
            <span aria-hidden="true" className="size-2 rounded-full bg-muted motion-safe:animate-pulse" />
            {t('answering')}
          </p>
        )}
      </div>

      {failure && (
        <div
          role="alert"
          className="mx-4 mb-2 rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">{t('errorTitle')}</p>
          <p className="mt-1">
            {failure.kind === 'rate' ? t('rateLimited', { seconds: failure.seconds }) : t('errorBody')}
          </p>
          {retries >= 2 && (
            <div className="mt-2">
              <p className="font-medium">{t('checklistTitle')}</p>
              <ul className="mt-1 list-disc space-y-0.5 ps-5">
                <li>{t('checkInternet')}</li>
                <li>{t('checkBusy')}</li>
                <li>{t('checkLater')}</li>
                <li>
                  {t('checkContact')}{' '}
                  <Link href="/contact" className="font-medium underline">
                    {t('contactLink')}
                  </Link>
                </li>
              </ul>
            </div>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={retry}
              disabled={busy}
              className="rounded-md bg-red-700 px-3 py-1.5 font-medium text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:opacity-60 dark:bg-red-300 dark:text-red-950 dark:hover:bg-red-200"
            >
              {t('retry')}
            </button>
            <button
              type="button"
              onClick={() => {
                setFailure(null);
                setRetries(0);
              }}
              className="rounded-md border border-red-700 px-3 py-1.5 font-medium hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus dark:border-red-300 dark:hover:bg-red-900"
            >
              {t('dismiss')}
            </button>
          </div>
        </div>
      )}

      <form
        onSubmit={submit}
        className="border-t border-border px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
      >
        <label htmlFor={inputId} className="sr-only">
          {t('inputLabel')}
        </label>
        <div className="flex items-end gap-2">
          <textarea
            ref={input}
            id={inputId}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onInputKey}
            rows={2}
            maxLength={MESSAGE_MAX_CHARS}
            placeholder={t('placeholder')}
            className="min-h-11 flex-1 resize-none rounded-md border border-border bg-bg px-3 py-2 text-sm text-fg placeholder:text-muted focus-visible:outline-2 focus-visible:outline-focus"
          />
          <button
            type="submit"
            disabled={busy || !draft.trim()}
            className="min-h-11 rounded-md bg-brand px-4 py-2 text-sm font-semibold text-brand-fg hover:bg-brand-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60"
          >
            {t('send')}
          </button>
        </div>
        <p className="mt-2 text-xs text-muted" data-testid="chat-privacy">
          {answerer === 'local' ? t('privacyLocal') : t('privacy')}{' '}
          <Link href="/privacy-policy" className="underline">
            {t('privacyLink')}
          </Link>
        </p>
      </form>

      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}
