// Photo-like scenes for the demo images that stand for photographs (issue 33: "images that match their captions").
//
// Takes: a seeded random function (so a rerun gives the same picture) and a size. Returns: an SVG string that
// sharp/librsvg renders into a JPEG. Each scene is drawn the way a photograph looks: light sources that glow
// (blurred radial gradients), depth of field (far things blurred, near things sharp), perspective (far things
// smaller and higher), a vignette. People appear only as silhouettes from behind or far away, and hands: no
// faces and no likeness of anyone. No text is drawn into any scene (the infographics are the exception, drawn
// by infographics.mjs, because their figures are their information).

const f = (n) => Number(n).toFixed(0);

/** Shared <defs>: blurs of several strengths and a vignette. */
function defs(w, h, extra = '') {
  return `<defs>
  <filter id="b2" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="2"/></filter>
  <filter id="b6" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>
  <filter id="b14" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
  <filter id="b30" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="30"/></filter>
  <radialGradient id="vig" cx="0.5" cy="0.5" r="0.75">
    <stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/>
  </radialGradient>
  <radialGradient id="flameGlow"><stop offset="0" stop-color="#ffd27a" stop-opacity="0.75"/><stop offset="0.35" stop-color="#ff9a3c" stop-opacity="0.3"/><stop offset="1" stop-color="#ff7a1a" stop-opacity="0"/></radialGradient>
  <radialGradient id="flame" cx="0.5" cy="0.7" r="0.6"><stop offset="0" stop-color="#fffbe8"/><stop offset="0.45" stop-color="#ffe08a"/><stop offset="1" stop-color="#ff8a1f"/></radialGradient>
  <linearGradient id="wax" x1="0" x2="1"><stop offset="0" stop-color="#b58f62"/><stop offset="0.35" stop-color="#f6e7c9"/><stop offset="0.7" stop-color="#e9d3ad"/><stop offset="1" stop-color="#8a6a46"/></linearGradient>
  ${extra}
</defs>`;
}

const vignette = (w, h) => `<rect width="${w}" height="${h}" fill="url(#vig)"/>`;

/** Soft out-of-focus lights (bokeh). */
function bokeh(rnd, w, h, { n, colors, yMin = 0, yMax = h, rMin = 8, rMax = 40, opacity = [0.25, 0.6] }) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const r = rMin + rnd() * (rMax - rMin);
    const c = colors[Math.floor(rnd() * colors.length)];
    out.push(
      `<circle cx="${f(rnd() * w)}" cy="${f(yMin + rnd() * (yMax - yMin))}" r="${f(r)}" fill="${c}" opacity="${(opacity[0] + rnd() * (opacity[1] - opacity[0])).toFixed(2)}" filter="url(#b${r > 25 ? 14 : 6})"/>`,
    );
  }
  return out.join('');
}

/** One candle: wax body, melted top, wick, flame and its glow. `s` is the scale (perspective). */
function candle(x, base, s, rnd, { jar = false } = {}) {
  const cw = 46 * s;
  const ch = (70 + rnd() * 110) * s;
  const top = base - ch;
  const out = [];
  out.push(`<circle cx="${f(x)}" cy="${f(top - 22 * s)}" r="${f(150 * s)}" fill="url(#flameGlow)"/>`);
  if (jar) {
    out.push(
      `<rect x="${f(x - cw * 0.9)}" y="${f(base - 95 * s)}" width="${f(cw * 1.8)}" height="${f(95 * s)}" rx="${f(12 * s)}" fill="#ffd9a0" opacity="0.22"/>`,
      `<rect x="${f(x - cw * 0.9)}" y="${f(base - 95 * s)}" width="${f(cw * 0.25)}" height="${f(95 * s)}" rx="${f(6 * s)}" fill="#fff" opacity="0.18"/>`,
    );
  } else {
    out.push(
      `<rect x="${f(x - cw / 2)}" y="${f(top)}" width="${f(cw)}" height="${f(ch)}" fill="url(#wax)"/>`,
      `<ellipse cx="${f(x)}" cy="${f(top)}" rx="${f(cw / 2)}" ry="${f(7 * s)}" fill="#fbf1dc"/>`,
      `<ellipse cx="${f(x)}" cy="${f(top + 2 * s)}" rx="${f(cw / 3)}" ry="${f(4 * s)}" fill="#ffe7b0" opacity="0.9"/>`,
    );
  }
  const flameBase = jar ? base - 40 * s : top - 3 * s;
  out.push(
    `<line x1="${f(x)}" y1="${f(flameBase + 2 * s)}" x2="${f(x)}" y2="${f(flameBase - 8 * s)}" stroke="#2b1a0e" stroke-width="${Math.max(1, 2.5 * s).toFixed(1)}"/>`,
    `<path d="M ${f(x)} ${f(flameBase - 44 * s)} C ${f(x + 12 * s)} ${f(flameBase - 22 * s)} ${f(x + 11 * s)} ${f(flameBase - 4 * s)} ${f(x)} ${f(flameBase - 2 * s)} C ${f(x - 11 * s)} ${f(flameBase - 4 * s)} ${f(x - 12 * s)} ${f(flameBase - 22 * s)} ${f(x)} ${f(flameBase - 44 * s)} Z" fill="url(#flame)" filter="url(#b2)"/>`,
  );
  return out.join('');
}

