"""State and action <-> JSON, in one place.

msgspec gives typed decoding: a wrong type anywhere is reported with the path of the bad
field (``Expected `int`, got `str` - at `$.hands[0][2]```).
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

_encoder = msgspec.json.Encoder()
_mp_encoder = msgspec.msgpack.Encoder()


def to_json(value: Any) -> bytes:
    """Compact JSON bytes for any Struct, list or builtin."""
    return _encoder.encode(value)


def from_json(data: bytes | str, type_: type[T]) -> T:
    """Decode JSON into ``type_``; raises msgspec.ValidationError / DecodeError."""
    return msgspec.json.decode(data, type=type_)


def to_builtins(value: Any) -> Any:
    """Plain dicts/lists/ints/strs (tagged actions keep their ``type`` key)."""
    return msgspec.to_builtins(value)


def convert(value: Any, type_: type[T]) -> T:
    """Validate builtins into ``type_`` (the inverse of ``to_builtins``)."""
    return msgspec.convert(value, type=type_)


def clone(state: T) -> T:
    """A deep copy via msgpack: cheap, and exactly what a save/load would give."""
    return msgspec.msgpack.decode(_mp_encoder.encode(state), type=type(state))
