// What every fault-table cell asserts, in the simulator (incident_test.cpp) and on real
// processes (real_fault_test.cpp): the kind's promise, with exact counts.
#pragma once

#include <adamant/fault_table.hpp>

#include <gtest/gtest.h>

inline void expect_promise_kept(const adamant::sim::faults::Kind& k, const adamant::sim::faults::Outcome& o) {
  EXPECT_TRUE(o.kept(k)) << k.label << ": delivered " << o.delivered << " of " << o.expected << ", replaced "
                         << o.replaced << ", missing " << o.missing << ", duplicates " << o.duplicates
                         << ", before join " << o.before_join << ", stale feedback " << o.stale_feedback;
  EXPECT_EQ(o.duplicates, 0u);
  EXPECT_EQ(o.corrupt, 0u);
  EXPECT_EQ(o.delivered + o.replaced, o.expected);
  if (!k.replaces) {
    EXPECT_EQ(o.delivered, o.expected);
  }
  if (k.in_order) {
    EXPECT_EQ(o.out_of_order, 0u);
  }
  EXPECT_EQ(o.before_join, 0u);
  EXPECT_EQ(o.stale_feedback, 0u);
}