/** A person seen from behind: head and shoulders, as a dark silhouette. */
function personFromBehind(x, y, s, fill, blur = '') {
  const head = 30 * s;
  const sw = 78 * s;
  const filter = blur ? ` filter="url(#${blur})"` : '';
  return `<g fill="${fill}"${filter}><circle cx="${f(x)}" cy="${f(y)}" r="${f(head)}"/><path d="M ${f(x - sw)} ${f(y + 260 * s)} C ${f(x - sw)} ${f(y + 70 * s)} ${f(x - 40 * s)} ${f(y + 40 * s)} ${f(x)} ${f(y + 40 * s)} C ${f(x + 40 * s)} ${f(y + 40 * s)} ${f(x + sw)} ${f(y + 70 * s)} ${f(x + sw)} ${f(y + 260 * s)} Z"/></g>`;
}

/** A standing figure (full body, small: far away), a silhouette. */
function standingFigure(x, feet, s, fill, { armUp = false } = {}) {
  const hgt = 170 * s;
  const top = feet - hgt;
  const arm = armUp
    ? `<path d="M ${f(x + 10 * s)} ${f(top + 45 * s)} L ${f(x + 34 * s)} ${f(top - 5 * s)}" stroke="${fill}" stroke-width="${f(10 * s)}" stroke-linecap="round"/>`
    : '';
  return `<g fill="${fill}"><circle cx="${f(x)}" cy="${f(top + 14 * s)}" r="${f(14 * s)}"/><path d="M ${f(x - 22 * s)} ${f(top + 32 * s)} Q ${f(x)} ${f(top + 26 * s)} ${f(x + 22 * s)} ${f(top + 32 * s)} L ${f(x + 18 * s)} ${f(top + 100 * s)} L ${f(x + 12 * s)} ${f(feet)} L ${f(x + 2 * s)} ${f(feet)} L ${f(x)} ${f(top + 110 * s)} L ${f(x - 2 * s)} ${f(feet)} L ${f(x - 12 * s)} ${f(feet)} L ${f(x - 18 * s)} ${f(top + 100 * s)} Z"/>${arm}</g>`;
}

/* ------------------------------------------------------------------ scenes */

/** Candles lit on a dark surface, warm light, a few far candles out of focus. */
function candles(rnd, w, h, { count = 7, calm = false } = {}) {
  const parts = [defs(w, h)];
  parts.push(`<rect width="${w}" height="${h}" fill="${calm ? '#140c09' : '#0d0705'}"/>`);
  parts.push(
    `<defs><linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#24140c"/><stop offset="1" stop-color="#3a2416"/></linearGradient></defs>`,
    `<rect y="${f(h * 0.62)}" width="${w}" height="${f(h * 0.38)}" fill="url(#floor)"/>`,
  );
  parts.push(
    bokeh(rnd, w, h, {
      n: calm ? 10 : 22,
      colors: ['#ffb347', '#ffd27a', '#ff9a3c'],
      yMin: h * 0.15,
      yMax: h * 0.55,
      rMin: 10,
      rMax: 34,
    }),
  );
  const spots = [];
  for (let i = 0; i < count; i++) {
    const depth = rnd(); // 0 far .. 1 near
    spots.push({ x: w * (0.1 + rnd() * 0.8), base: h * (0.66 + depth * 0.3), s: 1 + depth * 1.2 });
  }
  spots.sort((a, b) => a.base - b.base);
  for (const p of spots) {
    parts.push(
      `<ellipse cx="${f(p.x)}" cy="${f(p.base + 6 * p.s)}" rx="${f(90 * p.s)}" ry="${f(16 * p.s)}" fill="#ffb347" opacity="0.22" filter="url(#b14)"/>`,
    );
    parts.push(candle(p.x, p.base, p.s, rnd));
  }
  parts.push(vignette(w, h));
  return parts.join('');
}

