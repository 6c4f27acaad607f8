"""The PNG icons and favicon are scripts/icons.py's output of the SVG drawings, and of the sizes the manifest says."""

from __future__ import annotations

import io

from PIL import Image

from scripts import icons


def test_every_committed_icon_is_what_its_drawing_gives() -> None:
    drawn = icons.outputs()
    assert set(drawn) == {
        "icon-192.png",
        "icon-512.png",
        "icon-maskable-512.png",
        "apple-touch-icon.png",
        "favicon.ico",
    }
    assert [reason for name, data in drawn.items() if (reason := icons.differs(name, data))] == []


def test_a_changed_drawing_is_caught() -> None:
    other = icons.render("icon-maskable.svg", 192)  # the maskable drawing where the rounded one belongs
    assert icons.differs("icon-192.png", other) == "icon-192.png differs from its drawing (by up to 255 in a channel)"
    assert (
        icons.differs("icon-192.png", icons.render("icon.svg", 190))
        == "icon-192.png is 192×192, the drawing gives 190×190"
    )


def test_the_favicon_holds_each_size_drawn() -> None:
    with Image.open(icons.FOLDER / "favicon.ico") as favicon:
        assert favicon.info["sizes"] == {(16, 16), (32, 32), (48, 48)}
    for name, _drawing, size in icons.PNGS:
        with Image.open(io.BytesIO((icons.FOLDER / name).read_bytes())) as image:
            assert image.size == (size, size) and image.format == "PNG"
