import { describe, expect, it } from 'vitest';

import { imageHostConfig, imageQuality, isLoopbackHost, normalizeImageUrl } from '@/lib/cms/images';

describe('normalizeImageUrl: hosts', () => {
  const withImageHost = {
    wordpressHost: 'cms.example.org',
    imageHost: 'images.example.org',
    legacyHosts: ['old-cms.example.org', 'legacy.example.net:8080'],
  };

  it('maps a legacy host to the image host, over https, keeping the path', () => {
    expect(
      normalizeImageUrl('http://old-cms.example.org/wp-content/uploads/2019/05/a.jpg', withImageHost),
    ).toBe('https://images.example.org/wp-content/uploads/2019/05/a.jpg');
  });

  // BUG: `url.host = target` keeps the port of the original URL when `target` has none (WHATWG URL host setter),
  // so an image on a legacy or WordPress host with a port (e.g. the local rig at localhost:8080) is sent to the
  // image host on that port.
  it('does not carry the port of the original host over to the image host', () => {
    expect(normalizeImageUrl('http://legacy.example.net:8080/files/b.png', withImageHost)).toBe(
      'https://images.example.org/files/b.png',
    );
    expect(
      normalizeImageUrl('http://localhost:8080/wp-content/uploads/c.jpg', {
        wordpressHost: 'localhost:8080',
        imageHost: 'images.example.org',
      }),
    ).toBe('https://images.example.org/wp-content/uploads/c.jpg');
  });

  it('uses the port of the target host when it has one', () => {
    expect(
      normalizeImageUrl('https://old-cms.example.org/a.jpg', {
        wordpressHost: 'localhost:8080',
        legacyHosts: ['old-cms.example.org'],
      }),
    ).toBe('https://localhost:8080/a.jpg');
  });

  it('maps the WordPress host to the image host when one is set', () => {
    expect(normalizeImageUrl('https://cms.example.org/wp-content/uploads/2024/03/c.jpg', withImageHost)).toBe(
      'https://images.example.org/wp-content/uploads/2024/03/c.jpg',
    );
  });

  it('keeps the WordPress host when no image host is set, and maps legacy hosts to it', () => {
    const config = { wordpressHost: 'cms.example.org', legacyHosts: ['old-cms.example.org'] };
    expect(normalizeImageUrl('https://cms.example.org/wp-content/uploads/c.jpg', config)).toBe(
      'https://cms.example.org/wp-content/uploads/c.jpg',
    );
    expect(normalizeImageUrl('https://old-cms.example.org/wp-content/uploads/c.jpg', config)).toBe(
      'https://cms.example.org/wp-content/uploads/c.jpg',
    );
  });

  it('leaves other hosts alone', () => {
    expect(normalizeImageUrl('https://images.unsplash.com/photo-123?auto=format', withImageHost)).toBe(
      'https://images.unsplash.com/photo-123?auto=format',
    );
    // A host that merely ends with the WordPress host is another host.
    expect(normalizeImageUrl('https://evil-cms.example.org/x.jpg', withImageHost)).toBe(
      'https://evil-cms.example.org/x.jpg',
    );
  });

  it('works without any configuration', () => {
    expect(normalizeImageUrl('https://cms.example.org/x.jpg?w=10')).toBe('https://cms.example.org/x.jpg');
  });

  it('reads protocol-relative URLs as https', () => {
    expect(normalizeImageUrl('//cms.example.org/wp-content/uploads/d.jpg', withImageHost)).toBe(
      'https://images.example.org/wp-content/uploads/d.jpg',
    );
    expect(normalizeImageUrl('//cdn.example.com/e.jpg')).toBe('https://cdn.example.com/e.jpg');
  });
});

describe('normalizeImageUrl: parameters', () => {
  it('strips fit, ssl, w, h, crop, quality and resize but keeps other parameters', () => {
    const raw =
      'https://cdn.example.com/a.jpg?fit=1200%2C800&ssl=1&w=640&h=480&crop=1&quality=90&resize=640%2C480&v=3&lang=en';
    expect(normalizeImageUrl(raw)).toBe('https://cdn.example.com/a.jpg?v=3&lang=en');
  });

  it('removes the question mark when nothing is left', () => {
    expect(normalizeImageUrl('https://cdn.example.com/a.jpg?w=640&h=480')).toBe(
      'https://cdn.example.com/a.jpg',
    );
  });

  it('does not strip parameters whose names only contain a stripped name', () => {
    expect(normalizeImageUrl('https://cdn.example.com/a.jpg?width=640&hash=abc')).toBe(
      'https://cdn.example.com/a.jpg?width=640&hash=abc',
    );
  });
});

