import { describe, expect, it } from 'vitest';

import { isVideoFile, vimeoEmbedUrl, youtubeEmbedUrl, youtubeId, youtubeThumbnail } from '@/lib/utils/video';

describe('youtubeId', () => {
  it('reads 11-character ids from every YouTube URL form', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
      'dQw4w9WgXcQ',
    ]) {
      expect(youtubeId(url)).toBe('dQw4w9WgXcQ');
    }
  });

  it('refuses ids of the wrong length and other hosts', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youtubeId('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeId('not a url')).toBeNull();
  });

  it('builds the privacy-enhanced embed and the hqdefault thumbnail', () => {
    expect(youtubeEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(youtubeThumbnail('dQw4w9WgXcQ')).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
  });
});

describe('other video links', () => {
  it('maps vimeo links to the player and recognises video files', () => {
    expect(vimeoEmbedUrl('https://vimeo.com/123456')).toBe('https://player.vimeo.com/video/123456');
    expect(vimeoEmbedUrl('https://example.org/123')).toBeNull();
    for (const f of ['a.mp4', 'b.webm?x=1', 'c.OGG', 'd.mov'])
      expect(isVideoFile(`https://x.org/${f}`)).toBe(true);
    expect(isVideoFile('https://x.org/e.mp3')).toBe(false);
  });
});
