#!/usr/bin/env python3
"""Demo audio and video for the seed content (content/seed/files/).

Takes: nothing (the file list is below; the media archive and events seed files name these files).
Writes:
- one short WAV per podcast/audio item: a gentle bell-like chime, 5 s, mono, 8 kHz, 16-bit (about 78 KB), drawn
  with Python's standard `wave` module and seeded from the file name, so a rerun gives the same bytes;
- the event video montage (an .mp4 slide show of seed images, 640x360, silent, H.264), only when `ffmpeg` is
  installed (Debian package `ffmpeg`); without it the committed file is kept and a note is printed.
Run: python3 scripts/demo-content/av.py   (after `npm run content:assets`, which draws the images the video uses)
"""

import math
import random
import shutil
import struct
import subprocess
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT / "content" / "seed"
FILES = SEED / "files"

RATE = 8000
SECONDS = 5.0

# File name -> base note (Hz) of the chime; each file plays a different short pentatonic phrase.
AUDIO = {
    "podcast-network-voices-1.wav": 392.0,
    "podcast-network-voices-2.wav": 440.0,
    "audio-welcome-table-postcard.wav": 349.23,
    "interview-community-gardener.wav": 329.63,
    "podcast-solidarity-letters.wav": 293.66,
}

# Video file -> the seed images it shows, in order.
VIDEO = {
    "event-bhm-evening-montage.mp4": [
        "event-bhm-evening.jpg",
        "media-bhm-gallery-1.jpg",
        "media-bhm-gallery-2.jpg",
        "media-bhm-gallery-3.jpg",
    ],
}


def chime(name: str, base: float) -> bytes:
    """A phrase of decaying bell tones (fundamental plus two soft inharmonic partials), faded in and out."""
    rnd = random.Random(name)
    steps = [0, 2, 4, 7, 9, 12]  # major pentatonic, in semitones
    notes = []
    t = 0.15
    while t < SECONDS - 1.2:
        notes.append((t, base * 2 ** (rnd.choice(steps) / 12)))
        t += rnd.choice([0.45, 0.6, 0.75, 0.9])
    n = int(RATE * SECONDS)
    samples = [0.0] * n
    for start, freq in notes:
        first = int(start * RATE)
        for i in range(first, min(n, first + int(2.5 * RATE))):
            x = (i - first) / RATE
            env = math.exp(-x * 2.2) * min(1.0, x * 200)
            samples[i] += env * (
                math.sin(2 * math.pi * freq * x)
                + 0.3 * math.sin(2 * math.pi * freq * 2.76 * x) * math.exp(-x * 3)
                + 0.15 * math.sin(2 * math.pi * freq * 5.4 * x) * math.exp(-x * 6)
            )
    peak = max(abs(s) for s in samples) or 1.0
    fade = int(0.4 * RATE)
    out = bytearray()
    for i, s in enumerate(samples):
        gain = min(1.0, i / fade, (n - 1 - i) / fade)
        out += struct.pack("<h", int(s / peak * gain * 0.5 * 32767))
    return bytes(out)


def write_wav(name: str, base: float) -> int:
    path = FILES / name
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(chime(name, base))
    return path.stat().st_size


def write_video(name: str, images: list[str]) -> int | None:
    ffmpeg = shutil.which("ffmpeg")
    if not ffmpeg:
        return None
    per = 2.5  # seconds per image, with a 0.5 s cross-fade
    cmd = [ffmpeg, "-y", "-loglevel", "error"]
    for img in images:
        cmd += ["-loop", "1", "-t", str(per), "-i", str(SEED / "images" / img)]
    chains = [f"[{i}:v]scale=640:360,setsar=1,fps=12,format=yuv420p[v{i}]" for i in range(len(images))]
    last = "v0"
    for i in range(1, len(images)):
        offset = i * (per - 0.5)
        chains.append(f"[{last}][v{i}]xfade=transition=fade:duration=0.5:offset={offset}[x{i}]")
        last = f"x{i}"
    cmd += [
        "-filter_complex", ";".join(chains), "-map", f"[{last}]",
        "-c:v", "libx264", "-profile:v", "baseline", "-preset", "slow", "-crf", "30", "-pix_fmt", "yuv420p",
        "-movflags", "+faststart", "-an", "-map_metadata", "-1", "-fflags", "+bitexact",
        "-flags:v", "+bitexact", str(FILES / name),
    ]
    subprocess.run(cmd, check=True)
    return (FILES / name).stat().st_size


def main() -> None:
    FILES.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, base in AUDIO.items():
        size = write_wav(name, base)
        total += size
        print(f"{name:48} {size / 1024:6.1f} KB")
    for name, images in VIDEO.items():
        size = write_video(name, images)
        if size is None:
            print(f"{name:48} skipped: ffmpeg is not installed (keeping the committed file)")
            continue
        total += size
        print(f"{name:48} {size / 1024:6.1f} KB")
    print(f"{total / 1024:.0f} KB in {FILES.relative_to(ROOT)}/")


if __name__ == "__main__":
    main()
