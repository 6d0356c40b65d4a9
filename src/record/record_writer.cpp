#include "record/record_writer.h"

#include <cctype>

namespace conquian::record {
namespace {

std::string list(const TokenList& tokens) {
  std::string s = "[";
  for (std::size_t i = 0; i < tokens.size(); ++i) s += (i ? ", " : "") + tokens[i].text;
  return s + "]";
}

// Ids and names are written quoted unless they are plain words.
std::string scalar(const std::string& text) {
  bool plain = !text.empty();
  for (char c : text)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) plain = false;
  if (plain && (text == "true" || text == "false" || text == "null" || text == "yes" || text == "no")) plain = false;
  if (plain) return text;
  std::string s = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') s += '\\';
    s += c;
  }
  return s + "\"";
}

}  // namespace

std::string write_move(const RecordMove& m) {
  std::string s = "{seat: " + std::to_string(m.seat);
  switch (m.kind) {
    case MoveKind::Swap: s += ", swap: " + m.card.text; break;
    case MoveKind::Turn: s += ", turn: " + m.card.text; break;
    case MoveKind::Pass: s += ", pass: " + m.card.text; break;
    case MoveKind::Throw: s += ", throw: " + m.card.text; break;
    case MoveKind::Force: s += ", force: " + std::to_string(m.force_seat); break;
    case MoveKind::Take: s += ", take: " + m.card.text; [[fallthrough]];
    case MoveKind::Lay:
      if (m.has_melds) {
        s += ", melds: [";
        for (std::size_t i = 0; i < m.melds.size(); ++i) s += (i ? ", " : "") + list(m.melds[i]);
        s += "]";
      } else if (m.has_lay) {
        s += ", lay: " + list(m.lay);
      }
      if (m.discard) s += ", discard: " + m.discard->text;
      if (m.onto >= 0) s += ", onto: " + std::to_string(m.onto);
      break;
  }
  return s + "}";
}

nlohmann::json move_json(const RecordMove& m) {
  auto tokens = [](const TokenList& l) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& t : l) a.push_back(t.text);
    return a;
  };
  nlohmann::json j = {{"seat", m.seat}};
  switch (m.kind) {
    case MoveKind::Swap: j["swap"] = m.card.text; break;
    case MoveKind::Turn: j["turn"] = m.card.text; break;
    case MoveKind::Pass: j["pass"] = m.card.text; break;
    case MoveKind::Throw: j["throw"] = m.card.text; break;
    case MoveKind::Force: j["force"] = m.force_seat; break;
    case MoveKind::Take: j["take"] = m.card.text; [[fallthrough]];
    case MoveKind::Lay:
      if (m.has_melds) {
        nlohmann::json melds = nlohmann::json::array();
        for (const auto& meld : m.melds) melds.push_back(tokens(meld));
        j["melds"] = melds;
      } else if (m.has_lay) {
        j["lay"] = tokens(m.lay);
      }
      if (m.discard) j["discard"] = m.discard->text;
      if (m.onto >= 0) j["onto"] = m.onto;
      break;
  }
  return j;
}

std::string write_record(const GameRecord& rec) {
  std::string s = "format: conquian-record/1\n";
  s += "ruleset: " + scalar(rec.ruleset) + "\n";
  if (!rec.id.empty()) s += "id: " + scalar(rec.id) + "\n";
  if (!rec.players.empty()) {
    s += "players: [";
    for (std::size_t i = 0; i < rec.players.size(); ++i) s += (i ? ", " : "") + scalar(rec.players[i]);
    s += "]\n";
  }
  s += "dealer: " + std::to_string(rec.dealer) + "\n";
  s += "deal:\n  hands:\n";
  for (const auto& h : rec.hands) s += "    - " + list(h) + "\n";
  if (rec.has_stock) s += "  stock: " + list(rec.stock) + "\n";
  if (!rec.salt.empty()) s += "  salt: " + scalar(rec.salt) + "\n";
  if (!rec.commitment.empty()) s += "  commitment: " + scalar(rec.commitment) + "\n";
  s += "moves:\n";
  if (rec.moves.empty()) s.replace(s.size() - 1, 1, " []\n");
  for (const auto& m : rec.moves) s += "  - " + write_move(m) + "\n";
  if (rec.result.present)
    s += rec.result.draw ? "result: {draw: true}\n" : "result: {winner: " + std::to_string(rec.result.winner) + "}\n";
  return s;
}

}  // namespace conquian::record
