// Real-program input for the differential suite (tests/real/differential.mjs).
// A small inventory / order-processing application written to exercise the C++ standard
// library the way ordinary programs do: containers (vector, map, unordered_map, set, deque),
// strings and string streams (ostringstream / istringstream parsing), std::optional,
// std::variant, unique_ptr / shared_ptr, std::function callbacks stored in containers,
// class and function templates instantiated at several types (so that identical functions
// arise for mergefunc), virtual classes, exceptions, and <algorithm> / <numeric> with lambdas.
// The program is deterministic: it reads no input, no clock and no environment; the only
// "randomness" is a fixed linear congruential generator. It prints a report and returns 0.

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

namespace inv {

// ---------------------------------------------------------------------------------------------
// Deterministic pseudo-random numbers.
// ---------------------------------------------------------------------------------------------
class Lcg {
public:
  explicit Lcg(std::uint32_t seed) : state_(seed) {}
  std::uint32_t next() {
    state_ = state_ * 1664525u + 1013904223u;
    return state_ >> 8;
  }
  int range(int lo, int hi) { return lo + static_cast<int>(next() % static_cast<std::uint32_t>(hi - lo + 1)); }

private:
  std::uint32_t state_;
};

// ---------------------------------------------------------------------------------------------
// Exceptions.
// ---------------------------------------------------------------------------------------------
class InventoryError : public std::exception {
public:
  InventoryError(std::string sku, std::string what) : sku_(std::move(sku)), msg_(std::move(what)) {
    full_ = "inventory error [" + sku_ + "]: " + msg_;
  }
  const char *what() const noexcept override { return full_.c_str(); }
  const std::string &sku() const { return sku_; }

private:
  std::string sku_;
  std::string msg_;
  std::string full_;
};

class OutOfStock : public InventoryError {
public:
  OutOfStock(const std::string &sku, int wanted, int have)
      : InventoryError(sku, "out of stock: wanted " + std::to_string(wanted) + ", have " + std::to_string(have)),
        shortfall_(wanted - have) {}
  int shortfall() const { return shortfall_; }

private:
  int shortfall_;
};

// ---------------------------------------------------------------------------------------------
// Money as integer cents, with formatting.
// ---------------------------------------------------------------------------------------------
struct Money {
  long cents = 0;
  Money() = default;
  explicit Money(long c) : cents(c) {}
  Money operator+(Money o) const { return Money(cents + o.cents); }
  Money operator-(Money o) const { return Money(cents - o.cents); }
  Money operator*(long k) const { return Money(cents * k); }
  bool operator<(Money o) const { return cents < o.cents; }
  bool operator==(Money o) const { return cents == o.cents; }
};

std::ostream &operator<<(std::ostream &os, Money m) {
  long c = m.cents;
  if (c < 0) {
    os << '-';
    c = -c;
  }
  os << '$' << c / 100 << '.' << std::setw(2) << std::setfill('0') << c % 100 << std::setfill(' ');
  return os;
}

// ---------------------------------------------------------------------------------------------
// Generic helpers (function templates instantiated at several types).
// ---------------------------------------------------------------------------------------------
template <typename T> T clampValue(T v, T lo, T hi) { return v < lo ? lo : (hi < v ? hi : v); }

template <typename T> T sumOf(const std::vector<T> &xs) { return std::accumulate(xs.begin(), xs.end(), T{}); }

template <typename T> T maxOf(const std::vector<T> &xs) {
  if (xs.empty()) throw std::runtime_error("maxOf: empty vector");
  return *std::max_element(xs.begin(), xs.end());
}

template <typename T> std::size_t countIf(const std::vector<T> &xs, std::function<bool(const T &)> pred) {
  std::size_t n = 0;
  for (const T &x : xs)
    if (pred(x)) ++n;
  return n;
}

template <typename T> std::string joinAll(const std::vector<T> &xs, const std::string &sep) {
  std::ostringstream os;
  bool first = true;
  for (const T &x : xs) {
    if (!first) os << sep;
    os << x;
    first = false;
  }
  return os.str();
}

// Identity-like helpers whose bodies are the same at int / unsigned / long-sized pointers.
template <typename T> T firstNonNull(T a, T b) { return a ? a : b; }
template <typename T> T *pickPtr(T *a, T *b, bool second) { return second ? b : a; }

// ---------------------------------------------------------------------------------------------
// A fixed-capacity ring buffer (class template) used for recent-activity logs.
// ---------------------------------------------------------------------------------------------
template <typename T, std::size_t N> class Ring {
public:
  void push(const T &v) {
    data_[(start_ + size_) % N] = v;
    if (size_ < N)
      ++size_;
    else
      start_ = (start_ + 1) % N;
  }
  std::size_t size() const { return size_; }
  const T &at(std::size_t i) const {
    if (i >= size_) throw std::out_of_range("Ring::at");
    return data_[(start_ + i) % N];
  }
  template <typename F> void forEach(F f) const {
    for (std::size_t i = 0; i < size_; ++i) f(at(i));
  }

private:
  T data_[N] = {};
  std::size_t start_ = 0;
  std::size_t size_ = 0;
};

// A simple statistics accumulator, instantiated at int, long and unsigned.
template <typename T> class Stats {
public:
  void add(T v) {
    if (count_ == 0 || v < min_) min_ = v;
    if (count_ == 0 || max_ < v) max_ = v;
    total_ += v;
    ++count_;
  }
  T min() const { return min_; }
  T max() const { return max_; }
  T total() const { return total_; }
  std::size_t count() const { return count_; }
  double mean() const { return count_ ? static_cast<double>(total_) / static_cast<double>(count_) : 0.0; }

private:
  T min_{};
  T max_{};
  T total_{};
  std::size_t count_ = 0;
};

template <typename T> std::string describeStats(const std::string &name, const Stats<T> &s) {
  std::ostringstream os;
  os << name << ": n=" << s.count() << " min=" << s.min() << " max=" << s.max() << " total=" << s.total()
     << " mean=" << std::fixed << std::setprecision(2) << s.mean();
  return os.str();
}

// ---------------------------------------------------------------------------------------------
// Products: a small class hierarchy with virtual pricing rules.
// ---------------------------------------------------------------------------------------------
enum class Category { Hardware, Grocery, Apparel, Digital };

const char *categoryName(Category c) {
  switch (c) {
  case Category::Hardware: return "hardware";
  case Category::Grocery: return "grocery";
  case Category::Apparel: return "apparel";
  case Category::Digital: return "digital";
  }
  return "?";
}

class Product {
public:
  Product(std::string sku, std::string name, Money price) : sku_(std::move(sku)), name_(std::move(name)), price_(price) {}
  virtual ~Product() = default;
  const std::string &sku() const { return sku_; }
  const std::string &name() const { return name_; }
  Money basePrice() const { return price_; }
  virtual Category category() const = 0;
  virtual Money unitPrice(int quantity) const { return quantity >= 10 ? Money(price_.cents * 95 / 100) : price_; }
  virtual bool needsShipping() const { return true; }
  virtual int weightGrams() const { return 0; }
  virtual std::string describe() const {
    std::ostringstream os;
    os << sku_ << " '" << name_ << "' (" << categoryName(category()) << ") " << price_;
    return os.str();
  }

private:
  std::string sku_;
  std::string name_;
  Money price_;
};

class HardwareItem : public Product {
public:
  HardwareItem(std::string sku, std::string name, Money price, int grams)
      : Product(std::move(sku), std::move(name), price), grams_(grams) {}
  Category category() const override { return Category::Hardware; }
  int weightGrams() const override { return grams_; }

private:
  int grams_;
};

class GroceryItem : public Product {
public:
  GroceryItem(std::string sku, std::string name, Money price, int shelfDays)
      : Product(std::move(sku), std::move(name), price), shelfDays_(shelfDays) {}
  Category category() const override { return Category::Grocery; }
  Money unitPrice(int quantity) const override {
    // Perishables get a markdown, bulk buys a further discount.
    long c = basePrice().cents;
    if (shelfDays_ < 5) c = c * 80 / 100;
    if (quantity >= 6) c -= c / 10;
    return Money(c);
  }
  int weightGrams() const override { return 500; }
  std::string describe() const override { return Product::describe() + " shelf=" + std::to_string(shelfDays_) + "d"; }

private:
  int shelfDays_;
};

class ApparelItem : public Product {
public:
  ApparelItem(std::string sku, std::string name, Money price, char size)
      : Product(std::move(sku), std::move(name), price), size_(size) {}
  Category category() const override { return Category::Apparel; }
  int weightGrams() const override { return 250; }
  std::string describe() const override { return Product::describe() + " size=" + std::string(1, size_); }

private:
  char size_;
};

class DigitalItem : public Product {
public:
  using Product::Product;
  Category category() const override { return Category::Digital; }
  Money unitPrice(int) const override { return basePrice(); }
  bool needsShipping() const override { return false; }
};

// ---------------------------------------------------------------------------------------------
// Warehouse: stock levels, reservations and an event log.
// ---------------------------------------------------------------------------------------------
struct Restocked { std::string sku; int amount; };
struct Reserved { std::string sku; int amount; int order; };
struct Rejected { int order; std::string reason; };
using Event = std::variant<Restocked, Reserved, Rejected>;

std::string eventText(const Event &e) {
  struct Visitor {
    std::string operator()(const Restocked &r) const { return "restock " + r.sku + " +" + std::to_string(r.amount); }
    std::string operator()(const Reserved &r) const {
      return "reserve " + r.sku + " x" + std::to_string(r.amount) + " for #" + std::to_string(r.order);
    }
    std::string operator()(const Rejected &r) const { return "reject #" + std::to_string(r.order) + ": " + r.reason; }
  };
  return std::visit(Visitor{}, e);
}

class Warehouse {
public:
  using Listener = std::function<void(const Event &)>;