/** Flowers and candles in jars laid on paving at dusk, as after a vigil. */
function flowers(rnd, w, h) {
  const parts = [defs(w, h)];
  parts.push(
    `<defs><linearGradient id="pave" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a2d38"/><stop offset="1" stop-color="#474a55"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#pave)"/>`,
  );
  // Paving slabs in perspective.
  for (let i = 1; i < 9; i++) {
    const y = h * (0.1 + Math.pow(i / 9, 1.6) * 0.9);
    parts.push(
      `<line x1="0" y1="${f(y)}" x2="${w}" y2="${f(y)}" stroke="#1d1f27" stroke-width="${(1 + i * 0.4).toFixed(1)}" opacity="0.6"/>`,
    );
  }
  for (let i = -6; i <= 6; i++)
    parts.push(
      `<line x1="${f(w / 2 + i * 60)}" y1="0" x2="${f(w / 2 + i * 260)}" y2="${h}" stroke="#1d1f27" stroke-width="2" opacity="0.5"/>`,
    );
  const petals = ['#f8f4ec', '#e63946', '#ffd166', '#f4a6c1', '#ffffff', '#c77dff', '#ff8c42'];
  const items = [];
  for (let i = 0; i < 20; i++)
    items.push({
      x: w * (0.04 + rnd() * 0.92),
      y: h * (0.45 + rnd() * 0.5),
      kind: rnd() < 0.3 ? 'jar' : 'bouquet',
    });
  items.sort((a, b) => a.y - b.y);
  for (const it of items) {
    const s = 0.9 + (it.y / h - 0.45) * 2.2;
    if (it.kind === 'jar') {
      parts.push(candle(it.x, it.y, s, rnd, { jar: true }));
      continue;
    }
    const ang = -35 + rnd() * 70;
    const len = 240 * s;
    const g = [];
    // Wrapping: a cone of paper or cellophane, stems out of it, blossoms at the wide end.
    g.push(
      `<path d="M 0 0 L ${f(-60 * s)} ${f(-len)} L ${f(60 * s)} ${f(-len)} Z" fill="${rnd() < 0.5 ? '#d9cbb3' : '#cfe3ea'}" opacity="0.85"/>`,
    );
    g.push(
      `<path d="M 0 0 L ${f(-60 * s)} ${f(-len)} L ${f(-20 * s)} ${f(-len)} Z" fill="#fff" opacity="0.25"/>`,
    );
    for (let k = 0; k < 7; k++) {
      const bx = (-55 + rnd() * 110) * s;
      const by = -len - (rnd() * 50 + 5) * s;
      g.push(
        `<line x1="${f(bx * 0.3)}" y1="${f(-len * 0.6)}" x2="${f(bx)}" y2="${f(by)}" stroke="#3d6b35" stroke-width="${f(4 * s)}"/>`,
      );
      const pc = petals[Math.floor(rnd() * petals.length)];
      const r = (16 + rnd() * 14) * s;
      for (let p = 0; p < 5; p++) {
        const t = (p / 5) * Math.PI * 2;
        g.push(
          `<circle cx="${f(bx + Math.cos(t) * r * 0.6)}" cy="${f(by + Math.sin(t) * r * 0.6)}" r="${f(r * 0.62)}" fill="${pc}"/>`,
        );
      }
      g.push(`<circle cx="${f(bx)}" cy="${f(by)}" r="${f(r * 0.3)}" fill="#7a4b1c"/>`);
    }
    parts.push(
      `<g transform="translate(${f(it.x)} ${f(it.y)}) rotate(${f(ang)})" filter="url(#b2)">${g.join('')}</g>`,
    );
  }
  parts.push(
    bokeh(rnd, w, h, { n: 12, colors: ['#ffd27a', '#ff9a3c'], yMin: 0, yMax: h * 0.3, rMin: 18, rMax: 44 }),
  );
  parts.push(vignette(w, h));
  return parts.join('');
}

/** A crowd seen from behind at night in a city square, candles held up, lit building facades beyond. */
function crowdAtNight(rnd, w, h) {
  const parts = [defs(w, h)];
  parts.push(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b1026"/><stop offset="1" stop-color="#2a2f52"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
  );
  // Buildings with lit windows, out of focus.
  const bld = [];
  let x = -20;
  while (x < w) {
    const bw = 160 + rnd() * 220;
    const top = h * (0.12 + rnd() * 0.18);
    bld.push(`<rect x="${f(x)}" y="${f(top)}" width="${f(bw)}" height="${f(h - top)}" fill="#1b1d33"/>`);
    for (let wy = top + 30; wy < h * 0.62; wy += 46)
      for (let wx = x + 18; wx < x + bw - 30; wx += 40)
        if (rnd() < 0.45)
          bld.push(
            `<rect x="${f(wx)}" y="${f(wy)}" width="22" height="28" fill="#ffcf7d" opacity="${(0.35 + rnd() * 0.5).toFixed(2)}"/>`,
          );
    x += bw + 6;
  }
  parts.push(`<g filter="url(#b6)">${bld.join('')}</g>`);
  parts.push(
    bokeh(rnd, w, h, {
      n: 10,
      colors: ['#ffe2a8', '#fff4d6'],
      yMin: h * 0.3,
      yMax: h * 0.55,
      rMin: 24,
      rMax: 50,
      opacity: [0.3, 0.55],
    }),
  );
  parts.push(`<rect y="${f(h * 0.6)}" width="${w}" height="${f(h * 0.4)}" fill="#121422"/>`);
  // Three rows of people, far (small) to near (large, blurred: the camera focused beyond them).
  const rows = [
    { y: h * 0.56, s: 0.45, n: 26, fill: '#0d0e19', blur: '' },
    { y: h * 0.63, s: 0.7, n: 16, fill: '#090a12', blur: '' },
    { y: h * 0.74, s: 1.15, n: 9, fill: '#050509', blur: 'b6' },
  ];
  for (const row of rows) {
    for (let i = 0; i < row.n; i++) {
      const px = (i + 0.2 + rnd() * 0.6) * (w / row.n);
      const py = row.y + (rnd() - 0.5) * 20 * row.s;
      if (rnd() < 0.45) {
        // A candle held up in front of the person: its glow lights the shoulders around it.
        parts.push(
          `<circle cx="${f(px + 30 * row.s)}" cy="${f(py + 70 * row.s)}" r="${f(110 * row.s)}" fill="url(#flameGlow)"/>`,
        );
        parts.push(
          `<ellipse cx="${f(px + 30 * row.s)}" cy="${f(py + 60 * row.s)}" rx="${f(7 * row.s)}" ry="${f(14 * row.s)}" fill="url(#flame)"/>`,
        );
      }
      parts.push(personFromBehind(px, py, row.s, row.fill, row.blur));
    }
  }
  parts.push(vignette(w, h));
  return parts.join('');
}

