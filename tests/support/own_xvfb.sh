#!/usr/bin/env bash
# Runs a command under an X server of its own: `own_xvfb.sh COMMAND ARGS...`.
#
# -noreset: by default an X server resets when its last client disconnects, and
# a connection made during the reset is refused. A test that ends one GL window
# (glfwTerminate) and opens the next then fails in glfwInit ("Failed to open
# display") a few times in fifteen; xvfb-run starts Xvfb without -noreset.
# -displayfd: Xvfb picks a free display itself, taking its lock atomically, and
# tells us the number, where xvfb-run -a looks for a free lock file first and
# two tests started at once could pick the same one.
set -u
dir=$(mktemp -d)
Xvfb -displayfd 3 -noreset -screen 0 1280x800x24 -nolisten tcp 3>"$dir/display" 2>"$dir/xvfb.log" &
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
