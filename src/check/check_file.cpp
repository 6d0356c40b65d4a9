#include "check/check_file.h"

#include "check/check_record.h"
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

// The sink of the record reader: each document to its verdicts, with what was judged.
record::RecordSink judge_each(const CheckedSink& sink, const CheckFileOptions& options, RulesetCache& cache) {
  return [&sink, &options, &cache](record::ReadItem&& item) {
    if (item.error) return sink({malformed(*item.error), nullptr, nullptr});
    auto rec = std::make_shared<const record::GameRecord>(std::move(*item.record));
    if (!options.under.empty()) {
      for (const auto& rules : options.under) sink({check_record(*rec, *rules), rec, rules});
      return;
    }
    std::shared_ptr<const Ruleset> rules;
    try {
      rules = cache.get(rec->ruleset, rec->file);
    } catch (const record::InputError& e) {
      return sink({malformed({rec->file, rec->index, rec->display_id(), rec->ruleset_mark,
                              "ruleset '" + rec->ruleset + "': " + e.reason()}),
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
                const CheckFileOptions& options) {
  RulesetCache own;
  const CheckedSink checked = verdicts_only(sink);
  record::read_record_text(text, name, judge_each(checked, options, options.cache ? *options.cache : own));
}

}  // namespace conquian::check
