// Transposition tables for the solvers: a Position::hash() picks the bucket, and an exact
// key (StateKey) decides whether an entry is this position. Two entries per bucket: one
// kept for the bigger subtree, one always replaced. Entries of older searches are told
// apart by a generation number, so a new search needs no clearing.
#pragma once

#include <sys/mman.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#include "engine/position.h"

namespace conquian::solve {

// Everything that decides a two-seat position's future, given the stock (which is the same
// for every position of one search, or unknown): hands, tables, dead cards, the face-up card
// with its history, phase and actor, and (rulesets without rearrange) the grouping of each
// table. 56 bytes.
//
//   small: bits 0-7 stock_top, 8-15 stock_end, 16-23 up, 24-31 origin, 32 up_turned,
//          33-40 refusals, 41-48 phase, 49-56 actor, 57 opening_upcard, 58 stock_known
//   grouping: each table card's meld, numbered in order of first appearance, 3 bits per
//          card, seat 0's table first (exact up to 21 table cards and 8 melds a table; past
//          that a 64-bit hash of meld_of stands in, the one case that is not exact)
struct StateKey {
  std::uint64_t hand0 = 0, hand1 = 0, table0 = 0, table1 = 0, dead = 0, small = 0, grouping = 0;
  bool operator==(const StateKey&) const = default;
};

StateKey state_key(const Position& p);
// A 64-bit hash of a key, for tables keyed on keys that Position::hash() does not follow.
std::uint64_t hash_key(const StateKey& key);

// The same key in five words, so that an entry of the search with the stock unknown fits
// one 64-byte cache line (80 bytes, three lines a bucket of two, with StateKey): each card's
// place as three bits, one per plane, hand 0 = 100, hand 1 = 010, table 0 = 110, table 1 =
// 001, dead = 101, elsewhere (unseen, face up) = 000. Lossless, as the five sets are disjoint.
struct PackedKey {
  std::uint64_t plane0 = 0, plane1 = 0, plane2 = 0, small = 0, grouping = 0;
  bool operator==(const PackedKey&) const = default;
};
inline PackedKey pack(const StateKey& k) {
  return {k.hand0 | k.table0 | k.dead, k.hand1 | k.table0, k.table1 | k.dead, k.small, k.grouping};
}
std::uint64_t hash_key(const PackedKey& key);

template <class Payload, class Key = StateKey>
class TranspositionTable {
 public:
  struct Entry {
    Key key;
    Payload data;
    std::uint8_t generation = 0;  // 0: empty
    std::uint8_t work = 0;        // log2 of the nodes searched below it
  };
  // The bucket hash of a stored key, for a table that grows (it moves its entries).
  using HashOf = std::uint64_t (*)(const Key&);

  // 2^bits entries, cleared here, in memory advised for huge pages (fewer TLB misses;
  // clearing and compacting cost up front).
  explicit TranspositionTable(int bits) { allocate(bits); }
  // A table that starts at 2^bits entries and grows fourfold, up to 2^max_bits, whenever half of
  // its entries are filled (three quarters from 2^22: past_mark), moving what it holds
  // (`hash_of` gives each key's bucket hash).
  // A search's first pages of a big table cost more than its nodes when it is small: every
  // page is faulted in and cleared on first touch, and a table much larger than the caches'
  // reach misses the TLB on every probe (measured: a 530,000-node search 0.82 s with 2^22
  // entries from the start, 0.48 s with 2^18). Its memory is mapped with its pages faulted
  // in at once (MAP_POPULATE) and without huge pages (compacting memory for them on every
  // growth cost more than it saved).
  TranspositionTable(int bits, int max_bits, HashOf hash_of) : max_bits_(max_bits), hash_of_(hash_of) {
    allocate(bits);
  }

  // From now on the table may be probed and stored by several threads at once (searches
  // with the stock unknown on several threads, chance.h): each bucket is then read and
  // written under one of kStripes spin locks, picked by bits of the hash that do not depend
  // on the table's size. It still grows: the thread whose store takes its stripe past the
  // mark (past_mark) takes every lock, in order (a thread holds at most one otherwise, so none waits in a
  // circle), and moves the entries while the others wait. Call before the threads start.
  void share() {
    if (stripes_) return;
    stripes_ = std::make_unique<Stripe[]>(kStripes);
    for (std::size_t i = 0; i < kStripes; ++i) stripes_[i].filled.store(filled_ / kStripes, std::memory_order_relaxed);
  }
  bool shared() const { return stripes_ != nullptr; }

  // A new search: older entries count as empty. Not while other threads use the table.
  void new_generation() {
    filled_ = 0;
    if (stripes_)
      for (std::size_t i = 0; i < kStripes; ++i) stripes_[i].filled.store(0, std::memory_order_relaxed);
    if (++generation_ == 0) {
      for (std::size_t i = 0; i < size(); ++i) entries_[i].generation = 0;
      generation_ = 1;
    }
  }

