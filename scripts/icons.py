"""Draw the app's PNG icons and favicon from its SVG icons: `.venv/bin/python -m scripts.icons` after changing one.

static/icons/icon.svg (rounded, for browsers and the manifest's "any") and static/icons/icon-maskable.svg (the
felt to the edges, for launchers and iPhones that cut their own shape) are the drawings; the PNGs and
favicon.ico beside them are this script's output, committed so that the app needs neither library to run.
It uses resvg (resvg-py) to draw and Pillow to write the .ico: both in the `dev` extra.
`--check` draws them again and fails when a committed file is not what the drawings give (tests/test_icons.py).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

FOLDER = Path(__file__).resolve().parent.parent / "static" / "icons"
# Each PNG: its name, the drawing it comes from and its size in pixels.
PNGS = (
    ("icon-192.png", "icon.svg", 192),
    ("icon-512.png", "icon.svg", 512),
    ("icon-maskable-512.png", "icon-maskable.svg", 512),
    ("apple-touch-icon.png", "icon-maskable.svg", 180),  # iOS rounds the corners itself, and wants no transparency
)
FAVICON = "favicon.ico"
FAVICON_SIZES = (16, 32, 48)
# Two renderings of one drawing may differ by rounding in a channel: what counts as the same picture.
TOLERANCE = 8


def render(drawing: str, size: int) -> bytes:
    """The SVG `drawing` of static/icons as a PNG of `size` × `size` pixels."""
    import resvg_py

    return bytes(resvg_py.svg_to_bytes(svg_path=str(FOLDER / drawing), width=size, height=size))


def favicon() -> bytes:
    """favicon.ico: icon.svg drawn at 16, 32 and 48 pixels (each size drawn, not scaled down from one)."""
    from PIL import Image

    images = [Image.open(io.BytesIO(render("icon.svg", size))).convert("RGBA") for size in FAVICON_SIZES]
    out = io.BytesIO()
    images[-1].save(out, format="ICO", sizes=[(s, s) for s in FAVICON_SIZES], append_images=images[:-1])
    return out.getvalue()


def outputs() -> dict[str, bytes]:
    """Every file this script writes, by name, drawn now."""
    drawn = {name: render(drawing, size) for name, drawing, size in PNGS}
    drawn[FAVICON] = favicon()
    return drawn


def differs(name: str, fresh: bytes) -> str | None:
    """Why the committed `name` is not the picture `fresh` (None when it is, to within rounding)."""
    from PIL import Image, ImageChops

    path = FOLDER / name
    if not path.is_file():
        return f"{name} is missing"
    with Image.open(path) as kept_file, Image.open(io.BytesIO(fresh)) as fresh_file:
        kept, drawn = kept_file.convert("RGBA"), fresh_file.convert("RGBA")
        if kept.size != drawn.size:
            return f"{name} is {kept.size[0]}×{kept.size[1]}, the drawing gives {drawn.size[0]}×{drawn.size[1]}"
        extremes = ImageChops.difference(kept, drawn).getextrema()
    worst = max(high for _, high in extremes)  # type: ignore[misc]
    return f"{name} differs from its drawing (by up to {worst} in a channel)" if worst > TOLERANCE else None


def main(argv: list[str] | None = None) -> int:
    """Write the PNGs and favicon.ico (or, with --check, say which committed ones are out of date)."""
    parser = argparse.ArgumentParser(prog="python -m scripts.icons", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file is out of date")
    args = parser.parse_args(argv)
    drawn = outputs()
    if args.check:
        stale = [reason for name, data in drawn.items() if (reason := differs(name, data))]
        for reason in stale:
            print(reason, file=sys.stderr)
        return 1 if stale else 0
    for name, data in drawn.items():
        (FOLDER / name).write_bytes(data)
        print(f"wrote static/icons/{name} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
