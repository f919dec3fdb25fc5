// A C++20 coroutine program for the real-program differential suite (issue 18: a printer
// difference once showed up in mergefunc's thunks around coroutine frames).
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

template <typename T> struct Generator {
  struct promise_type {
    T value{};
    Generator get_return_object() { return Generator{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(T v) { value = v; return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Generator(std::coroutine_handle<promise_type> h) : h(h) {}
  Generator(Generator &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Generator() { if (h) h.destroy(); }
  bool next() { h.resume(); return !h.done(); }
  T get() const { return h.promise().value; }
};

Generator<int> counter(int n) { for (int i = 0; i < n; ++i) co_yield i; }
Generator<int> counter2(int n) { for (int i = 0; i < n; ++i) co_yield i; }
Generator<long> squares(long n) { for (long i = 0; i < n; ++i) co_yield i * i; }
Generator<unsigned> ucounter(unsigned n) { for (unsigned i = 0; i < n; ++i) co_yield i; }
Generator<int> evens(int n) { for (int i = 0; i < n; i += 2) co_yield i; }

template <typename G> long drain(G g) { long s = 0; while (g.next()) s += g.get(); return s; }

int main(int argc, char **) {
  long t = drain(counter(argc * 10)) + drain(counter2(argc * 10)) + drain(squares(argc * 5)) +
           drain(ucounter(argc * 7)) + drain(evens(argc * 9));
  std::printf("%ld\n", t);
  return 0;
}
