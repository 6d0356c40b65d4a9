// "Did you mean ...?": the one edit-distance helper every layer uses to suggest a
// correction for a misspelt command, option, ruleset name, ruleset key or card token.
// It lives on the base floor (below cards) so that every layer can call it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace conquian {

// Edit distance (insert, delete, substitute, swap two neighbours), ignoring ASCII case.
int spelling_distance(std::string_view a, std::string_view b);

// The one choice nearest to `word`, if it is close enough (a third of the word's length,
// at least 1 edit) and no other choice is as close; nullopt otherwise.
std::optional<std::string> nearest_spelling(std::string_view word, const std::vector<std::string>& choices);

// "; did you mean 'X'?" for the nearest choice, or "" when there is none.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& choices);

}  // namespace conquian
