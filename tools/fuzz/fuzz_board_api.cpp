// libFuzzer target: see board_api_target.h.
#include <cstdlib>

#include "board_api_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (conquian::fuzz::board_api_input(std::string_view(reinterpret_cast<const char*>(data), size)) ==
      conquian::fuzz::Result::broken)
    std::abort();
  return 0;
}
