// The line `conquian --version` prints: the version, its release date (CHANGELOG.md's heading
// of the version), and the commit the build was configured from (`git describe`) when built in
// a git checkout: `conquian 0.2.0 (2026-12-06; built from v0.2.0-3-gabc1234)`. Its
// definition is written by CMakeLists.txt at configure time (generated/version.cpp), so that
// a new commit recompiles that one file and nothing else.
#pragma once

namespace conquian::cli {

const char* version_line();

}  // namespace conquian::cli
