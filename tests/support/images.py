"""Synthetic images for the vision tests and benchmark: plates, codes, ID cards, bad files.

Everything is generated here so no test depends on a real photo (or a real person's ID).
"""

from __future__ import annotations

import io
import random
import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import zxingcpp
from PIL import Image, ImageDraw, ImageFilter, ImageFont
from stdnum import luhn, verhoeff

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
PLATE_FONTS: tuple[str, ...] = (
    "DejaVuSans-Bold.ttf",
    "DejaVuSansMono-Bold.ttf",
    "DejaVuSerif-Bold.ttf",
    "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSans.ttf",
    "DejaVuSansMono.ttf",
)
CARD_FONT = "DejaVuSans.ttf"
CARD_FONT_BOLD = "DejaVuSans-Bold.ttf"

_STATES = ("KA", "KA", "KA", "MH", "TN", "DL", "AP", "TS", "KL", "GJ", "UP", "WB", "RJ", "HR")
_SERIES_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"  # series avoid I and O


def font(name: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A DejaVu font by file name, or Pillow's default font when DejaVu is absent."""
    path = FONT_DIR / name
    if path.exists():
        return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)


# ---------------------------------------------------------------- identifiers


def random_plate(rng: random.Random) -> str:
    """A well-formed Indian registration number, normalised (no spaces)."""
    if rng.random() < 0.1:
        year = rng.randint(21, 26)
        letters = "".join(rng.choice(_SERIES_LETTERS) for _ in range(rng.randint(1, 2)))
        return f"{year}BH{rng.randint(0, 9999):04d}{letters}"
    state = rng.choice(_STATES)
    rto = f"{rng.randint(1, 70):02d}"
    series = "".join(rng.choice(_SERIES_LETTERS) for _ in range(rng.choice((1, 2, 2, 2))))
    number = f"{rng.randint(1, 9999):04d}"
    return f"{state}{rto}{series}{number}"


def spaced_plate(plate: str) -> str:
    """The plate as printed: `KA 05 MN 4321` / `22 BH 1234 AA`."""
    if plate[2:4] == "BH":
        return f"{plate[:2]} BH {plate[4:8]} {plate[8:]}"
    head, rest = plate[:2], plate[2:]
    digits = 2 if rest[1].isdigit() else 1
    rto, rest = rest[:digits], rest[digits:]
    split = len(rest) - 4
    return " ".join(part for part in (head, rto, rest[:split], rest[split:]) if part)


def aadhaar_number(rng: random.Random) -> str:
    """A 12-digit number that passes the Aadhaar format and Verhoeff check (not a real one)."""
    while True:
        body = str(rng.randint(2, 9)) + "".join(str(rng.randint(0, 9)) for _ in range(10))
        number = body + verhoeff.calc_check_digit(body)
        if number != number[::-1]:
            return number


