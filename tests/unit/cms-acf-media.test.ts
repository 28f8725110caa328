import { beforeEach, describe, expect, it, vi } from 'vitest';

import { collectAttachmentIds, resolveAcfAttachments } from '@/lib/cms/acf-media';
import { resetWpClientState } from '@/lib/cms/client';
import { reshapeEvent, reshapeMediaArchiveItem, reshapeReport, reshapeTeamMember } from '@/lib/cms/reshape';
import { wordpressSource } from '@/lib/cms/sources/wordpress';

/** Attachment IDs in ACF fields (real ACF without `acf_format=standard`, or an "Image ID" return format). */

const media = (id: number, file: string, mime = 'image/jpeg') => ({
  id,
  source_url: `https://cms.example.org/wp-content/uploads/2026/01/${file}`,
  alt_text: `alt ${id}`,
  mime_type: mime,
  title: { rendered: `title ${id}` },
  media_details: { width: 800, height: 600 },
});

const LIBRARY = [media(11, 'report.pdf', 'application/pdf'), media(12, 'photo.jpg'), media(13, 'g1.jpg')];

function lookupFrom(library: unknown[]) {
  const calls: number[][] = [];
  const lookup = vi.fn(async (ids: number[]) => {
    calls.push(ids);
    return library.filter((m) => ids.includes((m as { id: number }).id));
  });
  return { lookup, calls };
}

describe('resolveAcfAttachments', () => {
  it('replaces IDs in file, image and gallery fields of many items with one lookup', async () => {
    const items = [
      { id: 1, acf: { pdf_file: 11, organization: 'LRJN' } },
      { id: 2, acf: { photo: '12', order: 3 } },
      { id: 3, acf: { image_gallery: [13, 12, 'https://x.example/a.jpg'], gallery_image_1: 13 } },
      { id: 4, acf: [] },
      { id: 5 },
    ];
    const { lookup, calls } = lookupFrom(LIBRARY);
    const out = (await resolveAcfAttachments(items, lookup)) as { acf: Record<string, unknown> }[];
    expect(calls).toEqual([[11, 12, 13]]);
    expect(out[0]!.acf.pdf_file).toMatchObject({
      ID: 11,
      url: LIBRARY[0]!.source_url,
      mime_type: 'application/pdf',
    });
    expect(out[0]!.acf.organization).toBe('LRJN');
    expect(out[1]!.acf.photo).toMatchObject({ id: 12, alt: 'alt 12', width: 800, height: 600 });
    // A non-file field that happens to be a number is left alone.
    expect(out[1]!.acf.order).toBe(3);
    expect((out[2]!.acf.image_gallery as unknown[]).length).toBe(3);
    expect((out[2]!.acf.image_gallery as { url?: string }[])[0]!.url).toBe(LIBRARY[2]!.source_url);
    expect((out[2]!.acf.image_gallery as unknown[])[2]).toBe('https://x.example/a.jpg');
    expect(out[3]).toBe(items[3]);
    expect(out[4]).toBe(items[4]);
    // The input is not modified.
    expect(items[0]!.acf).toEqual({ pdf_file: 11, organization: 'LRJN' });
  });

  it('drops IDs WordPress does not return: null in a field, left out of a gallery', async () => {
    const { lookup } = lookupFrom(LIBRARY);
    const out = (await resolveAcfAttachments(
      [{ id: 1, acf: { pdf_file: 999, photo: 12, image_gallery: [998, 13] } }],
      lookup,
    )) as { acf: Record<string, unknown> }[];
    expect(out[0]!.acf.pdf_file).toBeNull();
    expect(out[0]!.acf.photo).toMatchObject({ id: 12 });
    expect((out[0]!.acf.image_gallery as { id: number }[]).map((m) => m.id)).toEqual([13]);
  });

  it('makes no lookup when nothing is an ID, and chunks more than 100 IDs', async () => {
    const none = lookupFrom([]);
    const plain = [{ id: 1, acf: { photo: 'https://cms.example.org/p.jpg', pdf_file: { url: '/a.pdf' } } }];
    expect(await resolveAcfAttachments(plain, none.lookup)).toBe(plain);
    expect(none.lookup).not.toHaveBeenCalled();

    const many = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, acf: { photo: i + 1 } }));
    const big = lookupFrom([]);
    await resolveAcfAttachments(many, big.lookup);
    expect(big.calls.map((c) => c.length)).toEqual([100, 50]);
  });

  it('ignores zero, negative, fractional and non-numeric values', () => {
    expect(
      collectAttachmentIds([
        { acf: { photo: 0, pdf_file: -3, image: 1.5, media_file: 'abc', thumbnail: false } },
      ]),
    ).toEqual([]);
  });

  it('gives reshape the PDF, photo, event image and gallery that bare IDs would have lost', async () => {
    const { lookup } = lookupFrom(LIBRARY);
    const raw = [
      {
        id: 1,
        slug: 'r',
        title: { rendered: 'R' },
        date: '2026-01-01',
        acf: { pdf_file: 11, organization: 'O' },
      },
      { id: 2, slug: 't', title: { rendered: 'T' }, date: '2026-01-01', acf: { photo: 12, role: 'Chair' } },
      {
        id: 3,
        slug: 'e',
        title: { rendered: 'E' },
        date: '2026-01-01',
        acf: { image: 12, event_date: '20260101' },
      },
      {
        id: 4,
        slug: 'm',
        title: { rendered: 'M' },
        date: '2026-01-01',
        acf: { media_type: 'photo', image_gallery: [13] },
      },
    ];
    // Without resolution the bare IDs are dropped.
    expect(reshapeReport(raw[0], {})?.pdfUrl).toBeNull();
    expect(reshapeTeamMember(raw[1], {})?.photo).toBeNull();
    const [report, member, event, item] = await resolveAcfAttachments(raw, lookup);
    expect(reshapeReport(report, {})?.pdfUrl).toBe(LIBRARY[0]!.source_url);
    expect(reshapeTeamMember(member, {})?.photo).toEqual({ url: LIBRARY[1]!.source_url, alt: 'T' });
    expect(reshapeEvent(event, {})?.image?.url).toBe(LIBRARY[1]!.source_url);
    expect(reshapeMediaArchiveItem(item, {})?.gallery.map((g) => g.url)).toEqual([LIBRARY[2]!.source_url]);
  });
});

