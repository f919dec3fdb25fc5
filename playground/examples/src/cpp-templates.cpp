// The C++ example: one template instantiated for types of one size and layout gives identical
// linkonce_odr bodies, each in its own comdat, which mergefunc folds.
template <typename T> struct Box { T v; T get() const { return v; } };

template <typename T> int count(const T *a, int n, T k) {
  int c = 0;
  for (int i = 0; i < n; i++)
    if (a[i] == k) c++;
  return c;
}

int use_all(const int *i, const unsigned *u, const long *l, Box<int> b, Box<unsigned> c) {
  return count(i, 8, 1) + count(u, 8, 2u) + count(l, 8, 3L) + b.get() + (int)c.get();
}
