#!/usr/bin/env python3
"""Writes assets/fabric.png: a small, tileable, grey-scale 2/2 twill weave that the
cloth shader multiplies into the cloth's base colour (render.texture).

Python 3 standard library only (zlib + struct write the PNG). The pattern is
deterministic, so running the script again gives the same file:

    python3 tools/make_fabric.py [OUTPUT.png]

The tile holds THREADS x THREADS crossings of warp (vertical) and weft
(horizontal) threads. In a 2/2 twill the warp lies on top where
(column - row) mod 4 < 2, which makes the diagonal ribs of denim or gabardine.
Each thread is shaded as a rounded yarn (bright along its middle, darker at its
edges and where it dives under the crossing thread), with a faint twist along
it. Everything is periodic in the tile, so it repeats without seams. Values stay
in a narrow band near white so that the base colour still reads.
"""
import math
import struct
import sys
import zlib
from pathlib import Path

SIZE = 256                 # pixels per side
THREADS = 16               # thread crossings per side; SIZE / THREADS pixels per thread
DARKEST, BRIGHTEST = 0.62, 1.0  # the grey range multiplied into the colour


def weave_value(x: float, y: float) -> float:
    """Brightness in [0, 1] at pixel centre (x, y)."""
    cell = SIZE / THREADS
    column, row = int(x // cell), int(y // cell)
    u, v = (x % cell) / cell, (y % cell) / cell  # position inside the crossing, [0, 1)
    warp_on_top = (column - row) % 4 < 2
    # across the thread: 0 at its edges, 1 along its middle (a rounded yarn)
    across = math.sin(math.pi * (u if warp_on_top else v))
    # along the thread: it rises over the crossing and dips at both ends, where it
    # goes under the neighbouring thread
    along = math.sin(math.pi * (v if warp_on_top else u)) ** 0.5
    # the yarn's twist: fine diagonal streaks along the thread, two turns per crossing
    t = (u + 2.0 * v) if warp_on_top else (2.0 * u + v)
    twist = 0.5 + 0.5 * math.cos(2.0 * math.pi * 2.0 * t)
    shade = 0.55 * across + 0.30 * along + 0.15 * twist
    return max(0.0, min(1.0, shade))


def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def grey_png(pixels: list, width: int, height: int) -> bytes:
    raw = bytearray()
    for y in range(height):
        raw.append(0)  # filter type: none
        raw.extend(pixels[y * width:(y + 1) * width])
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit grey, no interlace
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) +
            png_chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + png_chunk(b"IEND", b""))


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "assets" / "fabric.png"
    pixels = []
    for y in range(SIZE):
        for x in range(SIZE):
            value = DARKEST + (BRIGHTEST - DARKEST) * weave_value(x + 0.5, y + 0.5)
            pixels.append(round(255 * value))
    out.write_bytes(grey_png(pixels, SIZE, SIZE))
    print(f"wrote {out} ({SIZE}x{SIZE}, {THREADS} threads per side)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
