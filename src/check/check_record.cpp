#include "check/check_record.h"

#include <filesystem>
#include <fmt/format.h>

#include "check/commitment.h"
#include "record/input_error.h"
#include "replay/record_moves.h"

namespace conquian::check {
namespace {

std::string outcome_words(const Outcome& o) {
  if (o.kind == Outcome::Kind::Win) return fmt::format("seat {} wins", o.winner);
  if (o.kind == Outcome::Kind::Draw) return "a draw";
  return "no result (unfinished)";
}

// The outcome a finished record should state. A record may end in a force window: a
// force could still come, but the record stated no more moves, so nobody forced.
Outcome final_outcome(const Position& pos, bool result_stated) {
  if (pos.phase == Phase::ForceWindow && result_stated) {
    Position after = pos;
    apply(after, waive_move());
    if (after.result.over()) return after.result;
  }
  return pos.result;
}

}  // namespace

const char* judgement_name(Judgement j) {
  switch (j) {
    case Judgement::Legal: return "legal";
    case Judgement::Illegal: return "illegal";
    case Judgement::Malformed: return "malformed";
  }
  return "?";
}

std::shared_ptr<const Ruleset> RulesetCache::get(const std::string& name, const std::string& record_file) {
  std::string key = name;
  bool is_path = name.find('/') != std::string::npos || name.ends_with(".yaml");
  if (is_path && !name.starts_with("/")) {  // relative paths are relative to the record
    auto beside = std::filesystem::path(record_file).parent_path() / name;
    if (std::filesystem::exists(beside)) key = beside.string();
  }
  if (auto it = loaded_.find(key); it != loaded_.end()) return it->second;
  if (auto it = failed_.find(key); it != failed_.end()) throw record::InputError(key, {}, it->second);
  try {
    auto rs = load_ruleset(key);
    loaded_[key] = rs;
    return rs;
  } catch (const record::InputError& e) {
    failed_[key] = e.reason();
    throw;
  }
}

GameVerdict check_record(const record::GameRecord& rec, const Ruleset& rules) {
  GameVerdict v;
  v.id = rec.display_id();
  v.file = rec.file;
  v.index = rec.index;
  v.ruleset = rules.name;
  v.moves = static_cast<int>(rec.moves.size());
  Position pos;
  auto illegal = [&](int move, const Verdict& why, record::Mark mark, std::string text) {
    v.outcome = pos.rules ? pos.result : Outcome{};  // as replayed up to the bad move
    v.finished = v.outcome.over();
    v.judgement = Judgement::Illegal;
    v.move = move;
    v.code = why.code;
    v.message = why.message;
    v.mark = mark;
    v.move_text = std::move(text);
    return v;
  };

  DealOrFault deal = start_from_record(rec, rules);
  if (!deal.fault.ok()) return illegal(0, deal.fault, rec.mark, "the deal");
  if (!rec.commitment.empty()) {
    std::string expected = deal_commitment(rec);
    if (rec.commitment != expected)
      return illegal(0, Verdict::bad(Code::BadCommitment,
                                     fmt::format("the deal does not match its commitment {} (the salt and cards hash to {})",
                                                 rec.commitment, expected)),
                     rec.commitment_mark, "the deal");
  }

  pos = deal.position;
  for (std::size_t i = 0; i < rec.moves.size(); ++i) {
    const record::RecordMove& rm = rec.moves[i];
    int number = static_cast<int>(i) + 1;
    if (pos.phase == Phase::Over) return illegal(number, judge(pos, Move{}), rm.mark, "");
    MoveOrFault mf = to_move(pos, rm);
    if (!mf.fault.ok()) return illegal(number, mf.fault, rm.mark, "");
    if (Verdict verdict = judge(pos, mf.move); !verdict.ok())
      return illegal(number, verdict, rm.mark, describe(pos, mf.move));
    apply(pos, mf.move);
  }

  Outcome replayed = final_outcome(pos, rec.result.present);
  v.outcome = replayed;
  v.finished = replayed.over();
  Outcome stated;
  if (rec.result.present)
    stated = rec.result.draw ? Outcome{Outcome::Kind::Draw, -1} : Outcome{Outcome::Kind::Win, rec.result.winner};
  if (!(stated == replayed)) {
    std::string said = rec.result.present ? outcome_words(stated) : "no result";
    return illegal(v.moves + 1,
                   Verdict::bad(Code::ResultMismatch, fmt::format("the record states {}, but the replay gives {}", said,
                                                                  outcome_words(replayed))),
                   rec.result.present ? rec.result.mark : rec.mark, "the result");
  }
  return v;
}

}  // namespace conquian::check
