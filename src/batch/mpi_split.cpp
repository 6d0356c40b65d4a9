#include "batch/mpi_split.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <stdexcept>

#ifdef CONQUIAN_HAVE_MPI
#include <mpi.h>
#endif

namespace conquian::batch {
namespace {

bool launched_by_mpirun() {
  for (const char* var : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    if (std::getenv(var)) return true;
  return false;
}

}  // namespace

std::pair<std::uint64_t, std::uint64_t> rank_block(std::uint64_t deals, int rank, int size) {
  auto k = static_cast<std::uint64_t>(size), r = static_cast<std::uint64_t>(rank);
  // deals * r / k without overflow for any deal count the command accepts.
  auto at = [&](std::uint64_t i) { return deals / k * i + deals % k * i / k; };
  return {at(r), at(r + 1)};
}

#ifdef CONQUIAN_HAVE_MPI

MpiSession::MpiSession() {
  if (!launched_by_mpirun()) return;
  int already = 0;
  MPI_Initialized(&already);
  if (!already) MPI_Init(nullptr, nullptr);
  started_ = !already;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() {
  if (started_) MPI_Finalize();
}

bool MpiSession::launched_without_support() { return false; }

void MpiSession::abort(int status) const {
  if (size_ > 1) MPI_Abort(MPI_COMM_WORLD, status);
}

DealTable gather_deals(const MpiSession& mpi, const DealTable& local, std::uint64_t deals) {
  if (mpi.size() == 1) return local;
  const std::size_t rulesets = local.size();
  // One buffer per rank: its block under ruleset 0, then ruleset 1, ...
  std::vector<std::int32_t> mine;
  for (const auto& per_ruleset : local)
    for (const DealSummary& d : per_ruleset) {
      const auto* ints = reinterpret_cast<const std::int32_t*>(&d);
      mine.insert(mine.end(), ints, ints + kDealSummaryInts);
    }
  std::vector<int> counts, offsets;
  std::vector<std::int32_t> all;
  if (mpi.root()) {
    int offset = 0;
    for (int r = 0; r < mpi.size(); ++r) {
      auto [first, last] = rank_block(deals, r, mpi.size());
      int count = static_cast<int>((last - first) * rulesets * kDealSummaryInts);
      counts.push_back(count);
      offsets.push_back(offset);
      offset += count;
    }
    all.resize(static_cast<std::size_t>(offset));
  }
  MPI_Gatherv(mine.data(), static_cast<int>(mine.size()), MPI_INT32_T, all.data(), counts.data(), offsets.data(),
              MPI_INT32_T, 0, MPI_COMM_WORLD);
  if (!mpi.root()) return {};
  DealTable out(rulesets, std::vector<DealSummary>(deals));
  for (int r = 0; r < mpi.size(); ++r) {
    auto [first, last] = rank_block(deals, r, mpi.size());
    const std::int32_t* p = all.data() + offsets[static_cast<std::size_t>(r)];
    for (std::size_t k = 0; k < rulesets; ++k)
      for (std::uint64_t i = first; i < last; ++i, p += kDealSummaryInts)
        std::copy(p, p + kDealSummaryInts, reinterpret_cast<std::int32_t*>(&out[k][i]));
  }
  return out;
}

std::vector<std::string> gather_bytes(const MpiSession& mpi, const std::string& mine) {
  if (mpi.size() == 1) return {mine};
  // MPI counts are ints: refuse what they cannot hold rather than wrap. Every rank calls
  // both collectives, so a refusal on one rank ends them all (main's error path aborts).
  if (mine.size() > static_cast<std::size_t>(INT_MAX))
    throw std::length_error("a rank's verdicts of one file are over 2 GB");
  const int size = static_cast<int>(mine.size());
  std::vector<int> sizes(mpi.root() ? static_cast<std::size_t>(mpi.size()) : 0);
  MPI_Gather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<int> offsets;
  std::string all;
  if (mpi.root()) {
    long long total = 0;
    for (int s : sizes) {
      offsets.push_back(static_cast<int>(std::min<long long>(total, INT_MAX)));
      total += s;
    }
    if (total > INT_MAX) throw std::length_error("the ranks' verdicts of one file are over 2 GB");
    all.resize(static_cast<std::size_t>(total));
  }
  MPI_Gatherv(mine.data(), size, MPI_CHAR, all.data(), sizes.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  if (!mpi.root()) return {};
  std::vector<std::string> out;
  for (std::size_t r = 0; r < sizes.size(); ++r)
    out.push_back(all.substr(static_cast<std::size_t>(offsets[r]), static_cast<std::size_t>(sizes[r])));
  return out;
}

#else  // no MPI in this build: one rank of one

MpiSession::MpiSession() = default;
MpiSession::~MpiSession() = default;
bool MpiSession::launched_without_support() { return launched_by_mpirun(); }
void MpiSession::abort(int) const {}
DealTable gather_deals(const MpiSession&, const DealTable& local, std::uint64_t) { return local; }
std::vector<std::string> gather_bytes(const MpiSession&, const std::string& mine) { return {mine}; }

#endif

}  // namespace conquian::batch
