"""The local pre-parser on generated images (a few OCR calls; one engine per session)."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

from PIL import Image

from tests.support import images
from tests.tools.vision.conftest import as_validated
from tools.vision.preparser import VisionPreparser


def test_qr_code_is_read_on_the_fast_path_without_ocr(preparser: VisionPreparser) -> None:
    findings = preparser.parse(as_validated(images.on_canvas(images.qr_image("FIR-2026-04829"))))
    [code] = findings.extractions
    assert (code.kind, code.value, code.fields["format"]) == ("qr", "FIR-2026-04829", "QRCode")
    assert not findings.needs_reasoning and "ocr" not in findings.timings_ms


def test_code128_barcode_is_read(preparser: VisionPreparser) -> None:
    findings = preparser.parse(as_validated(images.on_canvas(images.code128_image("EVID-00123"))))
    assert [(e.kind, e.value) for e in findings.extractions] == [("barcode", "EVID-00123")]


def test_aadhaar_number_inside_a_qr_payload_is_masked(preparser: VisionPreparser) -> None:
    number = images.aadhaar_number(random.Random(3))
    qr = images.qr_image(f'<PrintLetterBarcodeData uid="{number}" name="X"/>')
    findings = preparser.parse(as_validated(images.on_canvas(qr)))
    assert number not in findings.model_dump_json()
    assert f"XXXX XXXX {number[-4:]}" in findings.extractions[0].value


def test_tight_plate_is_read_with_the_record_lookup_offered(preparser: VisionPreparser) -> None:
    img = images.render_plate("KA05MN4321", images.PlateStyle())
    findings = preparser.parse(as_validated(img), "whose vehicle is this")
    plate = findings.of_kind("plate")[0]
    assert plate.value == "KA05MN4321" and plate.checks == {"format": True, "state_code": True}
    assert plate.fields["lookup_question"] == "is KA05MN4321 in any FIR?"
    assert plate.fields["state"] == "KA"
    assert not findings.needs_reasoning


def test_rotated_noisy_plate_in_a_scene_is_read(preparser: VisionPreparser) -> None:
    style = images.PlateStyle(
        font_name="DejaVuSerif-Bold.ttf",
        yellow=True,
        rotation=-7.0,
        blur=0.8,
        noise=8.0,
        in_scene=True,
    )
    findings = preparser.parse(as_validated(images.render_plate("MH12DE1433", style)))
    assert findings.extractions[0].value == "MH12DE1433"


def test_bh_series_plate_is_read(preparser: VisionPreparser) -> None:
    style = images.PlateStyle(font_name="DejaVuSansMono-Bold.ttf", text_px=52, rotation=4.0)
    findings = preparser.parse(as_validated(images.render_plate("22BH1234AA", style)))
    plate = findings.extractions[0]
    assert (plate.value, plate.fields["series"]) == ("22BH1234AA", "BH")


def test_open_ended_question_escalates_but_keeps_the_reading(preparser: VisionPreparser) -> None:
    img = images.render_plate("KA05MN4321", images.PlateStyle(font_name="DejaVuSans.ttf"))
    findings = preparser.parse(as_validated(img), "does this damage match the FIR?")
    assert findings.needs_reasoning and "compare" in (findings.escalation_reason or "")
    assert findings.extractions[0].value == "KA05MN4321"


def test_blank_photo_escalates_because_nothing_is_readable(preparser: VisionPreparser) -> None:
    findings = preparser.parse(as_validated(Image.new("RGB", (400, 300), (128, 128, 128))))
    assert findings.extractions == []
    assert findings.needs_reasoning and "nothing readable" in (findings.escalation_reason or "")


def test_threshold_is_configurable(preparser: VisionPreparser) -> None:
    strict = VisionPreparser(preparser.ocr, threshold=1.01)
    img = images.on_canvas(images.qr_image("EVID-1"))
    assert strict.parse(as_validated(img)).needs_reasoning
    assert not preparser.parse(as_validated(img)).needs_reasoning


def test_pan_card_gives_pan_name_and_dob(preparser: VisionPreparser) -> None:
    findings = preparser.parse(as_validated(images.pan_card("ABCPK1234Z")), "read this card")
    [pan] = findings.of_kind("pan")
    assert pan.value == "ABCPK1234Z" and pan.passed_checks
    assert pan.fields["name"] == "RAVI KUMAR" and pan.fields["dob"] == "14/08/1990"
    assert pan.fields["holder_type"] == "individual"


def test_aadhaar_card_never_returns_the_full_number(preparser: VisionPreparser) -> None:
    number = images.aadhaar_number(random.Random(9))
    findings = preparser.parse(as_validated(images.aadhaar_card(number)))
    [aadhaar] = findings.of_kind("aadhaar")
    assert aadhaar.value == f"XXXX XXXX {number[-4:]}"
    assert aadhaar.checks == {"format": True, "verhoeff": True}
    dumped = findings.model_dump_json()
    assert number not in dumped and number[:8] not in dumped and number[4:] not in dumped


def test_voter_id_and_driving_licence_cards_are_read(preparser: VisionPreparser) -> None:
    rng = random.Random(4)
    epic, dl = images.epic_number(rng), images.dl_number(rng)
    voter = preparser.parse(as_validated(images.voter_card(epic)))
    licence = preparser.parse(as_validated(images.dl_card(dl)))
    assert [(e.value, e.passed_checks) for e in voter.of_kind("voter_id")] == [(epic, True)]
    [dl_found] = licence.of_kind("driving_licence")
    assert dl_found.value == dl and dl_found.fields["name"] == "Anil Rao"


def test_parallel_threads_share_one_preparser_safely(preparser: VisionPreparser) -> None:
    plates = ["KA01AB1234", "TN09XY0042", "KL07C5555", "DL3CAB1234"]
    validated = [as_validated(images.render_plate(p, images.PlateStyle())) for p in plates]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(preparser.parse, validated))
    assert [r.extractions[0].value for r in results] == plates


async def test_aparse_runs_the_same_parse_off_the_event_loop(preparser: VisionPreparser) -> None:
    image = as_validated(images.on_canvas(images.qr_image("async")))
    findings, _ = await asyncio.gather(preparser.aparse(image), asyncio.sleep(0))
    assert findings.extractions[0].value == "async"
