// Lowering the calling thread's priority, as `conquian serve`'s connection threads do
// (server.h) and the load bench's players, which stand for the browsers they answer.
#pragma once

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace conquian::http {

// The calling thread `steps` steps of `nice` below where it runs (at most 19). Raising one's own
// nice value needs no privilege; should it fail, the thread runs as it is. It cannot be undone
// without privilege: a thread meant to run at the process's priority must be one never lowered.
inline void lower_this_thread(int steps) {
  if (steps <= 0) return;
  const auto me = static_cast<id_t>(gettid());
  errno = 0;
  const int now = getpriority(PRIO_PROCESS, me);
  if (errno == 0) setpriority(PRIO_PROCESS, me, std::min(19, now + steps));
}

}  // namespace conquian::http
