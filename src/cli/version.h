// The line `conquian --version` prints: the version and the commit the build was configured
// from (`git describe`), or the version alone when built outside a git checkout. Its
// definition is written by CMakeLists.txt at configure time (generated/version.cpp), so that
// a new commit recompiles that one file and nothing else.
#pragma once

namespace conquian::cli {

const char* version_line();

}  // namespace conquian::cli
