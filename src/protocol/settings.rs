//! Engine settings from `INFO` lines (and the config file, `config.rs`), and what follows from
//! them and the machine: the rule, the raw clock handed to the searcher, the protocol's own hard
//! deadline, the search threads, the threat solvers' tables and the hash table that fit the
//! memory limit.
//!
//! `INFO` is never answered: a value that does not parse is ignored and the old one kept.

use super::command::{clip, parse_int};
use super::machine::Machine;
use crate::rules::Rule;
use crate::search::{time, tt, TimeControl, THREAD_BYTES};
use std::time::Duration;

/// Gomocup's memory limit, used when `max_memory` is never sent.
pub const DEFAULT_MEMORY: u64 = 350 << 20;
/// Memory for everything but the hash table, the threat solvers' tables and the search
/// threads' own tables: code, the evaluation's and move ordering's tables, stacks, boards, the
/// solvers' growing maps. Measured (2026-11-28, resident): 2.8 MB before `START`; 8.8 MB right
/// after it with small solver tables (2.3 MB) and a 1 MB hash table; 15.1 MB at the peak of 15
/// moves of 300 ms (with the thread's own tables); with the full solver tables 42 MB after
/// `START`.
const BASE: u64 = 12 << 20;
/// The threat solvers' tables: full (a 4 MB VCF table and two VCTs' 16 MB ones) and small.
const SOLVERS_FULL: u64 = 36 << 20;
const SOLVERS_SMALL: u64 = 3 << 20;
/// The full solver tables are used when they take at most this share of `max_memory`.
const SOLVERS_SHARE: u64 = 3;
/// Hash size when memory is not limited and no `hash_size` is given.
const DEFAULT_HASH: u64 = 256 << 20;
/// The largest hash table we ask for, whatever the settings say.
const MAX_HASH: u64 = 4 << 30;
/// The smallest hash table we ask for.
const MIN_HASH: u64 = 256 << 10;
/// `time_left` at or above this means "no match limit" (c-gomoku-cli sends `2147483647`).
const UNLIMITED_LEFT: i64 = i32::MAX as i64;

/// Everything `INFO` can set.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Time per move in ms (`timeout_turn`); 0 = answer at once.
    pub timeout_turn: u64,
    /// Time per game in ms (`timeout_match`); 0 = no limit.
    pub timeout_match: u64,
    /// Game time left in ms (`time_left`), if sent.
    pub time_left: Option<i64>,
    /// Memory limit in bytes (`max_memory`); 0 = no limit.
    pub max_memory: u64,
    /// The rule (`rule`).
    pub rule: Rule,
    /// `game_type` as sent (informational).
    pub game_type: i64,
    /// Folder for persistent files (`folder`), unused.
    pub folder: Option<String>,
    /// Search threads (`thread_num`).
    pub threads: usize,
    /// Hash size in KB (`hash_size`), if sent and non-zero.
    pub hash_kb: Option<u64>,
    /// Depth limit (`max_depth`).
    pub max_depth: Option<u32>,
    /// Node limit (`max_node`).
    pub max_nodes: Option<u64>,
    /// Yixin-Board realtime output (`show_detail` 1, 3 or more).
    pub show_detail: bool,
    /// The search report line after every iteration (`show_detail` 2 or more, as Rapfi's
    /// "detail").
    pub show_iterations: bool,
    /// The machine the settings are held to.
    pub machine: Machine,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            timeout_turn: 30_000,
            timeout_match: 0,
            time_left: None,
            max_memory: DEFAULT_MEMORY,
            rule: Rule::Freestyle,
            game_type: 1,
            folder: None,
            threads: 1,
            hash_kb: None,
            max_depth: None,
            max_nodes: None,
            show_detail: false,
            show_iterations: false,
            machine: Machine::unbounded(256),
        }
    }
}

/// The `INFO` keys the settings know (`evaluate` is read and ignored besides).
pub const KEYS: [&str; 12] = [
    "timeout_turn",
    "timeout_match",
    "time_left",
    "max_memory",
    "game_type",
    "rule",
    "folder",
    "thread_num",
    "hash_size",
    "max_depth",
    "max_node",
    "show_detail",
];

impl Settings {
    /// Applies one `INFO key value`; unknown keys and bad values are ignored.
    pub fn apply(&mut self, key: &str, value: &str) {
        let _ = self.try_apply(key, value);
    }

