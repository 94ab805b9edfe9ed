"""Per-rule cases for Modern American Canasta (M-), in card notation.

Each function is registered with ``@case(rule_id, "permits" | "forbids")``.
"""

from __future__ import annotations