/** A community hall: warm pendant lights, bunting, a lit stage with performers, the audience from behind. */
function hall(rnd, w, h, { performers = 2, audience = true, tables = false, votes = false } = {}) {
  const parts = [
    defs(
      w,
      h,
      `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b2418"/><stop offset="1" stop-color="#6b4a33"/></linearGradient>
  <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5a3a22"/><stop offset="1" stop-color="#8a5f3c"/></linearGradient>
  <radialGradient id="spot" cx="0.5" cy="0.2" r="0.8"><stop offset="0" stop-color="#fff1c9" stop-opacity="0.7"/><stop offset="1" stop-color="#fff1c9" stop-opacity="0"/></radialGradient>`,
    ),
  ];
  parts.push(`<rect width="${w}" height="${h}" fill="url(#wall)"/>`);
  // Tall windows on the back wall, dusk blue.
  for (let i = 0; i < 5; i++) {
    const wx = w * (0.06 + i * 0.2);
    parts.push(
      `<rect x="${f(wx)}" y="${f(h * 0.12)}" width="${f(w * 0.08)}" height="${f(h * 0.3)}" rx="${f(w * 0.04)}" fill="#2b3f73" opacity="0.8" filter="url(#b2)"/>`,
    );
  }
  // Stage, spotlit.
  const stageY = h * 0.55;
  parts.push(
    `<rect x="${f(w * 0.2)}" y="${f(stageY)}" width="${f(w * 0.6)}" height="${f(h * 0.06)}" fill="#2a170d"/>`,
  );
  parts.push(
    `<ellipse cx="${f(w / 2)}" cy="${f(stageY - h * 0.12)}" rx="${f(w * 0.28)}" ry="${f(h * 0.3)}" fill="url(#spot)"/>`,
  );
  for (let i = 0; i < performers; i++) {
    const px = w * (0.5 + (i - (performers - 1) / 2) * 0.12);
    parts.push(standingFigure(px, stageY + 2, 1.2, '#1a0f09', { armUp: i === 0 }));
    if (i === 1)
      parts.push(
        `<line x1="${f(px - 40)}" y1="${f(stageY)}" x2="${f(px - 40)}" y2="${f(stageY - 120)}" stroke="#111" stroke-width="4"/>`,
      );
  }
  // Bunting in a swag across the hall.
  const colours = ['#e63946', '#ffd166', '#06d6a0', '#118ab2', '#f4a261', '#ffffff'];
  for (let line = 0; line < 2; line++) {
    const y0 = h * (0.08 + line * 0.07);
    for (let i = 0; i < 22; i++) {
      const t = i / 21;
      const bx = t * w;
      const by = y0 + Math.sin(t * Math.PI) * h * 0.07;
      parts.push(
        `<path d="M ${f(bx - 18)} ${f(by)} L ${f(bx + 18)} ${f(by)} L ${f(bx)} ${f(by + 40)} Z" fill="${colours[(i + line) % colours.length]}" opacity="0.9"/>`,
      );
    }
  }
  // Pendant lights, glowing.
  for (let i = 0; i < 6; i++) {
    const lx = w * (0.1 + i * 0.16);
    parts.push(
      `<line x1="${f(lx)}" y1="0" x2="${f(lx)}" y2="${f(h * 0.2)}" stroke="#1a0f09" stroke-width="3"/>`,
    );
    parts.push(
      `<circle cx="${f(lx)}" cy="${f(h * 0.22)}" r="90" fill="url(#flameGlow)"/><circle cx="${f(lx)}" cy="${f(h * 0.22)}" r="16" fill="#fff3d1"/>`,
    );
  }
  parts.push(`<rect y="${f(stageY + h * 0.06)}" width="${w}" height="${f(h)}" fill="url(#wood)"/>`);
  if (tables) {
    for (let i = 0; i < 4; i++) {
      const tx = w * (0.14 + i * 0.24);
      const ty = h * (0.74 + (i % 2) * 0.06);
      parts.push(`<ellipse cx="${f(tx)}" cy="${f(ty)}" rx="150" ry="40" fill="#f3ead8"/>`);
      for (let k = 0; k < 4; k++)
        parts.push(
          `<ellipse cx="${f(tx - 90 + k * 60)}" cy="${f(ty - 6)}" rx="16" ry="6" fill="${['#c1121f', '#ffd166', '#6a994e', '#ffffff'][k]}"/>`,
        );
      for (let k = 0; k < 5; k++)
        parts.push(personFromBehind(tx - 130 + k * 65, ty - 80 - (k % 2) * 10, 0.55, '#20130c'));
    }
  }
  if (audience) {
    for (let i = 0; i < 11; i++) {
      const px = (i + 0.1 + rnd() * 0.8) * (w / 11);
      const py = h * 0.78 + rnd() * 30;
      if (votes && rnd() < 0.7) {
        // A raised hand holding a voting card.
        const card = rnd() < 0.8 ? '#2a9d8f' : '#f4a261';
        parts.push(
          `<path d="M ${f(px + 40)} ${f(py + 80)} L ${f(px + 70)} ${f(py - 90)}" stroke="#0b0604" stroke-width="26" stroke-linecap="round" filter="url(#b2)"/>`,
        );
        parts.push(
          `<rect x="${f(px + 50)}" y="${f(py - 170)}" width="62" height="84" rx="4" fill="${card}" transform="rotate(${f(-8 + rnd() * 16)} ${f(px + 80)} ${f(py - 130)})" filter="url(#b2)"/>`,
        );
      }
      parts.push(personFromBehind(px, py, 1.25, '#0b0604', 'b6'));
    }
  }
  parts.push(vignette(w, h));
  return parts.join('');
}