  void addProduct(std::shared_ptr<Product> p, int stock) {
    const std::string sku = p->sku();
    if (catalogue_.count(sku)) throw InventoryError(sku, "duplicate sku");
    catalogue_.emplace(sku, std::move(p));
    stock_[sku] = stock;
  }

  void subscribe(Listener l) { listeners_.push_back(std::move(l)); }

  std::shared_ptr<Product> find(const std::string &sku) const {
    auto it = catalogue_.find(sku);
    if (it == catalogue_.end()) return nullptr;
    return it->second;
  }

  std::optional<int> stockOf(const std::string &sku) const {
    auto it = stock_.find(sku);
    if (it == stock_.end()) return std::nullopt;
    return it->second;
  }

  void restock(const std::string &sku, int amount) {
    if (!find(sku)) throw InventoryError(sku, "unknown sku");
    stock_[sku] += amount;
    emit(Restocked{sku, amount});
  }

  void reserve(const std::string &sku, int amount, int order) {
    auto have = stockOf(sku);
    if (!have) throw InventoryError(sku, "unknown sku");
    if (*have < amount) throw OutOfStock(sku, amount, *have);
    stock_[sku] = *have - amount;
    emit(Reserved{sku, amount, order});
  }

  void reject(int order, const std::string &reason) { emit(Rejected{order, reason}); }

