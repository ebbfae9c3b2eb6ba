"""The service edge: settings, identity, HTTP routes and the command line."""
