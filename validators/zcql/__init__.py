"""The ZCQL AST validator: one parse, a tuple of pure rules, every reason (contract section 3)."""

from validators.zcql.validate import AcceptedStatement, ZcqlVerdict, validate

__all__ = ["AcceptedStatement", "ZcqlVerdict", "validate"]
