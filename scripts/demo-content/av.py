#!/usr/bin/env python3
"""Demo audio and video for the seed content (content/seed/files/).

Takes: content/seed/media-archive.json. Every item whose `acf.podcast_audio_file` is an .mp3 has its script in its
own `content`: the paragraphs after its `<h2>Transcript</h2>` heading (the transcript visitors read, WCAG 1.2.1).
Writes:
- one spoken MP3 per audio item: the transcript read by Debian's `espeak-ng` in the item's voice (VOICES below),
  encoded by `ffmpeg` as constant-bitrate 32 kbit/s mono MP3 without tags, so the length is size * 8 / 32000 s and
  a rerun gives the same bytes; prints each file's length, which the item's excerpt states ("(1 min 2 s)");
- the event video montage (an .mp4 slide show of seed images, 640x360, silent, H.264).
Both need `espeak-ng` and `ffmpeg` (`apt-get install espeak-ng ffmpeg`); without them it stops with a message and
the committed files are kept.
Run: python3 scripts/demo-content/av.py   (after `npm run content:assets`, which draws the images the video uses)
"""

import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT / "content" / "seed"
FILES = SEED / "files"
BITRATE = 32000

# Media archive slug -> espeak-ng voice and speed (words per minute): each item is read in its own voice.
VOICES = {
    "network-voices-episode-1-belonging": ("en-gb+f3", 150),
    "saturday-welcome-table-audio-postcard": ("en-gb-x-rp+f2", 150),
    "interview-community-gardener": ("en-gb-x-gbcwmd+f4", 145),
    "network-voices-episode-2-home": ("en-gb+m3", 150),
    "letters-across-borders-reading": ("en-gb-scotland+m2", 145),
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


def transcript(content: str) -> str:
    """The plain text of the paragraphs after `<h2>Transcript</h2>` in an item's HTML ('' when there is none)."""
    _, found, rest = content.partition("<h2>Transcript</h2>")
    if not found:
        return ""
    paragraphs = re.findall(r"<p>(.*?)</p>", rest, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", p)).strip() for p in paragraphs)


def write_mp3(name: str, text: str, voice: str, speed: int) -> float:
    """Speaks `text` into files/<name>; returns its length in seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "speech.wav"
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(wav), text], check=True)
        subprocess.run(
            [
                "ffmpeg", "-y", "-loglevel", "error", "-i", str(wav), "-ac", "1", "-ar", "22050",
                "-c:a", "libmp3lame", "-b:a", "32k", "-map_metadata", "-1", "-id3v2_version", "0",
                "-write_xing", "0", "-fflags", "+bitexact", "-flags:a", "+bitexact", str(FILES / name),
            ],
            check=True,
        )
    return (FILES / name).stat().st_size * 8 / BITRATE


def write_video(name: str, images: list[str]) -> int:
    per = 2.5  # seconds per image, with a 0.5 s cross-fade
    cmd = ["ffmpeg", "-y", "-loglevel", "error"]
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
    missing = [tool for tool in ("espeak-ng", "ffmpeg") if not shutil.which(tool)]
    if missing:
        sys.exit(f"av.py needs {' and '.join(missing)} (apt-get install espeak-ng ffmpeg); the committed files are kept")
    FILES.mkdir(parents=True, exist_ok=True)
    items = json.loads((SEED / "media-archive.json").read_text(encoding="utf-8"))
    for item in items:
        name = (item.get("acf") or {}).get("podcast_audio_file", "")
        if not name.endswith(".mp3"):
            continue
        text = transcript(item.get("content", ""))
        if not text:
            sys.exit(f"av.py: {item['slug']} has no <h2>Transcript</h2> in its content")
        voice, speed = VOICES.get(item["slug"], ("en-gb", 150))
        seconds = write_mp3(name, text, voice, speed)
        minutes, rest = divmod(round(seconds), 60)
        print(f"{name:48} {(FILES / name).stat().st_size / 1024:6.1f} KB  ({minutes} min {rest} s)")
    for name, images in VIDEO.items():
        size = write_video(name, images)
        print(f"{name:48} {size / 1024:6.1f} KB")


if __name__ == "__main__":
    main()
