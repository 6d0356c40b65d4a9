// `conquian cards [--deck D | --ruleset R] [--json]`: a deck's card tokens, one suit a line
// (specs/cards.md), so that nobody has to guess whether the ten is `10h` or `Th`.
#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "base/spelling.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "record/json_text.h"

namespace conquian::cli {
namespace {

struct CardsOptions {
  std::string deck;
  std::string ruleset;
  bool json = false;
};

const std::vector<std::string> kDeckNames = {"french-40", "french-52", "spanish-40"};

Deck chosen_deck(const CardsOptions& opt) {
  refuse_if(!opt.deck.empty() && !opt.ruleset.empty(), "give --deck or --ruleset, not both");
  if (!opt.ruleset.empty()) return ruleset_option(opt.ruleset)->deck;
  std::string name = opt.deck.empty() ? "french-40" : opt.deck;
  auto deck = Deck::named(name);
  if (!deck)
    throw CommandError("--deck: unknown deck '" + name + "'" + did_you_mean(name, kDeckNames) +
                       " (the decks: french-40, french-52, spanish-40)");
  return *deck;
}

int run_cards(const CardsOptions& opt) {
  const Deck deck = chosen_deck(opt);
  if (opt.json) {
    nlohmann::json suits = nlohmann::json::array();
    for (int s = 0; s < deck.suit_count(); ++s) {
      nlohmann::json tokens = nlohmann::json::array();
      for (int r = 0; r < deck.rank_count(); ++r) tokens.push_back(deck.token(deck.card(s, r)));
      suits.push_back({{"suit", deck.suit_label(s)}, {"cards", tokens}});
    }
    nlohmann::json ranks = nlohmann::json::array();
    for (int r = 0; r < deck.rank_count(); ++r) ranks.push_back(deck.rank_label(r));
    fmt::print("{}\n", record::json_dump(nlohmann::json{
                           {"deck", deck.name()}, {"size", deck.size()}, {"ranks", ranks}, {"suits", suits}}));
    return kExitOk;
  }
  fmt::print("{}: {} cards; ranks low to high, a token is rank then suit\n", deck.name(), deck.size());
  for (int s = 0; s < deck.suit_count(); ++s) fmt::print("  {}\n", deck.tokens(deck.suit_cards(s)));
  return kExitOk;
}

}  // namespace

void register_cards(CLI::App& app, Runner& run) {
  static CardsOptions opt;
  auto* cmd = app.add_subcommand("cards",
                                 "List the card tokens of a deck. One suit a line, ranks low to high (specs/cards.md). "
                                 "Records, positions and --cards write cards with exactly these tokens.\n\n"
                                 "Exit status: 0 listed; 2 an unknown deck or ruleset.");
  cmd->add_option("--deck,-d", opt.deck, "french-40 (the default), french-52 or spanish-40");
  cmd->add_option("--ruleset,-r", opt.ruleset, "The deck of this ruleset (a name or a path)");
  cmd->add_flag("--json", opt.json, "JSON on standard output");
  cmd->callback([&run] { run = [] { return run_cards(opt); }; });
}

}  // namespace conquian::cli
