import 'server-only';

import type { Vacancy } from '@/lib/cms';
import type { SiteConfig } from '@/lib/config/site';
import { closingDateEnd, employmentTypes, parseSalary, workplace } from '@/lib/cms/vacancies';

/**
 * schema.org JSON-LD builders. Plain objects; render them with `<JsonLd>`.
 * URLs are absolute, built from the site config's `url`.
 */

export type JsonLdObject = { '@context'?: string; '@type': string } & Record<string, unknown>;

/** The charity as a schema.org NGO, on every page. */
export function organizationJsonLd(site: SiteConfig): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'NGO',
    '@id': `${site.url}/#organization`,
    name: site.name,
    alternateName: site.shortName,
    url: site.url,
    logo: `${site.url}/icon.svg`,
    email: site.emails.general,
    telephone: site.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postcode,
      addressCountry: site.address.country,
    },
    areaServed: 'GB',
    identifier: {
      '@type': 'PropertyValue',
      propertyID: 'Registered charity number',
      value: site.charityNumber,
    },
    sameAs: Object.values(site.social),
    potentialAction: { '@type': 'DonateAction', target: site.donationUrl },
  };
}

/** A content page as a schema.org WebPage, published by the organisation. */
export function webPageJsonLd(
  site: SiteConfig,
  page: { url: string; name: string; description: string; inLanguage: string },
): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    '@id': `${site.url}${page.url}#webpage`,
    url: `${site.url}${page.url}`,
    name: page.name,
    description: page.description,
    inLanguage: page.inLanguage,
    isPartOf: { '@type': 'WebSite', name: site.name, url: site.url },
    publisher: { '@id': `${site.url}/#organization` },
  };
}

/** A list of questions and plain-text answers as a schema.org FAQPage. */
export function faqPageJsonLd(items: { question: string; answer: string }[]): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** Serialises JSON-LD for an inline script: `<` is escaped so content can never close the script element. */
export function serializeJsonLd(data: JsonLdObject): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** Absolute URL on the site for a site path or an already absolute URL. */
function absolute(site: SiteConfig, pathOrUrl: string): string {
  return new URL(pathOrUrl, site.url).toString();
}

/**
 * BlogPosting (schema.org, a kind of Article) for a post page: headline, dates with offsets, author, image,
 * the charity as publisher. `path` is the localised page path (`/es/blog/slug`).
 */
export function blogPostingJsonLd(
  site: SiteConfig,
  post: {
    path: string;
    title: string;
    description: string;
    datePublished?: string;
    dateModified?: string;
    authorName: string;
    imageUrl?: string;
    inLanguage: string;
  },
): JsonLdObject {
  const url = absolute(site, post.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title.slice(0, 110),
    description: post.description,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: post.datePublished,
    dateModified: post.dateModified ?? post.datePublished,
    author: { '@type': 'Person', name: post.authorName },
    publisher: { '@type': 'NGO', name: site.name, url: site.url },
    ...(post.imageUrl ? { image: [absolute(site, post.imageUrl)] } : {}),
    inLanguage: post.inLanguage,
  };
}

/** Report (schema.org) for a report page: a document published by an organisation, with its PDF. */
export function reportJsonLd(
  site: SiteConfig,
  report: {
    path: string;
    title: string;
    description: string;
    datePublished?: string;
    organization: string;
    pdfUrl?: string;
  },
): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'Report',
    name: report.title,
    description: report.description,
    url: absolute(site, report.path),
    datePublished: report.datePublished,
    publisher: { '@type': 'Organization', name: report.organization },
    ...(report.pdfUrl
      ? {
          encoding: {
            '@type': 'MediaObject',
            contentUrl: absolute(site, report.pdfUrl),
            encodingFormat: 'application/pdf',
          },
        }
      : {}),
  };
}

const ATTENDANCE_MODE = {
  online: 'https://schema.org/OnlineEventAttendanceMode',
  offline: 'https://schema.org/OfflineEventAttendanceMode',
  mixed: 'https://schema.org/MixedEventAttendanceMode',
} as const;

const EVENT_STATUS = {
  scheduled: 'https://schema.org/EventScheduled',
  cancelled: 'https://schema.org/EventCancelled',
  postponed: 'https://schema.org/EventPostponed',
  rescheduled: 'https://schema.org/EventRescheduled',
  movedOnline: 'https://schema.org/EventMovedOnline',
} as const;

