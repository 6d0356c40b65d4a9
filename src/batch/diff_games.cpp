#include "batch/diff_games.h"

#include <algorithm>

#include "check/check_record.h"
#include "record/input_error.h"
#include "record/record_reader.h"

namespace conquian::batch {

GamesCheck check_games(const std::string& file, const std::vector<std::shared_ptr<const Ruleset>>& rules) {
  GamesCheck out;
  out.file = file;
  record::read_record_file(file, [&](record::ReadItem&& item) {
    if (item.error) {
      const auto& e = *item.error;
      if (e.index == 0) throw record::InputError(e.file, e.mark, e.message);  // the file as a whole
      out.unreadable.push_back((e.id.empty() ? e.file + ":" + std::to_string(e.index) : e.id) + ": " + e.message);
      return;
    }
    GameVerdicts g;
    g.id = item.record->display_id();
    for (const auto& r : rules) g.under.push_back(check::check_record(*item.record, *r));
    out.games.push_back(std::move(g));
  });
  return out;
}

bool verdicts_differ(const check::GameVerdict& a, const check::GameVerdict& b) {
  if (a.judgement != b.judgement) return true;
  if (a.judgement == check::Judgement::Legal) return false;
  return a.move != b.move || a.code != b.code;
}

int first_diverging_move(const check::GameVerdict& a, const check::GameVerdict& b) {
  bool bad_a = a.judgement != check::Judgement::Legal, bad_b = b.judgement != check::Judgement::Legal;
  if (bad_a && bad_b) return std::min(a.move, b.move);
  return bad_a ? a.move : b.move;
}

}  // namespace conquian::batch