  // Sorted view of SKUs (the unordered_map has no stable order).
  std::vector<std::string> skus() const {
    std::vector<std::string> out;
    out.reserve(catalogue_.size());
    for (const auto &kv : catalogue_) out.push_back(kv.first);
    std::sort(out.begin(), out.end());
    return out;
  }

  std::vector<std::string> lowStock(int threshold) const {
    std::vector<std::string> out;
    for (const auto &kv : stock_)
      if (kv.second < threshold) out.push_back(kv.first);
    return out;
  }

  Money inventoryValue() const {
    Money total;
    for (const auto &kv : stock_) total = total + find(kv.first)->basePrice() * kv.second;
    return total;
  }

private:
  void emit(const Event &e) {
    for (auto &l : listeners_) l(e);
  }

  std::unordered_map<std::string, std::shared_ptr<Product>> catalogue_;
  std::map<std::string, int> stock_;
  std::vector<Listener> listeners_;
};

// ---------------------------------------------------------------------------------------------
// Orders: parsed from a tiny line-oriented text format.
// ---------------------------------------------------------------------------------------------
struct OrderLine {
  std::string sku;
  int quantity = 0;
};

enum class Priority { Low = 0, Normal = 1, High = 2, Rush = 3 };

struct Order {
  int id = 0;
  std::string customer;
  Priority priority = Priority::Normal;
  std::vector<OrderLine> lines;
  std::optional<std::string> coupon;
};

Priority parsePriority(const std::string &s) {
  if (s == "low") return Priority::Low;
  if (s == "normal") return Priority::Normal;
  if (s == "high") return Priority::High;
  if (s == "rush") return Priority::Rush;
  throw std::runtime_error("bad priority '" + s + "'");
}

const char *priorityName(Priority p) {
  switch (p) {
  case Priority::Low: return "low";
  case Priority::Normal: return "normal";
  case Priority::High: return "high";
  case Priority::Rush: return "rush";
  }
  return "?";
}

// Format: "order <id> <customer> <priority> [coupon=<code>] : <sku>*<qty> <sku>*<qty> ..."
Order parseOrder(const std::string &text) {
  std::istringstream in(text);
  std::string word;
  Order o;
  if (!(in >> word) || word != "order") throw std::runtime_error("expected 'order' in: " + text);
  if (!(in >> o.id)) throw std::runtime_error("expected order id in: " + text);
  std::string prio;
  if (!(in >> o.customer >> prio)) throw std::runtime_error("truncated header in: " + text);
  o.priority = parsePriority(prio);
  while (in >> word && word != ":") {
    const std::string key = "coupon=";
    if (word.compare(0, key.size(), key) == 0)
      o.coupon = word.substr(key.size());
    else
      throw std::runtime_error("unknown option '" + word + "'");
  }
  while (in >> word) {
    auto star = word.find('*');
    if (star == std::string::npos) throw std::runtime_error("bad line item '" + word + "'");
    OrderLine line;
    line.sku = word.substr(0, star);
    std::istringstream q(word.substr(star + 1));
    if (!(q >> line.quantity) || line.quantity <= 0) throw std::runtime_error("bad quantity in '" + word + "'");
    o.lines.push_back(line);
  }
  if (o.lines.empty()) throw std::runtime_error("order without lines: " + text);
  return o;
}

// ---------------------------------------------------------------------------------------------
// Coupons: a registry of discount rules as std::function.
// ---------------------------------------------------------------------------------------------
using DiscountRule = std::function<Money(Money subtotal, const Order &)>;

std::map<std::string, DiscountRule> makeCoupons(int loyaltyThreshold) {
  std::map<std::string, DiscountRule> rules;
  rules["TENOFF"] = [](Money sub, const Order &) { return Money(sub.cents / 10); };
  rules["FLAT5"] = [](Money sub, const Order &) { return Money(std::min(500L, sub.cents)); };
  rules["BULK"] = [](Money sub, const Order &o) {
    int units = 0;
    for (const auto &l : o.lines) units += l.quantity;
    return units >= 20 ? Money(sub.cents * 15 / 100) : Money(0);
  };
  rules["LOYAL"] = [loyaltyThreshold](Money sub, const Order &o) {
    return o.id % loyaltyThreshold == 0 ? Money(sub.cents / 5) : Money(0);
  };
  return rules;
}

// ---------------------------------------------------------------------------------------------
// Order processing.
// ---------------------------------------------------------------------------------------------
struct Invoice {
  int order = 0;
  std::string customer;
  Money subtotal;
  Money discount;
  Money shipping;
  int grams = 0;
  Money total() const { return subtotal - discount + shipping; }
};

Money shippingFor(int grams, Priority p) {
  long base = 0;
  if (grams == 0)
    base = 0;
  else if (grams <= 1000)
    base = 499;
  else if (grams <= 5000)
    base = 899;
  else
    base = 899 + (grams - 5000 + 999) / 1000 * 150;
  switch (p) {
  case Priority::Low: base = base * 80 / 100; break;
  case Priority::Normal: break;
  case Priority::High: base += 300; break;
  case Priority::Rush: base = base * 2 + 500; break;
  }
  return Money(base);
}

class Processor {
public:
  Processor(Warehouse &w, std::map<std::string, DiscountRule> coupons) : wh_(w), coupons_(std::move(coupons)) {}

