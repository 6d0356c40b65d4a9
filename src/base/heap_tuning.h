// How the process's heap gives memory back to the kernel: set once, at the start of main().
#pragma once

namespace conquian {

// For glibc's malloc, where the command is built without jemalloc (CMakeLists.txt: a
// sanitized build, or libjemalloc-dev missing); with jemalloc it changes nothing. Keeps up to
// 16 MiB of freed heap in the process instead of handing it back at once, and serves blocks
// up to 4 MiB from the heap rather than from mmap. glibc otherwise trims a heap's free top
// past 128 KiB (more once it adapts) and takes the pages back on the next
// allocation: with a batch of records freed at a time (check on threads), every trim and
// fault again cost a TLB flush on the other cores, and a two-thread JSON Lines check made
// about twice the page faults of one thread and several times its system time.
void hold_freed_heap();

}  // namespace conquian
