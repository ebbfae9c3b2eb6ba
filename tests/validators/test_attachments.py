"""Attachment validation: JPEG/PNG by content only, size and pixel caps, metadata stripped."""

from __future__ import annotations

import base64
import hashlib
import io

import pytest
from PIL import Image

from schemas.errors import BadInput
from schemas.request import Attachment
from tests.support import images
from validators.attachments import (
    WORKING_MAX_SIDE_PX,
    RawAttachment,
    decode_base64_attachment,
    probe_image,
    validate_attachments,
    validate_image,
)


@pytest.fixture(scope="module")
def photo() -> Image.Image:
    """A small non-square picture, so a rotation is visible in the dimensions."""
    img = Image.new("RGB", (120, 60), (200, 30, 30))
    img.paste((20, 20, 200), (0, 0, 30, 60))
    return img


@pytest.fixture(scope="module")
def png_bytes(photo: Image.Image) -> bytes:
    return images.encode(photo, "PNG")


@pytest.fixture(scope="module")
def jpeg_bytes(photo: Image.Image) -> bytes:
    return images.encode(photo, "JPEG")


def _refusal(data: bytes, filename: str, declared: str | None = None, **kw: int) -> str:
    with pytest.raises(BadInput) as caught:
        validate_image(data, filename, declared, **kw)
    return caught.value.detail


def test_png_is_accepted_with_dimensions_and_hash_of_original_bytes(png_bytes: bytes) -> None:
    image = validate_image(png_bytes, "scene.png", "image/png")
    assert (image.media_type, image.width, image.height) == ("image/png", 120, 60)
    assert image.sha256 == hashlib.sha256(png_bytes).hexdigest()
    assert image.pixels.mode == "RGB"
    assert Image.open(io.BytesIO(image.clean_bytes)).format == "PNG"


def test_jpeg_is_accepted_and_reencoded_as_jpeg(jpeg_bytes: bytes) -> None:
    image = validate_image(jpeg_bytes, "scene.jpeg", "image/jpeg")
    assert image.media_type == "image/jpeg"
    assert Image.open(io.BytesIO(image.clean_bytes)).format == "JPEG"


def test_zero_byte_file_is_refused_naming_the_file() -> None:
    detail = _refusal(b"", "empty.jpg")
    assert "empty.jpg" in detail and "empty" in detail