  std::optional<Invoice> process(const Order &o) {
    Invoice inv;
    inv.order = o.id;
    inv.customer = o.customer;
    std::vector<std::pair<std::string, int>> done;
    try {
      for (const auto &line : o.lines) {
        auto p = wh_.find(line.sku);
        if (!p) throw InventoryError(line.sku, "unknown sku");
        wh_.reserve(line.sku, line.quantity, o.id);
        done.emplace_back(line.sku, line.quantity);
        inv.subtotal = inv.subtotal + p->unitPrice(line.quantity) * line.quantity;
        if (p->needsShipping()) inv.grams += p->weightGrams() * line.quantity;
      }
    } catch (const OutOfStock &e) {
      rollback(done);
      shortfalls_[e.sku()] += e.shortfall();
      wh_.reject(o.id, e.what());
      return std::nullopt;
    } catch (const InventoryError &e) {
      rollback(done);
      wh_.reject(o.id, e.what());
      return std::nullopt;
    }
    if (o.coupon) {
      auto it = coupons_.find(*o.coupon);
      if (it != coupons_.end())
        inv.discount = it->second(inv.subtotal, o);
      else
        unknownCoupons_.insert(*o.coupon);
    }
    inv.shipping = shippingFor(inv.grams, o.priority);
    return inv;
  }

