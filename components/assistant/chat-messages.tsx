'use client';

import { useClientMessages } from '@/i18n/client-messages';

import { type ChatMessage, unlinkedSources } from './chat-history';
import { MessageText } from './message-text';

/**
 * The conversation as a list named after the assistant: the visitor's questions (with data-message-id, which
 * the panel scrolls to), the replies with the sources they did not link inline, then the 'processing' or
 * 'answering' line while a request runs. Empty replies (still waiting) are not drawn.
 */
export function ChatMessages({
  name,
  messages,
  pending,
  answering,
  onInternalLink,
}: {
  name: string;
  messages: ChatMessage[];
  /** Waiting for the first words of a reply. */
  pending: boolean;
  /** A reply is streaming in. */
  answering: boolean;
  onInternalLink: () => void;
}) {
  const t = useClientMessages('AssistantPanel');
  return (
    <>
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
              <SourceList message={m} onInternalLink={onInternalLink} />
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
    </>
  );
}

/** A reply's sources that its text does not already link, under a 'Sources' heading; nothing when none. */
function SourceList({ message, onInternalLink }: { message: ChatMessage; onInternalLink: () => void }) {
  const t = useClientMessages('AssistantPanel');
  const sources = unlinkedSources(message);
  if (sources.length === 0) return null;
  return (
    <div className="mt-2 border-t border-border pt-2">
      <p className="text-xs font-semibold text-muted">{t('sources')}</p>
      <ul className="mt-1 space-y-1 text-xs">
        {sources.map((s) => (
          <li key={s.url}>
            <MessageText
              text={`[${s.title.replace(/[[\]]/g, '')}](${s.url})`}
              onInternalLink={onInternalLink}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
