"""Text-to-ZCQL: turn an officer's question into one ZCQL statement (text only, never run here)."""
