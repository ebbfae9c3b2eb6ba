"""Image attachments: JPEG or PNG decided by content, size- and pixel-capped, metadata stripped.

The type is decided by the bytes (magic number AND a real decode), never by the file name or
the declared content type; a name or declared type that disagrees with the content is refused.
The clean image is re-encoded from pixels only, so EXIF (GPS included), XMP, ICC profiles and
PNG text chunks never travel further. Only the SHA-256 of the original bytes is audited.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import re
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from PIL import Image, ImageOps, UnidentifiedImageError

from schemas.errors import BadInput
from schemas.request import Attachment

MediaType = Literal["image/jpeg", "image/png"]

DEFAULT_MAX_BYTES = 10 * 1024 * 1024
DEFAULT_MAX_PIXELS = 40_000_000
MAX_SIDE_PX = 20_000
JPEG_QUALITY = 92

_MAGIC: dict[MediaType, bytes] = {
    "image/jpeg": b"\xff\xd8\xff",
    "image/png": b"\x89PNG\r\n\x1a\n",
}
_PIL_FORMAT: dict[MediaType, str] = {"image/jpeg": "JPEG", "image/png": "PNG"}
_DECLARED: dict[str, MediaType] = {
    "image/jpeg": "image/jpeg",
    "image/jpg": "image/jpeg",
    "image/pjpeg": "image/jpeg",
    "image/png": "image/png",
    "image/x-png": "image/png",
}
_EXTENSIONS: dict[str, MediaType] = {
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "jpe": "image/jpeg",
    "jfif": "image/jpeg",
    "png": "image/png",
}
_GENERIC_DECLARED = {"", "application/octet-stream"}
_DATA_URL = re.compile(r"^data:(?P<type>[\w.+/-]+)?;base64,", re.IGNORECASE)
_UNSAFE_NAME_CHARS = re.compile(r"[^\w .()+-]")


@dataclass(frozen=True)
class RawAttachment:
    """An attachment received as bytes (multipart form data)."""

    filename: str
    data: bytes = field(repr=False)
    content_type: str | None = None


@dataclass(frozen=True)
class ValidatedImage:
    """An image that passed validation. `clean_bytes` and `pixels` carry no metadata."""

    filename: str
    media_type: MediaType
    width: int
    height: int
    size: int
    sha256: str
    clean_bytes: bytes = field(repr=False)
    pixels: Image.Image = field(repr=False, compare=False)

    def audit_summary(self) -> dict[str, str | int]:
        """What the audit trail records about the image: never the content itself."""
        return {
            "filename": self.filename,
            "media_type": self.media_type,
            "size": self.size,
            "width": self.width,
            "height": self.height,
            "sha256": self.sha256,
        }


def safe_filename(filename: str) -> str:
    """The base name, with path parts and unusual characters removed (for messages and audit)."""
    base = re.split(r"[\\/]", filename or "")[-1]
    cleaned = _UNSAFE_NAME_CHARS.sub("_", base).strip(" .")[:120]
    return cleaned or "image"


def _refuse(name: str, reason: str) -> BadInput:
    return BadInput(f"Attachment '{name}' was refused: {reason}.")


def _sniff(data: bytes) -> MediaType | None:
    for media_type, magic in _MAGIC.items():
        if data.startswith(magic):
            return media_type
    return None


def _check_claims(name: str, filename: str, declared: str | None, actual: MediaType) -> None:
    """Refuse a declared type or a file extension that disagrees with the content."""
    declared_norm = (declared or "").split(";")[0].strip().lower()
    if declared_norm not in _GENERIC_DECLARED:
        claimed = _DECLARED.get(declared_norm)
        if claimed is None:
            raise _refuse(name, f"declared type '{declared_norm}' is not JPEG or PNG")
        if claimed != actual:
            raise _refuse(name, f"declared type {declared_norm} but the content is {actual}")
    base = re.split(r"[\\/]", filename or "")[-1]
    if "." in base:
        extension = base.rsplit(".", 1)[1].lower()
        by_name = _EXTENSIONS.get(extension)
        if by_name is None:
            raise _refuse(name, f"extension .{extension} is not .jpg, .jpeg or .png")
        if by_name != actual:
            raise _refuse(name, f"the name says {by_name} but the content is {actual}")


def _open_checked(name: str, data: bytes, media_type: MediaType, max_pixels: int) -> Image.Image:
    """Header check (format and dimensions, before any pixel is decoded), verify, then load."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            header = Image.open(io.BytesIO(data), formats=[_PIL_FORMAT[media_type]])
            width, height = header.size
            if width <= 0 or height <= 0:
                raise _refuse(name, "the image has no pixels")
            if width * height > max_pixels or max(width, height) > MAX_SIDE_PX:
                limit = f"{max_pixels:,} pixels and {MAX_SIDE_PX:,} px a side"
                raise _refuse(name, f"{width}x{height} pixels is over the limit of {limit}")
            header.verify()
            image = Image.open(io.BytesIO(data), formats=[_PIL_FORMAT[media_type]])
            image.load()
        except BadInput:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise _refuse(name, "its dimensions are over the pixel limit") from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError) as error:
            reason = "the file is truncated or corrupt"
            raise _refuse(name, f"{reason} ({type(error).__name__})") from None
    return image


