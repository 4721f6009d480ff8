#!/bin/sh
# Builds the report once (into build/), then runs it on a day's export: ./run.sh data/monday.csv
# Two runs at once may both build: each compiles into a folder of its own, and the first renames it
# to build/ (a rename is atomic; the later one is dropped), so no run reads a half-written class.
set -e
cd "$(dirname "$0")"
if [ ! -d build ]; then
  fresh=$(mktemp -d build.tmp.XXXXXX)
  javac -g -d "$fresh" src/main/java/shop/*.java
  mv -T "$fresh" build 2>/dev/null || rm -rf "$fresh"
fi
java -cp build shop.Report "$@"
