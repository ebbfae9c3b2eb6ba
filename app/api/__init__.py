"""The HTTP edge: the FastAPI application, its dependencies and routes."""
