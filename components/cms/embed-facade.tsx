'use client';

import { Play } from '@/components/icons/island-icons';
import { useState, type ReactNode } from 'react';

import { useConsent } from '@/lib/consent';

type Props = {
  src: string;
  title: string;
  playLabel: string;
  notice: string;
  /** A still behind the play button (a server-prepared, decorative image); else a plain gradient. */
  poster?: ReactNode;
  /**
   * The video host's own still (YouTube's hqdefault URL), used when there is no `poster`, and only once the
   * visitor has accepted cookies: before that not even an image is requested from the host.
   */
  thumbnail?: string;
};

/**
 * A click-to-load video embed: nothing is requested from the video host (and no cookie can be set) until the
 * visitor presses play (docs/ARCHITECTURE.md §4). The iframe then takes focus's place at the same size.
 */
export function EmbedFacade({ src, title, playLabel, notice, poster, thumbnail }: Props) {
  const [active, setActive] = useState(false);
  const consent = useConsent();
  const remoteStill = !poster && thumbnail && consent === 'accepted' ? thumbnail : null;
  const autoplay = src.includes('?') ? `${src}&autoplay=1` : `${src}?autoplay=1`;
  return (
    <div className="not-prose relative my-6 aspect-video w-full overflow-hidden rounded-xl bg-black">
      {active ? (
        <iframe
          src={autoplay}
          title={title}
          className="absolute inset-0 size-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          onClick={() => setActive(true)}
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-gradient-to-br from-[#3b0764] to-[#1e3a8a] p-4 text-center text-white"
        >
          {poster ? (
            <span aria-hidden className="absolute inset-0">
              {poster}
              <span className="absolute inset-0 bg-black/65" />
            </span>
          ) : null}
          {remoteStill ? (
            <span aria-hidden className="absolute inset-0">
              {/* A plain <img>: next/image would fetch the still through our server, and only after consent. */}
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img
                src={remoteStill}
                alt=""
                data-video-still
                referrerPolicy="no-referrer"
                className="size-full object-cover"
                // Offline or blocked: the gradient behind stays.
                onError={(e) => {
                  e.currentTarget.style.visibility = 'hidden';
                }}
              />
              <span className="absolute inset-0 bg-black/65" />
            </span>
          ) : null}
          <span className="relative flex size-16 items-center justify-center rounded-full bg-white/90 text-[#3b0764]">
            <Play aria-hidden className="size-8" />
          </span>
          <span className="relative font-semibold">
            {playLabel}: {title}
          </span>
          <span className="relative max-w-md text-sm text-white/85">{notice}</span>
        </button>
      )}
    </div>
  );
}
