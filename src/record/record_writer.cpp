#include "record/record_writer.h"

#include <cctype>

#include "record/json_text.h"

namespace conquian::record {
namespace {

std::string list(const TokenList& tokens) {
  std::string s = "[";
  for (std::size_t i = 0; i < tokens.size(); ++i) s += (i ? ", " : "") + tokens[i].text;
  return s + "]";
}

// `ruleset: ...` (a name or path, or the inline mapping as it was written), or nothing.
std::string ruleset_line(const std::string& name, const std::string& inline_text, const std::string& indent) {
  if (inline_text.empty()) return name.empty() ? "" : indent + "ruleset: " + yaml_scalar(name) + "\n";
  const std::size_t first = inline_text.find_first_not_of(' ');
  if (first != std::string::npos && inline_text[first] == '{') {  // flow: on the key's line
    std::string flow = inline_text.substr(first);
    while (!flow.empty() && (flow.back() == '\n' || flow.back() == ' ')) flow.pop_back();
    return indent + "ruleset: " + flow + "\n";
  }
  std::string block = inline_text;  // block: its own lines, indented as they were
  if (!block.empty() && block.back() != '\n') block += '\n';
  return indent + "ruleset:\n" + block;
}

std::string players_line(const std::vector<std::string>& players, const std::string& indent) {
  if (players.empty()) return "";
  std::string s = indent + "players: [";
  for (std::size_t i = 0; i < players.size(); ++i) s += (i ? ", " : "") + yaml_scalar(players[i]);
  return s + "]\n";
}

}  // namespace

std::string yaml_scalar(const std::string& text) {
  bool plain = !text.empty() && text[0] != '-';
  for (char c : text)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) plain = false;
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* word : {"true", "false", "null", "yes", "no", "on", "off", "y", "n"})
    if (lower == word) plain = false;
  if (plain) return text;
  std::string s = "\"";
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      s += '\\';
      s += c;
    } else if (u < 0x20 || u == 0x7F) {  // control characters as escapes: the text survives exactly
      static const char* hex = "0123456789abcdef";
      s += "\\x";
      s += hex[u >> 4];
      s += hex[u & 15];
    } else {
      s += c;
    }
  }
  return s + "\"";
}

std::string write_move(const RecordMove& m) {
  std::string s = "{seat: " + std::to_string(m.seat);
  switch (m.kind) {
    case MoveKind::Swap: s += ", swap: " + m.card.text; break;
    case MoveKind::Turn: s += ", turn: " + m.card.text; break;
    case MoveKind::Pass: s += ", pass: " + m.card.text; break;
    case MoveKind::Throw: s += ", throw: " + m.card.text; break;
    case MoveKind::Force: s += ", force: " + std::to_string(m.force_seat); break;
    case MoveKind::Play: s += ", play: true"; break;
    case MoveKind::Drop: s += ", drop: true"; break;
    case MoveKind::Forfeit: s += ", forfeit: " + yaml_scalar(m.forfeit_reason); break;
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
      if (m.collect >= 0) s += ", collect: " + std::to_string(m.collect);
      break;
  }
  return s + "}";
}

namespace {

void append_tokens(std::string& out, const TokenList& list) {
  out += '[';
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i) out += ',';
    append_json_string(out, list[i].text);
  }
  out += ']';
}

}  // namespace

