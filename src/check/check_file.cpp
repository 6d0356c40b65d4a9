#include "check/check_file.h"

#include "check/check_record.h"

#include <optional>

#include "check/match_check.h"
#include "record/input_error.h"
#include "record/record_reader.h"

namespace conquian::check {
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

// What the reader's sink keeps from one document to the next: the match that the deals
// after a `match:` document belong to (specs/record-format.md, "Matches").
struct FileState {
  std::optional<MatchCheck> match;
};

void start_match(const record::MatchHeader& h, const CheckedSink& sink, RulesetCache& cache, FileState& st) {
  std::shared_ptr<const Ruleset> rules;
  try {
    rules = named_ruleset(cache, h.ruleset, h.ruleset_inline, h.file, h.ruleset_mark);
  } catch (const record::InputError& e) {
    std::string why = ruleset_words(h.ruleset, h.ruleset_inline) + ": " + e.reason();
    st.match.emplace(h, why);
    return sink(
        {malformed({h.file, h.index, h.display_id(), fault_mark(e, h.ruleset_inline, h.file, h.ruleset_mark), why}),
         nullptr, nullptr});
  }
  const MatchTerms terms = match_terms(h, *rules);
  if (!terms.problem.empty()) {
    st.match.emplace(h, terms.problem);
    return sink({malformed({h.file, h.index, h.display_id(), h.mark, terms.problem}), nullptr, nullptr});
  }
  st.match.emplace(h, std::move(rules), terms.target, terms.stake);
}

// The sink of the record reader: each document to its verdicts, with what was judged.
record::RecordSink judge_each(const CheckedSink& sink, const CheckFileOptions& options, RulesetCache& cache) {
  auto st = std::make_shared<FileState>();
  return [&sink, &options, &cache, st](record::ReadItem&& item) {
    if (item.match) {
      if (options.under.empty()) start_match(*item.match, sink, cache, *st);
      return;
    }
    if (item.error) {
      GameVerdict v = malformed(*item.error);
      if (st->match && options.under.empty()) st->match->add_malformed(v);
      return sink({std::move(v), nullptr, nullptr});
    }
    auto rec = std::make_shared<const record::GameRecord>(std::move(*item.record));
    if (!options.under.empty()) {
      for (const auto& rules : options.under) sink({check_record(*rec, *rules), rec, rules});
      return;
    }
    const bool named = !rec->ruleset.empty() || !rec->ruleset_inline.empty();
    if (st->match) {
      MatchCheck& m = *st->match;
      GameVerdict v;
      if (named)
        v = malformed({rec->file, rec->index, rec->display_id(), rec->ruleset_mark,
                       "a deal of match '" + m.id() + "' is played under the match's ruleset, so it names none"});
      else if (!m.unusable().empty())
        v = malformed({rec->file, rec->index, rec->display_id(), rec->mark,
                       "match '" + m.id() + "' cannot be checked: " + m.unusable()});
      else v = check_record(*rec, *m.rules());
      const bool judged = v.judgement != Judgement::Malformed;
      if (judged) m.add_deal(*rec, v);
      else m.add_malformed(v);
      return judged ? sink({std::move(v), rec, m.rules()}) : sink({std::move(v), nullptr, nullptr});
    }
    if (!named)
      return sink({malformed({rec->file, rec->index, rec->display_id(), rec->mark,
                              "the record has no 'ruleset' (the ruleset the game was played under)"}),
                   nullptr, nullptr});
    std::shared_ptr<const Ruleset> rules;
    try {
      rules = named_ruleset(cache, rec->ruleset, rec->ruleset_inline, rec->file, rec->ruleset_mark);
    } catch (const record::InputError& e) {
      return sink({malformed({rec->file, rec->index, rec->display_id(),
                              fault_mark(e, rec->ruleset_inline, rec->file, rec->ruleset_mark),
                              ruleset_words(rec->ruleset, rec->ruleset_inline) + ": " + e.reason()}),
                   nullptr, nullptr});
    }
    sink({check_record(*rec, *rules), rec, rules});
  };
}

CheckedSink verdicts_only(const VerdictSink& sink) {
  return [&sink](CheckedGame&& g) { sink(std::move(g.verdict)); };
}

}  // namespace

void check_file(const std::string& path, const VerdictSink& sink, const CheckFileOptions& options) {
  check_file_keeping(path, verdicts_only(sink), options);
}

void check_file_keeping(const std::string& path, const CheckedSink& sink, const CheckFileOptions& options) {
  RulesetCache own;
  record::read_record_file(path, judge_each(sink, options, options.cache ? *options.cache : own));
}

void check_text(std::string_view text, const std::string& name, const VerdictSink& sink,
                const CheckFileOptions& options, record::RecordFormat format) {
  RulesetCache own;
  const CheckedSink checked = verdicts_only(sink);
  record::read_record_text(text, name, judge_each(checked, options, options.cache ? *options.cache : own), {}, format);
}

}  // namespace conquian::check
