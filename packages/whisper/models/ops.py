"""The operators of a Whisper network as ONNX nodes (opset 17), written with onnx.helper: a small
graph builder, layer norm, linear layers, GELU, attention, and Whisper's log-mel features."""

from __future__ import annotations

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


class Graph:
    """A small builder over onnx.helper: named values, float16 weights cast once at load."""

    def __init__(self, prefix: str) -> None:
        self.nodes: list[onnx.NodeProto] = []
        self.initializers: list[onnx.TensorProto] = []
        self.prefix = prefix
        self.count = 0

    def name(self, hint: str) -> str:
        self.count += 1
        return f"{self.prefix}{hint}_{self.count}"

    def op(self, op_type: str, inputs: list[str], hint: str | None = None, **attrs) -> str:
        out = self.name(hint or op_type.lower())
        self.nodes.append(helper.make_node(op_type, inputs, [out], **attrs))
        return out

    def ops(self, op_type: str, inputs: list[str], count: int, **attrs) -> list[str]:
        outs = [self.name(op_type.lower()) for _ in range(count)]
        self.nodes.append(helper.make_node(op_type, inputs, outs, **attrs))
        return outs

    def const(self, value: np.ndarray, hint: str = "const") -> str:
        name = self.name(hint)
        self.initializers.append(numpy_helper.from_array(np.asarray(value), name))
        return name

    def weight(self, value: np.ndarray, hint: str) -> str:
        """A float16 weight, cast to float32 (folded once by onnxruntime)."""
        stored = self.const(np.asarray(value, dtype=np.float16), hint)
        return self.op("Cast", [stored], hint + "_f32", to=TensorProto.FLOAT)

    def ints(self, values: list[int]) -> str:
        return self.const(np.array(values, dtype=np.int64), "ints")


def layer_norm(g: Graph, x: str, w: dict, prefix: str) -> str:
    return g.op(
        "LayerNormalization",
        [x, g.weight(w[prefix + "/gamma"], "ln_g"), g.weight(w[prefix + "/beta"], "ln_b")],
        axis=-1,
        epsilon=1e-5,
    )


def linear(g: Graph, x: str, w: dict, prefix: str) -> str:
    weight_t = np.ascontiguousarray(w[prefix + "/weight"].T)
    y = g.op("MatMul", [x, g.weight(weight_t, "w")])
    return g.op("Add", [y, g.weight(w[prefix + "/bias"], "b")])


def gelu(g: Graph, x: str) -> str:
    # The exact GELU of torch.nn.GELU(): x * 0.5 * (1 + erf(x / sqrt(2))).
    scaled = g.op("Div", [x, g.const(np.array(np.sqrt(2.0), dtype=np.float32))])
    erf = g.op("Erf", [scaled])
    one_plus = g.op("Add", [erf, g.const(np.array(1.0, dtype=np.float32))])
    half = g.op("Mul", [x, g.const(np.array(0.5, dtype=np.float32))])
    return g.op("Mul", [half, one_plus])


def heads(g: Graph, x: str, n_heads: int, width: int) -> str:
    """batch x time x width -> batch x heads x time x head width."""
    shaped = g.op("Reshape", [x, g.ints([0, 0, n_heads, width // n_heads])])
    return g.op("Transpose", [shaped], perm=[0, 2, 1, 3])


def merge_heads(g: Graph, x: str, width: int) -> str:
    back = g.op("Transpose", [x], perm=[0, 2, 1, 3])
    return g.op("Reshape", [back, g.ints([0, 0, width])])


def attend(g: Graph, q: str, k: str, v: str, head_width: int, mask: str | None = None):
    """Scaled dot-product attention on batch x heads x time x head-width values."""
    kt = g.op("Transpose", [k], perm=[0, 1, 3, 2])
    scores = g.op("MatMul", [q, kt])
    scores = g.op("Mul", [scores, g.const(np.array(head_width**-0.5, dtype=np.float32))])
    if mask is not None:
        scores = g.op("Add", [scores, mask])
    weights = g.op("Softmax", [scores], axis=-1)
    return g.op("MatMul", [weights, v]), weights


def mel_features(g: Graph, audio: str, n_mels: int, mel_filters: np.ndarray) -> str:
    """Whisper's log_mel_spectrogram: centred STFT (n_fft 400, hop 160, periodic Hann), power,
    mel filters, log10 clamped at 1e-10 and 8 below the loudest, (x + 4) / 4; the last frame
    dropped. audio: 1 x samples; returns 1 x n_mels x frames."""
    signal = g.op("Unsqueeze", [audio, g.ints([-1])])  # 1 x samples x 1
    padded = g.op("Pad", [signal, g.ints([0, 200, 0, 0, 200, 0])], mode="reflect")
    periodic_hann = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(400) / 400)
    window = g.const(periodic_hann.astype(np.float32), "hann")
    spectrum = g.op(
        "STFT",
        [
            padded,
            g.const(np.array(160, dtype=np.int64)),
            window,
            g.const(np.array(400, dtype=np.int64)),
        ],
        onesided=1,
    )  # 1 x frames x 201 x 2
    power = g.op("ReduceSumSquare", [spectrum], axes=[-1], keepdims=0)  # 1 x frames x 201
    # Drop the last frame, as Whisper's stft[..., :-1] does.
    frames = g.op("Shape", [power], start=1, end=2)
    last = g.op("Sub", [frames, g.ints([1])])
    power = g.op("Slice", [power, g.ints([0]), last, g.ints([1])])
    mel = g.op("MatMul", [power, g.const(mel_filters.T.astype(np.float32), "mel_filters")])
    mel = g.op("Max", [mel, g.const(np.array(1e-10, dtype=np.float32))])
    log = g.op("Div", [g.op("Log", [mel]), g.const(np.array(np.log(10.0), dtype=np.float32))])
    loudest = g.op("ReduceMax", [log], keepdims=1)
    floor = g.op("Sub", [loudest, g.const(np.array(8.0, dtype=np.float32))])
    log = g.op("Max", [log, floor])
    scaled = g.op(
        "Div",
        [
            g.op("Add", [log, g.const(np.array(4.0, dtype=np.float32))]),
            g.const(np.array(4.0, dtype=np.float32)),
        ],
    )
    return g.op("Transpose", [scaled], perm=[0, 2, 1])  # 1 x n_mels x frames