def test_truncated_jpeg_is_refused(jpeg_bytes: bytes) -> None:
    assert "truncated or corrupt" in _refusal(jpeg_bytes[: len(jpeg_bytes) // 2], "cut.jpg")


def test_truncated_png_is_refused(png_bytes: bytes) -> None:
    assert "truncated or corrupt" in _refusal(png_bytes[:-20], "cut.png")


def test_corrupt_body_after_valid_png_magic_is_refused() -> None:
    assert "truncated or corrupt" in _refusal(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "junk.png")


def test_png_content_with_jpg_name_is_refused(png_bytes: bytes) -> None:
    detail = _refusal(png_bytes, "evidence.jpg")
    assert "image/png" in detail and "evidence.jpg" in detail


@pytest.mark.parametrize("fmt", ["GIF", "BMP", "WEBP", "TIFF"])
def test_other_image_formats_are_refused_even_with_an_image_name(
    photo: Image.Image, fmt: str
) -> None:
    data = images.encode(photo, fmt)
    assert "only JPEG and PNG" in _refusal(data, "photo.png", "image/png")


def test_declared_type_that_mismatches_content_is_refused(png_bytes: bytes) -> None:
    assert "declared type image/jpeg" in _refusal(png_bytes, "upload", "image/jpeg")


def test_declared_type_that_is_not_an_image_is_refused(png_bytes: bytes) -> None:
    assert "not JPEG or PNG" in _refusal(png_bytes, "upload", "text/html")


def test_unknown_extension_is_refused(png_bytes: bytes) -> None:
    assert ".exe" in _refusal(png_bytes, "photo.exe", "image/png")


def test_generic_declared_type_and_no_extension_are_decided_by_content(png_bytes: bytes) -> None:
    image = validate_image(png_bytes, "upload", "application/octet-stream")
    assert image.media_type == "image/png"


def test_file_over_the_byte_limit_is_refused(jpeg_bytes: bytes) -> None:
    assert "byte limit" in _refusal(jpeg_bytes, "big.jpg", max_bytes=len(jpeg_bytes) - 1)


def test_file_over_ten_megabytes_is_refused_by_default() -> None:
    data = images.oversized_jpeg(10 * 1024 * 1024 + 1)
    assert "10,485,760-byte limit" in _refusal(data, "huge.jpg")


def test_decompression_bomb_header_is_refused_before_decoding() -> None:
    assert "pixel limit" in _refusal(images.png_bomb_header(30000, 30000), "bomb.png")


def test_fifty_megapixel_header_is_refused_by_the_default_40_mp_cap() -> None:
    detail = _refusal(images.png_bomb_header(10000, 5000), "wide.png")
    assert "10000x5000 pixels is over the limit of 40,000,000 pixels" in detail


def test_image_over_the_configured_pixel_cap_is_refused(png_bytes: bytes) -> None:
    assert "120x60 pixels is over the limit" in _refusal(png_bytes, "a.png", max_pixels=7199)


def test_exif_gps_and_camera_metadata_are_stripped(photo: Image.Image) -> None:
    data = images.jpeg_with_gps_and_orientation(photo, orientation=1)
    assert Image.open(io.BytesIO(data)).getexif().get_ifd(0x8825)
    clean = validate_image(data, "gps.jpg", "image/jpeg").clean_bytes
    reopened = Image.open(io.BytesIO(clean))
    assert len(reopened.getexif()) == 0
    assert "exif" not in reopened.info and "icc_profile" not in reopened.info
    assert b"SecretCam" not in clean


def test_exif_orientation_is_applied(photo: Image.Image) -> None:
    data = images.jpeg_with_gps_and_orientation(photo, orientation=6)
    image = validate_image(data, "rotated.jpg", None)
    assert (image.width, image.height) == (60, 120)
    assert image.pixels.size == (60, 120)


def test_png_text_chunks_are_stripped(photo: Image.Image) -> None:
    data = images.png_with_text_chunks(photo)
    clean = validate_image(data, "notes.png", "image/png").clean_bytes
    assert Image.open(io.BytesIO(clean)).info == {}
    assert b"Inspector" not in clean and b"77.5946" not in clean


def test_transparent_png_is_flattened_onto_white() -> None:
    clear = Image.new("RGBA", (10, 10), (0, 0, 0, 0))
    image = validate_image(images.encode(clear, "PNG"), "clear.png", None)
    assert image.pixels.getpixel((5, 5)) == (255, 255, 255)


def test_audit_summary_has_the_hash_but_no_content(png_bytes: bytes) -> None:
    summary = validate_image(png_bytes, "../../etc/scene.png", None).audit_summary()
    assert summary == {
        "filename": "scene.png",
        "media_type": "image/png",
        "size": len(png_bytes),
        "width": 120,
        "height": 60,
        "original": "120x60",
        "sha256": hashlib.sha256(png_bytes).hexdigest(),
    }


def test_base64_attachment_is_decoded_and_validated(png_bytes: bytes) -> None:
    attachment = Attachment(
        filename="a.png", content_type="image/png", data_base64=base64.b64encode(png_bytes).decode()
    )
    assert decode_base64_attachment(attachment).sha256 == hashlib.sha256(png_bytes).hexdigest()


def test_data_url_type_is_checked_against_content(png_bytes: bytes) -> None:
    encoded = "data:image/jpeg;base64," + base64.b64encode(png_bytes).decode()
    with pytest.raises(BadInput, match="declared type image/jpeg"):
        decode_base64_attachment(Attachment(filename="a", data_base64=encoded))


def test_malformed_base64_is_refused() -> None:
    with pytest.raises(BadInput, match="base64 data is malformed"):
        decode_base64_attachment(Attachment(filename="a.png", data_base64="not*base64!"))


def test_oversized_base64_is_refused_before_decoding() -> None:
    attachment = Attachment(filename="a.png", data_base64="A" * 4000)
    with pytest.raises(BadInput, match="encoded file exceeds"):
        decode_base64_attachment(attachment, max_bytes=1000)


def test_attachment_count_over_the_limit_is_refused(png_bytes: bytes) -> None:
    items = [RawAttachment("a.png", png_bytes, "image/png")] * 3
    with pytest.raises(BadInput, match="at most 2"):
        validate_attachments(items, max_count=2)


def test_mixed_json_and_multipart_attachments_are_all_validated(
    png_bytes: bytes, jpeg_bytes: bytes
) -> None:
    items: list[Attachment | RawAttachment] = [
        Attachment(filename="a.png", data_base64=base64.b64encode(png_bytes).decode()),
        RawAttachment("b.jpg", jpeg_bytes, "image/jpeg"),
    ]
    validated = validate_attachments(items, max_count=4)
    assert [image.media_type for image in validated] == ["image/png", "image/jpeg"]


def test_one_bad_attachment_refuses_the_message(png_bytes: bytes) -> None:
    items = [RawAttachment("a.png", png_bytes), RawAttachment("b.png", b"")]
    with pytest.raises(BadInput, match=r"'b\.png'"):
        validate_attachments(items, max_count=4)


@pytest.fixture(scope="module")
def huge_grey_png() -> bytes:
    """The red team's image: an 8000x5000 greyscale PNG of about 38 KB (issue 13, finding 5)."""
    return images.encode(Image.new("L", (8000, 5000), 0), "PNG")


def test_large_image_is_reduced_to_the_working_size_with_its_original_audited(
    huge_grey_png: bytes,
) -> None:
    assert len(huge_grey_png) < 60_000
    image = validate_image(huge_grey_png, "wall.png", None)
    assert max(image.width, image.height) <= WORKING_MAX_SIDE_PX
    assert (image.width, image.height) == (4000, 2500)
    assert image.audit_summary()["original"] == "8000x5000"
    assert Image.open(io.BytesIO(image.clean_bytes)).size == (4000, 2500)


def test_large_jpeg_is_decoded_at_a_draft_scale() -> None:
    data = images.encode(Image.new("RGB", (9000, 3000), (90, 90, 90)), "JPEG")
    probe = probe_image(data, "wide.jpg", None)
    assert probe.draft_scale == 4
    assert probe.decode_pixels == 2250 * 750
    assert validate_image(data, "wide.jpg", None).width <= WORKING_MAX_SIDE_PX


def test_palette_png_is_reduced_too() -> None:
    data = images.encode(Image.new("P", (9000, 1000), 3), "PNG")
    assert validate_image(data, "palette.png", None).size == len(data)


def test_four_huge_images_exceed_the_pixel_budget_before_any_is_decoded(
    huge_grey_png: bytes,
) -> None:
    items = [RawAttachment(f"wall{i}.png", huge_grey_png) for i in range(4)]
    with pytest.raises(BadInput, match="160,000,000 pixels"):
        validate_attachments(items, max_count=4, pixel_budget=48_000_000)


def test_one_huge_image_fits_the_default_budget(huge_grey_png: bytes) -> None:
    items = [RawAttachment("wall.png", huge_grey_png)]
    assert len(validate_attachments(items, max_count=4)) == 1


def test_a_bad_header_in_a_later_attachment_refuses_before_decoding(png_bytes: bytes) -> None:
    items = [RawAttachment("ok.png", png_bytes), RawAttachment("bad.png", b"\x89PNG\r\n\x1a\nxx")]
    with pytest.raises(BadInput, match=r"bad\.png"):
        validate_attachments(items, max_count=4)
