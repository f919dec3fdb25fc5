// Benchmark input for bench/real.js: a telemetry processor written for wopt's benchmark, compiled
// by clang-19 and clang-22 at -O2 and run through mergefunc (and parse+print).
//
// Readings of many physical quantities arrive on typed channels; each channel keeps its samples
// in its own small containers, cleans and summarises them with generic algorithms, and a set of
// visitors (virtual double dispatch, and std::visit over a variant of every reading type) build
// the report. The quantity types are strong typedefs over a handful of representations
// (int32, int64, float, double), so most template instantiations compile to the same machine
// code for different types: the functions MergeFunctions exists to fold. Virtual members keep
// every instantiation alive at -O2 (the vtables reference them).
//
// Deterministic: no input, clock or environment; a fixed xorshift generator feeds the channels.
// Prints a report and a checksum, returns 0.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace telemetry {

// ---------------------------------------------------------------------------------------------
// Quantities: a value of representation Rep tagged with its unit.
// ---------------------------------------------------------------------------------------------
template <class Tag, class Rep>
struct Quantity {
  using rep = Rep;
  using tag = Tag;
  Rep v{};
  constexpr Quantity() = default;
  constexpr explicit Quantity(Rep x) : v(x) {}
  friend constexpr bool operator<(Quantity a, Quantity b) { return a.v < b.v; }
  friend constexpr bool operator==(Quantity a, Quantity b) { return a.v == b.v; }
  friend constexpr Quantity operator+(Quantity a, Quantity b) { return Quantity(Rep(a.v + b.v)); }
  friend constexpr Quantity operator-(Quantity a, Quantity b) { return Quantity(Rep(a.v - b.v)); }
  constexpr Quantity &operator+=(Quantity o) { v = Rep(v + o.v); return *this; }
};

struct Meters { static constexpr const char *name = "m"; };
struct Seconds { static constexpr const char *name = "s"; };
struct Kelvin { static constexpr const char *name = "K"; };
struct Pascal { static constexpr const char *name = "Pa"; };
struct Volts { static constexpr const char *name = "V"; };
struct Amperes { static constexpr const char *name = "A"; };
struct Lux { static constexpr const char *name = "lx"; };
struct Hertz { static constexpr const char *name = "Hz"; };
struct Grams { static constexpr const char *name = "g"; };
struct Bytes { static constexpr const char *name = "B"; };

using Distance = Quantity<Meters, std::int32_t>;
using Duration = Quantity<Seconds, std::int32_t>;
using Temperature = Quantity<Kelvin, std::int32_t>;
using Pressure = Quantity<Pascal, std::int32_t>;
using Voltage = Quantity<Volts, std::int64_t>;
using Current = Quantity<Amperes, std::int64_t>;
using Illuminance = Quantity<Lux, std::int64_t>;
using Frequency = Quantity<Hertz, double>;
using Mass = Quantity<Grams, double>;
using Traffic = Quantity<Bytes, std::uint64_t>;
using FineTemperature = Quantity<Kelvin, float>;
using FineDistance = Quantity<Meters, float>;

template <class Q> double toDouble(Q q) { return static_cast<double>(q.v); }

// ---------------------------------------------------------------------------------------------
// Containers.
// ---------------------------------------------------------------------------------------------

// A growable array with its own storage policy (doubling, never shrinking).
template <class T>
class Buffer {
public:
  Buffer() = default;
  Buffer(const Buffer &o) { reserve(o.size_); for (std::size_t i = 0; i < o.size_; ++i) data_[size_++] = o.data_[i]; }
  Buffer &operator=(const Buffer &o) { if (this != &o) { size_ = 0; reserve(o.size_); for (std::size_t i = 0; i < o.size_; ++i) data_[size_++] = o.data_[i]; } return *this; }
  ~Buffer() { delete[] data_; }