// The keys in nlohmann's order (sorted), so that move_json's objects and this text agree:
// collect, discard, drop, force, forfeit, lay, melds, onto, pass, play, seat, swap, take, throw, turn.
void append_move_json(std::string& out, const RecordMove& m) {
  auto card = [&](const char* key) {
    append_json_key(out, key);
    append_json_string(out, m.card.text);
    out += ',';
  };
  out += '{';
  if (m.kind == MoveKind::Take && m.collect >= 0) {
    append_json_key(out, "collect");
    append_json_int(out, m.collect);
    out += ',';
  }
  switch (m.kind) {
    case MoveKind::Force:
      append_json_key(out, "force");
      append_json_int(out, m.force_seat);
      out += ',';
      break;
    case MoveKind::Forfeit:
      append_json_key(out, "forfeit");
      append_json_string(out, m.forfeit_reason);
      out += ',';
      break;
    case MoveKind::Pass: card("pass"); break;
    case MoveKind::Play:
      append_json_key(out, "play");
      out += "true,";
      break;
    case MoveKind::Drop:
      append_json_key(out, "drop");
      out += "true,";
      break;
    case MoveKind::Take:
    case MoveKind::Lay:
      if (m.discard) {
        append_json_key(out, "discard");
        append_json_string(out, m.discard->text);
        out += ',';
      }
      if (m.has_melds) {
        append_json_key(out, "melds");
        out += '[';
        for (std::size_t i = 0; i < m.melds.size(); ++i) {
          if (i) out += ',';
          append_tokens(out, m.melds[i]);
        }
        out += "],";
      } else if (m.has_lay) {
        append_json_key(out, "lay");
        append_tokens(out, m.lay);
        out += ',';
      }
      if (m.onto >= 0) {
        append_json_key(out, "onto");
        append_json_int(out, m.onto);
        out += ',';
      }
      break;
    default: break;
  }
  append_json_key(out, "seat");
  append_json_int(out, m.seat);
  switch (m.kind) {
    case MoveKind::Swap:
      out += ',';
      card("swap");
      break;
    case MoveKind::Take:
      out += ',';
      card("take");
      break;
    case MoveKind::Throw:
      out += ',';
      card("throw");
      break;
    case MoveKind::Turn:
      out += ',';
      card("turn");
      break;
    default: break;
  }
  if (out.back() == ',') out.pop_back();
  out += '}';
}

nlohmann::json move_json(const RecordMove& m) {
  std::string text;
  append_move_json(text, m);
  return nlohmann::json::parse(text);
}

std::string write_record(const GameRecord& rec) {
  std::string s = "format: conquian-record/1\n";
  s += ruleset_line(rec.ruleset, rec.ruleset_inline, "");
  if (!rec.id.empty()) s += "id: " + yaml_scalar(rec.id) + "\n";
  s += players_line(rec.players, "");
  s += "dealer: " + std::to_string(rec.dealer) + "\n";
  s += "deal:\n  hands:\n";
  for (const auto& h : rec.hands) s += "    - " + list(h) + "\n";
  if (rec.has_stock) s += "  stock: " + list(rec.stock) + "\n";
  if (!rec.salt.empty()) s += "  salt: " + yaml_scalar(rec.salt) + "\n";
  if (!rec.commitment.empty()) s += "  commitment: " + yaml_scalar(rec.commitment) + "\n";
  s += "moves:\n";
  if (rec.moves.empty()) s.replace(s.size() - 1, 1, " []\n");
  for (const auto& m : rec.moves) s += "  - " + write_move(m) + "\n";
  if (rec.result.present) {
    const RecordResult& r = rec.result;
    s += r.draw ? "result: {draw: true" : "result: {winner: " + std::to_string(r.winner);
    if (r.forfeit_seat >= 0)
      s += ", forfeit: {seat: " + std::to_string(r.forfeit_seat) + ", reason: " + yaml_scalar(r.forfeit_reason) + "}";
    if (r.has_chips) {
      s += ", chips: [";
      for (std::size_t i = 0; i < r.chips.size(); ++i) s += (i ? ", " : "") + std::to_string(r.chips[i]);
      s += "]";
    }
    if (r.has_pot) s += ", pot: " + std::to_string(r.pot);
    s += "}\n";
  }
  if (rec.score.present) {
    s += "score: {multiplier: " + std::to_string(rec.score.multiplier) + ", total: [";
    for (std::size_t i = 0; i < rec.score.total.size(); ++i) s += (i ? ", " : "") + std::to_string(rec.score.total[i]);
    s += "]";
    if (rec.score.match_winner >= 0) s += ", match_winner: " + std::to_string(rec.score.match_winner);
    s += "}\n";
  }
  return s;
}

std::string write_match_header(const MatchHeader& m) {
  std::string s = "format: conquian-record/1\nmatch:\n";
  if (!m.id.empty()) s += "  id: " + yaml_scalar(m.id) + "\n";
  std::string inline_text;  // a block mapping one level deeper, under `match:`
  for (std::size_t i = 0; i < m.ruleset_inline.size(); ++i) {
    if (i == 0 || m.ruleset_inline[i - 1] == '\n') inline_text += "  ";
    inline_text += m.ruleset_inline[i];
  }
  s += ruleset_line(m.ruleset, inline_text, "  ");
  if (m.seats >= 0) s += "  seats: " + std::to_string(m.seats) + "\n";
  s += players_line(m.players, "  ");
  if (m.target >= 0) s += "  target: " + std::to_string(m.target) + "\n";
  if (m.stake >= 0) s += "  stake: " + std::to_string(m.stake) + "\n";
  return s;
}

}  // namespace conquian::record
