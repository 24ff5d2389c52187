"""The four games. Each package has the same shape; see docs/architecture in README."""