  void reserve(std::size_t n) {
    if (n <= cap_) return;
    std::size_t c = cap_ ? cap_ : 8;
    while (c < n) c *= 2;
    T *d = new T[c];
    for (std::size_t i = 0; i < size_; ++i) d[i] = data_[i];
    delete[] data_;
    data_ = d;
    cap_ = c;
  }
  void push(const T &x) { if (size_ == cap_) reserve(size_ + 1); data_[size_++] = x; }
  template <class Pred> std::size_t eraseIf(Pred p) {
    std::size_t w = 0;
    for (std::size_t r = 0; r < size_; ++r) if (!p(data_[r])) data_[w++] = data_[r];
    std::size_t removed = size_ - w;
    size_ = w;
    return removed;
  }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T &operator[](std::size_t i) { return data_[i]; }
  const T &operator[](std::size_t i) const { return data_[i]; }
  T *begin() { return data_; }
  T *end() { return data_ + size_; }
  const T *begin() const { return data_; }
  const T *end() const { return data_ + size_; }

private:
  T *data_ = nullptr;
  std::size_t size_ = 0, cap_ = 0;
};

// A fixed-capacity ring of the last N values, with their running sum.
template <class T, std::size_t N>
class Window {
public:
  void add(T x) {
    if (count_ == N) sum_ = sum_ - items_[head_]; else ++count_;
    items_[head_] = x;
    sum_ += x;
    head_ = (head_ + 1) % N;
  }
  std::size_t count() const { return count_; }
  T sum() const { return sum_; }
  T oldest() const { return items_[(head_ + N - count_) % N]; }

private:
  T items_[N]{};
  T sum_{};
  std::size_t head_ = 0, count_ = 0;
};

// A map kept as a sorted array of pairs: binary search on lookup, insertion in place.
template <class K, class V>
class FlatMap {
public:
  V &operator[](const K &k) {
    auto it = std::lower_bound(items_.begin(), items_.end(), k, [](const std::pair<K, V> &e, const K &key) { return e.first < key; });
    if (it == items_.end() || k < it->first) it = items_.insert(it, std::pair<K, V>(k, V{}));
    return it->second;
  }
  const V *find(const K &k) const {
    auto it = std::lower_bound(items_.begin(), items_.end(), k, [](const std::pair<K, V> &e, const K &key) { return e.first < key; });
    return it != items_.end() && !(k < it->first) ? &it->second : nullptr;
  }
  std::size_t size() const { return items_.size(); }
  template <class F> void forEach(F f) const { for (const auto &e : items_) f(e.first, e.second); }

private:
  std::vector<std::pair<K, V>> items_;
};

// ---------------------------------------------------------------------------------------------
// Algorithms.
// ---------------------------------------------------------------------------------------------

// Shell sort with the Ciura gaps: small inputs, no allocation.
template <class It, class Less>
void shellSort(It first, It last, Less less) {
  static const std::ptrdiff_t gaps[] = {701, 301, 132, 57, 23, 10, 4, 1};
  const std::ptrdiff_t n = last - first;
  for (std::ptrdiff_t gap : gaps) {
    for (std::ptrdiff_t i = gap; i < n; ++i) {
      auto tmp = first[i];
      std::ptrdiff_t j = i;
      for (; j >= gap && less(tmp, first[j - gap]); j -= gap) first[j] = first[j - gap];
      first[j] = tmp;
    }
  }
}

// Drops adjacent repeats of a sorted range in place; returns the new end.
template <class It>
It squeeze(It first, It last) {
  if (first == last) return last;
  It out = first;
  for (It i = first + 1; i != last; ++i) if (!(*out == *i)) *++out = *i;
  return out + 1;
}

template <class Q>
struct Summary {
  std::size_t count = 0;
  Q min{}, max{}, median{}, p90{};
  double mean = 0;
};

template <class Q>
Summary<Q> summarize(const Buffer<Q> &samples) {
  Summary<Q> s;
  s.count = samples.size();
  if (samples.empty()) return s;
  Buffer<Q> sorted(samples);
  shellSort(sorted.begin(), sorted.end(), [](Q a, Q b) { return a < b; });
  s.min = sorted[0];
  s.max = sorted[sorted.size() - 1];
  s.median = sorted[sorted.size() / 2];
  s.p90 = sorted[(sorted.size() * 9) / 10];
  double total = 0;
  for (const Q &q : samples) total += toDouble(q);
  s.mean = total / static_cast<double>(samples.size());
  return s;
}

