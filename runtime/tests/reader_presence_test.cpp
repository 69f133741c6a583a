// The real-mode readers schedule's pieces (src/reader_presence.hpp): the control words a reader
// reads, its spells on the result pipe, and the writer's accounting of what it was owed.
#include "reader_presence.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <unistd.h>
#include <vector>

namespace adamant::bench::detail {
namespace {

using namespace std::chrono_literals;

TEST(ReaderPresence, ControlWordsArriveInPiecesThenEof) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ControlWords words(fds[0]);
  const std::int64_t start = 123456789012345;
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(&start);
  ASSERT_EQ(::write(fds[1], bytes, 3), 3);
  EXPECT_TRUE(words.read());
  EXPECT_FALSE(words.start());
  ASSERT_EQ(::write(fds[1], bytes + 3, 5), 5);
  ASSERT_TRUE(words.read());
  EXPECT_EQ(words.start(), start);
  EXPECT_FALSE(words.all_published());
  ASSERT_EQ(::write(fds[1], &start, 8), 8);
  ::close(fds[1]);
  EXPECT_TRUE(words.read());
  EXPECT_TRUE(words.all_published());
  EXPECT_FALSE(words.read());  // EOF: stop
  ::close(fds[0]);
}

TEST(ReaderPresence, SpellsRoundTripOnTheResultPipe) {
  const std::vector<Spell> spells{{5, 9, 2}, {20, 40, 7}};
  const auto back = decode_spells(encode_spells(spells));
  ASSERT_TRUE(back);
  ASSERT_EQ(back->size(), 2u);
  EXPECT_EQ((*back)[1].join_ns, 20);
  EXPECT_EQ((*back)[1].leave_ns, 40);
  EXPECT_EQ((*back)[1].delivered_end, 7u);
  EXPECT_FALSE(decode_spells({1, 2, 3, 4}));
}

TEST(ReaderPresence, TakesPartWhileThePhaseCountsIt) {
  const std::vector<sim::ReadersPhase> s{{2, 1s}, {3, 1s}};  // repeats
  EXPECT_TRUE(takes_part(s, 1000, 1000, 1));
  EXPECT_FALSE(takes_part(s, 1000, 1000, 2));
  EXPECT_TRUE(takes_part(s, 1000, 1000 + 1'500'000'000, 2));
  EXPECT_FALSE(takes_part(s, 1000, 1000 + 2'500'000'000, 2));
}

TEST(ReaderPresence, OwedWhatWasPublishedInItsSpellsAndCouldReachIt) {
  std::vector<std::int64_t> published{0};  // update k published at 10 k (index 0 unused)
  for (int k = 1; k <= 10; ++k) published.push_back(10 * k);
  // Spell 1 [25, 75]: update 2 (in flight at the join) is not counted; the least latency, 5, makes
  // updates 3..7 owed (70 + 5 <= 75); 7 was lost. Spell 2 [85, 200]: updates 9 and 10.
  const std::vector<Spell> spells{{25, 75, 5}, {85, 200, 7}};
  std::vector<std::uint64_t> seqs{2, 3, 4, 5, 6, 9, 10};
  std::vector<std::int64_t> lat{9, 7, 5, 6, 8, 6, 7};
  std::vector<std::uint64_t> owed(2);
  ASSERT_TRUE(account_spells(spells, published, [](std::uint64_t seq) { return seq % 2; }, lat, seqs, owed));
  EXPECT_EQ(seqs, (std::vector<std::uint64_t>{3, 4, 5, 6, 9, 10}));
  EXPECT_EQ(lat, (std::vector<std::int64_t>{7, 5, 6, 8, 6, 7}));
  EXPECT_EQ(owed, (std::vector<std::uint64_t>{3, 4}));  // even 4, 6, 10; odd 3, 5, 7, 9
  std::vector<std::uint64_t> more(2);
  EXPECT_FALSE(account_spells({{25, 75, 9}}, published, [](std::uint64_t) { return 0; }, lat, seqs, more));
}

}  // namespace
}  // namespace adamant::bench::detail
