import { describe, expect, it } from 'vitest';

import { parseEnv } from '@/lib/config/env';
import { buildSiteConfig } from '@/lib/config/site';
import {
  eventJsonLd,
  faqPageJsonLd,
  organizationJsonLd,
  serializeJsonLd,
  webPageJsonLd,
} from '@/lib/seo/json-ld';

const site = buildSiteConfig(parseEnv({}));

describe('serializeJsonLd', () => {
  it('escapes < so content cannot close the script element', () => {
    const data = { '@type': 'Thing', name: 'Evil </script><script>alert(1)</script>' };
    const out = serializeJsonLd(data);
    expect(out).not.toContain('</script>');
    expect(out).not.toContain('<');
    expect(out).toContain('\\u003c/script>');
    expect(JSON.parse(out)).toEqual(data);
  });
});

describe('organizationJsonLd', () => {
  it('describes the charity as an NGO', () => {
    const org = organizationJsonLd(site);
    expect(org['@context']).toBe('https://schema.org');
    expect(org['@type']).toBe('NGO');
    expect(org.name).toBe(site.name);
    expect(org.url).toBe('http://localhost:3000');
    expect(org['@id']).toBe('http://localhost:3000/#organization');
    expect(org.address).toMatchObject({
      '@type': 'PostalAddress',
      addressLocality: 'Leeds',
      addressCountry: 'GB',
    });
    const sameAs = org.sameAs as string[];
    expect(sameAs).toHaveLength(5);
    for (const url of sameAs) expect(url).toMatch(/^https:\/\//);
    expect(sameAs).toContain(site.social.youtube);
  });

  it('follows the site config', () => {
    const custom = buildSiteConfig(parseEnv({ SITE_URL: 'https://org.example.com/', SITE_NAME: 'Custom' }));
    const org = organizationJsonLd(custom);
    expect(org.name).toBe('Custom');
    expect(org.logo).toBe('https://org.example.com/icon.svg');
  });
});

describe('webPageJsonLd', () => {
  it('builds absolute URLs and links to the organisation', () => {
    const page = webPageJsonLd(site, { url: '/about', name: 'About', description: 'd', inLanguage: 'en-GB' });
    expect(page['@type']).toBe('WebPage');
    expect(page.url).toBe('http://localhost:3000/about');
    expect(page.publisher).toEqual({ '@id': 'http://localhost:3000/#organization' });
  });
});

describe('faqPageJsonLd', () => {
  it('maps questions and answers', () => {
    const faq = faqPageJsonLd([
      { question: 'Q1?', answer: 'A1.' },
      { question: 'Q2?', answer: 'A2.' },
    ]);
    expect(faq).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        { '@type': 'Question', name: 'Q1?', acceptedAnswer: { '@type': 'Answer', text: 'A1.' } },
        { '@type': 'Question', name: 'Q2?', acceptedAnswer: { '@type': 'Answer', text: 'A2.' } },
      ],
    });
  });

  it('handles an empty list', () => {
    expect(faqPageJsonLd([]).mainEntity).toEqual([]);
  });
});

describe('eventJsonLd', () => {
  const base = {
    path: '/es/event/winter-social',
    name: 'Winter Solidarity Social',
    description: 'Food and music.',
    startDate: '2026-12-10T18:30:00+00:00',
    endDate: '2026-12-10T21:30:00+00:00',
    status: 'scheduled' as const,
    inLanguage: 'es',
  };

  it('an in-person event: offline mode, a Place with a UK PostalAddress, the charity as organizer', () => {
    const data = eventJsonLd(site, {
      ...base,
      attendance: 'offline',
      location: 'Hope Street Hall, 12 Chapeltown Road, Leeds, LS7 3AP',
      address: { name: 'Hope Street Hall', street: '12 Chapeltown Road', city: 'Leeds', postcode: 'LS7 3AP' },
      imageUrl: '/content-media/winter.jpg',
      performers: ['Grace Mensah'],
    });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Winter Solidarity Social',
      url: 'http://localhost:3000/es/event/winter-social',
      startDate: '2026-12-10T18:30:00+00:00',
      endDate: '2026-12-10T21:30:00+00:00',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      location: {
        '@type': 'Place',
        name: 'Hope Street Hall',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '12 Chapeltown Road',
          addressLocality: 'Leeds',
          postalCode: 'LS7 3AP',
          addressCountry: 'GB',
        },
      },
      organizer: { '@type': 'NGO', name: site.name, url: site.url },
      performer: [{ '@type': 'Person', name: 'Grace Mensah' }],
      image: ['http://localhost:3000/content-media/winter.jpg'],
    });
  });

  it('an online event: a VirtualLocation with the join link; a mixed event has both', () => {
    const online = eventJsonLd(site, {
      ...base,
      attendance: 'online',
      location: 'Online via Zoom',
      onlineUrl: 'https://zoom.us/j/1',
    });
    expect(online.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect(online.location).toEqual({ '@type': 'VirtualLocation', url: 'https://zoom.us/j/1' });
    const mixed = eventJsonLd(site, {
      ...base,
      attendance: 'mixed',
      status: 'cancelled',
      location: 'Hall',
      address: null,
    });
    expect(mixed.eventAttendanceMode).toBe('https://schema.org/MixedEventAttendanceMode');
    expect(mixed.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(mixed.location).toEqual([
      { '@type': 'Place', name: 'Hall', address: 'Hall' },
      { '@type': 'VirtualLocation', url: 'http://localhost:3000/es/event/winter-social' },
    ]);
  });

  it('leaves out the location when unknown, and describes a YouTube video with its hqdefault thumbnail', () => {
    const data = eventJsonLd(site, {
      ...base,
      attendance: 'offline',
      location: null,
      video: {
        name: 'Talk',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      },
    });
    expect(data.location).toBeUndefined();
    expect(data.subjectOf).toMatchObject({
      '@type': 'VideoObject',
      thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
  });
});
