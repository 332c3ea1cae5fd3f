#!/usr/bin/env sh
# Installs the frozen Phase 10 Keeper from this folder for the current user:
# the bundle into ~/.local/opt/phase10-keeper, its two commands into ~/.local/bin and,
# through its own `install-desktop-entry`, the app into the desktop's menu.
#   ./install.sh            install (again, over an older one)
#   ./install.sh --remove   take all of that out again
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
target="$HOME/.local/opt/phase10-keeper"
bin="$HOME/.local/bin"

case "${1:-}" in
  --remove)
    if [ -x "$target/phase10-keeper" ]; then
      "$target/phase10-keeper" install-desktop-entry --remove
    fi
    for program in phase10-keeper phase10-keeper-app; do
      if [ -L "$bin/$program" ]; then rm "$bin/$program"; fi
    done
    rm -rf "$target"
    echo "Removed $target"
    ;;
  "")
    mkdir -p "$HOME/.local/opt" "$bin"
    rm -rf "$target"
    cp -a "$here/phase10-keeper" "$target"
    for program in phase10-keeper phase10-keeper-app; do
      ln -sf "$target/$program" "$bin/$program"
    done
    "$target/phase10-keeper" install-desktop-entry
    echo "Installed in $target; the commands are in $bin"
    ;;
  *)
    echo "usage: $0 [--remove]" >&2
    exit 2
    ;;
esac
