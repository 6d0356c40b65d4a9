#include "cli/position_input.h"

#include <fmt/format.h>

#include <optional>

#include "cli/command_error.h"
#include "record/input_error.h"
#include "record/position_file.h"
#include "record/record_reader.h"
#include "replay/game_of.h"
#include "replay/position_setup.h"
#include "replay/ruleset_cache.h"
#include "replay/view_setup.h"

namespace conquian::cli {

namespace {

// The record cut after its first `after` moves into its game's position (a game that is not
// solved only when the caller shows it: position_after refuses it, naming why).
void cut(GameTag<ConquianGame>, LoadedPosition& out, const record::GameRecord& rec, std::size_t after, bool) {
  out.position = position_after(rec, *out.rules, after);
}
void cut(GameTag<PanGame>, LoadedPosition& out, const record::GameRecord& rec, std::size_t after, bool pan_too) {
  if (pan_too) out.pan_position = pan_position_after(rec, *out.rules, after);
  else out.position = position_after(rec, *out.rules, after);
}

}  // namespace

LoadedPosition load_position(const PositionInput& in, bool pan_too) {
  RulesetCache cache;
  LoadedPosition out;
  if (in.after >= 0) {
    std::optional<record::GameRecord> rec;
    std::optional<record::RecordError> err;
    std::optional<record::MatchHeader> match;  // the deals of a match play under its ruleset
    int index = 0;
    record::read_record_file(in.path, [&](record::ReadItem&& item) {
      if (item.match) {
        if (index < in.game) match = std::move(item.match);
        return;  // a match document is no game
      }
      if (++index != in.game) return;
      if (item.record) rec = std::move(item.record);
      else err = std::move(item.error);
    });
    if (err) throw std::runtime_error(err->message);  // already "file:line:col: reason"
    if (!rec)
      throw record::InputError(
          in.path, {}, fmt::format("--game {}: the file holds {} game{}", in.game, index, index == 1 ? "" : "s"));
    if (!in.ruleset.empty()) {
      out.rules = ruleset_option(in.ruleset);
    } else if (!rec->ruleset_inline.empty()) {
      out.rules = cache.get_inline(rec->ruleset_inline, rec->file, rec->ruleset_mark.line);
    } else if (!rec->ruleset.empty() || !match) {
      try {
        out.rules = cache.get(rec->ruleset, rec->file);
      } catch (const record::InputError& e) {
        throw record::InputError(rec->file, rec->ruleset_mark, "key 'ruleset': " + e.reason());
      }
    } else if (!match->ruleset_inline.empty()) {
      out.rules = cache.get_inline(match->ruleset_inline, match->file, match->ruleset_mark.line);
    } else {
      try {
        out.rules = cache.get(match->ruleset, match->file);
      } catch (const record::InputError& e) {
        throw record::InputError(match->file, match->ruleset_mark, "key 'ruleset': " + e.reason());
      }
    }
    visit_game(*out.rules, [&](auto tag) { cut(tag, out, *rec, static_cast<std::size_t>(in.after), pan_too); });
    out.label = fmt::format("{} after move {}", rec->display_id(), in.after);
    out.record = std::move(rec);
    return out;
  }
  record::PositionFile pf = record::read_position_file(in.path);
  if (!in.ruleset.empty()) {
    out.rules = ruleset_option(in.ruleset);
  } else {
    try {
      out.rules = cache.get(pf.ruleset, pf.file);
    } catch (const record::InputError& e) {
      throw record::InputError(pf.file, pf.ruleset_mark, "key 'ruleset': " + e.reason());
    }
  }
  out.position = position_from_file(pf, *out.rules);
  out.label = in.path;
  return out;
}

std::optional<LoadedView> load_view(const PositionInput& in, int seat) {
  LoadedView out;
  if (in.after < 0) {
    record::PositionFile pf = record::read_position_file(in.path);
    if (pf.view >= 0) {
      if (seat >= 0 && seat != pf.view)
        throw record::InputError(
            pf.file, pf.view_mark,
            fmt::format("--view {}: the file is seat {}'s view ('view: {}')", seat, pf.view, pf.view));
      if (!in.ruleset.empty()) {
        out.rules = ruleset_option(in.ruleset);  // the user's, as given
      } else {
        RulesetCache cache;
        try {
          out.rules = cache.get(pf.ruleset, pf.file);
        } catch (const record::InputError& e) {
          throw record::InputError(pf.file, pf.ruleset_mark, "key 'ruleset': " + e.reason());
        }
      }
      out.view = view_from_file(pf, *out.rules);
      out.label = in.path;
      return out;
    }
  }
  if (seat < 0) return std::nullopt;
  LoadedPosition full = load_position(in);
  if (seat >= full.rules->seats)
    throw record::InputError(
        in.path, {}, fmt::format("--view {}: there is no seat {} in a {}-seat game", seat, seat, full.rules->seats));
  out.rules = full.rules;
  out.view = view_of(full.position, seat);
  out.label = full.label;
  return out;
}

}  // namespace conquian::cli
