"""Pydantic models shared by every layer: requests, officers, routing, results, responses, audit."""
