"""First redaction tier: the clearance policy, compiled into SQL or applied in Python."""
