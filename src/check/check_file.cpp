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

// The sink of the record reader: each document to its verdicts.
record::RecordSink judge_each(const VerdictSink& sink, const CheckFileOptions& options, RulesetCache& cache) {
  return [&sink, &options, &cache](record::ReadItem&& item) {
    if (item.error) return sink(malformed(*item.error));
    const record::GameRecord& rec = *item.record;
    if (!options.under.empty()) {
      for (const auto& rules : options.under) sink(check_record(rec, *rules));
      return;
    }
    std::shared_ptr<const Ruleset> rules;
    try {
      rules = cache.get(rec.ruleset, rec.file);
    } catch (const record::InputError& e) {
      return sink(malformed({rec.file, rec.index, rec.display_id(), rec.ruleset_mark,
                             "ruleset '" + rec.ruleset + "': " + e.reason()}));
    }
    sink(check_record(rec, *rules));
  };
}

}  // namespace

void check_file(const std::string& path, const VerdictSink& sink, const CheckFileOptions& options) {
  RulesetCache own;
  record::read_record_file(path, judge_each(sink, options, options.cache ? *options.cache : own));
}

void check_text(std::string_view text, const std::string& name, const VerdictSink& sink,
                const CheckFileOptions& options) {
  RulesetCache own;
  record::read_record_text(text, name, judge_each(sink, options, options.cache ? *options.cache : own));
}

}  // namespace conquian::check
