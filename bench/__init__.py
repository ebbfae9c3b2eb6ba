"""Benchmarks (`make bench`): each module's run() returns measurements; __main__ writes the doc."""
