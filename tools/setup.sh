#!/usr/bin/env bash
# Installs the Debian packages clothsim needs (clang and libomp-dev: the fuzz
# targets, tools/fuzz.sh), only those that are missing.
# Runs as root, or through sudo when not root. Safe to run again.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  libglfw3-dev libglm-dev libimgui-dev python3-glad
  libtomlplusplus-dev libeigen3-dev libstb-dev
  libgtest-dev libbenchmark-dev libtinyobjloader-dev
  xvfb xauth libgl1-mesa-dri
  gnuplot-nox
  nlohmann-json3-dev libcli11-dev
  clang libomp-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "setup: missing packages and neither root nor sudo: ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
