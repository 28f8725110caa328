import { serializeJsonLd, type JsonLdObject } from '@/lib/seo/json-ld';

/** Renders schema.org data as `<script type="application/ld+json">`. Server component. */
export function JsonLd({ data }: { data: JsonLdObject }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
