// Demo artwork for the seed content.
//
// Takes: every JSON file in content/seed/ and collects the image file names they reference (`image` fields,
// image-valued `acf` fields such as `featured_image`/`gallery_image_N`, and `{{image:file.jpg}}` placeholders inside
// HTML, and team members' `photo`), plus `hero-home.jpg` and `default-post.jpg`.
// Writes: one abstract 1600x900 progressive JPEG per file name into content/seed/images/ (overwriting), drawn from
// SVG with sharp. The artwork (gradients, soft waves, geometric shapes in a warm palette) is seeded from the file
// name, so each image differs and a rerun gives the same picture. No image carries text (no title, no logo): the
// site's headings and alt text name what an image shows, and a thumbnail crop cannot cut words in half. Files named `team-*.jpg` are 800x800 illustrated
// portraits instead: an abstract head-and-shoulders figure, no text and no likeness of a real person.
// Run with `npm run content:assets`; `node scripts/demo-content/images.mjs team- media-` draws only the files whose
// names start with one of the given prefixes.

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

import { INFOGRAPHICS } from './infographics.mjs';
import { drawScene } from './scenes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const seedDir = path.join(root, 'content/seed');
const outDir = process.env.DEMO_IMAGES_OUT
  ? path.resolve(process.env.DEMO_IMAGES_OUT)
  : path.join(seedDir, 'images');
const WIDTH = 1600;
const HEIGHT = 900;
const MAX_BYTES = 60 * 1024;

const PALETTE = {
  purple: '#4c1d95',
  violet: '#6d28d9',
  night: '#1e1b4b',
  teal: '#0f766e',
  aqua: '#14b8a6',
  amber: '#f59e0b',
  gold: '#fbbf24',
  coral: '#f97362',
  rose: '#fb7185',
  cream: '#fef3c7',
};
const DARKS = ['purple', 'night', 'teal', 'violet'];
const LIGHTS = ['amber', 'gold', 'coral', 'rose', 'aqua', 'cream'];

/* ------------------------------------------------------------------ collecting file names and labels */

const IMAGE_RE = /\{\{image:([^}]+)\}\}/g;
const isImageName = (v) => typeof v === 'string' && /\.(jpe?g|png|webp)$/i.test(v) && !v.includes('/');

/** Map of file name -> the title of the first entry that uses it (for reading the list; nothing is drawn from it). */
function collectImages() {
  const found = new Map();
  // A featured or acf image is labelled with its entry's title; an inline `{{image:…}}` figure gets no label.
  const add = (file, label) => {
    if (!found.get(file)) found.set(file, label);
  };
  const files = readdirSync(seedDir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const f of files) {
    const data = JSON.parse(readFileSync(path.join(seedDir, f), 'utf8'));
    const entries = Array.isArray(data) ? data : [data];
    for (const entry of entries) {
      const label = entry.title ?? entry.name ?? '';
      walk(entry, (key, value) => {
        if (typeof value !== 'string') return;
        for (const m of value.matchAll(IMAGE_RE)) add(m[1].trim(), '');
        if ((key === 'photo' || /image|thumbnail|media_file/i.test(key)) && isImageName(value))
          add(value, label);
      });
    }
  }
  // The hero and the fallback carry no text: the site lays its own over them.
  found.set('hero-home.jpg', '');
  found.set('default-post.jpg', '');
  return found;
}

function walk(node, visit, key = '') {
  if (Array.isArray(node)) node.forEach((n) => walk(n, visit, key));
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, visit, k);
  else visit(key, node);
}

/* ------------------------------------------------------------------ seeded randomness */