/** A shared table of food seen from above: dishes, bowls, bread, and hands reaching in. */
function foodTable(rnd, w, h) {
  const parts = [defs(w, h)];
  parts.push(`<rect width="${w}" height="${h}" fill="#7a4a2a"/>`);
  for (let i = 0; i < 9; i++)
    parts.push(`<rect y="${f(i * 110)}" width="${w}" height="4" fill="#5e371e" opacity="0.6"/>`);
  parts.push(
    `<rect x="${f(w * 0.08)}" y="${f(h * 0.1)}" width="${f(w * 0.84)}" height="${f(h * 0.8)}" fill="#efe6d2" opacity="0.95"/>`,
  );
  const foods = [
    ['#e9c46a', '#f4a261'],
    ['#9b2226', '#bb3e03'],
    ['#588157', '#a3b18a'],
    ['#f1faee', '#e9d8a6'],
    ['#ca6702', '#ee9b00'],
    ['#6f1d1b', '#99582a'],
  ];
  for (let i = 0; i < 9; i++) {
    const cx = w * (0.18 + (i % 3) * 0.32) + (rnd() - 0.5) * 60;
    const cy = h * (0.25 + Math.floor(i / 3) * 0.27) + (rnd() - 0.5) * 40;
    const r = 95 + rnd() * 40;
    const [a, b] = foods[Math.floor(rnd() * foods.length)];
    parts.push(
      `<circle cx="${f(cx + 8)}" cy="${f(cy + 10)}" r="${f(r)}" fill="#000" opacity="0.18" filter="url(#b14)"/>`,
    );
    parts.push(
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="#fbfbf8"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.78)}" fill="${a}"/>`,
    );
    for (let k = 0; k < 14; k++) {
      const t = rnd() * Math.PI * 2;
      const d = rnd() * r * 0.6;
      parts.push(
        `<circle cx="${f(cx + Math.cos(t) * d)}" cy="${f(cy + Math.sin(t) * d)}" r="${f(6 + rnd() * 14)}" fill="${b}" opacity="0.85"/>`,
      );
    }
  }
  // Two hands reaching in from the edges (silhouettes with skin tones, no faces anywhere).
  const skins = ['#8d5524', '#c68642', '#e0ac69', '#6b4226'];
  for (const side of [0, 1]) {
    const sx = side ? w : 0;
    const dir = side ? -1 : 1;
    const y = h * (0.35 + rnd() * 0.35);
    const skin = skins[Math.floor(rnd() * skins.length)];
    parts.push(
      `<path d="M ${f(sx)} ${f(y - 40)} L ${f(sx + dir * 260)} ${f(y - 30)} Q ${f(sx + dir * 330)} ${f(y - 10)} ${f(sx + dir * 320)} ${f(y + 20)} L ${f(sx + dir * 250)} ${f(y + 40)} L ${f(sx)} ${f(y + 50)} Z" fill="${skin}" filter="url(#b2)"/>`,
    );
    parts.push(
      `<rect x="${f(side ? w - 120 : 0)}" y="${f(y - 60)}" width="120" height="120" fill="${side ? '#264653' : '#9d0208'}" filter="url(#b2)"/>`,
    );
  }
  parts.push(vignette(w, h));
  return parts.join('');
}

