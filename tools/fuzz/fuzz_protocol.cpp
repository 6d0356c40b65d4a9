// libFuzzer target: see protocol_target.h.
#include <cstdlib>

#include "protocol_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (conquian::fuzz::protocol_input(std::string_view(reinterpret_cast<const char*>(data), size)) ==
      conquian::fuzz::Result::broken)
    std::abort();
  return 0;
}