def pan_number(rng: random.Random, holder: str = "P") -> str:
    """A PAN-shaped number with the given holder-type letter."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    head = "".join(rng.choice(letters) for _ in range(3))
    return f"{head}{holder}{rng.choice(letters)}{rng.randint(1, 9999):04d}{rng.choice(letters)}"


def epic_number(rng: random.Random) -> str:
    """A voter ID (EPIC) number whose digits pass the Luhn check."""
    letters = "".join(rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(3))
    body = "".join(str(rng.randint(0, 9)) for _ in range(6))
    return letters + body + luhn.calc_check_digit(body)


def dl_number(rng: random.Random) -> str:
    """A driving-licence number: state, RTO, year of issue, 7-digit serial."""
    return f"KA{rng.randint(1, 70):02d}{rng.randint(2000, 2024)}{rng.randint(0, 9999999):07d}"


# ---------------------------------------------------------------- plates


@dataclass(frozen=True)
class PlateStyle:
    """How one plate image is rendered."""

    font_name: str = "DejaVuSans-Bold.ttf"
    text_px: int = 64
    yellow: bool = False
    blur: float = 0.0
    rotation: float = 0.0
    noise: float = 0.0
    in_scene: bool = False


def render_plate(plate: str, style: PlateStyle, rng: random.Random | None = None) -> Image.Image:
    """An Indian-style plate (white or yellow, black border, black text), optionally in a scene."""
    rng = rng or random.Random(0)
    text = spaced_plate(plate)
    face = font(style.font_name, style.text_px)
    left, top, right, bottom = (int(v) for v in face.getbbox(text))
    pad_x, pad_y = style.text_px // 2, style.text_px // 3
    width, height = right - left + 2 * pad_x, bottom - top + 2 * pad_y
    background = (245, 200, 20) if style.yellow else (250, 250, 250)
    plate_img = Image.new("RGB", (width, height), background)
    draw = ImageDraw.Draw(plate_img)
    border = max(3, style.text_px // 16)
    draw.rounded_rectangle(
        (1, 1, width - 2, height - 2), radius=border * 2, outline=(0, 0, 0), width=border
    )
    draw.text((pad_x - left, pad_y - top), text, font=face, fill=(10, 10, 10))
    img = plate_img
    if style.in_scene:
        scene = Image.new("RGB", (int(width * 1.8), int(height * 3.2)), (90, 95, 105))
        ImageDraw.Draw(scene).rectangle(
            (0, scene.height // 2, scene.width, scene.height), fill=(40, 40, 48)
        )
        scene.paste(plate_img, ((scene.width - width) // 2, (scene.height - height) // 2))
        img = scene
    if style.rotation:
        img = img.rotate(
            style.rotation,
            resample=Image.Resampling.BICUBIC,
            expand=True,
            fillcolor=(120, 120, 120),
        )
    if style.blur:
        img = img.filter(ImageFilter.GaussianBlur(style.blur))
    if style.noise:
        img = add_noise(img, style.noise, rng)
    return img


def add_noise(img: Image.Image, sigma: float, rng: random.Random) -> Image.Image:
    """Gaussian pixel noise with the given standard deviation (0-255 scale)."""
    generator = np.random.default_rng(rng.randint(0, 2**31))
    arr = np.asarray(img, dtype=np.float32)
    arr = arr + generator.normal(0.0, sigma, arr.shape).astype(np.float32)
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))


def random_plate_style(rng: random.Random) -> PlateStyle:
    """A plate style drawn from the fonts, sizes, blur, rotation and noise the bench covers."""
    return PlateStyle(
        font_name=rng.choice(PLATE_FONTS),
        text_px=rng.choice((40, 52, 64, 80)),
        yellow=rng.random() < 0.3,
        blur=rng.choice((0.0, 0.0, 0.6, 1.0)),
        rotation=rng.uniform(-8.0, 8.0),
        noise=rng.choice((0.0, 6.0, 12.0)),
        in_scene=rng.random() < 0.4,
    )


# ---------------------------------------------------------------- codes


def qr_image(content: str, scale: int = 6) -> Image.Image:
    """A QR code rendered by zxing-cpp's writer."""
    return _write_code(content, zxingcpp.BarcodeFormat.QRCode, scale)


def code128_image(content: str, scale: int = 3) -> Image.Image:
    """A Code 128 barcode rendered by zxing-cpp's writer, padded to a photo-like height."""
    bars = _write_code(content, zxingcpp.BarcodeFormat.Code128, scale)
    if bars.height < 60:
        bars = bars.resize((bars.width, 80), Image.Resampling.NEAREST)
    return bars


def _write_code(content: str, fmt: zxingcpp.BarcodeFormat, scale: int) -> Image.Image:
    barcode = zxingcpp.create_barcode(content, fmt)
    pixels = np.asarray(zxingcpp.write_barcode_to_image(barcode, scale=scale))
    return Image.fromarray(pixels).convert("RGB")


def on_canvas(
    img: Image.Image, margin: int = 40, colour: tuple[int, int, int] = (235, 235, 230)
) -> Image.Image:
    """The image pasted on a plain canvas, like a photo of a label on a surface."""
    canvas = Image.new("RGB", (img.width + 2 * margin, img.height + 2 * margin), colour)
    canvas.paste(img, (margin, margin))
    return canvas


# ---------------------------------------------------------------- ID cards


