// The C example: clang -O0 keeps every local in an alloca; mem2reg turns the loop's and the
// branch's variables into phis, and mergefunc folds the two identical checksum functions.
int clamp(int x, int lo, int hi) {
  int r = x;
  if (x < lo) r = lo;
  else if (x > hi) r = hi;
  return r;
}

int sum_to(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += clamp(i, 0, 100);
  return s;
}

unsigned checksum_a(const unsigned char *p, int n) {
  unsigned h = 5381;
  for (int i = 0; i < n; i++) h = h * 33 + p[i];
  return h;
}

unsigned checksum_b(const unsigned char *p, int n) {
  unsigned h = 5381;
  for (int i = 0; i < n; i++) h = h * 33 + p[i];
  return h;
}
