#!/usr/bin/env python3
"""The site's Inter font file (app/_fonts/inter-latin-wght-400-900.woff2), cut down from @fontsource-variable/inter.

Takes: node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 (the Latin subset, weight axis
100-900, 48 KB). Writes: the same font with the weight axis limited to 400-900 and without glyph names (`post`
format 3), 36 KB. The site sets no weight under 400 (Tailwind font-normal to font-extrabold and the typography
plugin's 400-800), so nothing it draws changes: 400 is the font's default master and 900 its other one, so the
outlines, advances and kerning at every weight from 400 to 900 are the original ones (checked below, weight by
weight). The characters covered are the same. Inter is under the SIL Open Font License 1.1 with no reserved font
name (app/_fonts/OFL.txt), which allows a modified copy under the same name.

Why: the font is preloaded and downloaded before the largest paint; on Lighthouse's simulated slow 4G every byte
fetched before that paint delays it (bench/README.md, issue 20).

Needs fontTools and brotli (`pip install fonttools brotli`). Run: python3 scripts/font-subset.py (after npm install);
exits non-zero when the cut font would draw any glyph differently.
"""

import os
import sys

from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2')
TARGET = os.path.join(ROOT, 'app/_fonts/inter-latin-wght-400-900.woff2')
WEIGHTS = (400, 900)


def cut(source: str, target: str) -> None:
    """Writes `source` limited to WEIGHTS, without glyph names, as WOFF2 at `target`."""
    font = TTFont(source)
    font.flavor = None
    limited = instancer.instantiateVariableFont(font, {'wght': WEIGHTS})
    limited['post'].formatType = 3.0
    limited.flavor = 'woff2'
    limited.save(target)


def same_drawing(source: str, target: str) -> bool:
    """True when both fonts map the same characters and draw every glyph alike at each weight 400, 500, ... 900."""
    if TTFont(source).getBestCmap().keys() != TTFont(target).getBestCmap().keys():
        return False
    for weight in range(WEIGHTS[0], WEIGHTS[1] + 1, 100):
        a = instancer.instantiateVariableFont(TTFont(source), {'wght': weight})
        b = instancer.instantiateVariableFont(TTFont(target), {'wght': weight})
        # Glyph names are gone from the cut font, so glyphs are paired by index.
        for name_a, name_b in zip(a.getGlyphOrder(), b.getGlyphOrder(), strict=True):
            outline_a = list(a['glyf'][name_a].getCoordinates(a['glyf'])[0])
            outline_b = list(b['glyf'][name_b].getCoordinates(b['glyf'])[0])
            if outline_a != outline_b or a['hmtx'][name_a] != b['hmtx'][name_b]:
                print(f'weight {weight}: glyph {name_a} differs', file=sys.stderr)
                return False
    return True


if __name__ == '__main__':
    cut(SOURCE, TARGET)
    if not same_drawing(SOURCE, TARGET):
        sys.exit(1)
    print(f'{os.path.getsize(SOURCE)} -> {os.path.getsize(TARGET)} bytes: {os.path.relpath(TARGET, ROOT)}')
