#!/usr/bin/env bash
# Installs what building and testing need, from Debian's packages, if anything is missing.
set -euo pipefail
packages=(cmake ninja-build g++ clang libclang-rt-14-dev tao-pegtl-dev libfmt-dev catch2
          nlohmann-json3-dev libcli11-dev libboost-dev python3
          pkg-config libedit-dev tmux chromium chromium-driver python3-selenium
          libcpp-httplib-dev libjs-codemirror)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo=""
  [[ $(id -u) == 0 ]] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
