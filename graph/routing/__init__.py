"""Router classifier, mixed-intent detection, threshold policy, LLM router and offline replay."""
