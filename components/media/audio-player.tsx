'use client';

import { Download, Pause, Play, Volume2 } from '@/components/icons/island-icons';
import { useEffect, useRef, useState } from 'react';

import { useLocale } from '@/i18n/client';
import { useClientMessages } from '@/i18n/client-messages';
import { formatPercent } from '@/lib/utils/format';
import { formatClock, volumePercent } from '@/lib/media/time';

/** docs/SPEC-NOTES.md §9: default volume. */
export const DEFAULT_VOLUME = 0.7;

/**
 * An audio player for a podcast episode or recording: play/pause (its label says which), a seek slider read out as
 * 'm:ss of m:ss', elapsed and total time, a volume slider from 0 to 1 in steps of 0.01 (default 0.7, read out as a
 * percentage) and a download link. Only one player on the page plays at a time: starting any audio or video
 * pauses this one. Everything is a native button, range input or link, so it is keyboard operable as is.
 */
export function AudioPlayer({
  src,
  title,
  titleLang,
}: {
  src: string;
  title: string;
  /** The title's language when it is not the page's (components/cms/content-lang.tsx). */
  titleLang?: string;
}) {
  const t = useClientMessages('MediaPlayer');
  const locale = useLocale();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    el.volume = DEFAULT_VOLUME;
    // Metadata or an error may have arrived before hydration attached the React handlers.
    if (Number.isFinite(el.duration)) setDuration(el.duration);
    if (el.error) setFailed(true);
    // Media events do not bubble, so another player's 'play' is only seen in the capture phase.
    const onAnyPlay = (event: Event) => {
      if (event.target !== el && event.target instanceof HTMLMediaElement) el.pause();
    };
    document.addEventListener('play', onAnyPlay, true);
    return () => document.removeEventListener('play', onAnyPlay, true);
  }, []);

  function toggle() {
    const el = audio.current;
    if (!el) return;
    if (el.paused) el.play().catch(() => setPlaying(false));
    else el.pause();
  }

  const max = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const position = Math.min(current, max);
  const percent = formatPercent(volumePercent(volume) / 100, locale);
  const time = 'text-sm text-muted tabular-nums';
  return (
    <div
      role="group"
      aria-label={t('label', { title })}
      className="rounded-2xl border border-border bg-surface p-4"
    >
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setCurrent(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onVolumeChange={(e) => setVolume(e.currentTarget.volume)}
        onError={() => setFailed(true)}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? t('pause', { title }) : t('play', { title })}
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand text-brand-fg hover:bg-brand-hover"
        >
          {playing ? <Pause aria-hidden className="size-6" /> : <Play aria-hidden className="size-6" />}
        </button>
        <div className="flex min-w-48 flex-1 items-center gap-3">
          <span className={time}>{formatClock(position)}</span>
          <input
            type="range"
            aria-label={t('seek')}
            min={0}
            max={max}
            step={1}
            value={position}
            aria-valuetext={t('position', { current: formatClock(position), total: formatClock(max) })}
            onChange={(e) => {
              const el = audio.current;
              const next = Number(e.target.value);
              if (el && Number.isFinite(next)) el.currentTime = next;
              setCurrent(next);
            }}
            // 24 px tall: the whole height is the hit area (WCAG 2.5.8) while the browser draws the thin track.
            className="h-6 w-full cursor-pointer accent-brand"
          />
          <span className={time}>{formatClock(max)}</span>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <Volume2 aria-hidden className="size-5 text-muted" />
          {t('volume')}
          <input
            type="range"
            min={0}
            max={1}
            step={0.01}
            value={volume}
            aria-valuetext={percent}
            onChange={(e) => {
              const next = Number(e.target.value);
              if (audio.current) audio.current.volume = next;
              setVolume(next);
            }}
            className="h-6 w-28 cursor-pointer accent-brand"
          />
        </label>
      </div>
      {failed ? (
        <p role="status" className="mt-3 text-sm">
          {t('error')}
        </p>
      ) : null}
      <a
        href={src}
        download
        className="mt-3 inline-flex items-center gap-2 text-sm font-semibold text-brand hover:underline"
      >
        <Download aria-hidden className="size-4" />
        {t('download')}
        <span className="sr-only">
          {' ('}
          <span lang={titleLang}>{title}</span>)
        </span>
      </a>
    </div>
  );
}