/** Raised beds in a community garden, in one of four seasons. */
function garden(rnd, w, h, season = 'summer') {
  const sky = {
    spring: ['#9fd3f0', '#e8f6ff'],
    summer: ['#5fb4ea', '#d6efff'],
    autumn: ['#f2c59a', '#fbe7d1'],
    winter: ['#b9c6d3', '#eef2f6'],
  }[season];
  const grass = { spring: '#7fb35a', summer: '#4f8f3a', autumn: '#8a8a3e', winter: '#c9d3cf' }[season];
  const leaf = {
    spring: ['#9ccc65', '#c5e1a5', '#f8bbd0'],
    summer: ['#2e7d32', '#43a047', '#fdd835'],
    autumn: ['#e65100', '#ef6c00', '#a1887f'],
    winter: ['#eceff1', '#90a4ae', '#607d8b'],
  }[season];
  const parts = [
    defs(
      w,
      h,
      `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>`,
    ),
  ];
  parts.push(`<rect width="${w}" height="${h}" fill="url(#sky)"/>`);
  // Far trees and houses, soft.
  const far = [];
  for (let i = 0; i < 14; i++)
    far.push(
      `<circle cx="${f(i * 125 + rnd() * 40)}" cy="${f(h * 0.36)}" r="${f(70 + rnd() * 40)}" fill="${season === 'winter' ? '#8c9aa6' : '#3d6b3a'}" opacity="0.7"/>`,
    );
  for (let i = 0; i < 6; i++)
    far.push(
      `<rect x="${f(i * 290 + 40)}" y="${f(h * 0.26)}" width="170" height="${f(h * 0.16)}" fill="#9b6b53"/><path d="M ${f(i * 290 + 30)} ${f(h * 0.26)} L ${f(i * 290 + 125)} ${f(h * 0.18)} L ${f(i * 290 + 220)} ${f(h * 0.26)} Z" fill="#5b3b2e"/>`,
    );
  parts.push(`<g filter="url(#b6)">${far.join('')}</g>`);
  parts.push(`<rect y="${f(h * 0.42)}" width="${w}" height="${f(h * 0.58)}" fill="${grass}"/>`);
  // Three raised beds in perspective.
  const beds = [
    { x: w * 0.05, y: h * 0.5, bw: w * 0.4, bh: h * 0.1 },
    { x: w * 0.55, y: h * 0.52, bw: w * 0.4, bh: h * 0.1 },
    { x: w * 0.12, y: h * 0.7, bw: w * 0.76, bh: h * 0.16 },
  ];
  for (const b of beds) {
    parts.push(`<rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.bw)}" height="${f(b.bh)}" fill="#4e342e"/>`);
    parts.push(
      `<rect x="${f(b.x)}" y="${f(b.y + b.bh)}" width="${f(b.bw)}" height="${f(b.bh * 0.7)}" fill="#8d6e63"/>`,
    );
    for (let i = 0; i < 3; i++)
      parts.push(
        `<line x1="${f(b.x)}" y1="${f(b.y + b.bh + (i + 1) * b.bh * 0.2)}" x2="${f(b.x + b.bw)}" y2="${f(b.y + b.bh + (i + 1) * b.bh * 0.2)}" stroke="#6d4c41" stroke-width="3"/>`,
      );
    const n = Math.floor(b.bw / 40);
    for (let i = 0; i < n; i++) {
      const px = b.x + 20 + (i * (b.bw - 40)) / n;
      const py = b.y + b.bh * (0.3 + rnd() * 0.5);
      const size = (season === 'spring' ? 14 : season === 'winter' ? 10 : 26) * (b.bh / (h * 0.1));
      if (season === 'winter') {
        parts.push(
          `<line x1="${f(px)}" y1="${f(py)}" x2="${f(px + (rnd() - 0.5) * 20)}" y2="${f(py - size * 3)}" stroke="#5d4037" stroke-width="3"/>`,
        );
        continue;
      }
      parts.push(
        `<line x1="${f(px)}" y1="${f(py)}" x2="${f(px)}" y2="${f(py - size * 2)}" stroke="#33691e" stroke-width="4"/>`,
      );
      for (let k = 0; k < 4; k++)
        parts.push(
          `<circle cx="${f(px + (rnd() - 0.5) * size * 1.6)}" cy="${f(py - size * (1 + rnd() * 1.4))}" r="${f(size * (0.4 + rnd() * 0.5))}" fill="${leaf[Math.floor(rnd() * 2)]}"/>`,
        );
      if (rnd() < (season === 'summer' ? 0.25 : 0.15))
        parts.push(
          `<circle cx="${f(px)}" cy="${f(py - size * 2.6)}" r="${f(size * 0.55)}" fill="${leaf[2]}"/>`,
        );
      if (season === 'autumn' && rnd() < 0.15)
        parts.push(
          `<ellipse cx="${f(px)}" cy="${f(py + 6)}" rx="${f(size * 0.9)}" ry="${f(size * 0.7)}" fill="#e67e22"/>`,
        );
    }
  }
  if (season === 'autumn')
    parts.push(
      bokeh(rnd, w, h, {
        n: 30,
        colors: ['#e65100', '#ffb74d', '#bf360c'],
        yMin: h * 0.45,
        yMax: h,
        rMin: 5,
        rMax: 12,
        opacity: [0.6, 0.9],
      }),
    );
  if (season === 'winter') parts.push(`<rect width="${w}" height="${h}" fill="#ffffff" opacity="0.15"/>`);
  // A watering can, for scale.
  parts.push(
    `<rect x="${f(w * 0.82)}" y="${f(h * 0.86)}" width="90" height="70" rx="10" fill="#2a9d8f"/><path d="M ${f(w * 0.82 + 90)} ${f(h * 0.88)} L ${f(w * 0.82 + 150)} ${f(h * 0.82)}" stroke="#2a9d8f" stroke-width="12"/>`,
  );
  parts.push(vignette(w, h));
  return parts.join('');
}

