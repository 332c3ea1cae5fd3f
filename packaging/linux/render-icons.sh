#!/usr/bin/env bash
# Renders the app icon's SVG sources into the PNGs that are committed beside them, and
# copies them into the hicolor icon theme tree used by the desktop file and Flatpak.
# Needs rsvg-convert (Debian: librsvg2-bin). Only the icon's author runs this: the PNGs
# are committed, so building or installing the app never needs it.
set -euo pipefail

repo_root="$(cd "$(dirname "$0")/../.." && pwd)"
icons="$repo_root/resources/icons"
hicolor="$repo_root/packaging/linux/icons/hicolor"
app_id="io.github.phase10keeper.Phase10Keeper"

# Small sizes have their own drawings: the full one's detail turns to mush there.
source_for_size() {
    case "$1" in
        16) echo "$icons/phase10-keeper-16.svg" ;;
        24) echo "$icons/phase10-keeper-24.svg" ;;
        32 | 48) echo "$icons/phase10-keeper-medium.svg" ;;
        *) echo "$icons/phase10-keeper.svg" ;;
    esac
}

for size in 16 24 32 48 64 128 256 512; do
    png="$icons/phase10-keeper-$size.png"
    rsvg-convert --width "$size" --height "$size" --output "$png" "$(source_for_size "$size")"
    mkdir -p "$hicolor/${size}x${size}/apps"
    cp "$png" "$hicolor/${size}x${size}/apps/$app_id.png"
done
mkdir -p "$hicolor/scalable/apps"
cp "$icons/phase10-keeper.svg" "$hicolor/scalable/apps/$app_id.svg"
echo "rendered icons into $icons and $hicolor"