    /// Applies one `key value`, or says why not (unknown key, bad value); the settings are
    /// unchanged then.
    pub fn try_apply(&mut self, key: &str, value: &str) -> Result<(), String> {
        let num = parse_int(value);
        let pos = num.filter(|&n| n >= 0);
        let known = KEYS.contains(&key) || key == "evaluate";
        if !known {
            return Err(format!("unknown key {key}"));
        }
        let numeric = !matches!(key, "folder" | "evaluate");
        let bad = match key {
            "time_left" | "game_type" | "max_depth" | "max_node" | "show_detail" => num.is_none(),
            "rule" => num.and_then(Rule::from_info_code).is_none(),
            _ => numeric && pos.is_none(),
        };
        if bad {
            return Err(format!("bad value {:?} for {key}", clip(value)));
        }
        match key {
            "timeout_turn" => self.timeout_turn = pos.map_or(self.timeout_turn, |n| n as u64),
            "timeout_match" => self.timeout_match = pos.map_or(self.timeout_match, |n| n as u64),
            "time_left" => self.time_left = num.or(self.time_left),
            "max_memory" => self.max_memory = pos.map_or(self.max_memory, |n| n as u64),
            "game_type" => self.game_type = num.unwrap_or(self.game_type),
            "rule" => self.rule = num.and_then(Rule::from_info_code).unwrap_or(self.rule),
            "folder" if !value.is_empty() => self.folder = Some(value.to_string()),
            "thread_num" => {
                self.threads = pos.map_or(self.threads, |n| n.clamp(1, 256) as usize);
            }
            "hash_size" => {
                if let Some(n) = pos {
                    self.hash_kb = (n > 0).then_some(n as u64);
                }
            }
            "max_depth" => {
                if let Some(n) = num {
                    self.max_depth = (n > 0).then_some(n.min(i64::from(u32::MAX)) as u32);
                }
            }
            "max_node" => {
                if let Some(n) = num {
                    self.max_nodes = (n > 0).then_some(n as u64);
                }
            }
            "show_detail" => {
                if let Some(n) = num {
                    self.show_detail = n == 1 || n >= 3;
                    self.show_iterations = n >= 2;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Time left in the game, if the game time is limited.
    fn left(&self) -> Option<i64> {
        self.time_left.filter(|&l| l < UNLIMITED_LEFT)
    }

    /// The raw clock for the searcher, less the time the command already waited in the queue.
    pub fn time_control(&self, waited: Duration) -> TimeControl {
        let w = waited.as_millis() as u64;
        TimeControl {
            turn_ms: Some(self.timeout_turn.saturating_sub(w)),
            match_ms: (self.timeout_match > 0).then_some(self.timeout_match),
            left_ms: self.left().map(|l| l.saturating_sub(w as i64)),
        }
    }

    /// The whole time this answer may take, from when its command arrived.
    pub fn budget(&self) -> Duration {
        let left = self.left().map_or(u64::MAX, |l| l.max(0) as u64);
        Duration::from_millis(self.timeout_turn.min(left))
    }

    /// The protocol's own hard deadline, from when the command arrived: halfway between the
    /// searcher's own hard stop ([`time::usable`] of the budget) and the budget, so that it only
    /// ends a search that would not end itself and never takes from the searcher's time.
    pub fn guard(&self) -> Duration {
        let b = self.budget().as_millis() as u64;
        if b == 0 {
            return Duration::from_millis(20);
        }
        Duration::from_millis(b - (b - time::usable(b)) / 2)
    }

    /// Whether `hash_size` was sent (the table then has that size, not one sized by the clock).
    pub fn hash_fixed(&self) -> bool {
        self.hash_kb.is_some()
    }

    /// Whether the threat solvers get their small tables: the full ones would take more than
    /// a third of `max_memory`, or answers are at once (`timeout_turn 0`: no solver runs).
    pub fn small_solvers(&self) -> bool {
        self.timeout_turn == 0
            || (self.max_memory > 0 && self.max_memory < SOLVERS_SHARE * SOLVERS_FULL)
    }

    /// Memory for everything but the hash table and the threads' own tables.
    fn reserve(&self) -> u64 {
        BASE + if self.small_solvers() {
            SOLVERS_SMALL
        } else {
            SOLVERS_FULL
        }
    }

    /// The least memory the engine lives in: one thread, small solver tables, the smallest
    /// hash table.
    pub fn least_memory() -> u64 {
        BASE + SOLVERS_SMALL + THREAD_BYTES + MIN_HASH
    }

    /// Search threads: `thread_num`, but no more than the machine runs at once, nor than half
    /// of what `max_memory` leaves after the fixed reserve can hold (each thread has tables of
    /// its own, [`THREAD_BYTES`]); at least one.
    pub fn threads(&self) -> usize {
        let threads = self.threads.min(self.machine.threads).max(1);
        if self.max_memory == 0 {
            return threads;
        }
        let room = self.max_memory.saturating_sub(self.reserve()) / 2;
        threads.min((room / THREAD_BYTES).max(1) as usize)
    }

    /// The most bytes a hash table may have: `hash_size` if sent, within half of what
    /// `max_memory` leaves after a fixed reserve and the threads' own tables
    /// ([`Settings::threads`]), and within half of the machine's available memory.
    pub fn hash_bytes(&self) -> usize {
        let asked = self.hash_kb.map(|k| k.saturating_mul(1024));
        let threads = self.threads() as u64 * THREAD_BYTES;
        let room = (self.max_memory > 0).then(|| {
            self.max_memory
                .saturating_sub(self.reserve())
                .saturating_sub(threads)
                / 2
        });
        let bytes = match (asked, room) {
            (Some(a), Some(r)) => a.min(r),
            (Some(a), None) => a,
            (None, Some(r)) => r.min(DEFAULT_HASH),
            (None, None) => DEFAULT_HASH,
        };
        let machine = self.machine.memory.map_or(u64::MAX, |m| m / 2);
        bytes
            .min(machine)
            .clamp(MIN_HASH, MAX_HASH)
            .min(usize::MAX as u64) as usize
    }

    /// The hash table to make: the smallest when answering at once (`timeout_turn 0`);
    /// the `hash_size` sent (within [`Settings::hash_bytes`]); else what the longest move the
    /// clock allows can fill ([`tt::auto_bytes`]), within the same bounds and rounded down to
    /// a power of two, so that small changes of the limits keep the table made.
    pub fn table_bytes(&self) -> usize {
        if self.timeout_turn == 0 {
            return MIN_HASH as usize;
        }
        let most = self.hash_bytes();
        if self.hash_fixed() {
            return most;
        }
        let clock = TimeControl {
            turn_ms: Some(self.timeout_turn),
            match_ms: (self.timeout_match > 0).then_some(self.timeout_match),
            left_ms: None,
        };
        let longest = time::budget(&clock, 0, 15 * 15).maximum;
        let bytes = tt::auto_bytes(longest, self.threads()).min(most);
        1 << bytes.ilog2()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_values() {
        let mut s = Settings::default();
        s.apply("rule", "4");
        s.apply("rule", "banana");
        assert_eq!(s.rule, Rule::Renju);
        s.apply("timeout_turn", "-5");
        assert_eq!(s.timeout_turn, 30_000);
        s.apply("timeout_turn", "5000");
        s.apply("time_left", "-20");
        assert_eq!(s.budget(), Duration::ZERO);
        s.apply("time_left", "2147483647");
        assert_eq!(s.budget(), Duration::from_millis(5000));
        // 5 s: the searcher stops at 4,850 ms, the guard at 4,925.
        assert_eq!(s.guard(), Duration::from_millis(4925));
        s.apply("max_depth", "0");
        assert_eq!(s.max_depth, None);
        s.apply("max_node", "1000");
        assert_eq!(s.max_nodes, Some(1000));
        // Realtime lines for 1 or more only.
        // Realtime lines for 1, 3 or more; the report of every iteration for 2 or more.
        for (v, on, every) in [
            ("1", true, false),
            ("-1", false, false),
            ("2", false, true),
            ("3", true, true),
            ("7", true, true),
            ("0", false, false),
        ] {
            s.apply("show_detail", v);
            assert_eq!((s.show_detail, s.show_iterations), (on, every), "{v}");
        }
    }

    #[test]
    fn clock_and_guard() {
        let mut s = Settings::default();
        s.apply("timeout_turn", "200");
        s.apply("timeout_match", "180000");
        s.apply("time_left", "1000");
        let tc = s.time_control(Duration::from_millis(30));
        assert_eq!(tc.turn_ms, Some(170));
        assert_eq!(tc.left_ms, Some(970));
        assert_eq!(tc.match_ms, Some(180_000));
        assert_eq!(s.guard(), Duration::from_millis(185));
        s.apply("timeout_turn", "0");
        assert_eq!(s.guard(), Duration::from_millis(20));
    }

    #[test]
    fn keys_and_values_are_checked() {
        let mut s = Settings::default();
        assert!(s.try_apply("thread_num", "4").is_ok());
        assert_eq!(s.threads, 4);
        assert!(s.try_apply("thread_num", "four").is_err());
        assert!(s.try_apply("hash_size", "-1").is_err());
        assert!(s.try_apply("rule", "16").is_err());
        assert!(s.try_apply("colour", "1").is_err());
        assert!(s.try_apply("max_depth", "0").is_ok());
        assert!(s.try_apply("folder", "C:\\some where").is_ok());
        assert_eq!(s.threads, 4);
    }

    #[test]
    fn threads_are_held_to_the_machine() {
        let mut s = Settings {
            machine: Machine::unbounded(2),
            ..Settings::default()
        };
        s.apply("thread_num", "64");
        assert_eq!(s.threads(), 2);
        s.apply("max_memory", "0");
        assert_eq!(s.threads(), 2);
        s.apply("thread_num", "1");
        assert_eq!(s.threads(), 1);
    }

    #[test]
    fn tables_follow_the_clock_and_the_machine() {
        let mut s = Settings::default();
        // Gomocup's 30 s turns under 350 MB: all the room, as a power of two.
        assert_eq!(s.table_bytes(), 128 << 20);
        s.apply("timeout_turn", "300");
        assert_eq!(s.table_bytes(), 32 << 20);
        s.apply("timeout_turn", "0");
        assert_eq!(s.table_bytes() as u64, MIN_HASH);
        s.apply("timeout_turn", "300");
        s.apply("max_memory", "0");
        s.apply("hash_size", "4194304");
        assert_eq!(s.table_bytes(), 4 << 30);
        s.machine.memory = Some(2 << 30);
        assert_eq!(s.table_bytes(), 1 << 30);
    }

    #[test]
    fn small_limits_shrink_the_solvers() {
        let mut s = Settings::default();
        assert!(!s.small_solvers());
        s.apply("max_memory", &(20 << 20).to_string());
        assert!(s.small_solvers());
        assert!(Settings::least_memory() <= 20 << 20);
        assert_eq!(s.threads(), 1);
        s.apply("max_memory", "0");
        assert!(!s.small_solvers());
    }

    #[test]
    fn hash_fits_memory() {
        let mut s = Settings::default();
        assert!(s.hash_bytes() as u64 <= (DEFAULT_MEMORY - BASE - SOLVERS_FULL) / 2);
        s.apply("hash_size", "1024");
        assert_eq!(s.hash_bytes(), 1 << 20);
        s.apply("max_memory", "0");
        s.apply("hash_size", "0");
        assert_eq!(s.hash_bytes() as u64, DEFAULT_HASH);
        s.apply("hash_size", "999999999999");
        assert_eq!(s.hash_bytes() as u64, MAX_HASH);
        s.apply("max_memory", "1000");
        assert_eq!(s.hash_bytes() as u64, MIN_HASH);
    }

    #[test]
    fn threads_fit_memory_with_the_table() {
        let mut s = Settings::default();
        assert_eq!(s.threads(), 1);
        s.apply("thread_num", "4");
        assert_eq!(s.threads(), 4);
        // 256 threads' own tables would not fit Gomocup's 350 MB beside the reserve.
        s.apply("thread_num", "256");
        let t = s.threads() as u64;
        assert!((4..256).contains(&t), "{t}");
        let hash = s.hash_bytes() as u64;
        assert!(s.reserve() + t * THREAD_BYTES + hash <= DEFAULT_MEMORY);
        assert!(hash >= 64 << 20, "{hash}");
        // A limit too small for a second thread still searches with one.
        s.apply(
            "max_memory",
            &(BASE + SOLVERS_SMALL + THREAD_BYTES).to_string(),
        );
        assert_eq!(s.threads(), 1);
        // No limit: as many as asked.
        s.apply("max_memory", "0");
        assert_eq!(s.threads(), 256);
    }
}