/** A calm, quiet room: daylight through a window, two armchairs, a low table with mugs, a plant. */
function quietRoom(rnd, w, h) {
  const parts = [
    defs(
      w,
      h,
      `<linearGradient id="wallq" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#e9dfd2"/><stop offset="1" stop-color="#cdbfae"/></linearGradient>
  <linearGradient id="beam" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fffaf0" stop-opacity="0.55"/><stop offset="1" stop-color="#fffaf0" stop-opacity="0"/></linearGradient>`,
    ),
  ];
  parts.push(`<rect width="${w}" height="${h}" fill="url(#wallq)"/>`);
  parts.push(`<rect y="${f(h * 0.72)}" width="${w}" height="${f(h * 0.28)}" fill="#b08d6e"/>`);
  // Window with soft daylight and its beam across the floor.
  parts.push(
    `<rect x="${f(w * 0.1)}" y="${f(h * 0.12)}" width="${f(w * 0.22)}" height="${f(h * 0.45)}" fill="#f7fbff" filter="url(#b6)"/>`,
  );
  parts.push(
    `<line x1="${f(w * 0.21)}" y1="${f(h * 0.12)}" x2="${f(w * 0.21)}" y2="${f(h * 0.57)}" stroke="#cdbfae" stroke-width="10"/><line x1="${f(w * 0.1)}" y1="${f(h * 0.34)}" x2="${f(w * 0.32)}" y2="${f(h * 0.34)}" stroke="#cdbfae" stroke-width="10"/>`,
  );
  parts.push(
    `<path d="M ${f(w * 0.1)} ${f(h * 0.57)} L ${f(w * 0.32)} ${f(h * 0.57)} L ${f(w * 0.75)} ${h} L ${f(w * 0.3)} ${h} Z" fill="url(#beam)" filter="url(#b14)"/>`,
  );
  // Two armchairs facing each other.
  for (const [x, colour] of [
    [w * 0.42, '#6d8b74'],
    [w * 0.74, '#8e7dbe'],
  ]) {
    parts.push(
      `<ellipse cx="${f(x + 110)}" cy="${f(h * 0.9)}" rx="160" ry="22" fill="#000" opacity="0.15" filter="url(#b14)"/>`,
    );
    parts.push(`<rect x="${f(x)}" y="${f(h * 0.42)}" width="220" height="200" rx="40" fill="${colour}"/>`);
    parts.push(
      `<rect x="${f(x - 20)}" y="${f(h * 0.62)}" width="260" height="130" rx="30" fill="${colour}" filter="url(#b2)"/>`,
    );
    parts.push(
      `<rect x="${f(x + 20)}" y="${f(h * 0.6)}" width="180" height="50" rx="20" fill="#fff" opacity="0.12"/>`,
    );
  }
  // Low table with two mugs and a box of tissues.
  parts.push(
    `<rect x="${f(w * 0.6)}" y="${f(h * 0.7)}" width="120" height="14" rx="6" fill="#7a5c43"/><rect x="${f(w * 0.6 + 10)}" y="${f(h * 0.7 + 14)}" width="10" height="70" fill="#6b4f3a"/><rect x="${f(w * 0.6 + 100)}" y="${f(h * 0.7 + 14)}" width="10" height="70" fill="#6b4f3a"/>`,
  );
  parts.push(
    `<rect x="${f(w * 0.6 + 14)}" y="${f(h * 0.7 - 34)}" width="26" height="34" rx="4" fill="#f4f1ea"/><rect x="${f(w * 0.6 + 52)}" y="${f(h * 0.7 - 34)}" width="26" height="34" rx="4" fill="#e76f51"/><rect x="${f(w * 0.6 + 86)}" y="${f(h * 0.7 - 24)}" width="30" height="24" rx="3" fill="#a8dadc"/>`,
  );
  // A plant in the corner.
  parts.push(`<rect x="${f(w * 0.9)}" y="${f(h * 0.62)}" width="80" height="90" rx="8" fill="#c2703d"/>`);
  for (let i = 0; i < 9; i++) {
    const a = -1.2 + i * 0.3;
    parts.push(
      `<ellipse cx="${f(w * 0.9 + 40 + Math.sin(a) * 70)}" cy="${f(h * 0.62 - 50 - Math.cos(a) * 60)}" rx="18" ry="55" fill="${i % 2 ? '#2d6a4f' : '#40916c'}" transform="rotate(${f(a * 40)} ${f(w * 0.9 + 40 + Math.sin(a) * 70)} ${f(h * 0.62 - 50 - Math.cos(a) * 60)})"/>`,
    );
  }
  parts.push(`<rect width="${w}" height="${h}" fill="url(#vig)" opacity="0.5"/>`);
  return parts.join('');
}

