"""What people touch: the command line (Typer + Rich), later the TUI and the web."""
