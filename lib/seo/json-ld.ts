import 'server-only';

import type { SiteConfig } from '@/lib/config/site';

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
