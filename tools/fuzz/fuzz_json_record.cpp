// libFuzzer target: see targets.h (json_record_input).
#include <cstdlib>

#include "targets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (conquian::fuzz::json_record_input(std::string_view(reinterpret_cast<const char*>(data), size)) ==
      conquian::fuzz::Result::broken)
    std::abort();
  return 0;
}
