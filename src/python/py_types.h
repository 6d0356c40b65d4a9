// The C++ values the module's Python classes hold.
#pragma once

#include <memory>

#include "rules/ruleset.h"

namespace conquian::python {

// conquian.Ruleset: a loaded ruleset (immutable; shared by the games made from it).
struct PyRuleset {
  std::shared_ptr<const Ruleset> rules;
};

// The ruleset a Python argument names: a Ruleset, a name or path (str), or a dict of keys.
std::shared_ptr<const Ruleset> ruleset_arg(const pybind11::handle& value);

}  // namespace conquian::python
