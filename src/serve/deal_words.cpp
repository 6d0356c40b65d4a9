#include "serve/deal_words.h"

#include <fmt/format.h>

#include "rules/ruleset_writer.h"
#include "rules/shipped_rulesets.h"
#include "serve/session.h"

namespace conquian::serve {
namespace {

record::TokenList tokens(const nlohmann::json& j, const std::string& key) {
  if (!j.is_array()) throw SessionError("bad-field", fmt::format("deal: '{}' must be a list of cards", key));
  record::TokenList out;
  for (const auto& c : j) {
    if (!c.is_string())
      throw SessionError("bad-field", fmt::format("deal: '{}' holds {}, which is not a card", key, c.dump()));
    const std::string& text = c.get_ref<const std::string&>();
    if (text.size() > kMaxTokenBytes)
      throw SessionError("bad-field", fmt::format("deal: '{}' holds a string of {} bytes, which is not a card (a card "
                                                  "token has at most {})",
                                                  key, text.size(), kMaxTokenBytes));
    out.push_back({record::TokenText(text), {}});
  }
  return out;
}

}  // namespace

void name_ruleset(const Ruleset& rules, record::GameRecord& rec) {
  rec.ruleset.clear();
  rec.ruleset_inline.clear();
  if (shipped_ruleset_texts().count(rules.name)) rec.ruleset = rules.name;
  else rec.ruleset_inline = ruleset_flow_yaml(rules);
}

record::GameRecord deal_record(const Ruleset& rules, const nlohmann::json& deal) {
  if (!deal.is_object()) throw SessionError("bad-field", "'deal' must be a mapping {dealer, hands, stock}");
  record::GameRecord rec;
  name_ruleset(rules, rec);
  if (deal.contains("dealer")) {
    if (!deal["dealer"].is_number_integer()) throw SessionError("bad-field", "deal: 'dealer' must be a seat number");
    rec.dealer = deal["dealer"].get<int>();
  }
  if (!deal.contains("hands") || !deal["hands"].is_array())
    throw SessionError("bad-field", "deal: 'hands' must be a list of hands (each a list of cards)");
  for (const auto& h : deal["hands"]) rec.hands.push_back(tokens(h, "hands"));
  if (deal.contains("stock") && !deal["stock"].is_null()) {
    rec.has_stock = true;
    rec.stock = tokens(deal["stock"], "stock");
  }
  return rec;
}

std::string fault_text(const Verdict& v) { return fmt::format("{}: {}", code_name(v.code), v.message); }

}  // namespace conquian::serve
