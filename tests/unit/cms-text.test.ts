import { describe, expect, it } from 'vitest';

import { htmlToText, readingMinutes, truncateAtWord } from '@/lib/utils/text';

describe('htmlToText', () => {
  it('decodes entities', () => {
    expect(htmlToText('What&#8217;s next &amp; why &#8211; &quot;now&quot;')).toBe(
      'What’s next & why – "now"',
    );
    expect(htmlToText('Caf&eacute; &lt;open&gt;')).toBe('Café <open>');
  });

  it('removes tags and collapses whitespace', () => {
    expect(htmlToText('<p>Hello <strong>Leeds</strong></p>\n\n<p>Second   line</p>')).toBe(
      'Hello Leeds Second line',
    );
    expect(htmlToText('XSS <em>title</em>')).toBe('XSS title');
    expect(htmlToText('one<br/>two')).toBe('one two');
    expect(htmlToText('<p>pastoral and <strong>faith-based</strong> support.</p><p>Next</p>')).toBe(
      'pastoral and faith-based support. Next',
    );
    expect(htmlToText('<li>one</li><li>two</li>')).toBe('one two');
  });

  it('removes script and style bodies, not just their tags', () => {
    expect(
      htmlToText(
        '<p>Safe</p><script type="text/javascript">alert("x")</script><style>p{color:red}</style> text',
      ),
    ).toBe('Safe text');
    expect(htmlToText('a<SCRIPT>evil()</SCRIPT >b')).toBe('a b');
  });

  it('turns the WordPress read-more marker into an ellipsis', () => {
    expect(htmlToText('<p>The story so far [&hellip;]</p>\n')).toBe('The story so far …');
    expect(htmlToText('Already decoded […]')).toBe('Already decoded …');
  });

  it('returns "" for empty input', () => {
    expect(htmlToText('')).toBe('');
    expect(htmlToText(null)).toBe('');
    expect(htmlToText(undefined)).toBe('');
    expect(htmlToText('<p> </p>')).toBe('');
  });
});

describe('truncateAtWord', () => {
  const long =
    'Leeds Racial Justice Network brings together community groups, campaigners and researchers to challenge ' +
    'racism in housing, schools, health and policing across the city and the wider region of West Yorkshire.';

  it('cuts text longer than the limit at a word boundary and adds an ellipsis', () => {
    const out = truncateAtWord(long, 150);
    expect(long.length).toBeGreaterThan(150);
    expect(out.endsWith('…')).toBe(true);
    const body = out.slice(0, -1);
    expect(body.length).toBeLessThanOrEqual(150);
    expect(long.startsWith(body)).toBe(true);
    // The cut falls between words.
    expect(long[body.length]).toMatch(/[\s,]/);
    expect(out).toBe(
      'Leeds Racial Justice Network brings together community groups, campaigners and researchers to challenge racism in housing, schools, health and…',
    );
  });

  it('leaves text within the limit untouched (trimmed)', () => {
    expect(truncateAtWord('Short text.', 150)).toBe('Short text.');
    expect(truncateAtWord('  padded  ', 150)).toBe('padded');
    const exact = 'x'.repeat(150);
    expect(truncateAtWord(exact, 150)).toBe(exact);
  });

  it('does not leave punctuation before the ellipsis', () => {
    expect(truncateAtWord('One two three, four five six', 14)).toBe('One two three…');
  });

  it('cuts inside a word when there is no space in the second half', () => {
    const out = truncateAtWord(`a ${'b'.repeat(200)}`, 150);
    expect(out).toBe(`a ${'b'.repeat(148)}…`);
  });
});

describe('readingMinutes', () => {
  it('counts 220 words a minute, at least 1', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(100))).toBe(1);
    expect(readingMinutes('word '.repeat(660))).toBe(3);
  });
});
