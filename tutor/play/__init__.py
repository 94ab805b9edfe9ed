"""The computer players and the right move after a mistake (see README.md here)."""
