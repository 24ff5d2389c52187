"""Stored tables and games: SQLAlchemy 2 models and the server's reads and writes
(`database`), and the Alembic migrations that build and upgrade the schema at startup
(`migrations`). SQLite by default, PostgreSQL with psycopg. It knows the engine's records
and nothing above them; the web server (`interfaces/web`) stores its tables here."""
