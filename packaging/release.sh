#!/usr/bin/env bash
# Builds every release artefact that can be built on Linux, and checks each:
#   dist/phase10_keeper-<version>-py3-none-any.whl and dist/phase10_keeper-<version>.tar.gz
#       checked with `twine check`; the sdist must carry docs/ and the tests
#   dist/phase10-keeper-<version>-linux-<machine>.tar.gz
#       the PyInstaller bundle with its install script; installed into a scratch home,
#       its command line must make a sheet, and its app must open its window, take a
#       second start's handover and end on SIGTERM with nothing wrong in its log
#       (packaging/linux/smoke-app.sh; under xvfb-run when there is no display)
# and says which glibc the bundle needs (it carries the build machine's libraries).
#
# Usage: packaging/release.sh   (from anywhere; PYTHON picks the interpreter)
set -euo pipefail

repo_root="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-python3}"
work="$repo_root/build/release"
dist="$repo_root/dist"
version=$("$python" -c "import re,sys; print(re.search(r'__version__ = \"(.+?)\"', open(sys.argv[1]).read())[1])" \
  "$repo_root/phase10_keeper/__init__.py")
machine=$(uname -m)

rm -rf "$work"
mkdir -p "$work" "$dist"
rm -f "$dist"/phase10_keeper-"$version"* "$dist"/phase10-keeper-"$version"-linux-*.tar.gz

# Wheel and sdist, from a venv of their own.
"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet build twine
"$work/venv/bin/python" -m build --outdir "$dist" "$repo_root"
"$work/venv/bin/twine" check --strict "$dist/phase10_keeper-$version-py3-none-any.whl" \
  "$dist/phase10_keeper-$version.tar.gz"
sdist_files=$(tar -tzf "$dist/phase10_keeper-$version.tar.gz")
for needed in docs/screenshot.png tests/conftest.py resources/linux/io.github.phase10keeper.Phase10Keeper.desktop; do
  grep -q "^phase10_keeper-$version/$needed$" <<<"$sdist_files" \
    || { echo "error: the sdist lacks $needed" >&2; exit 1; }
done

# The frozen bundle: the app, its command line, and (in resources/) the desktop entry,
# the metainfo and the icons that its install-desktop-entry puts in the menu.
PYTHON="$python" "$repo_root/packaging/pyinstaller/build.sh"
name="phase10-keeper-$version-linux-$machine"
stage="$work/$name"
mkdir -p "$stage"
cp -a "$dist/phase10-keeper" "$stage/phase10-keeper"
install -m755 "$repo_root/packaging/linux/install-bundle.sh" "$stage/install.sh"
glibc=$(find "$stage/phase10-keeper" -type f \( -name '*.so*' -o -perm -u+x \) -print0 \
  | xargs -0 objdump -T 2>/dev/null | grep -o 'GLIBC_[0-9.]*' | sort -u -V | tail -n 1)
cat >"$stage/README.txt" <<EOF
Phase 10 Keeper $version for Linux ($machine), with its own Python and Qt.
Needs glibc ${glibc#GLIBC_} or newer, and the system libraries Qt needs (the app names any missing).

    ./install.sh            installs into ~/.local/opt/phase10-keeper, puts the two
                            commands in ~/.local/bin and the app in the menu
    ./install.sh --remove   takes all of that out again

Or run it from here: phase10-keeper/phase10-keeper-app
EOF
tar -C "$work" -czf "$dist/$name.tar.gz" "$name"

# Does the tarball install, and does what it installed start?
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
tar -C "$scratch" -xzf "$dist/$name.tar.gz"
export HOME="$scratch/home" XDG_DATA_HOME="$scratch/home/.local/share"
mkdir -p "$HOME"
"$scratch/$name/install.sh"
installed="$HOME/.local/bin"
"$installed/phase10-keeper" --version
"$installed/phase10-keeper" sheet "$scratch/blank.pdf"
[[ "$(head -c 5 "$scratch/blank.pdf")" == "%PDF-" ]] || { echo "error: no PDF" >&2; exit 1; }
grep -q "^Exec=$HOME/.local/opt/phase10-keeper/phase10-keeper-app$" \
  "$XDG_DATA_HOME/applications/io.github.phase10keeper.Phase10Keeper.desktop" \
  || { echo "error: the menu entry does not start the installed app" >&2; exit 1; }
# The installed app, started as from the menu: its window, the handover of a second
# start, SIGTERM, and nothing wrong in its log (under xvfb-run when there is no display).
"$repo_root/packaging/linux/smoke-app.sh" "$HOME/.local/opt/phase10-keeper/phase10-keeper-app"
"$scratch/$name/install.sh" --remove

echo
echo "release artefacts of $version:"
ls -l "$dist"/phase10_keeper-"$version"* "$dist/$name.tar.gz"
echo "the bundle needs glibc ${glibc#GLIBC_} or newer"
