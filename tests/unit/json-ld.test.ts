import { describe, expect, it } from 'vitest';

import { parseEnv } from '@/lib/config/env';
import { buildSiteConfig } from '@/lib/config/site';
import {
  eventJsonLd,
  faqPageJsonLd,
  jobPostingJsonLd,
  organizationJsonLd,
  personJsonLd,
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

describe('personJsonLd', () => {
  it('describes a team member working for the charity', () => {
    const person = personJsonLd(site, {
      path: '/es/team-member/amara-okafor',
      name: 'Amara Okafor',
      jobTitle: 'Director',
      imageUrl: '/content-media/team/amara.jpg',
    });
    expect(person).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      '@id': 'http://localhost:3000/es/team-member/amara-okafor#person',
      name: 'Amara Okafor',
      url: 'http://localhost:3000/es/team-member/amara-okafor',
      jobTitle: 'Director',
      image: 'http://localhost:3000/content-media/team/amara.jpg',
      worksFor: {
        '@type': 'NGO',
        '@id': 'http://localhost:3000/#organization',
        name: site.name,
        url: 'http://localhost:3000',
      },
    });
  });

  it('leaves out a missing role and photo', () => {
    const person = personJsonLd(site, { path: '/team-member/x', name: 'X', jobTitle: null, imageUrl: null });
    expect(person).not.toHaveProperty('jobTitle');
    expect(person).not.toHaveProperty('image');
  });
});

describe('jobPostingJsonLd', () => {
  const vacancy = {
    path: '/vacancies/community-organiser',
    datePosted: '2026-11-02T10:00:00.000Z',
    title: 'Community Organiser',
    html: '<p>Help our members organise.</p>',
    excerpt: 'Help our members organise.',
    closingDate: '2027-07-15',
    contractType: 'Fixed-term, part-time',
    hours: '22.5 hours per week',
    location: 'Leeds (hybrid)',
    salary: '£26,000 - £28,000 pro rata',
  };

  it('builds a Google-ready JobPosting', () => {
    const job = jobPostingJsonLd(site, vacancy);
    expect(job).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Community Organiser',
      description: '<p>Help our members organise.</p>',
      url: 'http://localhost:3000/vacancies/community-organiser',
      datePosted: '2026-11-02T10:00:00.000Z',
      validThrough: '2027-07-15T23:59:59+01:00',
      employmentType: ['PART_TIME', 'TEMPORARY'],
      hiringOrganization: { '@type': 'NGO', name: site.name, url: 'http://localhost:3000' },
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Leeds', addressCountry: 'GB' },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'GBP',
        value: { '@type': 'QuantitativeValue', minValue: 26000, maxValue: 28000, unitText: 'YEAR' },
      },
    });
    expect(job).not.toHaveProperty('jobLocationType');
  });

  it('marks remote jobs as TELECOMMUTE in the UK, without a place', () => {
    const job = jobPostingJsonLd(site, { ...vacancy, location: 'Remote (UK)' });
    expect(job.jobLocationType).toBe('TELECOMMUTE');
    expect(job.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'United Kingdom' });
    expect(job).not.toHaveProperty('jobLocation');
  });

  it("places a job without a location at the charity's address", () => {
    const job = jobPostingJsonLd(site, { ...vacancy, location: null });
    expect(job.jobLocation).toEqual({
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: site.address.street,
        addressLocality: 'Leeds',
        addressRegion: 'West Yorkshire',
        postalCode: site.address.postcode,
        addressCountry: 'GB',
      },
    });
  });

  it('omits what the free text does not state clearly', () => {
    const job = jobPostingJsonLd(site, {
      ...vacancy,
      closingDate: null,
      contractType: 'Permanent',
      hours: 'Flexible',
      salary: 'Competitive',
      datePosted: undefined,
    });
    for (const key of ['validThrough', 'employmentType', 'baseSalary', 'datePosted']) {
      expect(job).not.toHaveProperty(key);
    }
  });

  it('gives one employment type as a string and a single salary as a value', () => {
    const job = jobPostingJsonLd(site, {
      ...vacancy,
      contractType: 'Full-time',
      hours: null,
      salary: '£30,000',
    });
    expect(job.employmentType).toBe('FULL_TIME');
    expect(job.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'GBP',
      value: { '@type': 'QuantitativeValue', value: 30000, unitText: 'YEAR' },
    });
  });

  it('falls back to the excerpt when the body is empty', () => {
    expect(jobPostingJsonLd(site, { ...vacancy, html: '' }).description).toBe('Help our members organise.');
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