describe('wordpressSource resolves attachment IDs with one batched media read', () => {
  beforeEach(() => resetWpClientState());

  it('reads all pages of reports, then /wp/v2/media?include= once for every ID on them', async () => {
    const urls: URL[] = [];
    const page = (n: number) =>
      Array.from({ length: n === 1 ? 100 : 20 }, (_, i) => ({
        id: n * 1000 + i,
        slug: `r-${n}-${i}`,
        acf: { pdf_file: i % 2 ? 11 : 999 },
      }));
    vi.stubGlobal('fetch', async (input: string | URL) => {
      const url = new URL(String(input));
      urls.push(url);
      const json = (body: unknown, total = 120, pages = 2) =>
        new Response(JSON.stringify(body), {
          headers: {
            'content-type': 'application/json',
            'X-WP-Total': String(total),
            'X-WP-TotalPages': String(pages),
          },
        });
      if (url.pathname.endsWith('/media')) {
        const ids = (url.searchParams.get('include') ?? '').split(',').map(Number);
        const found = LIBRARY.filter((m) => ids.includes(m.id));
        return json(found, found.length, 1);
      }
      return json(page(Number(url.searchParams.get('page'))));
    });
    const source = wordpressSource('https://cms.example.org', 5000);
    const items = (await source.listAll('reports', { embed: true }, { tags: ['cms', 'reports'] })) as {
      acf: { pdf_file: unknown };
    }[];
    expect(items).toHaveLength(120);
    const mediaReads = urls.filter((u) => u.pathname.endsWith('/media'));
    expect(mediaReads).toHaveLength(1);
    expect(mediaReads[0]!.searchParams.get('include')).toBe('999,11');
    expect(
      urls
        .filter((u) => u.pathname.endsWith('/reports'))
        .every((u) => u.searchParams.get('acf_format') === 'standard'),
    ).toBe(true);
    expect(items.filter((i) => i.acf.pdf_file === null)).toHaveLength(60);
    expect(
      items.filter((i) => (i.acf.pdf_file as { url?: string })?.url?.endsWith('report.pdf')),
    ).toHaveLength(60);
  });

  it('drops the IDs (warned once) when WordPress refuses the media read, and fails the read in an outage', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let mediaStatus = 401;
    vi.stubGlobal('fetch', async (input: string | URL) => {
      const url = new URL(String(input));
      if (url.pathname.endsWith('/media')) {
        return new Response('{"code":"rest_forbidden","message":"No"}', {
          status: mediaStatus,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response(JSON.stringify([{ id: 1, slug: 'r', acf: { pdf_file: 11, organization: 'O' } }]), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const source = wordpressSource('https://cms.example.org', 5000);
    const { items } = await source.list('reports', {}, { tags: [] });
    expect(items).toEqual([{ id: 1, slug: 'r', acf: { pdf_file: null, organization: 'O' } }]);
    await source.list('reports', {}, { tags: [] });
    expect(warn.mock.calls.filter((c) => String(c[0]).includes('refused /wp/v2/media'))).toHaveLength(1);

    mediaStatus = 503;
    const failing = wordpressSource('https://cms2.example.org', 5000);
    await expect(failing.list('reports', {}, { tags: [] })).rejects.toThrow('Failed to fetch media: 503');
    warn.mockRestore();
  });
});