/**
 * Event (schema.org) for an event page: dates in UK time with offsets (`startDate` is required, so pages without a
 * date render none), attendance mode, status, a Place (PostalAddress, GB) and/or a VirtualLocation (the join or
 * registration link, else the page), the charity as organizer, speakers as performers, and a YouTube video as
 * `subjectOf` with its hqdefault thumbnail.
 */
export function eventJsonLd(
  site: SiteConfig,
  event: {
    path: string;
    name: string;
    description: string;
    startDate: string;
    endDate?: string;
    attendance: keyof typeof ATTENDANCE_MODE;
    status: keyof typeof EVENT_STATUS;
    /** The place as text (`Location TBA` pages pass null). */
    location: string | null;
    address?: {
      name: string | null;
      street: string | null;
      city: string | null;
      postcode: string | null;
    } | null;
    onlineUrl?: string | null;
    imageUrl?: string;
    performers?: string[];
    video?: { name: string; embedUrl: string; thumbnailUrl: string } | null;
    inLanguage: string;
  },
): JsonLdObject {
  const url = absolute(site, event.path);
  const place =
    event.attendance !== 'online' && (event.address || event.location)
      ? {
          '@type': 'Place',
          name: event.address?.name ?? event.location,
          address: event.address
            ? {
                '@type': 'PostalAddress',
                ...(event.address.street ? { streetAddress: event.address.street } : {}),
                ...(event.address.city ? { addressLocality: event.address.city } : {}),
                ...(event.address.postcode ? { postalCode: event.address.postcode } : {}),
                addressCountry: 'GB',
              }
            : event.location,
        }
      : null;
  const virtual =
    event.attendance !== 'offline' ? { '@type': 'VirtualLocation', url: event.onlineUrl ?? url } : null;
  const locations = [place, virtual].filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    description: event.description,
    url,
    startDate: event.startDate,
    ...(event.endDate ? { endDate: event.endDate } : {}),
    eventAttendanceMode: ATTENDANCE_MODE[event.attendance],
    eventStatus: EVENT_STATUS[event.status],
    ...(locations.length ? { location: locations.length === 1 ? locations[0] : locations } : {}),
    organizer: { '@type': 'NGO', '@id': `${site.url}/#organization`, name: site.name, url: site.url },
    ...(event.performers?.length
      ? { performer: event.performers.map((name) => ({ '@type': 'Person', name })) }
      : {}),
    ...(event.imageUrl ? { image: [absolute(site, event.imageUrl)] } : {}),
    ...(event.video
      ? {
          subjectOf: {
            '@type': 'VideoObject',
            name: event.video.name,
            embedUrl: event.video.embedUrl,
            thumbnailUrl: event.video.thumbnailUrl,
          },
        }
      : {}),
    inLanguage: event.inLanguage,
  };
}

/** The charity as a reference from another entity (Person.worksFor, JobPosting.hiringOrganization). */
function organizationRef(site: SiteConfig) {
  return { '@type': 'NGO', '@id': `${site.url}/#organization`, name: site.name, url: site.url };
}

/**
 * Course (schema.org, as Google's course rich results read it) for a course page: name, description, the charity as
 * `provider`, an Offer in GBP (price 0 = free, category 'Free' or 'Paid'), and one online, self-paced CourseInstance.
 */
export function courseJsonLd(
  site: SiteConfig,
  course: { path: string; title: string; description: string; price: number; inLanguage?: string },
): JsonLdObject {
  const url = absolute(site, course.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    '@id': `${url}#course`,
    name: course.title,
    description: course.description,
    url,
    provider: organizationRef(site),
    offers: {
      '@type': 'Offer',
      price: course.price.toFixed(2),
      priceCurrency: 'GBP',
      category: course.price > 0 ? 'Paid' : 'Free',
      url,
    },
    hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online' },
    ...(course.inLanguage ? { inLanguage: course.inLanguage } : {}),
  };
}

/** Person (schema.org) for a team member's page: name, role as `jobTitle`, photo, and the charity as `worksFor`. */
export function personJsonLd(
  site: SiteConfig,
  person: { path: string; name: string; jobTitle?: string | null; imageUrl?: string | null },
): JsonLdObject {
  const url = absolute(site, person.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': `${url}#person`,
    name: person.name,
    url,
    ...(person.jobTitle ? { jobTitle: person.jobTitle } : {}),
    ...(person.imageUrl ? { image: absolute(site, person.imageUrl) } : {}),
    worksFor: organizationRef(site),
  };
}

