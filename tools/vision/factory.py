"""Which vision engines a deployment gets: Zia when configured (local OCR as its fallback),
the local engine otherwise; the QuickML model only when its endpoint and a token are set.

Built once in the app's lifespan, from settings, and shared by every request.
"""

from __future__ import annotations

from tools.vision.http import TokenProvider
from tools.vision.preparser import Preparser, VisionPreparser, ZiaVisionPreparser
from tools.vision.quickml import QuickMLVisionClient
from tools.vision.zia import ZiaVisionClient


def build_preparser(
    local: VisionPreparser,
    *,
    zia_enabled: bool = False,
    api_domain: str = "https://api.catalyst.zoho.in",
    project_id: str | None = None,
    org_id: str | None = None,
    token_provider: TokenProvider | None = None,
) -> Preparser:
    """The Zia engine (falling back to `local`) when Zia is enabled and reachable in
    principle (project and token given); else `local`."""
    if zia_enabled and project_id and token_provider is not None:
        client = ZiaVisionClient(api_domain, project_id, token_provider, org_id=org_id)
        return ZiaVisionPreparser(client, threshold=local.threshold, fallback=local)
    return local


def build_vlm_client(
    endpoint_url: str | None,
    endpoint_key: str | None,
    token_provider: TokenProvider | None,
    org_id: str | None = None,
) -> QuickMLVisionClient | None:
    """The QuickML vision client, or None (then answer with `vision_unavailable_answer()`)."""
    if not endpoint_url or token_provider is None:
        return None
    return QuickMLVisionClient(endpoint_url, endpoint_key, token_provider, org_id)
