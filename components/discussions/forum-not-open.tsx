import { MessagesSquare } from '@/components/icons/icons';

/**
 * The "forum is not open yet" card of the discussion pages (docs/SPEC-NOTES.md §2: the Community page's 'Discussion Forum
 * Coming Soon'): an <h2> and a sentence, in the same dashed panel as the Community page's empty discussions list.
 */
export function ForumNotOpen({ id, title, body }: { id: string; title: string; body: string }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-dashed border-border p-8 text-center sm:p-10"
    >
      <MessagesSquare aria-hidden className="mx-auto size-10 text-brand" />
      <h2 id={id} className="mt-4 text-2xl font-bold">
        {title}
      </h2>
      <p className="mx-auto mt-2 max-w-2xl text-muted">{body}</p>
    </section>
  );
}
