#!/usr/bin/env bash
# Starts a bundle's windowed app, as a user would, in a scratch home, and checks it:
#   its window appears (within 60 s);
#   a second start hands over to it and ends with 0 (one app per data folder, within 30 s);
#   SIGTERM, as a logout sends, ends it with 0 (within 30 s);
#   its log (phase10-keeper.log in its data folder) holds no error and no traceback, and
#   it said nothing on stderr.
# The window opens on the display there is, else under xvfb-run. Needs xwininfo
# (Debian/Ubuntu: apt-get install x11-utils; xvfb-run is in xvfb).
#
# Usage: packaging/linux/smoke-app.sh PATH/TO/phase10-keeper-app
set -euo pipefail

app="$(realpath "$1")"
if [[ -z "${DISPLAY:-}" ]]; then
  command -v xvfb-run >/dev/null \
    || { echo "error: no display, and xvfb-run is not installed to give one" >&2; exit 1; }
  exec xvfb-run -a "$0" "$@"
fi
command -v xwininfo >/dev/null || { echo "error: xwininfo is not installed" >&2; exit 1; }

scratch="$(mktemp -d)"
app_pid=""
finish() {
  if [[ -n "$app_pid" ]] && kill -0 "$app_pid" 2>/dev/null; then kill -KILL "$app_pid"; fi
  rm -rf "$scratch"
}
trap finish EXIT
unset PHASE10_KEEPER_DATA_DIR
export HOME="$scratch/home" XDG_DATA_HOME="$scratch/home/.local/share" \
  XDG_CONFIG_HOME="$scratch/home/.config" XDG_CACHE_HOME="$scratch/home/.cache" \
  LC_ALL=C.UTF-8 QT_QPA_PLATFORM=xcb
mkdir -p "$HOME"
log="$XDG_DATA_HOME/phase10-keeper/phase10-keeper.log"
errors="$scratch/stderr"

fail() {
  echo "error: $1" >&2
  echo "--- the app's stderr:" >&2
  cat "$errors" >&2
  echo "--- its log ($log):" >&2
  if [[ -f "$log" ]]; then cat "$log" >&2; else echo "(none)" >&2; fi
  exit 1
}

# Waits up to $1 seconds for the command after it to succeed, in steps of a fifth.
within() {
  local steps=$(($1 * 5))
  shift
  for ((step = 0; step < steps; step++)); do
    if "$@"; then return 0; fi
    sleep 0.2
  done
  return 1
}

app_window_shows() {
  local window
  for window in $(xwininfo -root -tree | awk '/\("phase10-keeper-app" / {print $1}'); do
    xwininfo -id "$window" | grep -q "Map State: IsViewable" && return 0
  done
  return 1
}
app_ended() { ! kill -0 "$app_pid" 2>/dev/null; }

"$app" 2>"$errors" &
app_pid=$!
within 60 app_window_shows || fail "the app's window did not appear within 60 s"

timeout 30 "$app" 2>>"$errors" \
  || fail "a second start did not hand over to the running app and end with 0 (exit $?)"
kill -0 "$app_pid" 2>/dev/null || fail "the app ended when a second start handed over to it"

kill -TERM "$app_pid"
within 30 app_ended || fail "the app did not end within 30 s of SIGTERM"
status=0
wait "$app_pid" || status=$?
app_pid=""
[[ $status -eq 0 ]] || fail "the app ended with $status on SIGTERM"

if [[ -f "$log" ]] && grep -qE "ERROR|CRITICAL|Traceback" "$log"; then
  fail "the app's log holds an error"
fi
if [[ -s "$errors" ]]; then fail "the app said something on stderr"; fi
echo "the app opened its window, took a second start's handover and ended on SIGTERM, cleanly"
if [[ -f "$log" ]]; then
  echo "its log:"
  cat "$log"
else
  echo "its log: empty (no file)"
fi
