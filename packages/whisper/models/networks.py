"""Whisper's two networks as ONNX graphs from its weights (CTranslate2's names): the encoder with
its features and every decoder layer's cross-attention keys and values, and the decoder with its
self-attention cache and its cross-attention weights for word times."""

from __future__ import annotations

import numpy as np
import onnx
from onnx import TensorProto, helper

from ops import Graph, attend, gelu, heads, layer_norm, linear, mel_features, merge_heads

OPSET = 17


def build_encoder(w: dict, dims: dict, mel_filters: np.ndarray) -> onnx.ModelProto:
    g = Graph("enc_")
    width, n_heads = dims["n_audio_state"], dims["n_audio_head"]
    mel = mel_features(g, "audio", dims["n_mels"], mel_filters)
    x = g.op(
        "Conv",
        [
            mel,
            g.weight(w["encoder/conv1/weight"], "conv1_w"),
            g.weight(w["encoder/conv1/bias"], "conv1_b"),
        ],
        pads=[1, 1],
        strides=[1],
    )
    x = gelu(g, x)
    x = g.op(
        "Conv",
        [
            x,
            g.weight(w["encoder/conv2/weight"], "conv2_w"),
            g.weight(w["encoder/conv2/bias"], "conv2_b"),
        ],
        pads=[1, 1],
        strides=[2],
    )
    x = gelu(g, x)
    x = g.op("Transpose", [x], perm=[0, 2, 1])  # 1 x frames x width
    frames = g.op("Shape", [x], start=1, end=2)
    positions = g.op(
        "Slice",
        [
            g.weight(w["encoder/position_encodings/encodings"], "pos"),
            g.ints([0]),
            frames,
            g.ints([0]),
        ],
    )
    x = g.op("Add", [x, positions])
    for layer in range(dims["n_audio_layer"]):
        p = f"encoder/layer_{layer}"
        h = layer_norm(g, x, w, p + "/self_attention/layer_norm")
        qkv = linear(g, h, w, p + "/self_attention/linear_0")
        q, k, v = g.ops("Split", [qkv, g.ints([width, width, width])], 3, axis=-1)
        out, _ = attend(
            g,
            heads(g, q, n_heads, width),
            heads(g, k, n_heads, width),
            heads(g, v, n_heads, width),
            width // n_heads,
        )
        x = g.op(
            "Add", [x, linear(g, merge_heads(g, out, width), w, p + "/self_attention/linear_1")]
        )
        h = layer_norm(g, x, w, p + "/ffn/layer_norm")
        h = linear(g, gelu(g, linear(g, h, w, p + "/ffn/linear_0")), w, p + "/ffn/linear_1")
        x = g.op("Add", [x, h])
    audio_features = layer_norm(g, x, w, "encoder/layer_norm")
    # Each decoder layer's cross-attention keys and values, once per recording.
    keys, values = [], []
    for layer in range(dims["n_text_layer"]):
        p = f"decoder/layer_{layer}/attention"
        kv = linear(g, audio_features, w, p + "/linear_1")
        k, v = g.ops("Split", [kv, g.ints([width, width])], 2, axis=-1)
        keys.append(g.op("Unsqueeze", [k, g.ints([0])]))
        values.append(g.op("Unsqueeze", [v, g.ints([0])]))
    g.nodes.append(helper.make_node("Concat", keys, ["cross_k"], axis=0))
    g.nodes.append(helper.make_node("Concat", values, ["cross_v"], axis=0))
    n_text_layer = dims["n_text_layer"]
    graph = helper.make_graph(
        g.nodes,
        "whisper_encoder",
        [helper.make_tensor_value_info("audio", TensorProto.FLOAT, [1, "samples"])],
        [
            helper.make_tensor_value_info(
                "cross_k", TensorProto.FLOAT, [n_text_layer, 1, "frames", width]
            ),
            helper.make_tensor_value_info(
                "cross_v", TensorProto.FLOAT, [n_text_layer, 1, "frames", width]
            ),
        ],
        g.initializers,
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], ir_version=8)


