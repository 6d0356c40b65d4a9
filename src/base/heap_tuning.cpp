#include "base/heap_tuning.h"

#include <cstdlib>  // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace conquian {

void hold_freed_heap() {
#if defined(__GLIBC__)
  constexpr int kTrimBytes = 16 << 20;
  constexpr int kMmapBytes = 4 << 20;
  mallopt(M_TRIM_THRESHOLD, kTrimBytes);
  mallopt(M_MMAP_THRESHOLD, kMmapBytes);
#endif
}

}  // namespace conquian
