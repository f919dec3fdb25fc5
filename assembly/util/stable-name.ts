// LLVM's stable names (llvm/ADT/StableHashing.h get_stable_name), which global-merge-func hashes
// and records in its stable function map: names a build may vary (LTO's `.llvm.<n>` suffixes,
// `.__uniq.<n>` of unique internal linkage, `.content.<hash>` of content-named globals) reduced
// to the part every build agrees on.

// The last occurrence of the ASCII text s in the n bytes at p, or -1.
export function lastIndexOfAscii(p: usize, n: i32, s: string): i32 {
  let m = s.length;
  for (let i = n - m; i >= 0; i--) {
    let k = 0;
    while (k < m && <i32>load<u8>(p + <usize>(i + k)) == s.charCodeAt(k)) k++;
    if (k == m) return i;
  }
  return -1;
}

// get_stable_name of the n bytes at p: the part after the last ".content." when that is not empty;
// otherwise the name cut at its last ".llvm.", then at its last ".__uniq.". Returns where the
// stable part starts (high 32 bits) and its length (low 32 bits).
export function stableNameSpan(p: usize, n: i32): u64 {
  let c = lastIndexOfAscii(p, n, ".content.");
  if (c >= 0 && c + 9 < n) return (<u64>(c + 9) << 32) | <u64>(n - c - 9);
  let l = lastIndexOfAscii(p, n, ".llvm.");
  if (l >= 0) n = l;
  let u = lastIndexOfAscii(p, n, ".__uniq.");
  if (u >= 0) n = u;
  return <u64>n;
}
