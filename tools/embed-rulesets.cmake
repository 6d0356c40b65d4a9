# Writes a C++ file holding the text of every rulesets/*.yaml (run by the build).
# Usage: cmake -DSRC=<rulesets dir> -DOUT=<file.cpp> -P embed-rulesets.cmake
file(GLOB files "${SRC}/*.yaml")
list(SORT files)
set(body "")
foreach(f IN LISTS files)
  get_filename_component(name "${f}" NAME_WE)
  file(READ "${f}" text)
  string(APPEND body "    {\"${name}\", R\"conquian_yaml(${text})conquian_yaml\"},\n")
endforeach()
file(WRITE "${OUT}.tmp" "// Generated from rulesets/*.yaml by tools/embed-rulesets.cmake; do not edit.\n#include \"rules/shipped_rulesets.h\"\n\nnamespace conquian {\nconst std::map<std::string, std::string>& shipped_ruleset_texts() {\n  static const std::map<std::string, std::string> texts = {\n${body}  };\n  return texts;\n}\n}  // namespace conquian\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
