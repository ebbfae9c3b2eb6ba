"""All configuration in one pydantic-settings class (env prefix CRIMEASSIST_, optional .env)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

DEMO_JWT_SECRET = "crimeassist-demo-signing-key-not-for-production-use"


class Settings(BaseSettings):
    """Embedded defaults need no network and no keys; each backend has a production setting."""

    model_config = SettingsConfigDict(env_prefix="CRIMEASSIST_", env_file=".env", extra="ignore")

    home: Path = Path("var")
    demo_mode: bool = True
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"

    # identity
    jwt_secret: SecretStr = SecretStr(DEMO_JWT_SECRET)
    jwt_issuer: str = "crimeassist"
    jwt_audience: str = "crimeassist-chat"
    jwt_algorithm: Literal["HS256", "HS384", "HS512"] = "HS256"
    jwt_ttl_s: int = 3600
    jwt_max_lifetime_s: int = Field(default=12 * 3600, gt=0)
    auth_mode: Literal["hs256", "oidc"] = "hs256"
    oidc_issuer: str | None = None
    oidc_audience: str | None = None
    oidc_jwks_url: str | None = None
    oidc_algorithms: tuple[Literal["RS256", "ES256"], ...] = ("RS256", "ES256")
    oidc_badge_claim: str = "badge_id"
    oidc_jwks_cache_s: float = 300.0
    oidc_jwks_refresh_cooldown_s: float = 30.0
    oidc_timeout_s: float = 5.0

    # language model
    groq_api_key: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("CRIMEASSIST_GROQ_API_KEY", "GROQ_API_KEY")
    )
    groq_model: str = "llama-3.3-70b-versatile"
    groq_timeout_s: float = 20.0
    groq_max_retries: int = 2
    groq_base_url: str | None = None
    """Another Groq-compatible endpoint (a gateway, or the load harness's fault injector)."""

    # request handling
    page_context_ttl_s: float = 10.0
    page_context_skew_s: float = 2.0
    history_turns: int = 6
    max_body_bytes: int = 45 * 1024 * 1024
    max_attachments: int = 4
    max_attachment_bytes: int = 10 * 1024 * 1024
    max_form_fields: int = 8
    max_image_pixels: int = 40_000_000
    request_pixel_budget: int = 48_000_000
    upload_workers: int = Field(default=2, ge=1, le=8)
    gil_switch_interval_ms: float = Field(default=1.0, gt=0, le=5.0)
    """How long the event loop may hold the GIL while a worker thread (the audit append, a
    knowledge search) waits for it (`app.gil`); Python's default is 5 ms."""

    # router cascade (see docs/router.md)
    router_accept_threshold: float = 0.6
    router_llm_band_low: float = 0.35

    # records backend
    records_backend: Literal["sqlite", "postgres", "catalyst"] = "sqlite"
    records_db: Path | None = None
    records_pg_dsn: str | None = None
    records_timeout_s: float = 5.0
    records_row_cap: int = Field(default=300, ge=1, le=300)
    records_audit_withheld_count: bool = False
    """Count rows withheld by clearance for the audit (never the officer): two COUNT(*) scans of
    the officer's jurisdiction per query, so off by default."""
    catalyst_api_domain: str = "https://api.catalyst.zoho.in"
    catalyst_project_id: str | None = None
    catalyst_org_id: str | None = None
    catalyst_token: SecretStr | None = None

    # knowledge base
    qdrant_url: str | None = Field(
        default=None, validation_alias=AliasChoices("CRIMEASSIST_QDRANT_URL", "QDRANT_URL")
    )
    kb_collection: str = "sop_kb"

    # conversation memory (LangGraph checkpointer); postgres lets replicas share conversations
    checkpoint_backend: Literal["sqlite", "postgres"] = "sqlite"
    checkpoint_pg_dsn: str | None = None

    # audit (see docs/audit.md)
    audit_backend: Literal["sqlite", "postgres"] = "sqlite"
    audit_pg_dsn: str | None = None
    audit_signing_key: SecretStr | None = None  # Ed25519 private key, PEM
    audit_signing_key_file: Path | None = None
    audit_public_key: str | None = None  # PEM; all a verifier needs
    audit_public_key_file: Path | None = None
    audit_checkpoint_interval_s: float = 60.0
    audit_witness_file: Path | None = None  # default: CRIMEASSIST_HOME/audit.witness
    audit_witness_pg_dsn: str | None = None
    audit_group_commit: bool = True
    siem_url: str | None = None  # tcp://host:port: RFC 5424 syslog, octet-counted

    # fallback engine
    fallback_max_cycles: int = Field(default=4, ge=3, le=4)
    fallback_tool_timeout_s: float = 4.0
    fallback_deadline_s: float = 25.0
    web_search_url: str | None = None
    web_search_allowed_domains: list[str] = Field(default_factory=list)

    # vision services
    zia_enabled: bool = False
    quickml_endpoint_url: str | None = None
    quickml_endpoint_key: SecretStr | None = None

    @property
    def records_path(self) -> Path:
        """The embedded records database."""
        return self.records_db or self.home / "records.db"

    @property
    def qdrant_path(self) -> Path:
        """The embedded Qdrant local-mode folder."""
        return self.home / "qdrant"

    @property
    def audit_path(self) -> Path:
        """The embedded audit trail."""
        return self.home / "audit.db"

    @property
    def checkpoints_path(self) -> Path:
        """The embedded conversation memory."""
        return self.home / "checkpoints.db"
