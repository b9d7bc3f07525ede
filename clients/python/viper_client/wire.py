"""What goes on the wire: Python values made JSON the engine takes, and messages made lines.

Every part of the session writes lines (requests, notifications, replies to effects), so they
all encode them here, the same way: UTF-8 as is, no spaces, and no NaN, which JSON cannot carry.
"""

from __future__ import annotations

import datetime
import json
from typing import Any, Mapping

__all__ = ["to_wire", "encode", "is_key"]


def to_wire(value: Any) -> Any:
    """Converts what Python has into what the wire wants: ``datetime`` to an ISO 8601 instant
    (it must know its offset: the engine refuses instants without one), ``date`` to
    ``YYYY-MM-DD``, recursively through mappings and sequences."""
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"an instant needs a UTC offset, the engine refuses {value.isoformat()!r}: use an aware datetime")
        return value.isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(key): to_wire(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_wire(item) for item in value]
    return value


def encode(message: Mapping[str, Any]) -> str:
    """One protocol line; :class:`ValueError` for what JSON cannot carry (NaN, infinities)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def is_key(value: Any) -> bool:
    """Whether a message's ``id`` can be looked up: the engine's ids are strings or numbers,
    but a broken line may carry anything, and a list must not end the reader with a TypeError."""
    return isinstance(value, (str, int, float)) or value is None
