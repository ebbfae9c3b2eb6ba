"""The `crimeassist` command line (contract section 6)."""

from app.cli.main import main

__all__ = ["main"]
