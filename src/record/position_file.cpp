#include "record/position_file.h"

#include "cards/deck.h"
#include "record/yaml_fields.h"

namespace conquian::record {
namespace {

constexpr std::size_t kMaxCardsPerList = 64;
constexpr std::size_t kMaxMelds = 32;
constexpr std::size_t kMaxSeats = 8;  // the engine checks against the ruleset's seats

Token token_of(const Fields& f, const YAML::Node& n, const std::string& key) {
  if (!n.IsScalar() || n.Scalar().empty()) f.fail_at(n, key, "expected a card token like 5h");
  if (n.Scalar().size() > kMaxTokenBytes)
    f.fail_at(n, key, "'" + n.Scalar().substr(0, kMaxTokenBytes) + "...' is too long for a card token");
  return Token{TokenText(n.Scalar()), mark_of(n)};
}

TokenList tokens_of(const Fields& f, const YAML::Node& n, const std::string& key) {
  TokenList out;
  if (!n || n.IsNull()) return out;
  if (!n.IsSequence()) f.fail_at(n, key, "must be a list of card tokens, like [5h, 5c, 5s]");
  if (n.size() > kMaxCardsPerList)
    f.fail_at(n, key, "has " + std::to_string(n.size()) + " cards; at most " + std::to_string(kMaxCardsPerList));
  for (const auto& item : n) out.push_back(token_of(f, item, key));
  return out;
}

int seat_of(const Fields& f, const YAML::Node& n, const std::string& key) {
  return static_cast<int>(f.as_integer(n, key, 0, kMaxSeatNumber));
}

PositionSeat read_seat(const YAML::Node& n, const std::string& file, std::size_t index) {
  const std::string where = "seats[" + std::to_string(index) + "]";
  Fields f(n, file, where);
  PositionSeat seat;
  seat.mark = mark_of(n);
  YAML::Node hand = f.node("hand");
  if (!hand) throw InputError(file, seat.mark, "key '" + f.path("hand") + "' is required (write [] for an empty hand)");
  seat.hand_mark = mark_of(hand);
  if (hand.IsMap()) {  // a hidden hand: {count: N, known: [...]}
    Fields h(hand, file, where + ".hand");
    seat.hidden = true;
    seat.count = static_cast<int>(h.required_integer("count", 0, static_cast<std::int64_t>(kMaxCardsPerList)));
    seat.hand = tokens_of(h, h.node("known"), "known");
    h.finish();
  } else {
    seat.hand = tokens_of(f, hand, "hand");
  }
  YAML::Node table = f.node("table");
  if (!table)
    throw InputError(file, seat.mark, "key '" + f.path("table") + "' is required (write [] for an empty table)");
  seat.table_mark = mark_of(table);
  if (!table.IsNull()) {
    if (!table.IsSequence()) f.fail("table", "must be a list of melds, like [[5h, 5c, 5s], [3h, 4h, 5h]]");
    if (table.size() > kMaxMelds) f.fail("table", "has more than " + std::to_string(kMaxMelds) + " melds");
    for (const auto& meld : table) {
      if (!meld.IsSequence())
        f.fail_at(meld, "table", "each meld is a list of card tokens; write the table as [[5h, 5c, 5s], ...]");
      seat.table.push_back(tokens_of(f, meld, "table"));
    }
  }
  f.finish();
  return seat;
}

void read_face_up(Fields& top, PositionFile& pf) {
  YAML::Node n = top.node("face_up");
  if (!n || n.IsNull()) return;
  pf.has_face_up = true;
  pf.face_up_mark = mark_of(n);
  Fields f(n, top.file(), "face_up");
  YAML::Node card = f.node("card");
  if (!card) f.fail("card", "is required: the card that lies face up");
  pf.face_up = token_of(f, card, "card");
  bool turned = f.has("turned"), thrown = f.has("thrown");
  if (turned == thrown)
    throw InputError(top.file(), pf.face_up_mark,
                     "key 'face_up': give exactly one of 'turned: N' (seat N turned it from the stock) or "
                     "'thrown: N' (seat N threw it)");
  pf.face_up_turned = turned;
  const char* key = turned ? "turned" : "thrown";
  pf.face_up_origin = seat_of(f, f.node(key), key);
  f.finish();
}

PositionFile read_document(const YAML::Node& doc, const std::string& file) {
  if (!doc || doc.IsNull())
    throw InputError(file, {}, "the file is empty; expected a position (format: conquian-position/1)");
  Fields f(doc, file, "");
  PositionFile pf;
  pf.file = file;
  pf.mark = mark_of(doc);
  std::string format = f.required_text("format");
  if (format != kPositionFormat) {
    std::string hint = format == "conquian-record/1" ? " (a game record: give --after N to cut it after move N)" : "";
    f.fail("format", "expected '" + std::string(kPositionFormat) + "', found '" + format.substr(0, 40) + "'" + hint);
  }
  pf.ruleset = f.required_text("ruleset");
  pf.ruleset_mark = mark_of(f.node("ruleset"));
  pf.dealer = static_cast<int>(f.integer("dealer", 0, 0, kMaxSeatNumber));
  pf.dealer_mark = f.has("dealer") ? mark_of(f.node("dealer")) : pf.mark;

  YAML::Node seats = f.node("seats");
  if (!seats)
    throw InputError(file, pf.mark, "key 'seats' is required: one entry {hand: [...], table: [...]} per seat");
  if (!seats.IsSequence() || seats.size() == 0)
    f.fail("seats", "must be a list with one entry {hand: [...], table: [...]} per seat");
  if (seats.size() > kMaxSeats)
    f.fail("seats", "has " + std::to_string(seats.size()) + " entries; a deal has at most 4 seats");
  pf.seats_mark = mark_of(seats);
  for (std::size_t i = 0; i < seats.size(); ++i) pf.seats.push_back(read_seat(seats[i], file, i));

  YAML::Node stock = f.node("stock");
  if (!stock)
    throw InputError(file, pf.mark, "key 'stock' is required: the stock top card first, [] when empty, or 'unknown'");
  pf.stock_mark = mark_of(stock);
  if (stock.IsScalar() && stock.Scalar() == "unknown") {
    pf.stock_known = false;
  } else {
    pf.stock = tokens_of(f, stock, "stock");
  }
  YAML::Node dead = f.node("dead");
  pf.dead_mark = dead ? mark_of(dead) : pf.mark;
  pf.dead = tokens_of(f, dead, "dead");

  read_face_up(f, pf);

  YAML::Node refused = f.node("refused");
  pf.refused_mark = refused ? mark_of(refused) : pf.mark;
  if (refused && !refused.IsNull()) {
    if (!refused.IsSequence()) f.fail("refused", "must be a list of seats, like [1]");
    if (refused.size() > kMaxSeats) f.fail("refused", "lists more seats than a deal has");
    for (const auto& s : refused) pf.refused.push_back(seat_of(f, s, "refused"));
  }
  if (f.has("forced")) {
    pf.forced_mark = mark_of(f.node("forced"));
    pf.forced = static_cast<int>(f.integer("forced", -1, 0, kMaxSeatNumber));
  }
  if (f.has("waived")) {
    pf.waived_mark = mark_of(f.node("waived"));
    pf.waived = f.boolean("waived", false);
  }
  if (f.has("hit")) {
    pf.hit_mark = mark_of(f.node("hit"));
    pf.hit = static_cast<int>(f.integer("hit", -1, 0, kMaxSeatNumber));
  }
  pf.to_act = static_cast<int>(f.required_integer("to_act", 0, kMaxSeatNumber));
  pf.to_act_mark = mark_of(f.node("to_act"));
  if (f.has("view")) {
    pf.view_mark = mark_of(f.node("view"));
    pf.view = seat_of(f, f.node("view"), "view");
  }
  f.finish();
  return pf;
}

}  // namespace

PositionFile read_position_file(const std::string& path) { return read_document(load_yaml_file(path), path); }

PositionFile read_position_text(const std::string& text, const std::string& name) {
  return read_document(load_yaml_text(text, name), name);
}

}  // namespace conquian::record
