#!/usr/bin/env bash
# Builds the one-folder PyInstaller bundle into dist/phase10-keeper/ and checks that the
# frozen command line works by making a blank score sheet without a display.
#
# Usage: packaging/pyinstaller/build.sh   (from anywhere; PYTHON picks the interpreter)
# Works on Linux and macOS. On Windows run the same steps by hand (see packaging/README.md).
set -euo pipefail

repo_root="$(cd "$(dirname "$0")/../.." && pwd)"
build_dir="$repo_root/build/pyinstaller"
dist_dir="$repo_root/dist"
venv="$build_dir/venv"
python="${PYTHON:-python3}"

started=$(date +%s)

# A venv of its own, so the bundle holds the project's dependencies and nothing else
# that happens to be installed in a development environment.
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet "pyinstaller>=6.10,<7"
if [[ "$(uname -s)" == "Darwin" ]]; then
    # PyInstaller converts the PNG icon to .icns with Pillow.
    "$venv/bin/python" -m pip install --quiet pillow
fi
"$venv/bin/python" -m pip install --quiet "$repo_root"

"$venv/bin/pyinstaller" --noconfirm --clean --log-level WARN \
    --distpath "$dist_dir" --workpath "$build_dir/work" \
    "$repo_root/packaging/pyinstaller/phase10-keeper.spec"

built=$(date +%s)

# Smoke test of the frozen console program. QT_QPA_PLATFORM=offscreen in case the
# command touches Qt at all: a build machine has no display.
bundle="$dist_dir/phase10-keeper"
smoke_dir="$(mktemp -d)"
trap 'rm -rf "$smoke_dir"' EXIT
QT_QPA_PLATFORM=offscreen "$bundle/phase10-keeper" --version
QT_QPA_PLATFORM=offscreen "$bundle/phase10-keeper" sheet "$smoke_dir/blank.pdf"
if [[ "$(head -c 5 "$smoke_dir/blank.pdf")" != "%PDF-" ]]; then
    echo "error: the frozen program did not write a PDF" >&2
    exit 1
fi

echo "build time: $((built - started)) s (venv, install and PyInstaller)"
echo "dist size: $(du -sh "$bundle" | cut -f1) in $bundle"
echo "smoke test: wrote a blank sheet of $(wc -c <"$smoke_dir/blank.pdf") bytes"