// Counts samples per bucket of width `width` (in the representation's units).
template <class Q>
FlatMap<long long, std::size_t> histogram(const Buffer<Q> &samples, long long width) {
  FlatMap<long long, std::size_t> h;
  for (const Q &q : samples) {
    long long b = static_cast<long long>(toDouble(q)) / width;
    ++h[b];
  }
  return h;
}

// Removes samples further than `k` spreads from the median (spread = p90 - median).
template <class Q>
std::size_t dropOutliers(Buffer<Q> &samples, double k) {
  if (samples.size() < 4) return 0;
  Summary<Q> s = summarize(samples);
  double centre = toDouble(s.median), spread = toDouble(s.p90) - centre;
  if (spread <= 0) return 0;
  return samples.eraseIf([&](const Q &q) { double d = toDouble(q) - centre; return d > k * spread || -d > k * spread; });
}

// ---------------------------------------------------------------------------------------------
// Channels and the visitors that walk them.
// ---------------------------------------------------------------------------------------------

template <class Q> class Channel;

struct ChannelVisitor {
  virtual ~ChannelVisitor() = default;
  virtual void visit(Channel<Distance> &) = 0;
  virtual void visit(Channel<Duration> &) = 0;
  virtual void visit(Channel<Temperature> &) = 0;
  virtual void visit(Channel<Pressure> &) = 0;
  virtual void visit(Channel<Voltage> &) = 0;
  virtual void visit(Channel<Current> &) = 0;
  virtual void visit(Channel<Illuminance> &) = 0;
  virtual void visit(Channel<Frequency> &) = 0;
  virtual void visit(Channel<Mass> &) = 0;
  virtual void visit(Channel<Traffic> &) = 0;
  virtual void visit(Channel<FineTemperature> &) = 0;
  virtual void visit(Channel<FineDistance> &) = 0;
};

class ChannelBase {
public:
  explicit ChannelBase(std::string name) : name_(std::move(name)) {}
  virtual ~ChannelBase() = default;
  virtual void accept(ChannelVisitor &v) = 0;
  virtual std::size_t size() const = 0;
  virtual void ingest(std::uint64_t raw) = 0;
  virtual std::size_t clean() = 0;
  virtual std::uint64_t checksum() const = 0;
  virtual double smoothed() const = 0;
  const std::string &name() const { return name_; }

private:
  std::string name_;
};

template <class Q>
class Channel final : public ChannelBase {
public:
  using Rep = typename Q::rep;
  explicit Channel(std::string name, Rep scale) : ChannelBase(std::move(name)), scale_(scale) {}

  void accept(ChannelVisitor &v) override { v.visit(*this); }
  std::size_t size() const override { return samples_.size(); }
  void ingest(std::uint64_t raw) override {
    Q q(static_cast<Rep>(static_cast<Rep>(raw % 1000) * scale_));
    samples_.push(q);
    recent_.add(q);
  }
  std::size_t clean() override {
    std::size_t dropped = dropOutliers(samples_, 1.2);
    Buffer<Q> copy(samples_);
    shellSort(copy.begin(), copy.end(), [](Q a, Q b) { return a < b; });
    Q *end = squeeze(copy.begin(), copy.end());
    distinct_ = static_cast<std::size_t>(end - copy.begin());
    return dropped;
  }
  std::uint64_t checksum() const override {
    std::uint64_t h = 1469598103934665603ull;
    for (const Q &q : samples_) {
      std::uint64_t bits = 0;
      std::memcpy(&bits, &q.v, sizeof(q.v));
      h = (h ^ bits) * 1099511628211ull;
    }
    return h;
  }
  double smoothed() const override {
    return recent_.count() ? toDouble(recent_.sum()) / static_cast<double>(recent_.count()) : 0.0;
  }
  const Buffer<Q> &samples() const { return samples_; }
  std::size_t distinct() const { return distinct_; }

private:
  Rep scale_;
  Buffer<Q> samples_;
  Window<Q, 16> recent_;
  std::size_t distinct_ = 0;
};

