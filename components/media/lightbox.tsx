'use client';

import { ChevronLeft, ChevronRight, X } from '@/components/icons/island-icons';
import { useCallback, useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react';

import { FallbackImage } from '@/components/cms/fallback-image';
import { useClientMessages } from '@/i18n/client-messages';

export type LightboxSlide = {
  /** The large image, prepared on the server with next/image's getImageProps (components/media/image-gallery). */
  image: ComponentProps<typeof FallbackImage>;
  caption: string;
  /** The caption's language when it is not the page's (an English title under /es, /fr, /pt). */
  captionLang?: string;
};

/**
 * The image viewer of a gallery. The server renders the thumbnails (`children`) as links to the full images, each
 * marked `data-lightbox-index`, so they work without JavaScript; once hydrated, a click opens that image in a modal
 * <dialog> (showModal: focus moves in, the page behind is inert, Escape closes). Previous/Next buttons and the
 * arrow keys move through the slides; closing returns focus to the thumbnail that opened it.
 */
export function Lightbox({ slides, children }: { slides: LightboxSlide[]; children: ReactNode }) {
  const t = useClientMessages('Lightbox');
  const root = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [index, setIndex] = useState<number | null>(null);
  const captionId = useId();
  const hintId = useId();
  const total = slides.length;

  useEffect(() => {
    const container = root.current;
    if (!container) return;
    const onClick = (event: MouseEvent) => {
      // Modified clicks keep their browser meaning (open the image in a new tab or window).
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element).closest<HTMLElement>('[data-lightbox-index]');
      const target = Number(link?.dataset.lightboxIndex);
      if (!link || !Number.isInteger(target) || target < 0 || target >= total) return;
      event.preventDefault();
      opener.current = link;
      setIndex(target);
    };
    container.addEventListener('click', onClick);
    return () => container.removeEventListener('click', onClick);
  }, [total]);

  const isOpen = index !== null;
  useEffect(() => {
    const el = dialog.current;
    if (!isOpen || !el) return;
    if (!el.open) el.showModal();
    // A modal <dialog> does not stop the page behind it from scrolling.
    const html = document.documentElement;
    const previous = html.style.overflow;
    html.style.overflow = 'hidden';
    return () => {
      html.style.overflow = previous;
    };
  }, [isOpen]);

  const move = useCallback(
    (step: number) => setIndex((i) => (i === null ? i : (i + step + total) % total)),
    [total],
  );

  const onClose = () => {
    setIndex(null);
    opener.current?.focus();
  };

  const slide = index === null ? undefined : slides[index];
  const button =
    'inline-flex items-center gap-2 rounded-full border border-border px-4 py-2 text-sm font-semibold hover:bg-surface';
  return (
    <div ref={root}>
      {children}
      <dialog
        ref={dialog}
        aria-labelledby={captionId}
        aria-describedby={hintId}
        onClose={onClose}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') move(1);
          else if (event.key === 'ArrowLeft') move(-1);
          else return;
          event.preventDefault();
        }}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(100%-2rem,72rem)] overflow-auto rounded-2xl bg-bg p-0 text-fg shadow-2xl backdrop:bg-black/80"
      >
        {slide && index !== null ? (
          <div className="p-4 sm:p-6">
            <div className="flex items-center justify-between gap-4">
              <p aria-live="polite" className="text-sm font-semibold text-muted">
                {t('counter', { index: index + 1, total })}
              </p>
              <button
                type="button"
                onClick={() => dialog.current?.close()}
                className="inline-flex size-11 items-center justify-center rounded-full hover:bg-surface"
                aria-label={t('close')}
              >
                <X aria-hidden className="size-6" />
              </button>
            </div>
            <figure className="mt-2">
              <div className="relative h-[min(65dvh,720px)] w-full overflow-hidden rounded-lg bg-surface-strong">
                <FallbackImage key={index} {...slide.image} />
              </div>
              <figcaption
                id={captionId}
                lang={slide.captionLang}
                className="mt-3 text-lg font-semibold text-balance"
              >
                {slide.caption}
              </figcaption>
            </figure>
            <p id={hintId} className="sr-only">
              {t('hint')}
            </p>
            {total > 1 ? (
              <div className="mt-4 flex justify-between gap-4">
                <button type="button" onClick={() => move(-1)} className={button}>
                  <ChevronLeft aria-hidden className="size-4" />
                  {t('previous')}
                </button>
                <button type="button" onClick={() => move(1)} className={button}>
                  {t('next')}
                  <ChevronRight aria-hidden className="size-4" />
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
      </dialog>
    </div>
  );
}
