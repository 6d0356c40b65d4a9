// Splitting work across MPI ranks (optional at build time: CONQUIAN_HAVE_MPI). For `diff`,
// rank r of K plays the deals [N*r/K, N*(r+1)/K) and rank 0 gathers them in deal order, so
// the report it writes is the one a single process writes for the same seed; `check` deals
// a file's parts round the ranks and gathers what each rank says of its parts as bytes.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "batch/diff_play.h"

namespace conquian::batch {

// MPI is started only when this process was launched by mpirun (its environment says so)
// and the build has MPI; otherwise the session is one rank of one. Ends MPI when destroyed.
class MpiSession {
 public:
  MpiSession();
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool root() const { return rank_ == 0; }
  // Whether the environment shows an mpirun launch that this build cannot join.
  static bool launched_without_support();
  // Stops every rank (after an error on one of them).
  void abort(int status) const;

 private:
  int rank_ = 0, size_ = 1;
  bool started_ = false;
};

// This rank's deals: [first, last).
std::pair<std::uint64_t, std::uint64_t> rank_block(std::uint64_t deals, int rank, int size);

// Rank 0 receives every rank's block (`local` holds this rank's) and returns the whole
// table in deal order; other ranks return an empty table.
DealTable gather_deals(const MpiSession& mpi, const DealTable& local, std::uint64_t deals);

// Rank 0 receives every rank's bytes (`mine` holds this rank's), in rank order; other ranks
// get an empty list. One rank of one gets {mine}. Throws std::length_error past 2 GB in all.
std::vector<std::string> gather_bytes(const MpiSession& mpi, const std::string& mine);

}  // namespace conquian::batch