/**
 * JobPosting (schema.org, as Google reads it) for an open vacancy: `validThrough` is the end of the closing day
 * in UK time; `employmentType`, the workplace and `baseSalary` appear only when the free-text fields state them
 * clearly (lib/cms/vacancies.ts). A job without a location is placed at the charity's address. Do not render it for
 * closed vacancies: an expired JobPosting must leave the page.
 */
export function jobPostingJsonLd(
  site: SiteConfig,
  vacancy: Pick<
    Vacancy,
    'title' | 'html' | 'excerpt' | 'closingDate' | 'contractType' | 'hours' | 'location' | 'salary'
  > & { path: string; datePosted?: string },
): JsonLdObject {
  const types = employmentTypes(vacancy.contractType, vacancy.hours);
  const place = workplace(vacancy.location);
  const salary = parseSalary(vacancy.salary);
  const validThrough = vacancy.closingDate ? closingDateEnd(vacancy.closingDate) : null;
  // A stated town is all we know of the place; with none, an office job is at the charity's own address.
  const address = place.locality
    ? { addressLocality: place.locality, addressCountry: site.address.country }
    : place.remote
      ? null
      : {
          streetAddress: site.address.street,
          addressLocality: site.address.locality,
          addressRegion: site.address.region,
          postalCode: site.address.postcode,
          addressCountry: site.address.country,
        };
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: vacancy.title,
    description: vacancy.html || vacancy.excerpt || vacancy.title,
    url: absolute(site, vacancy.path),
    ...(vacancy.datePosted ? { datePosted: vacancy.datePosted } : {}),
    ...(validThrough ? { validThrough } : {}),
    ...(types.length === 1
      ? { employmentType: types[0] }
      : types.length > 1
        ? { employmentType: types }
        : {}),
    hiringOrganization: { ...organizationRef(site), logo: `${site.url}/icon.svg` },
    ...(address
      ? { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', ...address } } }
      : {}),
    ...(place.remote
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'Country', name: 'United Kingdom' },
        }
      : {}),
    ...(salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: salary.currency,
            value:
              salary.minValue === salary.maxValue
                ? { '@type': 'QuantitativeValue', value: salary.minValue, unitText: salary.unitText }
                : {
                    '@type': 'QuantitativeValue',
                    minValue: salary.minValue,
                    maxValue: salary.maxValue,
                    unitText: salary.unitText,
                  },
          },
        }
      : {}),
  };
}

/**
 * A media archive item (docs/SPEC-NOTES.md §3) as a schema.org ImageObject, VideoObject or AudioObject, published by the charity.
 * `contentUrl` is the file itself (image, video or audio file), `embedUrl` a player page (YouTube, Vimeo);
 * site paths become absolute. A VideoObject gets `thumbnailUrl` and `uploadDate`, as search engines expect.
 */
export function mediaObjectJsonLd(
  site: SiteConfig,
  media: {
    kind: 'image' | 'video' | 'audio';
    path: string;
    title: string;
    description: string;
    datePublished?: string;
    imageUrl?: string;
    contentUrl?: string;
    embedUrl?: string;
    thumbnailUrl?: string;
    inLanguage: string;
  },
): JsonLdObject {
  const type = { image: 'ImageObject', video: 'VideoObject', audio: 'AudioObject' }[media.kind];
  const image = media.imageUrl ? absolute(site, media.imageUrl) : undefined;
  const contentUrl = media.contentUrl ?? (media.kind === 'image' ? media.imageUrl : undefined);
  const thumbnail = media.thumbnailUrl ? absolute(site, media.thumbnailUrl) : image;
  return {
    '@context': 'https://schema.org',
    '@type': type,
    name: media.title,
    description: media.description || media.title,
    url: absolute(site, media.path),
    datePublished: media.datePublished,
    ...(media.kind === 'video' ? { uploadDate: media.datePublished } : {}),
    ...(contentUrl ? { contentUrl: absolute(site, contentUrl) } : {}),
    ...(media.embedUrl ? { embedUrl: media.embedUrl } : {}),
    ...(thumbnail ? { thumbnailUrl: thumbnail } : {}),
    ...(image && media.kind !== 'image' ? { image } : {}),
    inLanguage: media.inLanguage,
    publisher: { '@type': 'NGO', name: site.name, url: site.url },
  };
}