function hash(str) {
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mulberry32(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/* ------------------------------------------------------------------ drawing */

/** Abstract art only: no words or logo are drawn in, so the site's own headings and alt text say what an image is. */
function draw(file) {
  const rnd = mulberry32(hash(file));
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const range = (a, b) => a + rnd() * (b - a);
  const c = (name) => PALETTE[name];

  const bgA = pick(DARKS);
  const bgB = pick(DARKS.filter((d) => d !== bgA));
  const accents = [...LIGHTS].sort(() => rnd() - 0.5).slice(0, 3);
  const angle = Math.floor(range(0, 360));

  const parts = [];
  parts.push(`<defs>
  <linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">
    <stop offset="0" stop-color="${c(bgA)}"/><stop offset="1" stop-color="${c(bgB)}"/>
  </linearGradient>
  <radialGradient id="glow" cx="${range(0.2, 0.8).toFixed(2)}" cy="${range(0.2, 0.7).toFixed(2)}" r="0.6">
    <stop offset="0" stop-color="${c(accents[0])}" stop-opacity="0.55"/><stop offset="1" stop-color="${c(accents[0])}" stop-opacity="0"/>
  </radialGradient>
  <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${range(18, 34).toFixed(0)}"/></filter>
</defs>`);
  parts.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`);
  parts.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>`);

  // Blurred orbs behind everything.
  const orbs = 2 + Math.floor(rnd() * 3);
  for (let i = 0; i < orbs; i++) {
    parts.push(
      `<circle cx="${range(0, WIDTH).toFixed(0)}" cy="${range(0, HEIGHT).toFixed(0)}" r="${range(120, 320).toFixed(0)}" fill="${c(pick(accents))}" opacity="${range(0.25, 0.5).toFixed(2)}" filter="url(#soft)"/>`,
    );
  }

  // Soft layered waves across the lower part: a sum of two sines, sampled densely so the edge stays smooth.
  const waves = 2 + Math.floor(rnd() * 3);
  for (let i = 0; i < waves; i++) {
    const base = HEIGHT * range(0.5, 0.8) + i * 45;
    const a1 = range(25, 80);
    const a2 = range(10, 35);
    const f1 = range(0.8, 2.2);
    const f2 = range(2.5, 5);
    const p1 = range(0, Math.PI * 2);
    const p2 = range(0, Math.PI * 2);
    const pts = [];
    for (let x = 0; x <= WIDTH; x += 32) {
      const t = (x / WIDTH) * Math.PI * 2;
      pts.push(`${x},${(base + a1 * Math.sin(f1 * t + p1) + a2 * Math.sin(f2 * t + p2)).toFixed(0)}`);
    }
    const d = `M ${pts.join(' L ')} L ${WIDTH} ${HEIGHT} L 0 ${HEIGHT} Z`;
    parts.push(
      `<path d="${d}" fill="${c(accents[i % accents.length])}" opacity="${range(0.18, 0.42).toFixed(2)}"/>`,
    );
  }

  // Geometric shapes: circles, rings, rounded squares and triangles.
  const shapes = 4 + Math.floor(rnd() * 5);
  for (let i = 0; i < shapes; i++) {
    const x = range(60, WIDTH - 60);
    const y = range(60, HEIGHT - 60);
    const s = range(40, 200);
    const fill = c(pick(accents));
    const op = range(0.35, 0.85).toFixed(2);
    const kind = Math.floor(rnd() * 4);
    if (kind === 0)
      parts.push(
        `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(s / 2).toFixed(0)}" fill="${fill}" opacity="${op}"/>`,
      );
    else if (kind === 1)
      parts.push(
        `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(s / 2).toFixed(0)}" fill="none" stroke="${fill}" stroke-width="${range(6, 16).toFixed(0)}" opacity="${op}"/>`,
      );
    else if (kind === 2)
      parts.push(
        `<rect x="${(x - s / 2).toFixed(0)}" y="${(y - s / 2).toFixed(0)}" width="${s.toFixed(0)}" height="${s.toFixed(0)}" rx="${(s / 5).toFixed(0)}" fill="${fill}" opacity="${op}" transform="rotate(${range(-30, 30).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`,
      );
    else {
      const r = s / 1.6;
      const pts = [0, 120, 240].map((a) => {
        const t = ((a + range(-10, 10)) * Math.PI) / 180;
        return `${(x + r * Math.cos(t)).toFixed(0)},${(y + r * Math.sin(t)).toFixed(0)}`;
      });
      parts.push(`<polygon points="${pts.join(' ')}" fill="${fill}" opacity="${op}"/>`);
    }
  }

  // A few small dots in an arc, like a row of people gathered.
  const dots = 5 + Math.floor(rnd() * 6);
  const cx = range(300, WIDTH - 300);
  const cy = range(250, HEIGHT - 250);
  const rr = range(140, 260);
  const start = range(0, Math.PI);
  for (let i = 0; i < dots; i++) {
    const t = start + (i / dots) * Math.PI;
    parts.push(
      `<circle cx="${(cx + rr * Math.cos(t)).toFixed(0)}" cy="${(cy + rr * Math.sin(t)).toFixed(0)}" r="${range(10, 22).toFixed(0)}" fill="${c('cream')}" opacity="0.75"/>`,
    );
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('\n')}</svg>`;
}

/** An 800x800 illustrated portrait: a flat head-and-shoulders figure over soft shapes, seeded from the file name. */
function drawPortrait(file) {
  const size = 800;
  const rnd = mulberry32(hash(file));
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const range = (a, b) => a + rnd() * (b - a);
  const c = (name) => PALETTE[name];

  const bgA = pick(DARKS);
  const bgB = pick(DARKS.filter((d) => d !== bgA));
  const [glow, body, accent] = [...LIGHTS].sort(() => rnd() - 0.5);
  // Skin-neutral tones that read as a person without depicting anyone in particular.
  const skin = pick(['#8d5524', '#a0693d', '#c68642', '#e0ac69', '#6b4226', '#f1c27d']);
  const hair = pick(['#1c1917', '#292524', '#44403c', '#57534e', '#7c2d12']);
  const cx = size / 2 + range(-30, 30);
  const headY = range(300, 340);
  const headR = range(105, 125);
  const parts = [];
  parts.push(`<defs>
  <linearGradient id="bg" gradientTransform="rotate(${Math.floor(range(0, 360))} 0.5 0.5)">
    <stop offset="0" stop-color="${c(bgA)}"/><stop offset="1" stop-color="${c(bgB)}"/>
  </linearGradient>
  <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="28"/></filter>
</defs>`);
  parts.push(`<rect width="${size}" height="${size}" fill="url(#bg)"/>`);
  for (let i = 0; i < 3; i++) {
    parts.push(
      `<circle cx="${range(0, size).toFixed(0)}" cy="${range(0, size).toFixed(0)}" r="${range(90, 200).toFixed(0)}" fill="${c(pick([glow, accent]))}" opacity="${range(0.25, 0.5).toFixed(2)}" filter="url(#soft)"/>`,
    );
  }
  // A halo ring behind the head, then shoulders, neck, head and a simple hair shape.
  parts.push(
    `<circle cx="${cx.toFixed(0)}" cy="${headY.toFixed(0)}" r="${(headR + range(40, 70)).toFixed(0)}" fill="none" stroke="${c(accent)}" stroke-width="${range(8, 18).toFixed(0)}" opacity="0.6"/>`,
  );
  const shoulderW = range(250, 300);
  const top = headY + headR + range(45, 70);
  parts.push(
    `<path d="M ${(cx - shoulderW).toFixed(0)} ${size} C ${(cx - shoulderW).toFixed(0)} ${(top + 30).toFixed(0)} ${(cx - 110).toFixed(0)} ${top.toFixed(0)} ${cx.toFixed(0)} ${top.toFixed(0)} C ${(cx + 110).toFixed(0)} ${top.toFixed(0)} ${(cx + shoulderW).toFixed(0)} ${(top + 30).toFixed(0)} ${(cx + shoulderW).toFixed(0)} ${size} Z" fill="${c(body)}"/>`,
  );
  parts.push(
    `<rect x="${(cx - 42).toFixed(0)}" y="${(headY + headR - 30).toFixed(0)}" width="84" height="${(top - headY - headR + 45).toFixed(0)}" rx="30" fill="${skin}"/>`,
  );
  parts.push(
    `<circle cx="${cx.toFixed(0)}" cy="${headY.toFixed(0)}" r="${headR.toFixed(0)}" fill="${skin}"/>`,
  );
  const style = Math.floor(rnd() * 4);
  if (style === 0) {
    // Short hair: a cap over the top of the head.
    parts.push(
      `<path d="M ${(cx - headR - 6).toFixed(0)} ${(headY - 5).toFixed(0)} A ${(headR + 6).toFixed(0)} ${(headR + 6).toFixed(0)} 0 0 1 ${(cx + headR + 6).toFixed(0)} ${(headY - 5).toFixed(0)} Q ${cx.toFixed(0)} ${(headY - headR * 0.55).toFixed(0)} ${(cx - headR - 6).toFixed(0)} ${(headY - 5).toFixed(0)} Z" fill="${hair}"/>`,
    );
  } else if (style === 1) {
    // Long hair falling behind the shoulders (drawn first would hide it, so as side panels).
    parts.push(
      `<path d="M ${(cx - headR - 18).toFixed(0)} ${(headY + headR * 1.4).toFixed(0)} L ${(cx - headR - 18).toFixed(0)} ${headY.toFixed(0)} A ${(headR + 18).toFixed(0)} ${(headR + 18).toFixed(0)} 0 0 1 ${(cx + headR + 18).toFixed(0)} ${headY.toFixed(0)} L ${(cx + headR + 18).toFixed(0)} ${(headY + headR * 1.4).toFixed(0)} L ${(cx + headR - 22).toFixed(0)} ${(headY + headR * 1.4).toFixed(0)} L ${(cx + headR - 22).toFixed(0)} ${(headY - 10).toFixed(0)} Q ${cx.toFixed(0)} ${(headY - headR * 0.6).toFixed(0)} ${(cx - headR + 22).toFixed(0)} ${(headY - 10).toFixed(0)} L ${(cx - headR + 22).toFixed(0)} ${(headY + headR * 1.4).toFixed(0)} Z" fill="${hair}"/>`,
    );
  } else if (style === 2) {
    // A head wrap or scarf in an accent colour.
    parts.push(
      `<path d="M ${(cx - headR - 10).toFixed(0)} ${(headY - 10).toFixed(0)} Q ${cx.toFixed(0)} ${(headY - headR * 2.1).toFixed(0)} ${(cx + headR + 10).toFixed(0)} ${(headY - 10).toFixed(0)} Q ${cx.toFixed(0)} ${(headY - headR * 0.5).toFixed(0)} ${(cx - headR - 10).toFixed(0)} ${(headY - 10).toFixed(0)} Z" fill="${c(accent)}"/>`,
    );
  } else {
    // Curly hair: a ring of overlapping circles.
    for (let a = 180; a <= 360; a += 22) {
      const t = (a * Math.PI) / 180;
      parts.push(
        `<circle cx="${(cx + (headR + 4) * Math.cos(t)).toFixed(0)}" cy="${(headY - 8 + (headR + 4) * Math.sin(t)).toFixed(0)}" r="${range(30, 40).toFixed(0)}" fill="${hair}"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${parts.join('\n')}</svg>`;
}

/** An infographic (infographics.mjs): a palette PNG, since flat colours and type stay sharp and small in one. */
async function renderInfographic(file) {
  const buf = await sharp(Buffer.from(INFOGRAPHICS[file]()))
    .png({ palette: true, colours: 64, compressionLevel: 9 })
    .toBuffer();
  writeFileSync(path.join(outDir, file), buf);
  return { size: buf.length, quality: 'png' };
}

async function render(file) {
  if (INFOGRAPHICS[file]) return renderInfographic(file);
  // Photographs (galleries, the vigil, the candle-lighting, the drop-in room…) are photo-like scenes (scenes.mjs);
  // everything else stays abstract art.
  const scene = drawScene(file, mulberry32(hash(file)), WIDTH, HEIGHT);
  const svg = Buffer.from(file.startsWith('team-') ? drawPortrait(file) : (scene ?? draw(file)));
  let quality = 72;
  let buf;
  for (;;) {
    buf = await sharp(svg)
      .flatten({ background: PALETTE.night })
      .jpeg({ quality, progressive: true, mozjpeg: true })
      .toBuffer();
    if (buf.length <= MAX_BYTES || quality <= 45) break;
    quality -= 6;
  }
  writeFileSync(path.join(outDir, file), buf);
  return { size: buf.length, quality };
}

mkdirSync(outDir, { recursive: true });
const prefixes = process.argv.slice(2);
const images = new Map(
  [...collectImages()].filter(([file]) => !prefixes.length || prefixes.some((p) => file.startsWith(p))),
);
let total = 0;
for (const file of images.keys()) {
  if (!/\.jpe?g$/i.test(file) && !INFOGRAPHICS[file])
    throw new Error(`Only .jpg images (and the infographics' .png) are drawn, got ${file}`);
  const { size, quality } = await render(file);
  total += size;
  console.log(`${file.padEnd(48)} ${(size / 1024).toFixed(1).padStart(6)} KB  q${quality}`);
}
console.log(
  `${images.size} images, ${(total / 1024 / 1024).toFixed(2)} MB in ${path.relative(root, outDir)}/`,
);
