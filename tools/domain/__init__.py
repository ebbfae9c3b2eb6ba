"""Domain vocabulary: places, crime heads, IPC/BNS sections and synonyms (plain typed data)."""
