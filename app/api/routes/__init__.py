"""HTTP route handlers: a few lines each that validate, call the assistant and shape the reply."""
