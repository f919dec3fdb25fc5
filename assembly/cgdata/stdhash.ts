// The order in which libstdc++'s std::unordered_map<uint64_t, V> walks its keys, modelled.
//
// LLVM's StableFunctionMap keeps its functions by hash in such a table, and llvm-cgdata --merge
// interns the merged map's names in the order it walks each input's table (map.ts `merge`), so
// the names of a merged .cgdata come out in that order. The table, as libstdc++ builds it with
// std::hash<uint64_t> (the key itself) and the default maximum load factor 1:
// - all nodes sit on one singly linked list, which iteration follows from its head;
// - bucket b (key % bucket count) records the node *before* its first node (the list head's
//   sentinel for the bucket whose nodes start the list), and a bucket's nodes are consecutive;
// - a new key goes first in its bucket if the bucket has nodes, else at the head of the list;
// - growth: the first insertion makes 13 buckets; when the count would pass the bucket count, the
//   table is rebuilt with the first bucket count of the policy's list (stdhash-primes.ts) that is
//   at least max(count + 1, twice the old count), relinking the nodes in list order: a node whose
//   new bucket is empty goes to the list head, any other right after its bucket's "before" node;
// - erasing unlinks the node and mends the bucket pointers; the table never shrinks.
// Checked against llvm-cgdata-22 --merge (tests/node/passes/cgdata.test.js), whose merged names follow
// this order through several rebuilds.
import { I32Vec, I64Vec } from "../util/vec";
import { STD_HASH_SMALL, STD_HASH_PRIMES } from "./stdhash-primes";

const EMPTY: i32 = -1;        // a bucket without nodes
const BEFORE_BEGIN: i32 = -2; // the list head's sentinel, as a bucket's "before" node

// The bucket count the policy picks for at least n buckets; it also sets the next resize point.
function policyBuckets(n: u64): u64 {
  if (n < <u64>STD_HASH_SMALL.length) return <u64>STD_HASH_SMALL[<i32>n];
  let lo = 0, hi = STD_HASH_PRIMES.length - 1;
  while (lo < hi) {
    let mid = (lo + hi) >> 1;
    if (unchecked(STD_HASH_PRIMES[mid]) < n) lo = mid + 1; else hi = mid;
  }
  return unchecked(STD_HASH_PRIMES[lo]);
}

@final export class StdHashOrder {
  key: I64Vec = new I64Vec();     // node -> key (u64 bits)
  next: I32Vec = new I32Vec();    // node -> next node on the list, -1 at the end
  buckets: I32Vec = new I32Vec(); // bucket -> the node before its first node, EMPTY or BEFORE_BEGIN
  head: i32 = -1;                 // first node on the list
  count: i32 = 0;                 // live nodes
  bucketCount: u64 = 1;
  nextResize: u64 = 0;

  constructor() { this.buckets.push(EMPTY); }

  @inline private bucketOf(k: u64): i32 { return <i32>(k % this.bucketCount); }
  @inline keyOf(node: i32): u64 { return <u64>this.key.get(node); }
  // Iteration: first() then nextOf() until -1.
  @inline first(): i32 { return this.head; }
  @inline nextOf(node: i32): i32 { return this.next.get(node); }
  // Nodes ever made (ids are dense, in insertion order; erased ones are not reused).
  @inline get nodeCount(): i32 { return this.key.len; }

  // The node holding key k, or -1.
  find(k: u64): i32 {
    let b = this.bucketOf(k);
    let before = this.buckets.get(b);
    if (before == EMPTY) return -1;
    let n = before == BEFORE_BEGIN ? this.head : this.next.get(before);
    while (n >= 0) {
      let nk = <u64>this.key.get(n);
      if (nk == k) return n;
      if (this.bucketOf(nk) != b) return -1;
      n = this.next.get(n);
    }
    return -1;
  }

  // Adds key k, which must not be present; returns its node (the next id).
  insert(k: u64): i32 {
    let elems = <u64>this.count + 1;
    if (elems > this.nextResize) {
      let minBuckets = elems;
      if (this.nextResize == 0 && minBuckets < 11) minBuckets = 11;
      if (minBuckets >= this.bucketCount) {
        let want = minBuckets + 1;
        if (want < this.bucketCount * 2) want = this.bucketCount * 2;
        let n = policyBuckets(want);
        this.nextResize = n;
        this.rehash(n);
      } else this.nextResize = this.bucketCount;
    }
    let node = this.key.push(<i64>k);
    this.next.push(-1);
    let b = this.bucketOf(k);
    let before = this.buckets.get(b);
    if (before != EMPTY) {
      let after = before == BEFORE_BEGIN ? this.head : this.next.get(before);
      this.next.set(node, after);
      if (before == BEFORE_BEGIN) this.head = node; else this.next.set(before, node);
    } else {
      let oldHead = this.head;
      this.next.set(node, oldHead);
      this.head = node;
      // the bucket that started the list now starts after the new node
      if (oldHead >= 0) this.buckets.set(this.bucketOf(<u64>this.key.get(oldHead)), node);
      this.buckets.set(b, BEFORE_BEGIN);
    }
    this.count++;
    return node;
  }

  private rehash(n: u64): void {
    let nb = <i32>n;
    let buckets = new I32Vec(nb);
    buckets.resize(nb, EMPTY);
    this.bucketCount = n;
    let p = this.head;
    this.head = -1;
    let headBucket = 0;
    while (p >= 0) {
      let following = this.next.get(p);
      let b = this.bucketOf(<u64>this.key.get(p));
      let before = buckets.get(b);
      if (before == EMPTY) {
        this.next.set(p, this.head);
        this.head = p;
        buckets.set(b, BEFORE_BEGIN);
        if (this.next.get(p) >= 0) buckets.set(headBucket, p);
        headBucket = b;
      } else {
        let after = before == BEFORE_BEGIN ? this.head : this.next.get(before);
        this.next.set(p, after);
        if (before == BEFORE_BEGIN) this.head = p; else this.next.set(before, p);
      }
      p = following;
    }
    this.buckets = buckets;
  }

  // Removes node (live).
  erase(node: i32): void {
    let b = this.bucketOf(<u64>this.key.get(node));
    let before = this.buckets.get(b);
    // the node before `node` on the list
    let prev = before;
    let cur = before == BEFORE_BEGIN ? this.head : this.next.get(before);
    while (cur != node) { prev = cur; cur = this.next.get(cur); }
    let following = this.next.get(node);
    if (prev == before) {
      // node was the first of its bucket
      let nextBucket = following >= 0 ? this.bucketOf(<u64>this.key.get(following)) : 0;
      if (following < 0 || nextBucket != b) {
        if (following >= 0) this.buckets.set(nextBucket, before);
        this.buckets.set(b, EMPTY);
      }
    } else if (following >= 0) {
      let nextBucket = this.bucketOf(<u64>this.key.get(following));
      if (nextBucket != b) this.buckets.set(nextBucket, prev);
    }
    if (prev == BEFORE_BEGIN) this.head = following; else this.next.set(prev, following);
    this.next.set(node, -1);
    this.count--;
  }
}
