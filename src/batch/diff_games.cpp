#include "batch/diff_games.h"

#include <algorithm>

#include "check/check_file.h"
#include "record/input_error.h"

namespace conquian::batch {

GamesCheck check_games(const std::string& file, const std::vector<std::shared_ptr<const Ruleset>>& rules, int threads) {
  GamesCheck out;
  out.file = file;
  check::CheckFileOptions how;
  how.under = rules;  // one verdict per ruleset for each game, in the plan's order
  how.threads = threads;
  check::check_file(
      file,
      [&](check::GameVerdict&& v) {
        if (v.judgement == check::Judgement::Malformed) {
          if (v.index == 0) throw record::InputError(v.file, v.mark, v.message);  // the file as a whole
          out.unreadable.push_back(v.id + ": " + v.message);
          return;
        }
        if (out.games.empty() || out.games.back().under.size() == rules.size()) out.games.push_back({v.id, {}});
        out.games.back().under.push_back(std::move(v));
      },
      how);
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