  // The payload stored for `key`, in place, or null; a table that is not shared only.
  const Payload* find(std::uint64_t hash, const Key& key) {
    Entry* b = bucket(hash);
    for (int i = 0; i < 2; ++i)
      if (b[i].generation == generation_ && b[i].key == key) return &b[i].data;
    return nullptr;
  }
  // Copies the payload stored for `key` into `out`; false when there is none.
  bool probe(std::uint64_t hash, const Key& key, Payload& out) {
    Locked locked(*this, hash);
    const Entry* b = bucket(hash);  // under the lock: a growing table moves its entries
    for (int i = 0; i < 2; ++i)
      if (b[i].generation == generation_ && b[i].key == key) {
        out = b[i].data;
        return true;
      }
    return false;
  }

  void store(std::uint64_t hash, const Key& key, const Payload& data, std::uint8_t work) {
    {
      Locked locked(*this, hash);
      put(Entry{key, data, generation_, work}, hash);
    }
    if (!hash_of_ || bits_.load(std::memory_order_relaxed) >= max_bits_.load(std::memory_order_relaxed)) return;
    if (!stripes_) {
      if (past_mark(filled_)) grow();
    } else if (stripe_past_mark(stripes_[stripe_of(hash)])) {
      grow_shared();
    }
  }

  std::size_t size() const { return std::size_t{1} << bits_.load(std::memory_order_relaxed); }
  // Starts loading the bucket of `hash` into the cache. Outside any lock: while a shared
  // table grows, the address may be the old table's (a prefetch never faults).
  void prefetch(std::uint64_t hash) const {
    const Entry* base = base_.load(std::memory_order_relaxed);
    const std::size_t mask = (std::size_t{1} << bits_.load(std::memory_order_relaxed)) - 1;
    __builtin_prefetch(base + (static_cast<std::size_t>(hash) & mask & ~std::size_t{1}));
  }

 private:
  Entry* bucket(std::uint64_t hash) {
    const std::size_t mask = size() - 1;
    return &entries_[static_cast<std::size_t>(hash) & mask & ~std::size_t{1}];
  }

  // Two entries a bucket: one kept for the bigger subtree, one always replaced.
  void put(const Entry& fresh, std::uint64_t hash) {
    Entry* b = bucket(hash);
    for (int i = 0; i < 2; ++i)
      if (b[i].generation == generation_ && b[i].key == fresh.key) {
        b[i] = fresh;
        return;
      }
    // Counted per stripe when shared (under its lock, on its own cache line: one count that
    // every thread wrote would bounce between the cores).
    const std::size_t added =
        (b[0].generation != generation_) + (b[0].generation == generation_ && b[1].generation != generation_);
    if (stripes_) {
      std::atomic<std::size_t>& count = stripes_[stripe_of(hash)].filled;  // written under the stripe's lock
      count.store(count.load(std::memory_order_relaxed) + added, std::memory_order_relaxed);
    } else filled_ += added;
    if (b[0].generation != generation_ || fresh.work >= b[0].work) {
      if (b[0].generation == generation_) b[1] = b[0];
      b[0] = fresh;
    } else {
      b[1] = fresh;
    }
  }

  static void relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
  // One lock a stripe of buckets, each on a cache line of its own (no false sharing).
  static constexpr std::size_t kStripes = 1024;
  struct alignas(64) Stripe {
    std::atomic<bool> held{false};
    std::atomic<std::size_t> filled{0};  // entries of this generation in its buckets (written under `held`)
  };
  // A stripe holds 1/kStripes of the buckets: its count times kStripes stands for the table's.
  // Read without the lock, as a hint (relaxed); grow_shared() checks again under every lock.
  bool stripe_past_mark(const Stripe& s) const {
    return past_mark(s.filled.load(std::memory_order_relaxed) * kStripes);
  }
  class Locked {
   public:
    Locked(TranspositionTable& t, std::uint64_t hash)
        : lock_(t.stripes_ ? &t.stripes_[stripe_of(hash)].held : nullptr) {
      if (lock_) acquire(*lock_);
    }
    ~Locked() {
      if (lock_) lock_->store(false, std::memory_order_release);
    }
    Locked(const Locked&) = delete;
    Locked& operator=(const Locked&) = delete;

   private:
    std::atomic<bool>* lock_;
  };

