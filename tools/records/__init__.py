"""The demo records database: schema, deterministic seeder and fixed canary rows."""
