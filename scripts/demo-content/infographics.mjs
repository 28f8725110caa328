// The demo infographics (issue 33: an infographic carries its figures as real information).
//
// Unlike every other demo image these carry text, because their figures are their content: each is a 1600x900
// PNG (a palette PNG: flat colours and type compress far better than in a JPEG) with a title, a subtitle and a
// few figures with their labels, set in DejaVu Sans (Debian's fonts-dejavu-core, through librsvg in sharp). The
// same figures are in the media item's text and in the image's alt text (content/seed/image-alts.json), so
// nobody needs to see the picture to get the information. Drawn by images.mjs, which imports INFOGRAPHICS.

const W = 1600;
const H = 900;
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * One infographic: `figures` is a list of { value, lines: [label line, …] } laid out in a grid of tiles.
 * Returns the SVG text.
 */
function infographic({ title, subtitle, figures, source, colours }) {
  const cols = figures.length > 4 ? 3 : 2;
  const rows = Math.ceil(figures.length / cols);
  const top = 230;
  const gap = 28;
  const tileW = (W - 120 - gap * (cols - 1)) / cols;
  const tileH = (H - top - 90 - gap * (rows - 1)) / rows;
  const parts = [];
  parts.push(`<rect width="${W}" height="${H}" fill="${colours.bg}"/>`);
  parts.push(`<rect width="${W}" height="14" fill="${colours.accent}"/>`);
  parts.push(
    `<text x="60" y="110" font-family="DejaVu Sans" font-weight="bold" font-size="64" fill="${colours.ink}">${esc(title)}</text>`,
  );
  parts.push(
    `<text x="60" y="170" font-family="DejaVu Sans" font-size="30" fill="${colours.muted}">${esc(subtitle)}</text>`,
  );
  figures.forEach((fig, i) => {
    const x = 60 + (i % cols) * (tileW + gap);
    const y = top + Math.floor(i / cols) * (tileH + gap);
    parts.push(`<rect x="${x}" y="${y}" width="${tileW}" height="${tileH}" rx="18" fill="${colours.tile}"/>`);
    parts.push(`<rect x="${x}" y="${y}" width="12" height="${tileH}" rx="6" fill="${colours.accent}"/>`);
    const valueSize = fig.value.length > 8 ? 54 : 86;
    parts.push(
      `<text x="${x + 44}" y="${y + 26 + valueSize}" font-family="DejaVu Sans" font-weight="bold" font-size="${valueSize}" fill="${colours.figure}">${esc(fig.value)}</text>`,
    );
    fig.lines.forEach((line, k) => {
      parts.push(
        `<text x="${x + 44}" y="${y + 60 + valueSize + 40 * (k + 1) - 18}" font-family="DejaVu Sans" font-size="29" fill="${colours.ink}">${esc(line)}</text>`,
      );
    });
  });
  parts.push(
    `<text x="60" y="${H - 36}" font-family="DejaVu Sans" font-size="24" fill="${colours.muted}">${esc(source)}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('\n')}</svg>`;
}

const WARM = {
  bg: '#fff8ec',
  tile: '#ffffff',
  ink: '#1f2937',
  muted: '#4b5563',
  figure: '#b45309',
  accent: '#f59e0b',
};
const NETWORK = {
  bg: '#f5f3ff',
  tile: '#ffffff',
  ink: '#1f2937',
  muted: '#4b5563',
  figure: '#5b21b6',
  accent: '#0f766e',
};

/** File name → SVG of each infographic. Keep the figures in step with the media item and its alt text. */
export const INFOGRAPHICS = {
  'media-heat-infographic.png': () =>
    infographic({
      title: 'Heat at Home: key findings',
      subtitle: 'Race, housing and extreme heat in Leeds: a survey of households in five neighbourhoods',
      colours: WARM,
      figures: [
        {
          value: '312',
          lines: ['households surveyed, on paper, online', 'and with interpreters in seven languages'],
        },
        {
          value: '2×',
          lines: [
            'private tenants in flats were more than twice',
            'as likely as owner-occupiers to be too hot',
            'to sleep on most summer nights',
          ],
        },
        {
          value: '1 in 5',
          lines: ['fewer than one in five had received any', 'advice on staying safe in a heatwave'],
        },
        {
          value: '12',
          lines: ['recommendations, from heat standards for', 'rented homes to multilingual heat alerts'],
        },
      ],
      source: 'Leeds Racial Justice Network · Heat at Home: Race, Housing and Extreme Heat in Leeds (2024)',
    }),
  'media-annual-review-glance.png': () =>
    infographic({
      title: '2025 at a glance',
      subtitle: 'Leeds Racial Justice Network: our year to 31 December 2025',
      colours: NETWORK,
      figures: [
        { value: '1,320', lines: ['members of the network'] },
        { value: '158', lines: ['volunteers'] },
        { value: '6,200', lines: ['hours given by volunteers'] },
        { value: '44', lines: ['Collective Conversations', 'hosted'] },
        { value: '302', lines: ['people trained in', 'Unlearning Racism'] },
        { value: '3', lines: ['campaign wins'] },
      ],
      source: 'From our records for the year ending 31 December 2025',
    }),
};
