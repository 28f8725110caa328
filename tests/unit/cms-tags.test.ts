import { describe, expect, it } from 'vitest';

import { TAGS, tagsForChange } from '@/lib/cms/tags';

describe('TAGS', () => {
  it('builds per-item tags from slugs', () => {
    expect(TAGS.post('hello')).toBe('post:hello');
    expect(TAGS.page('about')).toBe('page:about');
    expect(TAGS.report('annual-2023')).toBe('report:annual-2023');
    expect(TAGS.event('agm')).toBe('event:agm');
    expect(TAGS.cause('fair-schools')).toBe('cause:fair-schools');
    expect(TAGS.mediaArchiveItem('zine')).toBe('media-archive:zine');
    expect(TAGS.teamMember('amara')).toBe('team-member:amara');
    expect(TAGS.vacancy('coordinator')).toBe('vacancy:coordinator');
  });

  it('keeps every tag within the 256-character limit of Next.js', () => {
    const slug = 'x'.repeat(1000);
    for (const make of [
      TAGS.post,
      TAGS.page,
      TAGS.report,
      TAGS.event,
      TAGS.cause,
      TAGS.mediaArchiveItem,
      TAGS.teamMember,
      TAGS.vacancy,
    ]) {
      expect(make(slug).length).toBeLessThanOrEqual(256);
    }
    expect(TAGS.post('a'.repeat(300))).toBe(`post:${'a'.repeat(200)}`);
  });
});

describe('tagsForChange: posts', () => {
  it('refreshes the post lists, the causes (fallback category) and the post itself', () => {
    expect(tagsForChange({ kind: 'post', postType: 'post', slug: 'hello' })).toEqual([
      'posts',
      'causes',
      'post:hello',
    ]);
  });

  it('also refreshes the previous slug of a renamed post', () => {
    expect(
      tagsForChange({ kind: 'post', postType: 'post', slug: 'new-name', previousSlug: 'old-name' }),
    ).toEqual(['posts', 'causes', 'post:new-name', 'post:old-name']);
  });

  it('ignores a null or empty previous slug', () => {
    expect(tagsForChange({ kind: 'post', postType: 'post', slug: 'a', previousSlug: null })).toEqual([
      'posts',
      'causes',
      'post:a',
    ]);
    expect(tagsForChange({ kind: 'post', postType: 'post', slug: 'a', previousSlug: '' })).toEqual([
      'posts',
      'causes',
      'post:a',
    ]);
  });

  it('handles pages', () => {
    expect(
      tagsForChange({ kind: 'post', postType: 'page', slug: 'about', previousSlug: 'about-us' }),
    ).toEqual(['pages', 'page:about', 'page:about-us']);
  });

  it('handles reports, events and causes', () => {
    expect(tagsForChange({ kind: 'post', postType: 'reports', slug: 'annual-2023' })).toEqual([
      'reports',
      'report:annual-2023',
    ]);
    expect(tagsForChange({ kind: 'post', postType: 'events', slug: 'agm' })).toEqual(['events', 'event:agm']);
    expect(tagsForChange({ kind: 'post', postType: 'cause', slug: 'fair-schools' })).toEqual([
      'causes',
      'cause:fair-schools',
    ]);
  });

  it('handles the media archive, team members and vacancies', () => {
    expect(tagsForChange({ kind: 'post', postType: 'media_archive', slug: 'zine' })).toEqual([
      'media-archive',
      'media-archive:zine',
    ]);
    expect(tagsForChange({ kind: 'post', postType: 'team_member', slug: 'amara' })).toEqual([
      'team',
      'team-member:amara',
    ]);
    expect(tagsForChange({ kind: 'post', postType: 'vacancy', slug: 'coordinator' })).toEqual([
      'vacancies',
      'vacancy:coordinator',
    ]);
  });

  it('refreshes everything for an attachment or an unknown post type', () => {
    expect(tagsForChange({ kind: 'post', postType: 'attachment', slug: 'photo' })).toEqual(['cms']);
    expect(tagsForChange({ kind: 'post', postType: 'wpcf7_contact_form', slug: 'x' })).toEqual(['cms']);
    expect(tagsForChange({ kind: 'post', postType: '', slug: 'x' })).toEqual(['cms']);
  });

  it('produces the same tags the reads use', () => {
    expect(tagsForChange({ kind: 'post', postType: 'post', slug: 's' })).toContain(TAGS.post('s'));
    expect(tagsForChange({ kind: 'post', postType: 'reports', slug: 's' })).toContain(TAGS.reports);
    expect(tagsForChange({ kind: 'post', postType: 'attachment', slug: 's' })).toEqual([TAGS.all]);
  });
});

describe('tagsForChange: terms', () => {
  it('refreshes categories and the lists filtered by them', () => {
    expect(tagsForChange({ kind: 'term', taxonomy: 'category', slug: 'news' })).toEqual([
      'categories',
      'posts',
      'causes',
    ]);
  });

  it('refreshes tags and posts for a post tag', () => {
    expect(tagsForChange({ kind: 'term', taxonomy: 'post_tag', slug: 'leeds' })).toEqual(['tags', 'posts']);
  });

  it('refreshes media categories and the media archive for a media category', () => {
    expect(tagsForChange({ kind: 'term', taxonomy: 'media_category', slug: 'zines' })).toEqual([
      'media-categories',
      'media-archive',
    ]);
  });

  it('refreshes everything for an unknown taxonomy', () => {
    expect(tagsForChange({ kind: 'term', taxonomy: 'nav_menu', slug: 'main' })).toEqual(['cms']);
  });
});
