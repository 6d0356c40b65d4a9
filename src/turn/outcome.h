// How a deal ends, for every game of the family: still going, won by one seat, or drawn.
#pragma once

#include <cstdint>

namespace conquian {

struct Outcome {
  enum class Kind : std::uint8_t { Ongoing, Win, Draw } kind = Kind::Ongoing;
  int winner = -1;
  bool over() const { return kind != Kind::Ongoing; }
  bool operator==(const Outcome&) const = default;
};

}  // namespace conquian
