"""Benchmarks, fuzzing and the translators' workflow (see README.md here)."""