  const std::map<std::string, int> &shortfalls() const { return shortfalls_; }
  const std::set<std::string> &unknownCoupons() const { return unknownCoupons_; }

private:
  void rollback(const std::vector<std::pair<std::string, int>> &done) {
    for (auto it = done.rbegin(); it != done.rend(); ++it) wh_.restock(it->first, it->second);
  }

  Warehouse &wh_;
  std::map<std::string, DiscountRule> coupons_;
  std::map<std::string, int> shortfalls_;
  std::set<std::string> unknownCoupons_;
};

// ---------------------------------------------------------------------------------------------
// Queue scheduling: orders sit in a deque per priority and are drained highest first.
// ---------------------------------------------------------------------------------------------
class Scheduler {
public:
  void submit(Order o) {
    auto idx = static_cast<std::size_t>(o.priority);
    queues_[idx].push_back(std::move(o));
  }
  bool empty() const {
    return std::all_of(std::begin(queues_), std::end(queues_), [](const std::deque<Order> &q) { return q.empty(); });
  }
  Order next() {
    for (std::size_t i = 4; i-- > 0;) {
      if (!queues_[i].empty()) {
        Order o = std::move(queues_[i].front());
        queues_[i].pop_front();
        return o;
      }
    }
    throw std::runtime_error("Scheduler::next on empty scheduler");
  }

private:
  std::deque<Order> queues_[4];
};

// ---------------------------------------------------------------------------------------------
// A tiny expression-less "report" pipeline: a vector of named formatting stages.
// ---------------------------------------------------------------------------------------------
struct ReportStage {
  std::string title;
  std::function<void(std::ostream &)> body;
};

std::string checksumText(const std::string &s) {
  std::uint32_t h = 2166136261u;
  for (unsigned char c : s) {
    h ^= c;
    h *= 16777619u;
  }
  std::ostringstream os;
  os << std::hex << std::setw(8) << std::setfill('0') << h;
  return os.str();
}

std::vector<std::unique_ptr<Product>> extraCatalogue() {
  std::vector<std::unique_ptr<Product>> v;
  v.push_back(std::make_unique<DigitalItem>("D-900", "gift card", Money(2500)));
  v.push_back(std::make_unique<HardwareItem>("H-900", "spare bolt", Money(15), 8));
  v.push_back(std::make_unique<ApparelItem>("A-900", "socks", Money(699), 'M'));
  return v;
}

} // namespace inv

using namespace inv;

