//! The transposition table: results of searched positions keyed by Zobrist hash, shared
//! lock-free by every search thread.
//!
//! A bucket is one cache line of [`TT_BUCKET`] entries; an entry is two atomic words, the data
//! and the key XOR the data, so a torn write by a racing thread reads back as a miss. Each search
//! bumps a 6-bit generation; replacement evicts the entry with the lowest depth minus weighted
//! age, and keeps an entry of the same position unless the new one is exact or nearly as deep.
//! Mate scores are stored relative to the node and converted back on probing.

use super::params::{MATE_BOUND, TT_AGE_WEIGHT, TT_AUTO_MIN_BYTES, TT_BUCKET, TT_BYTES_PER_MS};
use crate::board::Pos;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering::Relaxed};

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Nothing (an empty entry).
    None = 0,
    /// The true score is at most the stored one.
    Upper = 1,
    /// The true score is at least the stored one.
    Lower = 2,
    /// The stored score is exact.
    Exact = 3,
}

/// An entry read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// Best move found (may be `Pos::NONE`).
    pub mv: Pos,
    /// Score, mate distance relative to the probing node's root.
    pub score: i32,
    /// Static evaluation.
    pub eval: i32,
    /// Depth searched.
    pub depth: i32,
    /// Bound of the score.
    pub bound: Bound,
}

const DEPTH_OFFSET: i32 = 32;

/// The table size for moves of at most `max_ms` searched by `threads` threads: enough for
/// several moves' nodes, no more, as every page of a larger table costs time to fault in and
/// a miss in the address translation caches when the search reaches it.
pub fn auto_bytes(max_ms: u64, threads: usize) -> usize {
    let want = (max_ms as usize)
        .saturating_mul(TT_BYTES_PER_MS)
        .saturating_mul(threads.max(1));
    want.max(TT_AUTO_MIN_BYTES)
        .checked_next_power_of_two()
        .unwrap_or(usize::MAX)
}

/// Bytes of the table faulted in at a time (1–2 ms of work, during which other threads of the
/// process cannot map memory, e.g. to start a thread).
const FAULT_CHUNK: usize = 4 << 20;

/// Writes a zero to every page of `len` bytes at `at`, which are zero already.
fn touch(at: *mut u8, len: usize) {
    for i in (0..len).step_by(4096) {
        // SAFETY: callers pass a range inside a block they own and nothing else refers to yet.
        unsafe { at.add(i).write_volatile(0) };
    }
}

#[repr(align(64))]
#[derive(Default)]
struct Bucket {
    e: [[AtomicU64; 2]; TT_BUCKET],
}

/// `n` empty cache-line buckets in zeroed memory, every page faulted in when the table is made:
/// a page first touched during the search costs several microseconds, and a fresh table of
/// 150 MB touched at random halved the nodes per second of the first moves of a game; faulting
/// it in at once costs about 0.4 ms a megabyte, once. The pages are faulted in by chunks of
/// [`FAULT_CHUNK`] bytes, and the making may be given up between chunks (see
/// [`TransTable::try_new`]): on Linux the block is mapped, then each chunk populated with
/// `MADV_POPULATE_WRITE` (or touched, on kernels before 5.14); one `MAP_POPULATE` of 4 GB held
/// the process's memory map for 7 s, so that no other thread could start nor the process exit
/// meanwhile (huge pages were no faster at 32 MB and sometimes took 60–90 ms more to set up).
/// Elsewhere the block comes from the allocator's zeroing path (calloc: fresh pages the OS
/// zeroes on first touch), over-allocated and aligned by hand, as a 64-byte aligned zeroed
/// allocation would be written through in full by the allocator; then every page is touched
/// once.
struct Buckets {
    base: *mut u8,
    layout: std::alloc::Layout,
    first: *const Bucket,
    len: usize,
}

// SAFETY: the memory is owned by the value and only reached through `&[Bucket]`, whose atomics
// are safe to share between threads.
unsafe impl Send for Buckets {}
// SAFETY: as above.
unsafe impl Sync for Buckets {}

