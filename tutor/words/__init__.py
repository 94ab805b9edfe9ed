"""The engine's reasons and moves in the learner's language (see README.md here)."""
