#!/usr/bin/env bash
# Runs a command under an X server of its own: `own_xvfb.sh COMMAND ARGS...`.
#
# Why not `xvfb-run -a`: it picks a display number by looking for a free lock
# file, then starts Xvfb on it. Two tests started at once (ctest -j2) can pick
# the same number; the second server fails, and its test then draws on the
# first one's server until that one exits, after which glfwInit fails in the
# middle of the run. Here Xvfb picks the display itself (-displayfd), taking its
# lock atomically, and tells us the number it got.
set -u
dir=$(mktemp -d)
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$dir/display" 2>"$dir/xvfb.log" &
server=$!
for _ in $(seq 1 200); do
  [ -s "$dir/display" ] && break
  kill -0 "$server" 2>/dev/null || break
  sleep 0.05
done
if [ ! -s "$dir/display" ]; then
  echo "own_xvfb: the X server did not start:" >&2
  cat "$dir/xvfb.log" >&2
  kill "$server" 2>/dev/null
  rm -rf "$dir"
  exit 1
fi
export DISPLAY=":$(head -n 1 "$dir/display")"
"$@"
status=$?
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
rm -rf "$dir"
exit "$status"