impl Buckets {
    #[cfg(target_os = "linux")]
    fn zeroed(n: usize, give_up: &AtomicBool) -> Option<Buckets> {
        let n = n.max(1);
        let size = n * std::mem::size_of::<Bucket>();
        let layout = std::alloc::Layout::from_size_align(size, 64).expect("table size");
        // SAFETY: a fresh anonymous private mapping, not aliased by anything else.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                size,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            std::alloc::handle_alloc_error(layout);
        }
        let buckets = Buckets {
            base: base.cast(),
            layout,
            first: base as *const Bucket,
            len: n,
        };
        let mut advise = true;
        for at in (0..size).step_by(FAULT_CHUNK) {
            if give_up.load(Relaxed) {
                return None;
            }
            let len = FAULT_CHUNK.min(size - at);
            // SAFETY: the chunk lies inside the mapping (`at` is a multiple of the page size).
            advise = advise
                && unsafe { libc::madvise(base.add(at), len, libc::MADV_POPULATE_WRITE) } == 0;
            if !advise {
                touch(buckets.base.wrapping_add(at), len);
            }
        }
        Some(buckets)
    }

    #[cfg(not(target_os = "linux"))]
    fn zeroed(n: usize, give_up: &AtomicBool) -> Option<Buckets> {
        let n = n.max(1);
        let line = std::mem::align_of::<Bucket>();
        let size = n * std::mem::size_of::<Bucket>() + line;
        let layout = std::alloc::Layout::from_size_align(size, 16).expect("table size");
        // SAFETY: the layout's size is not zero.
        let base = unsafe { std::alloc::alloc_zeroed(layout) };
        if base.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        let first = base.wrapping_add(base.align_offset(line)) as *const Bucket;
        let buckets = Buckets {
            base,
            layout,
            first,
            len: n,
        };
        // Fault every page in now rather than during the search.
        for at in (0..size).step_by(FAULT_CHUNK) {
            if give_up.load(Relaxed) {
                return None;
            }
            touch(base.wrapping_add(at), FAULT_CHUNK.min(size - at));
        }
        Some(buckets)
    }

    fn as_slice(&self) -> &[Bucket] {
        // SAFETY: `first` is aligned for Bucket and `len` buckets fit in the block after it (the
        // mapping is page-aligned; the allocation has one spare line for the alignment); all-zero
        // bytes are a valid Bucket (atomic integers only: the empty entry); the block lives as
        // long as `self`.
        unsafe { std::slice::from_raw_parts(self.first, self.len) }
    }
}

impl Drop for Buckets {
    #[cfg(target_os = "linux")]
    fn drop(&mut self) {
        // SAFETY: `base` is the start of a mapping of exactly `layout.size()` bytes.
        unsafe { libc::munmap(self.base.cast(), self.layout.size()) };
    }

    #[cfg(not(target_os = "linux"))]
    fn drop(&mut self) {
        // SAFETY: `base` came from `alloc_zeroed` with exactly this layout.
        unsafe { std::alloc::dealloc(self.base, self.layout) }
    }
}

/// The table.
pub struct TransTable {
    buckets: Buckets,
    gen: AtomicU8,
}

fn pack(mv: Pos, score: i32, eval: i32, depth: i32, bound: Bound, gen: u8) -> u64 {
    let d = (depth + DEPTH_OFFSET).clamp(0, 255) as u64;
    u64::from(mv.0)
        | (u64::from(score as i16 as u16) << 16)
        | (u64::from(eval as i16 as u16) << 32)
        | (d << 48)
        | ((bound as u64) << 56)
        | (u64::from(gen & 63) << 58)
}

fn bound_of(data: u64) -> Bound {
    match (data >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => Bound::None,
    }
}

fn depth_of(data: u64) -> i32 {
    ((data >> 48) & 255) as i32 - DEPTH_OFFSET
}

fn gen_of(data: u64) -> u8 {
    (data >> 58) as u8
}

impl TransTable {
    /// A table of about `bytes` bytes (at least one bucket).
    pub fn new(bytes: usize) -> TransTable {
        TransTable::try_new(bytes, &AtomicBool::new(false)).expect("never given up")
    }

    /// [`TransTable::new`], given up (`None`, the memory returned) as soon as `give_up` is
    /// raised: the table is made chunk by chunk, so a large one can be made on a thread of its
    /// own and dropped half-made when it is no longer wanted.
    pub fn try_new(bytes: usize, give_up: &AtomicBool) -> Option<TransTable> {
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        Some(TransTable {
            buckets: Buckets::zeroed(n, give_up)?,
            gen: AtomicU8::new(0),
        })
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len * std::mem::size_of::<Bucket>()
    }

    /// Empties the table.
    pub fn clear(&self) {
        for b in self.buckets.as_slice().iter() {
            for e in &b.e {
                e[0].store(0, Relaxed);
                e[1].store(0, Relaxed);
            }
        }
        self.gen.store(0, Relaxed);
    }