def attend_after_prefix(
    g: Graph, q: str, prefix: tuple[str, str], own: tuple[str, str], head_width: int, mask: str
) -> str:
    """Self-attention over the prefix (one for every beam: batch 1, broadcast) and each beam's
    own tokens, without copying the prefix into every beam's cache."""
    scale = g.const(np.array(head_width**-0.5, dtype=np.float32))
    on_prefix = g.op("MatMul", [q, g.op("Transpose", [prefix[0]], perm=[0, 1, 3, 2])])
    on_own = g.op("MatMul", [q, g.op("Transpose", [own[0]], perm=[0, 1, 3, 2])])
    scores = g.op("Mul", [g.op("Concat", [on_prefix, on_own], axis=-1), scale])
    weights = g.op("Softmax", [g.op("Add", [scores, mask])], axis=-1)
    prefix_length = g.op("Shape", [prefix[0]], start=2, end=3)
    own_length = g.op("Shape", [own[0]], start=2, end=3)
    to_prefix, to_own = g.ops(
        "Split", [weights, g.op("Concat", [prefix_length, own_length], axis=0)], 2, axis=-1
    )
    return g.op("Add", [g.op("MatMul", [to_prefix, prefix[1]]), g.op("MatMul", [to_own, own[1]])])


def build_decoder(w: dict, dims: dict) -> onnx.ModelProto:
    g = Graph("dec_")
    width, n_heads, n_layers = dims["n_text_state"], dims["n_text_head"], dims["n_text_layer"]
    head_width = width // n_heads
    prefix = g.op("Shape", ["prefix_k"], start=2, end=3)  # [prefix]
    past = g.op("Shape", ["self_k"], start=2, end=3)  # [past]
    new = g.op("Shape", ["tokens"], start=1, end=2)  # [new]
    own_total = g.op("Add", [past, new])
    offset = g.op("Add", [prefix, past])
    embeddings = g.weight(w["decoder/embeddings/weight"], "embeddings")
    x = g.op("Gather", [embeddings, "tokens"], axis=0)  # beams x new x width
    positions = g.op(
        "Slice",
        [
            g.weight(w["decoder/position_encodings/encodings"], "pos"),
            offset,
            g.op("Add", [offset, new]),
            g.ints([0]),
        ],
    )
    x = g.op("Add", [x, positions])
    # Causal mask over the prefix (always seen) and past + new: new token i sees up to past + i.
    zero, one = g.const(np.array(0, dtype=np.int64)), g.const(np.array(1, dtype=np.int64))
    rows = g.op(
        "Add", [g.op("Range", [zero, g.op("Squeeze", [new]), one]), g.op("Squeeze", [past])]
    )
    cols = g.op("Range", [zero, g.op("Squeeze", [own_total]), one])
    allowed = g.op(
        "LessOrEqual",
        [g.op("Unsqueeze", [cols, g.ints([0])]), g.op("Unsqueeze", [rows, g.ints([1])])],
    )
    own_mask = g.op(
        "Where",
        [
            allowed,
            g.const(np.array(0.0, dtype=np.float32)),
            g.const(np.array(-1e9, dtype=np.float32)),
        ],
    )  # new x (past + new)
    prefix_mask = g.op(
        "ConstantOfShape",
        [g.op("Concat", [new, prefix], axis=0)],
        value=helper.make_tensor("zero", TensorProto.FLOAT, [1], [0.0]),
    )
    mask = g.op("Concat", [prefix_mask, own_mask], axis=1)  # new x (prefix + past + new)
    new_keys, new_values, attentions = [], [], []
    for layer in range(n_layers):
        p = f"decoder/layer_{layer}"
        index = g.ints([layer])
        h = layer_norm(g, x, w, p + "/self_attention/layer_norm")
        qkv = linear(g, h, w, p + "/self_attention/linear_0")
        q, k, v = g.ops("Split", [qkv, g.ints([width, width, width])], 3, axis=-1)
        past_k = g.op("Squeeze", [g.op("Gather", ["self_k", index], axis=0), g.ints([0])])
        past_v = g.op("Squeeze", [g.op("Gather", ["self_v", index], axis=0), g.ints([0])])
        all_k = g.op("Concat", [past_k, k], axis=1)
        all_v = g.op("Concat", [past_v, v], axis=1)
        new_keys.append(g.op("Unsqueeze", [all_k, g.ints([0])]))
        new_values.append(g.op("Unsqueeze", [all_v, g.ints([0])]))
        prefix_k = g.op("Squeeze", [g.op("Gather", ["prefix_k", index], axis=0), g.ints([0])])
        prefix_v = g.op("Squeeze", [g.op("Gather", ["prefix_v", index], axis=0), g.ints([0])])
        out = attend_after_prefix(
            g,
            heads(g, q, n_heads, width),
            (heads(g, prefix_k, n_heads, width), heads(g, prefix_v, n_heads, width)),
            (heads(g, all_k, n_heads, width), heads(g, all_v, n_heads, width)),
            head_width,
            mask,
        )
        x = g.op(
            "Add", [x, linear(g, merge_heads(g, out, width), w, p + "/self_attention/linear_1")]
        )
        h = layer_norm(g, x, w, p + "/attention/layer_norm")
        q = linear(g, h, w, p + "/attention/linear_0")
        cross_k = g.op("Squeeze", [g.op("Gather", ["cross_k", index], axis=0), g.ints([0])])
        cross_v = g.op("Squeeze", [g.op("Gather", ["cross_v", index], axis=0), g.ints([0])])
        out, weights = attend(
            g,
            heads(g, q, n_heads, width),
            heads(g, cross_k, n_heads, width),
            heads(g, cross_v, n_heads, width),
            head_width,
        )
        attentions.append(g.op("Unsqueeze", [weights, g.ints([0])]))
        x = g.op("Add", [x, linear(g, merge_heads(g, out, width), w, p + "/attention/linear_2")])
        h = layer_norm(g, x, w, p + "/ffn/layer_norm")
        h = linear(g, gelu(g, linear(g, h, w, p + "/ffn/linear_0")), w, p + "/ffn/linear_1")
        x = g.op("Add", [x, h])
    x = layer_norm(g, x, w, "decoder/layer_norm")
    last = g.op("Gather", [x, g.const(np.array(-1, dtype=np.int64))], axis=1)  # beams x width
    # The output projection is the token embeddings, tied: Gemm reads them transposed in place,
    # where a Transpose would be folded into a second copy of them (80 MB at tiny's size).
    g.nodes.append(helper.make_node("Gemm", [last, embeddings], ["logits"], transB=1))
    g.nodes.append(helper.make_node("Concat", new_keys, ["new_self_k"], axis=0))
    g.nodes.append(helper.make_node("Concat", new_values, ["new_self_v"], axis=0))
    g.nodes.append(helper.make_node("Concat", attentions, ["cross_attention"], axis=0))
    f = TensorProto.FLOAT
    graph = helper.make_graph(
        g.nodes,
        "whisper_decoder",
        [
            helper.make_tensor_value_info("tokens", TensorProto.INT64, ["beams", "new"]),
            helper.make_tensor_value_info("prefix_k", f, [n_layers, 1, "prefix", width]),
            helper.make_tensor_value_info("prefix_v", f, [n_layers, 1, "prefix", width]),
            helper.make_tensor_value_info("self_k", f, [n_layers, "beams", "past", width]),
            helper.make_tensor_value_info("self_v", f, [n_layers, "beams", "past", width]),
            helper.make_tensor_value_info("cross_k", f, [n_layers, 1, "frames", width]),
            helper.make_tensor_value_info("cross_v", f, [n_layers, 1, "frames", width]),
        ],
        [
            helper.make_tensor_value_info("logits", f, ["beams", dims["n_vocab"]]),
            helper.make_tensor_value_info("new_self_k", f, [n_layers, "beams", "total", width]),
            helper.make_tensor_value_info("new_self_v", f, [n_layers, "beams", "total", width]),
            helper.make_tensor_value_info(
                "cross_attention", f, [n_layers, "beams", n_heads, "new", "frames"]
            ),
        ],
        g.initializers,
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], ir_version=8)