def _card(title: str, rows: Sequence[tuple[str, str]], colour: tuple[int, int, int]) -> Image.Image:
    card = Image.new("RGB", (900, 560), colour)
    draw = ImageDraw.Draw(card)
    draw.rectangle((0, 0, 899, 90), fill=(30, 60, 120))
    draw.text((30, 22), title, font=font(CARD_FONT_BOLD, 40), fill=(255, 255, 255))
    draw.rectangle((30, 130, 230, 370), fill=(200, 200, 205), outline=(90, 90, 90), width=2)
    y = 125
    for label, value in rows:
        if label:
            draw.text((270, y), label, font=font(CARD_FONT, 26), fill=(60, 60, 60))
            y += 34
        draw.text((270, y), value, font=font(CARD_FONT_BOLD, 34), fill=(0, 0, 0))
        y += 56
    return card


def pan_card(pan: str, name: str = "RAVI KUMAR", dob: str = "14/08/1990") -> Image.Image:
    """A PAN-like card: labelled name, date of birth and the PAN."""
    rows = [("Name", name), ("Date of Birth", dob), ("Permanent Account Number", pan)]
    return _card("INCOME TAX DEPARTMENT", rows, (225, 235, 245))


def aadhaar_card(number: str, name: str = "Meena Shetty", dob: str = "02/01/1985") -> Image.Image:
    """An Aadhaar-like card with the number printed 4-4-4."""
    grouped = f"{number[:4]} {number[4:8]} {number[8:]}"
    rows = [("", name), ("", f"DOB: {dob}"), ("", "FEMALE"), ("", grouped)]
    return _card("GOVERNMENT OF INDIA", rows, (250, 250, 250))


def voter_card(epic: str, name: str = "Suresh Gowda") -> Image.Image:
    """A voter-ID-like card with the EPIC number and the elector's name."""
    rows = [("", epic), ("Name", name), ("Father's Name", "Ramesh Gowda")]
    return _card("ELECTION COMMISSION OF INDIA", rows, (240, 240, 250))


def dl_card(dl: str, name: str = "Anil Rao", dob: str = "21/11/1979") -> Image.Image:
    """A driving-licence-like card: `KA01 20110012345` style number, name and DOB."""
    rows = [("DL No", f"{dl[:4]} {dl[4:]}"), ("Name", name), ("DOB", dob)]
    return _card("UNION OF INDIA DRIVING LICENCE", rows, (245, 240, 225))


# ---------------------------------------------------------------- encodings and bad files


def encode(img: Image.Image, fmt: str = "PNG", **params: object) -> bytes:
    """The image encoded by Pillow (`fmt` JPEG, PNG, GIF, BMP, WEBP...)."""
    buffer = io.BytesIO()
    img.save(buffer, format=fmt, **params)
    return buffer.getvalue()


def jpeg_with_gps_and_orientation(img: Image.Image, orientation: int = 1) -> bytes:
    """A JPEG carrying EXIF GPS coordinates, a camera model and the given orientation tag."""
    exif = Image.Exif()
    exif[0x0112] = orientation
    exif[0x0110] = "SecretCam 9000"
    gps = {1: "N", 2: (12.0, 58.0, 17.0), 3: "E", 4: (77.0, 35.0, 40.0)}
    exif[0x8825] = gps
    return encode(img, "JPEG", exif=exif.tobytes(), quality=90)


def png_with_text_chunks(img: Image.Image) -> bytes:
    """A PNG with tEXt/iTXt metadata (author, location) that must not survive validation."""
    from PIL import PngImagePlugin

    info = PngImagePlugin.PngInfo()
    info.add_text("Author", "Inspector Secret")
    info.add_itxt("Location", "12.9716 N, 77.5946 E")
    return encode(img, "PNG", pnginfo=info)


def png_bomb_header(width: int = 30000, height: int = 30000) -> bytes:
    """A tiny PNG whose header claims huge dimensions (a decompression-bomb shape)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 1024)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def oversized_jpeg(min_bytes: int) -> bytes:
    """A real JPEG of at least `min_bytes` (noise compresses badly)."""
    side = 1200
    while True:
        arr = np.random.default_rng(1).integers(0, 256, (side, side, 3), dtype=np.uint8)
        data = encode(Image.fromarray(arr), "JPEG", quality=100)
        if len(data) >= min_bytes:
            return data
        side = int(side * 1.4)