  // Whether `filled` entries call for a bigger table: half of it while it is small; from
  // 2^22 entries (256 MiB) three quarters, about as many positions as entries, as a bigger
  // table costs a search that does not need it (misses, pages cleared, the entries moved;
  // measured on two threads, 15 unseen cards: a search of 9.7 million nodes 3.6 s within
  // 2^22 entries, 5.6 s grown to 2^25 at half, 2.9-3.5 s with this mark).
  bool past_mark(std::size_t filled) const {
    const std::size_t entries = size();
    return entries < (std::size_t{1} << 22) ? filled * 2 > entries : filled * 4 > entries * 3;
  }
  // Buckets i and i + 1 (i even) share a stripe, whatever the table's size (bits 1-10).
  static std::size_t stripe_of(std::uint64_t hash) { return static_cast<std::size_t>(hash >> 1) & (kStripes - 1); }
  static void acquire(std::atomic<bool>& lock) {
    while (lock.exchange(true, std::memory_order_acquire))
      while (lock.load(std::memory_order_relaxed)) relax();
  }

  // Fourfold (at most to 2^max_bits). When the memory cannot be had, the table stops growing
  // and keeps what it holds.
  void grow() {
    const int bits = bits_.load(std::memory_order_relaxed);
    std::unique_ptr<Entry[], Free> old;
    try {
      old = std::move(entries_);
      allocate(std::min(bits + 2, max_bits_.load(std::memory_order_relaxed)));
    } catch (const std::bad_alloc&) {
      entries_ = std::move(old);
      base_.store(entries_.get(), std::memory_order_relaxed);
      max_bits_.store(bits, std::memory_order_relaxed);
      return;
    }
    filled_ = 0;
    if (stripes_)
      for (std::size_t i = 0; i < kStripes; ++i) stripes_[i].filled.store(0, std::memory_order_relaxed);
    const std::size_t old_size = std::size_t{1} << bits;
    for (std::size_t i = 0; i < old_size; ++i)
      if (old[i].generation == generation_) put(old[i], hash_of_(old[i].key));
  }
  // The same on a shared table: one thread grows it, holding every stripe.
  void grow_shared() {
    if (growing_.exchange(true, std::memory_order_acquire)) return;  // another thread is at it
    for (std::size_t i = 0; i < kStripes; ++i) acquire(stripes_[i].held);
    std::size_t filled = 0;
    for (std::size_t i = 0; i < kStripes; ++i) filled += stripes_[i].filled.load(std::memory_order_relaxed);
    if (bits_.load(std::memory_order_relaxed) < max_bits_.load(std::memory_order_relaxed) && past_mark(filled)) grow();
    for (std::size_t i = kStripes; i-- > 0;) stripes_[i].held.store(false, std::memory_order_release);
    growing_.store(false, std::memory_order_release);
  }

  // Sets entries_, base_ and bits_ (only once the memory is had).
  void allocate(int bits) {
    constexpr std::size_t kHuge = std::size_t{2} << 20;
    std::size_t bytes = (std::size_t{1} << bits) * sizeof(Entry);
    void* mem = nullptr;
    bool mapped = false;
    if (hash_of_ && bytes >= kHuge) {
      // A table that grows is sized to what the search needs, so its pages are faulted in
      // at once: touched lazily, a page is first read (a probe maps the shared zero page)
      // and then written (a store copies it, and in a process of several threads every such
      // fault flushes the other cores' TLBs: about a tenth of an analyse run).
      mem = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
      if (mem == MAP_FAILED) throw std::bad_alloc();
      mapped = true;
    } else {
      std::size_t align = bytes >= kHuge ? kHuge : 128;
      bytes = (bytes + align - 1) / align * align;
      mem = std::aligned_alloc(align, bytes);
      if (!mem) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
      if (align == kHuge) madvise(mem, bytes, MADV_HUGEPAGE);
#endif
      std::memset(mem, 0, bytes);  // generation 0: empty
    }
    entries_ = std::unique_ptr<Entry[], Free>(static_cast<Entry*>(mem), Free{bytes, mapped});
    base_.store(entries_.get(), std::memory_order_relaxed);
    bits_.store(bits, std::memory_order_relaxed);
  }

  struct Free {
    std::size_t bytes = 0;
    bool mapped = false;
    void operator()(Entry* e) const {
      if (mapped) munmap(e, bytes);
      else std::free(e);
    }
  };
  // bits_ and base_ are atomic for prefetch(), which reads them outside the locks, and
  // max_bits_ for store()'s test before it locks; under a lock (or with one thread) they
  // cannot change.
  std::atomic<int> bits_{0};
  std::atomic<int> max_bits_{0};
  HashOf hash_of_ = nullptr;
  std::size_t filled_ = 0;  // entries of this generation (not shared; shared: per stripe)
  std::unique_ptr<Entry[], Free> entries_;
  std::atomic<Entry*> base_{nullptr};
  std::unique_ptr<Stripe[]> stripes_;  // set by share()
  std::atomic<bool> growing_{false};
  std::uint8_t generation_ = 1;
};

// log2 of a node count, for Entry::work.
inline std::uint8_t work_of(std::uint64_t nodes) {
  std::uint8_t w = 0;
  while (nodes > 1) nodes >>= 1, ++w;
  return w;
}

}  // namespace conquian::solve