def _to_rgb(image: Image.Image) -> Image.Image:
    """Orientation applied, alpha flattened onto white, as a fresh RGB image with no info."""
    oriented = ImageOps.exif_transpose(image) or image
    if oriented.mode in ("RGBA", "LA") or (
        oriented.mode == "P" and "transparency" in oriented.info
    ):
        rgba = oriented.convert("RGBA")
        flat = Image.new("RGB", rgba.size, (255, 255, 255))
        flat.paste(rgba, mask=rgba.getchannel("A"))
        oriented = flat
    rgb = oriented.convert("RGB")
    return Image.frombytes("RGB", rgb.size, rgb.tobytes())


def _encode(pixels: Image.Image, media_type: MediaType) -> bytes:
    buffer = io.BytesIO()
    if media_type == "image/jpeg":
        pixels.save(buffer, format="JPEG", quality=JPEG_QUALITY)
    else:
        pixels.save(buffer, format="PNG")
    return buffer.getvalue()


def validate_image(
    data: bytes,
    filename: str,
    declared_type: str | None,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_pixels: int = DEFAULT_MAX_PIXELS,
) -> ValidatedImage:
    """Validate one image by content; raise BadInput naming the file and the reason."""
    name = safe_filename(filename)
    if not data:
        raise _refuse(name, "the file is empty")
    if len(data) > max_bytes:
        raise _refuse(name, f"{len(data):,} bytes exceeds the {max_bytes:,}-byte limit")
    media_type = _sniff(data)
    if media_type is None:
        raise _refuse(name, "only JPEG and PNG images are accepted")
    _check_claims(name, filename, declared_type, media_type)
    decoded = _open_checked(name, data, media_type, max_pixels)
    pixels = _to_rgb(decoded)
    return ValidatedImage(
        filename=name,
        media_type=media_type,
        width=pixels.width,
        height=pixels.height,
        size=len(data),
        sha256=hashlib.sha256(data).hexdigest(),
        clean_bytes=_encode(pixels, media_type),
        pixels=pixels,
    )


def decode_base64(text: str, filename: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """Strict base64 (a `data:` URL prefix is allowed), refusing oversize input before decoding."""
    name = safe_filename(filename)
    payload = _DATA_URL.sub("", text.strip(), count=1)
    payload = re.sub(r"\s+", "", payload)
    if len(payload) > (max_bytes + 2) // 3 * 4:
        raise _refuse(name, f"the encoded file exceeds the {max_bytes:,}-byte limit")
    try:
        return base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError):
        raise _refuse(name, "the base64 data is malformed") from None


def declared_type_of(attachment: Attachment) -> str | None:
    """The declared type: the content type field, else the type inside a `data:` URL."""
    if attachment.content_type:
        return attachment.content_type
    match = _DATA_URL.match(attachment.data_base64.lstrip())
    return match.group("type") if match else None


def decode_base64_attachment(
    attachment: Attachment, *, max_bytes: int = DEFAULT_MAX_BYTES
) -> ValidatedImage:
    """A JSON attachment decoded and validated."""
    data = decode_base64(attachment.data_base64, attachment.filename, max_bytes=max_bytes)
    return validate_image(
        data, attachment.filename, declared_type_of(attachment), max_bytes=max_bytes
    )


def validate_attachments(
    items: Sequence[Attachment | RawAttachment],
    max_count: int,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> list[ValidatedImage]:
    """Every attachment of one message validated; more than `max_count` is refused outright."""
    if len(items) > max_count:
        raise BadInput(f"{len(items)} attachments were sent; at most {max_count} are allowed.")
    validated = []
    for item in items:
        if isinstance(item, Attachment):
            validated.append(decode_base64_attachment(item, max_bytes=max_bytes))
        else:
            validated.append(
                validate_image(item.data, item.filename, item.content_type, max_bytes=max_bytes)
            )
    return validated
