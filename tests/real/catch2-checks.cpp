// Tests written against Catch2 (../shared/real-programs/catch2): with catch_amalgamated.cpp a
// program of two modules, for the real-program suite. The checks use Catch2's templates
// (REQUIRE on several types, matchers, generators, sections, approximate comparisons), so that
// both modules instantiate the same code with different constants.
#include "catch_amalgamated.hpp"
#include <map>
#include <string>
#include <vector>

namespace {
struct Account {
  std::string owner;
  long balance = 0;
  bool withdraw(long amount) {
    if (amount > balance) return false;
    balance -= amount;
    return true;
  }
};

std::vector<int> primesBelow(int n) {
  std::vector<int> out;
  for (int i = 2; i < n; ++i) {
    bool prime = true;
    for (int d : out) if (i % d == 0) { prime = false; break; }
    if (prime) out.push_back(i);
  }
  return out;
}
}  // namespace

TEST_CASE("accounts refuse to go below zero", "[account]") {
  Account a{"ada", 100};
  SECTION("a small withdrawal") {
    REQUIRE(a.withdraw(30));
    CHECK(a.balance == 70);
  }
  SECTION("too much") {
    REQUIRE_FALSE(a.withdraw(130));
    CHECK(a.balance == 100);
  }
}

TEST_CASE("primes", "[math]") {
  auto p = primesBelow(30);
  REQUIRE(p.size() == 10u);
  CHECK(p.front() == 2);
  CHECK(p.back() == 29);
  CHECK_THAT(p, Catch::Matchers::SizeIs(10));
}

TEST_CASE("squares of generated values", "[math][generators]") {
  auto x = GENERATE(1, 2, 3, 5, 8);
  CHECK(x * x >= x);
  CHECK(static_cast<double>(x) / 3.0 == Catch::Approx(x / 3.0));
}

TEST_CASE("word counts", "[strings]") {
  std::map<std::string, int> counts;
  for (const char *w : {"a", "b", "a", "c", "a"}) counts[w]++;
  REQUIRE(counts.size() == 3u);
  CHECK(counts["a"] == 3);
  CHECK_THAT(std::string("global merge"), Catch::Matchers::StartsWith("global") && Catch::Matchers::EndsWith("merge"));
}
