"""Image attachments: JPEG or PNG decided by content, size- and pixel-capped, metadata stripped.

The type is decided by the bytes (magic number AND a real decode), never by the file name or
the declared content type; a name or declared type that disagrees with the content is refused.
The clean image is re-encoded from pixels only, so EXIF (GPS included), XMP, ICC profiles and
PNG text chunks never travel further. Only the SHA-256 of the original bytes is audited.

Cost is bounded before any pixel is decoded: every header of a message is probed first, and
the pixels the decoders will produce (a JPEG is decoded at 1/2, 1/4 or 1/8 scale through
Pillow's draft mode) must fit the per-request budget. Large images are reduced to the working
size right after decoding, so colour conversion and re-encoding never run at full size.
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
from typing import TYPE_CHECKING, Literal

from schemas.errors import BadInput
from schemas.request import Attachment

if TYPE_CHECKING:  # Pillow loads with the first image, not with every command
    from PIL import Image

MediaType = Literal["image/jpeg", "image/png"]

DEFAULT_MAX_BYTES = 10 * 1024 * 1024
DEFAULT_MAX_PIXELS = 40_000_000
DEFAULT_PIXEL_BUDGET = 48_000_000
MAX_SIDE_PX = 20_000
WORKING_MAX_SIDE_PX = 4096
JPEG_DRAFT_SCALES = (1, 2, 4, 8)
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

    original_size: tuple[int, int] = (0, 0)

    def audit_summary(self) -> dict[str, str | int]:
        """What the audit trail records about the image: never the content itself."""
        return {
            "filename": self.filename,
            "media_type": self.media_type,
            "size": self.size,
            "width": self.width,
            "height": self.height,
            "original": f"{self.original_size[0]}x{self.original_size[1]}",
            "sha256": self.sha256,
        }


@dataclass(frozen=True)
class Probe:
    """An attachment whose type, claims and header passed; nothing decoded yet."""

    name: str
    data: bytes = field(repr=False)
    media_type: MediaType
    width: int
    height: int
    draft_scale: int

    @property
    def decode_pixels(self) -> int:
        """Pixels the decoder will produce (a JPEG at its draft scale)."""
        return -(-self.width // self.draft_scale) * -(-self.height // self.draft_scale)


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


def draft_scale(media_type: MediaType, width: int, height: int) -> int:
    """The JPEG DCT scale that brings the image nearest the working size without going below."""
    if media_type != "image/jpeg":
        return 1
    fitting = [k for k in JPEG_DRAFT_SCALES if max(width, height) / k <= WORKING_MAX_SIDE_PX]
    return fitting[0] if fitting else JPEG_DRAFT_SCALES[-1]


def _corrupt(name: str, error: Exception) -> BadInput:
    return _refuse(name, f"the file is truncated or corrupt ({type(error).__name__})")


def _header(name: str, data: bytes, media_type: MediaType, max_pixels: int) -> tuple[int, int]:
    """Format and dimensions from the header alone, refused over the caps; then verify."""
    from PIL import Image, UnidentifiedImageError

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
        except BadInput:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise _refuse(name, "its dimensions are over the pixel limit") from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError) as error:
            raise _corrupt(name, error) from None
    return width, height


def _reduced(image: Image.Image) -> Image.Image:
    """The decoded image shrunk by an integer factor to the working size (info kept)."""
    factor = -(-max(image.size) // WORKING_MAX_SIDE_PX)
    if factor <= 1:
        return image
    try:
        return image.reduce(factor)
    except ValueError:  # palette and bilevel images: convert, then reduce
        has_alpha = image.mode in ("LA", "PA") or "transparency" in image.info
        converted = image.convert("RGBA" if has_alpha else "RGB")
        converted.info = dict(image.info)
        return converted.reduce(factor)


def _decoded(probe: Probe) -> Image.Image:
    """Decode at the draft scale, then reduce to the working size."""
    from PIL import Image, UnidentifiedImageError

    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(io.BytesIO(probe.data), formats=[_PIL_FORMAT[probe.media_type]])
            if probe.draft_scale > 1:
                target = (
                    -(-probe.width // probe.draft_scale),
                    -(-probe.height // probe.draft_scale),
                )
                image.draft(image.mode, target)
            image.load()
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise _refuse(probe.name, "its dimensions are over the pixel limit") from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError) as error:
            raise _corrupt(probe.name, error) from None
    return _reduced(image)


def _to_rgb(image: Image.Image) -> Image.Image:
    """Orientation applied, alpha flattened onto white, as a fresh RGB image with no info."""
    from PIL import Image, ImageOps

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
        pixels.save(buffer, format="PNG", compress_level=1)
    return buffer.getvalue()


def probe_image(
    data: bytes,
    filename: str,
    declared_type: str | None,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_pixels: int = DEFAULT_MAX_PIXELS,
) -> Probe:
    """Size, type by content, claims and header checked; raise BadInput naming the file."""
    name = safe_filename(filename)
    if not data:
        raise _refuse(name, "the file is empty")
    if len(data) > max_bytes:
        raise _refuse(name, f"{len(data):,} bytes exceeds the {max_bytes:,}-byte limit")
    media_type = _sniff(data)
    if media_type is None:
        raise _refuse(name, "only JPEG and PNG images are accepted")
    _check_claims(name, filename, declared_type, media_type)
    width, height = _header(name, data, media_type, max_pixels)
    return Probe(name, data, media_type, width, height, draft_scale(media_type, width, height))


def decode_probed(probe: Probe) -> ValidatedImage:
    """Decode a probed image (draft scale, reduced), strip metadata and re-encode."""
    pixels = _to_rgb(_decoded(probe))
    return ValidatedImage(
        filename=probe.name,
        media_type=probe.media_type,
        width=pixels.width,
        height=pixels.height,
        size=len(probe.data),
        sha256=hashlib.sha256(probe.data).hexdigest(),
        clean_bytes=_encode(pixels, probe.media_type),
        pixels=pixels,
        original_size=(probe.width, probe.height),
    )


def validate_image(
    data: bytes,
    filename: str,
    declared_type: str | None,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_pixels: int = DEFAULT_MAX_PIXELS,
) -> ValidatedImage:
    """Validate one image by content; raise BadInput naming the file and the reason."""
    probe = probe_image(data, filename, declared_type, max_bytes=max_bytes, max_pixels=max_pixels)
    return decode_probed(probe)


def within_budget(probes: Sequence[Probe], pixel_budget: int) -> None:
    """Refuse a message whose images together would decode to more pixels than the budget."""
    total = sum(probe.decode_pixels for probe in probes)
    if total > pixel_budget:
        raise BadInput(
            f"The images of this message would decode to {total:,} pixels; "
            f"at most {pixel_budget:,} are processed per message. Send fewer or smaller images."
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
    max_pixels: int = DEFAULT_MAX_PIXELS,
    pixel_budget: int = DEFAULT_PIXEL_BUDGET,
) -> list[ValidatedImage]:
    """Every attachment of one message: count, then every header and the pixel budget, then
    decoding. More than `max_count`, or any bad header, refuses before anything is decoded."""
    if len(items) > max_count:
        raise BadInput(f"{len(items)} attachments were sent; at most {max_count} are allowed.")
    probes = []
    for item in items:
        if isinstance(item, Attachment):
            data = decode_base64(item.data_base64, item.filename, max_bytes=max_bytes)
            raw = RawAttachment(item.filename, data, declared_type_of(item))
        else:
            raw = item
        probes.append(
            probe_image(
                raw.data, raw.filename, raw.content_type, max_bytes=max_bytes, max_pixels=max_pixels
            )
        )
    within_budget(probes, pixel_budget)
    return [decode_probed(probe) for probe in probes]
