"""Reads CTranslate2's `model.bin` (ctranslate2/specs/model_spec.py, `_serialize`, binary
version 6): the variables of a Whisper model by name, as numpy arrays over the file's bytes."""

from __future__ import annotations

import struct

import numpy as np

# CTranslate2's binary format (ctranslate2/specs/model_spec.py, `_serialize`).
CT2_DTYPES = ["float32", "int8", "int16", "int32", "float16", "bfloat16"]


def read_ct2(data: bytes) -> dict[str, np.ndarray]:
    offset = 0

    def unpack(fmt: str):
        nonlocal offset
        (value,) = struct.unpack_from(fmt, data, offset)
        offset += struct.calcsize(fmt)
        return value

    def string() -> str:
        nonlocal offset
        length = unpack("H")
        value = data[offset : offset + length - 1].decode()
        offset += length
        return value

    version = unpack("I")
    if version != 6:
        raise SystemExit(f"CTranslate2 binary version {version} is not the one this reads (6)")
    if string() != "WhisperSpec":
        raise SystemExit("not a Whisper model")
    unpack("I")  # the spec's revision
    variables: dict[str, np.ndarray] = {}
    for _ in range(unpack("I")):
        name = string()
        shape = [unpack("I") for _ in range(unpack("B"))]
        dtype = np.dtype(CT2_DTYPES[unpack("B")])
        size = unpack("I")
        variables[name] = np.frombuffer(data, dtype, size // dtype.itemsize, offset).reshape(shape)
        offset += size
    for _ in range(unpack("I")):
        alias, target = string(), string()
        variables[alias] = variables[target]
    return variables
