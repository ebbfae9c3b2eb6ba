"""Second redaction tier: the post-generation guardrail over every final answer."""
