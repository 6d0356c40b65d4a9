#include "cards/deck.h"

#include <algorithm>
#include <cstring>
#include <set>

#include "base/spelling.h"

namespace conquian {
namespace {

// Tokens of at most 8 bytes packed into one integer (zero padded, first byte lowest); longer
// ones never match; 0: no key. Inlined into parse(), which runs for every card token of every
// record checked: the loop has no branch but its own, a zero byte noted and refused after it.
[[gnu::always_inline]] inline std::uint64_t pack(std::string_view token) {
  if (token.empty() || token.size() > kMaxTokenBytes) return 0;
  std::uint64_t key = 0;
  bool zero = false;
  for (std::size_t i = 0; i < token.size(); ++i) {
    const auto byte = static_cast<unsigned char>(token[i]);
    zero |= byte == 0;
    key |= std::uint64_t{byte} << (8 * i);
  }
  // Zero padding must not make "5c\0" read as "5c" (found by fuzz_cards).
  return zero ? 0 : key;
}

// The deck's lookup table: open addressing over twice the most cards, so that parse() (run
// for every card token of every record checked) finds a card in one probe or two.
constexpr std::size_t kSlots = 2 * kMaxCards;
std::size_t slot_of(std::uint64_t key) { return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 57); }

bool is_label_char(char ch) { return ch > ' ' && ch < 127 && std::strchr("[]{},:#&*!|>'\"%@`-", ch) == nullptr; }

}  // namespace

Deck::Deck(std::string name, std::vector<std::string> ranks, std::vector<std::string> suits)
    : name_(std::move(name)), ranks_(std::move(ranks)), suits_(std::move(suits)), lookup_(kSlots) {
  for (int r = 0; r < rank_count(); ++r)
    for (int s = 0; s < suit_count(); ++s) rank_masks_[r].insert(card(s, r));
  for (int i = 0; i < size(); ++i) {
    const Card c = static_cast<Card>(i);
    const std::uint64_t key = pack(token(c));
    std::size_t at = slot_of(key);
    while (lookup_[at].first != 0) at = (at + 1) % kSlots;  // at most 64 of the 128 are taken
    lookup_[at] = {key, c};
  }
}

std::optional<Deck> Deck::named(std::string_view name) {
  if (name == "french-40")
    return Deck("french-40", {"A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"}, {"c", "d", "h", "s"});
  if (name == "french-52")
    return Deck("french-52", {"A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"}, {"c", "d", "h", "s"});
  if (name == "spanish-40")
    // Suits: oros (coins), copas (cups), espadas (swords), bastos (clubs).
    return Deck("spanish-40", {"1", "2", "3", "4", "5", "6", "7", "10", "11", "12"}, {"o", "c", "e", "b"});
  return std::nullopt;
}

std::optional<Deck> Deck::custom(const std::vector<std::string>& ranks, const std::vector<std::string>& suits,
                                 std::string* why) {
  auto fail = [&](std::string reason) -> std::optional<Deck> {
    if (why) *why = std::move(reason);
    return std::nullopt;
  };
  if (ranks.empty()) return fail("a deck needs at least one rank");
  if (suits.empty()) return fail("a deck needs at least one suit");
  // Every source plays with four suits. More would let one rank hold dozens of cards, and the
  // ways to split those into sets (2^32 of them for 32 suits) are past any search's reach:
  // the exact cover took minutes on 33 cards of eight suits with sets of 2 to 8.
  if (suits.size() > static_cast<std::size_t>(kMaxSuits))
    return fail("a deck may have at most " + std::to_string(kMaxSuits) + " suits; this one has " +
                std::to_string(suits.size()));
  if (ranks.size() * suits.size() > kMaxCards)
    return fail("a deck may have at most 64 cards; " + std::to_string(ranks.size()) + " ranks x " +
                std::to_string(suits.size()) + " suits is " + std::to_string(ranks.size() * suits.size()));
  for (const auto* list : {&ranks, &suits}) {
    for (const auto& label : *list) {
      if (label.empty() || label.size() > 4) return fail("label '" + label + "' must have 1 to 4 characters");
      if (!std::all_of(label.begin(), label.end(), is_label_char))
        return fail("label '" + label + "' has a character that cannot stand in a card token");
    }
  }
  std::set<std::string> tokens;
  for (const auto& r : ranks)
    for (const auto& s : suits)
      if (!tokens.insert(r + s).second)
        return fail("card token '" + r + s + "' is ambiguous (two ranks or suits make it)");
  return Deck("custom", ranks, suits);
}

std::optional<Card> Deck::parse(std::string_view token) const {
  const std::uint64_t key = pack(token);
  if (key == 0) return std::nullopt;
  for (std::size_t at = slot_of(key);; at = (at + 1) % kSlots) {
    if (lookup_[at].first == key) return lookup_[at].second;
    if (lookup_[at].first == 0) return std::nullopt;
  }
}

std::string Deck::not_a_card(std::string_view given) const {
  std::string message = "'" + std::string(given) + "' is not a card of the " + name_ + " deck";
  std::string written(given);
  bool has_ten = std::find(ranks_.begin(), ranks_.end(), "T") != ranks_.end();
  if (has_ten && written.starts_with("10")) written = "T" + written.substr(2);
  if (written != given && parse(written)) return message + "; did you mean '" + written + "'?";
  std::vector<std::string> every;
  for (Card c : all()) every.push_back(token(c));
  return message + did_you_mean(written, every);
}

std::string Deck::tokens(CardSet set) const {
  std::string out;
  for (Card c : set) {
    if (!out.empty()) out += ' ';
    out += token(c);
  }
  return out;
}

}  // namespace conquian
