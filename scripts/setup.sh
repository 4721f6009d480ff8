#!/usr/bin/env bash
# Sets up bpdiff on a Debian machine: the debug adapters it drives (from Debian's packages), the npm
# dependencies, and the build. Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: debugpy (Python), lldb-dap (C/C++/Rust, D, Nim...), delve + Go (Go), a JDK (bpdiff's
# Java adapter, which the build compiles with javac and which runs on the JDK's JDI), Ruby (its debug
# gem is rdbg; rspec and bundler for the Ruby tests), gdb (for cdt-gdb-adapter, below), the compilers
# of the Fortran and D examples, make (the examples' Makefiles, and cdt-gdb-adapter's install, which
# builds a native module with node-gyp: make, g++ and python3), and Perl::LanguageServer
# (examples/adapters/perl.json).
packages=(python3-debugpy lldb-19 delve golang-go default-jdk-headless ruby ruby-rspec bundler gdb gfortran g++ make gdc libperl-languageserver-perl)
missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  elif command -v sudo >/dev/null 2>&1; then
    echo "setup: installing ${missing[*]} with sudo" >&2
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup: please install as root: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

# cdt-gdb-adapter (Eclipse CDT's DAP adapter over gdb, npm) for the gdb adapter: installed on its
# own, not a dependency of bpdiff, as the other adapters are installed beside it. Its install script
# builds a pty module with node-gyp (a compiler for every bpdiff user, for a terminal bpdiff never
# opens; the adapter runs without it), it brings serialport, and its licence is the EPL-2.0.
if ! command -v cdtDebugAdapter >/dev/null 2>&1; then
  echo "setup: installing cdt-gdb-adapter" >&2
  if [ "$(id -u)" -eq 0 ] || [ -w "$(npm prefix -g)" ]; then
    npm install -g --no-audit --no-fund --loglevel=error cdt-gdb-adapter@1.7.0
  elif command -v sudo >/dev/null 2>&1; then
    sudo npm install -g --no-audit --no-fund --loglevel=error cdt-gdb-adapter@1.7.0
  else
    echo "setup: please install as root: npm install -g cdt-gdb-adapter@1.7.0" >&2
    exit 1
  fi
  # npm's global folder may not be on PATH (a prefix of the user's own): said now, not as a test fails.
  if ! command -v cdtDebugAdapter >/dev/null 2>&1; then
    echo "setup: cdt-gdb-adapter is installed in $(npm prefix -g)/bin, which is not on PATH: add it to PATH" >&2
    exit 1
  fi
fi

# npm dependencies exactly as locked, then the build (dist/). npm ci runs the package's `prepare`
# script, which is the build: it is not run twice.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
else
  npm run --silent build
fi
echo "setup: done — try: node dist/bin/bpdiff.cjs --help" >&2
