#!/usr/bin/env bash
# Checks the Linux desktop metadata with the freedesktop and AppStream validators.
# Needs desktop-file-validate (Debian: desktop-file-utils) and appstreamcli (Debian:
# appstream). --no-net because the screenshot and homepage URLs need not be reachable
# from the machine that builds.
set -euo pipefail

entries="$(cd "$(dirname "$0")/../../resources/linux" && pwd)"
app_id="io.github.phase10keeper.Phase10Keeper"

echo "desktop-file-validate $app_id.desktop"
desktop-file-validate "$entries/$app_id.desktop"

echo "appstreamcli validate --no-net $app_id.metainfo.xml"
appstreamcli validate --no-net "$entries/$app_id.metainfo.xml"

echo "Linux desktop metadata is valid"