int main() {
  std::ostringstream out;
  Lcg rng(20240601u);

  // --- Catalogue ---------------------------------------------------------------------------
  Warehouse wh;
  std::vector<Event> log;
  Ring<std::string, 5> recent;
  std::map<std::string, int> eventCounts;
  wh.subscribe([&log](const Event &e) { log.push_back(e); });
  wh.subscribe([&recent](const Event &e) { recent.push(eventText(e)); });
  wh.subscribe([&eventCounts](const Event &e) {
    const char *kind = std::holds_alternative<Restocked>(e) ? "restock" : std::holds_alternative<Reserved>(e) ? "reserve" : "reject";
    ++eventCounts[kind];
  });

  const char *hwNames[] = {"hammer", "wrench", "drill", "saw", "pliers"};
  const char *grNames[] = {"apples", "bread", "cheese", "coffee"};
  const char *apNames[] = {"t-shirt", "jacket", "cap"};
  const char *dgNames[] = {"e-book", "song", "licence"};
  for (int i = 0; i < 5; ++i)
    wh.addProduct(std::make_shared<HardwareItem>("H-" + std::to_string(100 + i), hwNames[i], Money(rng.range(500, 5000)),
                                                 rng.range(200, 4000)),
                  rng.range(5, 40));
  for (int i = 0; i < 4; ++i)
    wh.addProduct(std::make_shared<GroceryItem>("G-" + std::to_string(200 + i), grNames[i], Money(rng.range(99, 899)),
                                                rng.range(1, 20)),
                  rng.range(10, 60));
  const char sizes[] = {'S', 'M', 'L'};
  for (int i = 0; i < 3; ++i)
    wh.addProduct(std::make_shared<ApparelItem>("A-" + std::to_string(300 + i), apNames[i], Money(rng.range(999, 9999)),
                                                sizes[i]),
                  rng.range(3, 15));
  for (int i = 0; i < 3; ++i)
    wh.addProduct(std::make_shared<DigitalItem>("D-" + std::to_string(400 + i), dgNames[i], Money(rng.range(99, 1999))), 1000);

  for (auto &p : extraCatalogue()) wh.addProduct(std::shared_ptr<Product>(std::move(p)), 50);
  try {
    wh.addProduct(std::make_shared<DigitalItem>("D-400", "duplicate", Money(1)), 1);
  } catch (const InventoryError &e) {
    out << "caught: " << e.what() << "\n";
  }

  out << "== catalogue ==\n";
  for (const auto &sku : wh.skus()) out << "  " << wh.find(sku)->describe() << " stock=" << wh.stockOf(sku).value_or(-1) << "\n";
  out << "inventory value: " << wh.inventoryValue() << "\n";

  // --- Orders as text, generated with the LCG, plus a few hand-written (some malformed) ----
  std::vector<std::string> skus = wh.skus();
  const char *customers[] = {"alice", "bob", "carol", "dave", "erin", "frank"};
  const char *prios[] = {"low", "normal", "high", "rush"};
  const char *coupons[] = {"TENOFF", "FLAT5", "BULK", "LOYAL", "BOGUS"};
  std::vector<std::string> texts;
  for (int id = 1; id <= 40; ++id) {
    std::ostringstream os;
    os << "order " << id << ' ' << customers[rng.next() % 6] << ' ' << prios[rng.next() % 4];
    if (rng.next() % 3 == 0) os << " coupon=" << coupons[rng.next() % 5];
    os << " :";
    int n = rng.range(1, 4);
    for (int k = 0; k < n; ++k) os << ' ' << skus[rng.next() % skus.size()] << '*' << rng.range(1, 12);
    texts.push_back(os.str());
  }
  texts.push_back("order 41 zed urgent : H-100*1");
  texts.push_back("order 42 zed high : H-100*0");
  texts.push_back("order 43 zed high :");
  texts.push_back("purchase 44 zed high : H-100*1");
  texts.push_back("order 45 zed normal : X-999*2");
  texts.push_back("order 46 zed normal gift : H-100*1");

  Scheduler sched;
  std::vector<std::string> parseErrors;
  for (const auto &t : texts) {
    try {
      sched.submit(parseOrder(t));
    } catch (const std::runtime_error &e) {
      parseErrors.push_back(e.what());
    }
  }
  out << "== parse errors (" << parseErrors.size() << ") ==\n";
  for (const auto &e : parseErrors) out << "  " << e << "\n";

  // --- Processing ------------------------------------------------------------------------
  Processor proc(wh, makeCoupons(7));
  std::vector<Invoice> invoices;
  std::vector<int> rejectedIds;
  std::map<std::string, std::vector<int>> byCustomer;
  std::map<Priority, int> perPriority;
  int round = 0;
  while (!sched.empty()) {
    Order o = sched.next();
    ++perPriority[o.priority];
    if (++round % 9 == 0) {
      // Periodic restock of whatever is low.
      for (const auto &sku : wh.lowStock(4)) wh.restock(sku, 10);
    }
    if (auto inv = proc.process(o)) {
      byCustomer[inv->customer].push_back(inv->order);
      invoices.push_back(*inv);
    } else {
      rejectedIds.push_back(o.id);
    }
  }

  out << "== invoices ==\n";
  for (const auto &iv : invoices)
    out << "  #" << std::setw(2) << iv.order << ' ' << std::left << std::setw(6) << iv.customer << std::right
        << " sub=" << iv.subtotal << " disc=" << iv.discount << " ship=" << iv.shipping << " total=" << iv.total()
        << " g=" << iv.grams << "\n";
  out << "rejected: " << joinAll(rejectedIds, ",") << "\n";
  out << "per priority:";
  for (const auto &kv : perPriority) out << ' ' << priorityName(kv.first) << '=' << kv.second;
  out << "\n";

  // --- Summaries with templates at several types --------------------------------------------
  std::vector<long> totals;
  std::vector<int> grams;
  std::vector<unsigned> orderIds;
  Stats<long> totalStats;
  Stats<int> gramStats;
  Stats<unsigned> idStats;
  for (const auto &iv : invoices) {
    totals.push_back(iv.total().cents);
    grams.push_back(iv.grams);
    orderIds.push_back(static_cast<unsigned>(iv.order));
    totalStats.add(iv.total().cents);
    gramStats.add(iv.grams);
    idStats.add(static_cast<unsigned>(iv.order));
  }
  out << "== stats ==\n";
  out << "  " << describeStats("totals", totalStats) << "\n";
  out << "  " << describeStats("grams", gramStats) << "\n";
  out << "  " << describeStats("ids", idStats) << "\n";
  out << std::defaultfloat;
  out << "  sum totals=" << Money(sumOf(totals)) << " sum grams=" << sumOf(grams) << " sum ids=" << sumOf(orderIds) << "\n";
  out << "  max totals=" << Money(maxOf(totals)) << " max grams=" << maxOf(grams) << " max id=" << maxOf(orderIds) << "\n";
  out << "  heavy=" << countIf<int>(grams, [](const int &g) { return g > 5000; })
      << " big=" << countIf<long>(totals, [](const long &t) { return t > 10000; })
      << " even-ids=" << countIf<unsigned>(orderIds, [](const unsigned &i) { return i % 2 == 0; }) << "\n";
  out << "  clamp: " << clampValue(42, 0, 10) << ' ' << clampValue(-5L, 0L, 10L) << ' ' << clampValue(7u, 1u, 9u) << ' '
      << clampValue(2.5, 0.0, 1.0) << "\n";
  out << "  firstNonNull: " << firstNonNull(0, 3) << ' ' << firstNonNull(0L, 4L) << ' ' << firstNonNull(5u, 6u) << "\n";
  int ia = 1, ib = 2;
  long la = 3, lb = 4;
  unsigned ua = 5, ub = 6;
  out << "  pickPtr: " << *pickPtr(&ia, &ib, true) << ' ' << *pickPtr(&la, &lb, false) << ' ' << *pickPtr(&ua, &ub, true) << "\n";
  try {
    std::vector<int> none;
    out << maxOf(none) << "\n";
  } catch (const std::runtime_error &e) {
    out << "  caught: " << e.what() << "\n";
  }

  // --- Sorting and searching ------------------------------------------------------------------
  std::vector<Invoice> sorted = invoices;
  std::sort(sorted.begin(), sorted.end(), [](const Invoice &a, const Invoice &b) {
    if (!(a.total() == b.total())) return b.total() < a.total();
    return a.order < b.order;
  });
  out << "== top 5 ==\n";
  for (std::size_t i = 0; i < sorted.size() && i < 5; ++i)
    out << "  " << i + 1 << ". #" << sorted[i].order << ' ' << sorted[i].customer << ' ' << sorted[i].total() << "\n";
  auto firstFree = std::find_if(invoices.begin(), invoices.end(), [](const Invoice &iv) { return iv.shipping.cents == 0; });
  if (firstFree != invoices.end())
    out << "first free shipping: #" << firstFree->order << "\n";
  else
    out << "no free shipping\n";
  auto discounted = std::count_if(invoices.begin(), invoices.end(), [](const Invoice &iv) { return iv.discount.cents > 0; });
  out << "discounted invoices: " << discounted << "\n";

  out << "== customers ==\n";
  for (const auto &kv : byCustomer) {
    Money spent = std::accumulate(invoices.begin(), invoices.end(), Money(), [&kv](Money acc, const Invoice &iv) {
      return iv.customer == kv.first ? acc + iv.total() : acc;
    });
    out << "  " << kv.first << ": orders=" << joinAll(kv.second, "/") << " spent=" << spent << "\n";
  }

  // --- Events, shortfalls, coupons ------------------------------------------------------------
  out << "== events ==\n";
  for (const auto &kv : eventCounts) out << "  " << kv.first << ": " << kv.second << "\n";
  out << "  total logged: " << log.size() << "\n";
  out << "  last " << recent.size() << ":\n";
  recent.forEach([&out](const std::string &s) { out << "    " << s << "\n"; });
  out << "== shortfalls ==\n";
  for (const auto &kv : proc.shortfalls()) out << "  " << kv.first << " short by " << kv.second << "\n";
  std::vector<std::string> unknown(proc.unknownCoupons().begin(), proc.unknownCoupons().end());
  out << "unknown coupons: " << (unknown.empty() ? std::string("none") : joinAll(unknown, ",")) << "\n";

  // --- Final stock, grouped by category with a set of categories seen -------------------------
  std::map<std::string, std::vector<std::string>> byCategory;
  std::set<std::string> seenCategories;
  for (const auto &sku : wh.skus()) {
    auto p = wh.find(sku);
    std::string cat = categoryName(p->category());
    seenCategories.insert(cat);
    std::ostringstream os;
    os << sku << '=' << wh.stockOf(sku).value_or(0);
    byCategory[cat].push_back(os.str());
  }
  std::vector<ReportStage> stages;
  stages.push_back({"stock", [&byCategory](std::ostream &os) {
                      for (const auto &kv : byCategory) os << "  " << kv.first << ": " << joinAll(kv.second, " ") << "\n";
                    }});
  stages.push_back({"categories", [&seenCategories](std::ostream &os) {
                      os << "  " << seenCategories.size() << " seen:";
                      for (const auto &c : seenCategories) os << ' ' << c;
                      os << "\n";
                    }});
  stages.push_back({"value", [&wh](std::ostream &os) { os << "  " << wh.inventoryValue() << "\n"; }});
  for (const auto &st : stages) {
    out << "== " << st.title << " ==\n";
    st.body(out);
  }

  // --- Ring buffer bounds check and a numeric variant ----------------------------------------
  Ring<int, 3> ring;
  for (int i = 1; i <= 7; ++i) ring.push(i * i);
  int ringSum = 0;
  ring.forEach([&ringSum](int v) { ringSum += v; });
  out << "ring sum: " << ringSum << "\n";
  try {
    out << ring.at(3) << "\n";
  } catch (const std::out_of_range &e) {
    out << "caught out_of_range: " << e.what() << "\n";
  }
  std::vector<std::variant<int, long, std::string>> mixed = {1, 2L, std::string("three"), 4, std::string("five")};
  std::string mixedText;
  long mixedSum = 0;
  for (const auto &m : mixed) {
    switch (m.index()) {
    case 0: mixedSum += std::get<int>(m); break;
    case 1: mixedSum += std::get<long>(m); break;
    default: mixedText += std::get<std::string>(m) + ";"; break;
    }
  }
  out << "mixed: sum=" << mixedSum << " text=" << mixedText << "\n";

  const std::string report = out.str();
  std::cout << report;
  std::cout << "report lines: " << std::count(report.begin(), report.end(), '\n') << " checksum: " << checksumText(report)
            << "\n";
  return 0;
}