// Writes one line per channel: count, range, median, mean.
class Reporter final : public ChannelVisitor {
public:
  explicit Reporter(std::string &out) : out_(out) {}
  void visit(Channel<Distance> &c) override { line(c); }
  void visit(Channel<Duration> &c) override { line(c); }
  void visit(Channel<Temperature> &c) override { line(c); }
  void visit(Channel<Pressure> &c) override { line(c); }
  void visit(Channel<Voltage> &c) override { line(c); }
  void visit(Channel<Current> &c) override { line(c); }
  void visit(Channel<Illuminance> &c) override { line(c); }
  void visit(Channel<Frequency> &c) override { line(c); }
  void visit(Channel<Mass> &c) override { line(c); }
  void visit(Channel<Traffic> &c) override { line(c); }
  void visit(Channel<FineTemperature> &c) override { line(c); }
  void visit(Channel<FineDistance> &c) override { line(c); }

private:
  template <class Q>
  void line(Channel<Q> &c) {
    Summary<Q> s = summarize(c.samples());
    char buf[200];
    std::snprintf(buf, sizeof buf, "%-12s n=%zu distinct=%zu min=%.1f%s median=%.1f max=%.1f mean=%.2f\n",
                  c.name().c_str(), s.count, c.distinct(), toDouble(s.min), Q::tag::name, toDouble(s.median),
                  toDouble(s.max), s.mean);
    out_ += buf;
  }
  std::string &out_;
};

// Counts histogram buckets per channel into a name → buckets table.
class Bucketer final : public ChannelVisitor {
public:
  void visit(Channel<Distance> &c) override { count(c, 50); }
  void visit(Channel<Duration> &c) override { count(c, 50); }
  void visit(Channel<Temperature> &c) override { count(c, 25); }
  void visit(Channel<Pressure> &c) override { count(c, 100); }
  void visit(Channel<Voltage> &c) override { count(c, 10); }
  void visit(Channel<Current> &c) override { count(c, 10); }
  void visit(Channel<Illuminance> &c) override { count(c, 200); }
  void visit(Channel<Frequency> &c) override { count(c, 5); }
  void visit(Channel<Mass> &c) override { count(c, 5); }
  void visit(Channel<Traffic> &c) override { count(c, 1000); }
  void visit(Channel<FineTemperature> &c) override { count(c, 25); }
  void visit(Channel<FineDistance> &c) override { count(c, 50); }
  const std::map<std::string, std::size_t> &buckets() const { return buckets_; }

private:
  template <class Q>
  void count(Channel<Q> &c, long long width) { buckets_[c.name()] = histogram(c.samples(), width).size(); }
  std::map<std::string, std::size_t> buckets_;
};

// ---------------------------------------------------------------------------------------------
// Loose readings: a variant of every quantity, dispatched with std::visit.
// ---------------------------------------------------------------------------------------------
using Reading = std::variant<Distance, Duration, Temperature, Pressure, Voltage, Current, Illuminance,
                             Frequency, Mass, Traffic, FineTemperature, FineDistance>;

template <class... Fs> struct Overload : Fs... { using Fs::operator()...; };
template <class... Fs> Overload(Fs...) -> Overload<Fs...>;

struct Totals {
  FlatMap<std::string, double> byUnit;
  std::size_t integral = 0, floating = 0;
};

template <class Q>
void tally(Totals &t, const Q &q) {
  t.byUnit[Q::tag::name] += toDouble(q);
  if constexpr (std::is_floating_point_v<typename Q::rep>) ++t.floating; else ++t.integral;
}

Totals totalReadings(const std::vector<Reading> &rs) {
  Totals t;
  for (const Reading &r : rs) std::visit([&](const auto &q) { tally(t, q); }, r);
  return t;
}

