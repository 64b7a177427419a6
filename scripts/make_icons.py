"""Draw the app's icons (PNG, standard library only): python scripts/make_icons.py

A yellow 18xx hex tile with a track and a station token on the app's green. The
maskable icon keeps the drawing inside the central 80 % safe zone. The PNGs are
committed; run this again only to change them.
"""
import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
GREEN, YELLOW, TRACK, WHITE, BLACK = (11, 110, 79), (242, 201, 76), (40, 40, 40), (255, 255, 255), (17, 17, 17)


def png(path, size, pixel):
    rows = []
    ss = 3  # supersampling per axis
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            acc = [0, 0, 0]
            for j in range(ss):
                for i in range(ss):
                    c = pixel((x + (i + .5) / ss) / size, (y + (j + .5) / ss) / size)
                    acc[0] += c[0]; acc[1] += c[1]; acc[2] += c[2]
            row += bytes(round(a / ss / ss) for a in acc)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def in_hex(x, y, r):
    """Pointy-top hexagon of circumradius r centred on (0, 0)."""
    x, y = abs(x), abs(y)
    return y <= r and x <= r * math.sqrt(3) / 2 and x * 0.5 + y * math.sqrt(3) / 2 <= r * math.sqrt(3) / 2


def drawing(scale):
    def pixel(u, v):
        x, y = (u - .5) / scale, (v - .5) / scale
        if not in_hex(x, y, .5):
            return GREEN
        if not in_hex(x, y, .46):
            return WHITE
        if math.hypot(x, y) < .14:
            return WHITE if math.hypot(x, y) > .11 else BLACK
        if abs(x) < .05 or abs(y - x * 0.577) < .05 and abs(x) < .40:  # two tracks through the city
            return TRACK
        return YELLOW
    return pixel


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    png(OUT / "icon-192.png", 192, drawing(.92))
    png(OUT / "icon-512.png", 512, drawing(.92))
    png(OUT / "maskable-512.png", 512, drawing(.62))
    png(OUT / "apple-touch-icon.png", 180, drawing(.80))
    print("icons written to", OUT)