describe('normalizeImageUrl: site paths and garbage', () => {
  it('keeps site paths, without sizing parameters', () => {
    expect(normalizeImageUrl('/content-media/2024/a.jpg')).toBe('/content-media/2024/a.jpg');
    expect(normalizeImageUrl('/content-media/a.jpg?w=300&v=2', { imageHost: 'images.example.org' })).toBe(
      '/content-media/a.jpg?v=2',
    );
    expect(normalizeImageUrl('  /content-media/b.jpg  ')).toBe('/content-media/b.jpg');
  });

  it.each([
    '',
    '   ',
    'not a url',
    'javascript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    'ftp://example.org/a.jpg',
    'file:///etc/passwd',
    'https://',
  ])('returns "" for %j', (raw) => {
    expect(normalizeImageUrl(raw)).toBe('');
  });
});

describe('imageQuality', () => {
  it('is 80 on images.unsplash.com and 85 elsewhere', () => {
    expect(imageQuality('https://images.unsplash.com/photo-1500000000000-abc?auto=format')).toBe(80);
    expect(imageQuality('https://images.example.org/wp-content/uploads/a.jpg')).toBe(85);
    expect(imageQuality('/content-media/a.jpg')).toBe(85);
    expect(imageQuality('https://cdn.example.com/images.unsplash.com.jpg')).toBe(85);
  });
});

describe('imageHostConfig', () => {
  it('reads the hosts from the environment', () => {
    expect(
      imageHostConfig({
        WORDPRESS_URL: 'https://cms.example.org/',
        WORDPRESS_IMAGE_HOST: 'images.example.org',
        WORDPRESS_LEGACY_IMAGE_HOSTS: 'old-cms.example.org, https://older.example.org:8443/path ,,',
      }),
    ).toEqual({
      wordpressHost: 'cms.example.org',
      imageHost: 'images.example.org',
      legacyHosts: ['old-cms.example.org', 'older.example.org:8443'],
    });
  });

  it('keeps a port and accepts a full URL for the image host', () => {
    const config = imageHostConfig({
      WORDPRESS_URL: 'http://localhost:8080',
      WORDPRESS_IMAGE_HOST: 'https://img.example.org/x',
    });
    expect(config.wordpressHost).toBe('localhost:8080');
    expect(config.imageHost).toBe('img.example.org');
  });

  it('leaves everything unset for an empty environment or blank values', () => {
    expect(imageHostConfig({})).toEqual({ wordpressHost: undefined, imageHost: undefined, legacyHosts: [] });
    expect(
      imageHostConfig({ WORDPRESS_URL: '  ', WORDPRESS_IMAGE_HOST: '', WORDPRESS_LEGACY_IMAGE_HOSTS: ' , ' }),
    ).toEqual({
      wordpressHost: undefined,
      imageHost: undefined,
      legacyHosts: [],
    });
  });

  it('ignores a value that is not a host', () => {
    expect(imageHostConfig({ WORDPRESS_IMAGE_HOST: 'not a host' }).imageHost).toBeUndefined();
  });
});

describe('isLoopbackHost', () => {
  it.each(['localhost', 'localhost:8080', '127.0.0.1', '127.0.0.1:8080', '127.1.2.3', '[::1]', '[::1]:8080'])(
    'is true for %s',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each([
    undefined,
    '',
    'cms.example.org',
    'localhost.example.org',
    '10.0.0.1',
    '128.0.0.1',
    'example.org:127',
  ])('is false for %j', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('agrees with the hosts imageHostConfig produces', () => {
    expect(isLoopbackHost(imageHostConfig({ WORDPRESS_URL: 'http://[::1]:8080/' }).wordpressHost)).toBe(true);
    expect(isLoopbackHost(imageHostConfig({ WORDPRESS_URL: 'http://127.0.0.1:8881' }).wordpressHost)).toBe(
      true,
    );
    expect(isLoopbackHost(imageHostConfig({ WORDPRESS_URL: 'https://cms.example.org' }).wordpressHost)).toBe(
      false,
    );
  });
});
