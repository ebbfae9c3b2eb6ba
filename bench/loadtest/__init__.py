"""`make loadtest`: simulated officers against the real service, with faults injected."""
