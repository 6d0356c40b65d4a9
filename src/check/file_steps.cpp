#include "check/file_steps.h"

#include <utility>

#include "base/parallel_for.h"
#include "check/check_record.h"
#include "record/input_error.h"
#include "replay/game_of.h"

namespace conquian::check::file_steps {
namespace {

GameVerdict malformed(const record::RecordError& e) {
  GameVerdict v;
  v.judgement = Judgement::Malformed;
  v.file = e.file;
  v.index = e.index;
  // A file that cannot be parsed at all is one game named by the file (specs/check-output.md).
  v.id = e.index == 0 ? e.file : !e.id.empty() ? e.id : e.file + ":" + std::to_string(e.index);
  v.message = e.message;
  v.mark = e.mark;
  return v;
}

// The ruleset a record or a match document names (a name or path, read beside the file),
// or writes inline; throws record::InputError naming why it cannot be loaded.
std::shared_ptr<const Ruleset> named_ruleset(RulesetCache& cache, const std::string& name,
                                             const std::string& inline_text, const std::string& file,
                                             record::Mark mark) {
  if (!inline_text.empty()) return cache.get_inline(inline_text, file, mark.line);
  return cache.get(name, file);
}

// Where a ruleset's fault stands: an inline ruleset's own line, else the `ruleset:` value.
record::Mark fault_mark(const record::InputError& e, const std::string& inline_text, const std::string& file,
                        record::Mark at) {
  return !inline_text.empty() && e.file() == file && e.mark().line != 0 ? e.mark() : at;
}

std::string ruleset_words(const std::string& name, const std::string& inline_text) {
  return inline_text.empty() ? "ruleset '" + name + "'" : "the inline ruleset";
}

Step ready(GameVerdict&& v) { return Step{{std::move(v), nullptr, nullptr, 0, false}, false, nullptr}; }

// "Conquian", "Panguingue": a game's name as a sentence writes it.
std::string game_title(const Ruleset& rules) {
  std::string name = game_facts(rules).name;
  if (!name.empty()) name[0] = static_cast<char>(name[0] - 'a' + 'A');
  return name;
}

// A record judged under a ruleset of another game than its own (check --ruleset) would fail
// in its deal for reasons that say nothing of the mix-up; this says it: "this is a Panguingue
// record (its ruleset panguingue); ruleset american plays Conquian". Only a record that names
// a ruleset this run can load is told apart: its game is that ruleset's.
std::optional<Step> other_game(const record::GameRecord& rec, const Ruleset& under, RulesetCache& cache) {
  if (rec.ruleset.empty() || !rec.ruleset_inline.empty()) return std::nullopt;
  std::shared_ptr<const Ruleset> own;
  try {
    own = cache.get(rec.ruleset, rec.file);
  } catch (const record::InputError&) { return std::nullopt; }
  if (own->game == under.game) return std::nullopt;
  GameVerdict v = start_verdict(rec, under);
  return ready(
      illegal_at(std::move(v), 0,
                 Verdict::bad(Code::BadDeal, "this is a " + game_title(*own) + " record (its ruleset " + own->name +
                                                 "); ruleset " + under.name + " plays " + game_title(under)),
                 rec.ruleset_mark, "the deal", {}));
}

void start_match(const record::MatchHeader& h, RulesetCache& cache, FileState& st) {
  std::shared_ptr<const Ruleset> rules;
  try {
    rules = named_ruleset(cache, h.ruleset, h.ruleset_inline, h.file, h.ruleset_mark);
  } catch (const record::InputError& e) {
    std::string why = ruleset_words(h.ruleset, h.ruleset_inline) + ": " + e.reason();
    st.match = std::make_shared<MatchCheck>(h, why);
    st.steps.push_back(ready(
        malformed({h.file, h.index, h.display_id(), fault_mark(e, h.ruleset_inline, h.file, h.ruleset_mark), why})));
    return;
  }
  const MatchTerms terms = match_terms(h, *rules);
  if (!terms.problem.empty()) {
    st.match = std::make_shared<MatchCheck>(h, terms.problem);
    st.steps.push_back(ready(malformed({h.file, h.index, h.display_id(), h.mark, terms.problem})));
    return;
  }
  st.match = std::make_shared<MatchCheck>(h, std::move(rules), terms.target, terms.stake);
}

}  // namespace

void prepare(record::ReadItem&& item, const CheckFileOptions& options, RulesetCache& cache, FileState& st,
             std::shared_ptr<const record::GameRecord> made) {
  if (item.match) {
    if (options.under.empty()) start_match(*item.match, cache, st);
    return;
  }
  if (item.error) {
    Step step = ready(malformed(*item.error));
    step.game.ends_file = item.error->ends_file;
    if (options.under.empty()) step.match = st.match;
    st.steps.push_back(std::move(step));
    return;
  }
  auto rec = made ? std::move(made) : std::make_shared<const record::GameRecord>(std::move(*item.record));
  if (!options.under.empty()) {
    for (const auto& rules : options.under) {
      if (auto told = other_game(*rec, *rules, cache)) st.steps.push_back(std::move(*told));
      else st.steps.push_back(Step{{{}, rec, rules, 0, false}, true, nullptr});
    }
    return;
  }
  const bool named = !rec->ruleset.empty() || !rec->ruleset_inline.empty();
  if (st.match) {
    const MatchCheck& m = *st.match;
    Step step;
    if (named)
      step =
          ready(malformed({rec->file, rec->index, rec->display_id(), rec->ruleset_mark,
                           "a deal of match '" + m.id() + "' is played under the match's ruleset, so it names none"}));
    else if (!m.unusable().empty())
      step = ready(malformed({rec->file, rec->index, rec->display_id(), rec->mark,
                              "match '" + m.id() + "' cannot be checked: " + m.unusable()}));
    else step = Step{{{}, rec, m.rules(), 0, false}, true, nullptr};
    step.match = st.match;
    st.steps.push_back(std::move(step));
    return;
  }
  if (!named) {
    st.steps.push_back(ready(malformed({rec->file, rec->index, rec->display_id(), rec->mark,
                                        "the record has no 'ruleset' (the ruleset the game was played under)"})));
    return;
  }
  std::shared_ptr<const Ruleset> rules;
  try {
    rules = named_ruleset(cache, rec->ruleset, rec->ruleset_inline, rec->file, rec->ruleset_mark);
  } catch (const record::InputError& e) {
    st.steps.push_back(ready(malformed({rec->file, rec->index, rec->display_id(),
                                        fault_mark(e, rec->ruleset_inline, rec->file, rec->ruleset_mark),
                                        ruleset_words(rec->ruleset, rec->ruleset_inline) + ": " + e.reason()})));
    return;
  }
  st.steps.push_back(Step{{{}, rec, std::move(rules), 0, false}, true, nullptr});
}

GameVerdict verdict_of(const record::GameRecord& record, const Ruleset& rules, const CheckFileOptions& options) {
  return options.judge ? options.judge(record, rules) : check_record(record, rules);
}

void judge_step(Step& s, const CheckFileOptions& options) {
  if (!s.judge) return;
  if (!s.judged) s.game.verdict = verdict_of(*s.game.record, *s.game.rules, options);
  // A deal of a match is told to its match, in order, with its record (give()).
  if (!options.keep_records && !s.match) {
    s.game.record = nullptr;
    s.game.rules = nullptr;
  }
}

void give(std::vector<Step>& steps, const CheckedSink& sink) {
  for (Step& s : steps) {
    if (s.match) {
      GameVerdict& v = s.game.verdict;
      if (s.judge && v.judgement != Judgement::Malformed) {
        s.match->add_deal(*s.game.record, v);
      } else {
        s.match->add_malformed(v);
        s.game.record = nullptr;
        s.game.rules = nullptr;
      }
    }
    sink(std::move(s.game));
  }
  steps.clear();
}

void finish(FileState& st, int threads, const CheckFileOptions& options, const CheckedSink& sink) {
  std::vector<Step>& steps = st.steps;
  parallel_for(steps.size(), threads, [&steps, &options](std::size_t i) { judge_step(steps[i], options); });
  give(steps, sink);
}

}  // namespace conquian::check::file_steps