/** A calm sea at dusk under a low sun: a quiet picture for a sensitive post. */
function calmSea(rnd, w, h) {
  const parts = [
    defs(
      w,
      h,
      `<linearGradient id="skyc" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a4a6b"/><stop offset="0.7" stop-color="#c9a6a0"/><stop offset="1" stop-color="#e8c9a8"/></linearGradient>
  <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6f7f99"/><stop offset="1" stop-color="#27344d"/></linearGradient>`,
    ),
  ];
  parts.push(`<rect width="${w}" height="${h}" fill="url(#skyc)"/>`);
  parts.push(`<circle cx="${f(w * 0.62)}" cy="${f(h * 0.56)}" r="46" fill="#fbe3c0" filter="url(#b6)"/>`);
  parts.push(
    `<ellipse cx="${f(w * 0.62)}" cy="${f(h * 0.56)}" rx="420" ry="120" fill="#fbe3c0" opacity="0.25" filter="url(#b30)"/>`,
  );
  parts.push(`<rect y="${f(h * 0.58)}" width="${w}" height="${f(h * 0.42)}" fill="url(#sea)"/>`);
  for (let i = 0; i < 40; i++) {
    const y = h * 0.6 + Math.pow(rnd(), 1.5) * h * 0.4;
    const len = 30 + ((y - h * 0.6) / (h * 0.4)) * 180;
    const x = w * 0.62 + (rnd() - 0.5) * (80 + (y - h * 0.6) * 1.2);
    parts.push(
      `<line x1="${f(x - len / 2)}" y1="${f(y)}" x2="${f(x + len / 2)}" y2="${f(y)}" stroke="#fbe3c0" stroke-width="${(1 + rnd() * 3).toFixed(1)}" opacity="${(0.2 + rnd() * 0.4).toFixed(2)}"/>`,
    );
  }
  parts.push(`<rect width="${w}" height="${h}" fill="url(#vig)" opacity="0.6"/>`);
  return parts.join('');
}

/**
 * The scene for each demo image that stands for a photograph (file name → scene). Images not listed stay abstract
 * art (images.mjs): covers, cards and heroes, which no caption calls a photograph.
 */
export const SCENES = {
  'media-vigil-candles.jpg': (r, w, h) => candles(r, w, h, { count: 11 }),
  'media-vigil-flowers.jpg': flowers,
  'media-vigil-square.jpg': crowdAtNight,
  'event-vigil.jpg': crowdAtNight,
  'inline-candles.jpg': (r, w, h) => candles(r, w, h, { count: 6, calm: true }),
  'post-grief-conversation.jpg': (r, w, h) => candles(r, w, h, { count: 4, calm: true }),
  'post-pastoral-drop-in.jpg': quietRoom,
  'inline-quiet-room.jpg': quietRoom,
  'event-drop-in.jpg': quietRoom,
  'post-migration-briefing.jpg': calmSea,
  'media-bhm-gallery.jpg': (r, w, h) => hall(r, w, h, { performers: 2 }),
  'media-bhm-gallery-1.jpg': (r, w, h) => hall(r, w, h, { performers: 0, audience: true, tables: true }),
  'media-bhm-gallery-2.jpg': (r, w, h) => hall(r, w, h, { performers: 3 }),
  'media-bhm-gallery-3.jpg': foodTable,
  'media-bhm-montage.jpg': (r, w, h) => hall(r, w, h, { performers: 1 }),
  'event-bhm-evening.jpg': (r, w, h) => hall(r, w, h, { performers: 2 }),
  'media-annual-gathering-photos.jpg': (r, w, h) =>
    hall(r, w, h, { performers: 1, tables: true, audience: false }),
  'media-annual-gathering-1.jpg': (r, w, h) =>
    hall(r, w, h, { performers: 1, tables: true, audience: false }),
  'media-annual-gathering-2.jpg': (r, w, h) => hall(r, w, h, { performers: 1, votes: true }),
  'media-gardens-spring.jpg': (r, w, h) => garden(r, w, h, 'spring'),
  'media-gardens-summer.jpg': (r, w, h) => garden(r, w, h, 'summer'),
  'media-gardens-autumn.jpg': (r, w, h) => garden(r, w, h, 'autumn'),
  'media-gardens-winter.jpg': (r, w, h) => garden(r, w, h, 'winter'),
  'inline-garden-beds.jpg': (r, w, h) => garden(r, w, h, 'summer'),
};

/** The SVG of one scene, or null when the file is not a photograph. */
export function drawScene(file, rnd, w, h) {
  const scene = SCENES[file];
  if (!scene) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${scene(rnd, w, h)}</svg>`;
}
