"""The kit's build backend (PEP 517), standard library only.

`pip install bridges/python` (or `pip wheel`, `python -m build`) calls it to build the kit's wheel
and source archive, with nothing to download: the kit has no dependencies, and needs none to be
built. It reads the name, version and summary from `pyproject.toml` and packs `riftcheck_bridge/`.
"""

import base64
import hashlib
import io
import tarfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "riftcheck_bridge"


def _project():
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def _metadata():
    p = _project()
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {p['name']}",
        f"Version: {p['version']}",
        f"Summary: {p['description']}",
        f"Requires-Python: {p['requires-python']}",
        f"License: {p['license']['text']}",
    ]
    lines += [f"Classifier: {c}" for c in p.get("classifiers", [])]
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + (ROOT / "README.md").read_text(encoding="utf-8")


def _files():
    """The package's files, in a stable order: every module and the typing marker."""
    return sorted(
        f for f in (ROOT / PACKAGE).rglob("*")
        if f.is_file() and "__pycache__" not in f.parts and f.suffix in (".py", ".typed")
    )


def _dist_name():
    p = _project()
    return f"{p['name'].replace('-', '_')}-{p['version']}"


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    dist = _dist_name()
    info = f"{dist}.dist-info"
    entries = [(f.relative_to(ROOT).as_posix(), f.read_bytes()) for f in _files()]
    entries.append((f"{info}/METADATA", _metadata().encode()))
    entries.append((
        f"{info}/WHEEL",
        b"Wheel-Version: 1.0\nGenerator: kit_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    ))
    record = [_record_line(n, d) for n, d in entries] + [f"{info}/RECORD,,"]
    entries.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    name = f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(Path(wheel_directory) / name, "w", zipfile.ZIP_DEFLATED) as z:
        for n, data in entries:
            info_ = zipfile.ZipInfo(n, date_time=(2020, 1, 1, 0, 0, 0))
            info_.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info_, data)
    return name


def build_sdist(sdist_directory, config_settings=None):
    dist = _dist_name()
    name = f"{dist}.tar.gz"
    paths = [ROOT / "pyproject.toml", ROOT / "README.md"] + _files()
    paths += sorted((ROOT / "build_backend").glob("*.py"))
    with tarfile.open(Path(sdist_directory) / name, "w:gz") as t:
        for f in paths:
            data = f.read_bytes()
            member = tarfile.TarInfo(f"{dist}/{f.relative_to(ROOT).as_posix()}")
            member.size = len(data)
            member.mtime = 0
            t.addfile(member, io.BytesIO(data))
        pkg = f"Metadata-Version: 2.1\nName: {_project()['name']}\nVersion: {_project()['version']}\n"
        member = tarfile.TarInfo(f"{dist}/PKG-INFO")
        member.size = len(pkg.encode())
        t.addfile(member, io.BytesIO(pkg.encode()))
    return name
