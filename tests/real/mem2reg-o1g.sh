#!/usr/bin/env bash
# mem2reg on zstd's 40 files as an optimising build hands them over: clang-N -O1 -g with LLVM's
# passes off (key-instruction locations under 22), as compiled and after opt-N's
# declare-to-assign (#dbg_assign records), for N = 22 and 19: wopt's output must be byte-identical
# to opt-N's. Not in CI (about 4 minutes); run by hand after changing mem2reg's debug info.
#   tests/real/mem2reg-o1g.sh [shared dir, default ../shared]
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${1:-$ROOT/../shared}
Z=$SHARED/real-programs/zstd/lib
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
same=0; differ=0
for f in $(find "$Z" -name '*.c' | sort); do
  b=$(basename "$f" .c)
  for v in 22 19; do
    BIN=/usr/lib/llvm-$v/bin
    "$BIN/clang" -O1 -g -Xclang -disable-llvm-passes -S -emit-llvm -I"$Z" -I"$Z/common" "$f" -o "$OUT/$b-$v.ll" 2>/dev/null || continue
    "$BIN/opt" -S -passes=declare-to-assign "$OUT/$b-$v.ll" -o "$OUT/at-$b-$v.ll"
    for in in "$OUT/$b-$v.ll" "$OUT/at-$b-$v.ll"; do
      "$BIN/opt" -S -passes=mem2reg "$in" -o "$in.opt"
      node "$ROOT/bindings/cli.js" --llvm-version=$v -S -passes=mem2reg "$in" -o "$in.wopt"
      if cmp -s "$in.opt" "$in.wopt"; then same=$((same + 1)); else differ=$((differ + 1)); echo "differs: $(basename "$in") (LLVM $v)"; fi
    done
  done
done
echo "mem2reg at -O1 -g: $same identical, $differ differ"
[ "$differ" -eq 0 ]
