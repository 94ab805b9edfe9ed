"""Canasta tutor: an interactive Canasta tutorial and rules explainer.

The rules engine lives in :mod:`tutor.engine` and imports neither Streamlit nor gettext.
"""

__version__ = "0.1.0"