// The largest reading of each alternative, kept in a variant-indexed table.
std::vector<Reading> maxima(const std::vector<Reading> &rs) {
  std::vector<Reading> best(std::variant_size_v<Reading>);
  std::vector<bool> seen(best.size());
  for (const Reading &r : rs) {
    std::size_t i = r.index();
    if (!seen[i]) { best[i] = r; seen[i] = true; continue; }
    std::visit(Overload{
                   [&](const auto &q) {
                     using Q = std::decay_t<decltype(q)>;
                     Q &cur = std::get<Q>(best[i]);
                     if (cur < q) cur = q;
                   }},
               r);
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Input: a deterministic stream of raw values.
// ---------------------------------------------------------------------------------------------
class XorShift {
public:
  explicit XorShift(std::uint64_t seed) : s_(seed ? seed : 1) {}
  std::uint64_t next() { s_ ^= s_ << 13; s_ ^= s_ >> 7; s_ ^= s_ << 17; return s_; }

private:
  std::uint64_t s_;
};

template <class Q>
void addChannel(std::vector<std::unique_ptr<ChannelBase>> &cs, const char *name, typename Q::rep scale) {
  cs.push_back(std::make_unique<Channel<Q>>(name, scale));
}

Reading makeReading(std::uint64_t raw) {
  const auto v = static_cast<std::int32_t>(raw % 5000);
  switch (raw % std::variant_size_v<Reading>) {
    case 0: return Distance(v);
    case 1: return Duration(v);
    case 2: return Temperature(v);
    case 3: return Pressure(v);
    case 4: return Voltage(v);
    case 5: return Current(v);
    case 6: return Illuminance(v);
    case 7: return Frequency(v / 7.0);
    case 8: return Mass(v / 3.0);
    case 9: return Traffic(static_cast<std::uint64_t>(v) * 1024);
    case 10: return FineTemperature(static_cast<float>(v) / 2.0f);
    default: return FineDistance(static_cast<float>(v) / 4.0f);
  }
}

}  // namespace telemetry

int main() {
  using namespace telemetry;
  std::vector<std::unique_ptr<ChannelBase>> channels;
  addChannel<Distance>(channels, "odometer", 3);
  addChannel<Duration>(channels, "uptime", 7);
  addChannel<Temperature>(channels, "cpu-temp", 1);
  addChannel<Pressure>(channels, "barometer", 101);
  addChannel<Voltage>(channels, "battery", 12);
  addChannel<Current>(channels, "load", 5);
  addChannel<Illuminance>(channels, "ambient", 40);
  addChannel<Frequency>(channels, "clock", 1.5);
  addChannel<Mass>(channels, "scale", 0.25);
  addChannel<Traffic>(channels, "network", 1500);
  addChannel<FineTemperature>(channels, "probe", 0.5f);
  addChannel<FineDistance>(channels, "lidar", 0.01f);

  XorShift rng(0x5eed1234abcdull);
  for (int round = 0; round < 4000; ++round)
    for (auto &c : channels) c->ingest(rng.next());

  std::size_t dropped = 0;
  for (auto &c : channels) dropped += c->clean();

  std::string report;
  Reporter reporter(report);
  Bucketer bucketer;
  for (auto &c : channels) { c->accept(reporter); c->accept(bucketer); }
  std::fputs(report.c_str(), stdout);
  for (const auto &[name, n] : bucketer.buckets()) std::printf("%s: %zu buckets\n", name.c_str(), n);

  std::vector<Reading> loose;
  for (int i = 0; i < 20000; ++i) loose.push_back(makeReading(rng.next()));
  Totals totals = totalReadings(loose);
  totals.byUnit.forEach([](const std::string &unit, double sum) { std::printf("total %s: %.1f\n", unit.c_str(), sum); });
  std::vector<Reading> top = maxima(loose);
  double topSum = 0;
  for (const Reading &r : top) topSum += std::visit([](const auto &q) { return toDouble(q); }, r);

  std::uint64_t h = 0;
  for (auto &c : channels) h ^= c->checksum() + c->size() + static_cast<std::uint64_t>(c->smoothed());
  std::printf("dropped=%zu integral=%zu floating=%zu top=%.2f checksum=%016llx\n", dropped, totals.integral,
              totals.floating, topSum, static_cast<unsigned long long>(h));
  return 0;
}
