"""The append-only, hash-chained audit trail: sinks, chain and verifier."""
