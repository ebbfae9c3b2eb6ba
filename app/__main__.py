"""`python -m app` is the `crimeassist` command line."""

from app.cli import main

raise SystemExit(main())