    /// Starts a new search (ages older entries).
    pub fn new_search(&self) {
        let g = self.gen.load(Relaxed).wrapping_add(1) & 63;
        self.gen.store(g, Relaxed);
    }

    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((u128::from(key) * self.buckets.len as u128) >> 64) as usize;
        &self.buckets.as_slice()[i]
    }

    /// Asks the processor to start loading the bucket of `key` (a hint; no effect elsewhere).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let b: *const Bucket = self.bucket(key);
            // SAFETY: prefetching is a hint; it reads nothing and `b` points into the table.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(b.cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Reads the entry of `key`, if any; `ply` converts mate scores.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        for e in &self.bucket(key).e {
            let data = e[1].load(Relaxed);
            if e[0].load(Relaxed) ^ data != key || bound_of(data) == Bound::None {
                continue;
            }
            return Some(Hit {
                mv: Pos((data & 0xFFFF) as u16),
                score: from_tt((data >> 16) as u16 as i16 as i32, ply),
                eval: (data >> 32) as u16 as i16 as i32,
                depth: depth_of(data),
                bound: bound_of(data),
            });
        }
        None
    }

    /// Stores a result for `key`, searched `ply` plies from the root.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        mv: Pos,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        let gen = self.gen.load(Relaxed);
        let b = self.bucket(key);
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, e) in b.e.iter().enumerate() {
            let data = e[1].load(Relaxed);
            if e[0].load(Relaxed) ^ data == key && bound_of(data) != Bound::None {
                if bound != Bound::Exact && depth + 2 < depth_of(data) && gen_of(data) == gen {
                    return;
                }
                let keep = if mv.is_none() {
                    Pos((data & 0xFFFF) as u16)
                } else {
                    mv
                };
                let new = pack(keep, to_tt(score, ply), eval, depth, bound, gen);
                e[0].store(key ^ new, Relaxed);
                e[1].store(new, Relaxed);
                return;
            }
            let age = i32::from(gen.wrapping_sub(gen_of(data)) & 63);
            let worth = if bound_of(data) == Bound::None {
                i32::MIN
            } else {
                depth_of(data) - TT_AGE_WEIGHT * age
            };
            if worth < worst {
                worst = worth;
                victim = i;
            }
        }
        let new = pack(mv, to_tt(score, ply), eval, depth, bound, gen);
        b.e[victim][0].store(key ^ new, Relaxed);
        b.e[victim][1].store(new, Relaxed);
    }
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::params::MATE;

    #[test]
    fn store_then_probe() {
        let tt = TransTable::new(1 << 16);
        let p = Pos::new(3, 4);
        tt.store(0xDEAD_BEEF_1234, p, -57, 12, 7, Bound::Lower, 3);
        let h = tt.probe(0xDEAD_BEEF_1234, 3).expect("stored");
        assert_eq!(
            (h.mv, h.score, h.eval, h.depth, h.bound),
            (p, -57, 12, 7, Bound::Lower)
        );
        assert!(tt.probe(0xDEAD_BEEF_1235, 3).is_none());
        tt.clear();
        assert!(tt.probe(0xDEAD_BEEF_1234, 3).is_none());
    }

    #[test]
    fn mate_scores_are_node_relative() {
        let tt = TransTable::new(1 << 16);
        // A win 5 plies from the root found at ply 2 = a win in 3 from that node.
        tt.store(42, Pos::NONE, MATE - 5, 0, 4, Bound::Exact, 2);
        assert_eq!(tt.probe(42, 6).map(|h| h.score), Some(MATE - 9));
        tt.store(43, Pos::NONE, -(MATE - 5), 0, 4, Bound::Exact, 2);
        assert_eq!(tt.probe(43, 0).map(|h| h.score), Some(-(MATE - 3)));
    }

    #[test]
    fn deep_entries_survive_and_moves_are_kept() {
        let tt = TransTable::new(64);
        let p = Pos::new(1, 1);
        tt.store(7, p, 10, 0, 9, Bound::Lower, 0);
        tt.store(7, Pos::NONE, 20, 0, 3, Bound::Upper, 0);
        assert_eq!(tt.probe(7, 0).map(|h| h.depth), Some(9));
        tt.store(7, Pos::NONE, 30, 0, 8, Bound::Exact, 0);
        let h = tt.probe(7, 0).expect("stored");
        assert_eq!((h.mv, h.score, h.depth), (p, 30, 8));
        // One bucket: five more keys evict the shallowest, never everything.
        for k in 100..105 {
            tt.store(k, Pos::NONE, 0, 0, k as i32 - 100, Bound::Exact, 0);
        }
        assert!(tt.probe(104, 0).is_some());
    }

    #[test]
    fn tables_sized_by_the_clock() {
        // 300 ms a move: 240 ms usable, 30 MB rounded up.
        assert_eq!(auto_bytes(240, 1), 32 << 20);
        assert_eq!(auto_bytes(240, 2), 64 << 20);
        assert_eq!(auto_bytes(0, 1), TT_AUTO_MIN_BYTES);
        assert_eq!(auto_bytes(10_000, 1), 2 << 30);
        assert!(auto_bytes(u64::MAX, 8) >= 1 << 40);
    }

    #[test]
    fn a_table_given_up_is_not_made() {
        assert!(TransTable::try_new(64 << 20, &AtomicBool::new(true)).is_none());
        let t = TransTable::try_new(FAULT_CHUNK * 2 + 4096, &AtomicBool::new(false));
        assert_eq!(t.map(|t| t.bytes()), Some(FAULT_CHUNK * 2 + 4096));
    }

    #[test]
    fn a_large_table_starts_empty_and_is_writable_everywhere() {
        let tt = TransTable::new(8 << 20);
        assert_eq!(tt.bytes(), 8 << 20);
        let keys = [1u64, u64::MAX / 3, u64::MAX - 1];
        for &k in &keys {
            assert_eq!(tt.probe(k, 0), None);
            tt.store(k, Pos::new(2, 2), 5, 1, 4, Bound::Exact, 0);
        }
        for &k in &keys {
            assert_eq!(tt.probe(k, 0).map(|h| h.score), Some(5));
        }
    }
}
