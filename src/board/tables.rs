//! The look-up tables the board uses, generated from `rules`: line patterns for both colours of
//! each rule (one byte a window: Black's pattern in the low nibble, White's in the high one) and
//! the cell-class tables. Line tables come from `build.rs`; the rest is built on first use.

use crate::rules::combo::{self, CODE_COUNT};
use crate::rules::line::{self, Semantics, KEY_COUNT};
use crate::rules::{Color, Rule};
use std::sync::OnceLock;

static LINE_FREE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/line_free.bin"));
static LINE_EXACT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/line_exact.bin"));
static LINE_CARO: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/line_caro.bin"));

/// The generated single-colour table of a semantics (key seen from the player's side).
pub fn line_table(sem: Semantics) -> &'static [u8] {
    match sem {
        Semantics::Free => LINE_FREE,
        Semantics::Exact => LINE_EXACT,
        Semantics::Caro => LINE_CARO,
    }
}

/// The two-colour pattern table of a rule, indexed by a window key in absolute colours
/// (`OWN` = Black, `OPP` = White).
///
/// At 1 MB it does not fit the first-level cache, and its reads are the hottest loads of a
/// move; the second-level cache serves them well enough that smaller factored tables were
/// no faster (`docs/experiments.md`, 2026-11-22), so the flat tables stay.
pub fn pair_table(rule: Rule) -> &'static [u8; KEY_COUNT] {
    static TABLES: [OnceLock<Box<[u8; KEY_COUNT]>>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let i = Rule::ALL.iter().position(|&r| r == rule).unwrap_or(0);
    TABLES[i].get_or_init(|| {
        let b = line_table(rule.semantics(Color::Black));
        let w = line_table(rule.semantics(Color::White));
        let v: Vec<u8> = (0..KEY_COUNT as u32)
            .map(|k| b[k as usize] | (w[line::swap_colours(k) as usize] << 4))
            .collect();
        v.into_boxed_slice().try_into().expect("table size")
    })
}

/// The cell-class table: index = a cell code, value = its [`crate::rules::Combo`]; `fouls` for
/// renju Black.
pub fn class_table(fouls: bool) -> &'static [u8; CODE_COUNT] {
    static TABLES: [OnceLock<Box<[u8; CODE_COUNT]>>; 2] = [OnceLock::new(), OnceLock::new()];
    TABLES[usize::from(fouls)].get_or_init(|| {
        combo::build_code_classes(fouls)
            .into_boxed_slice()
            .try_into()
            .expect("table size")
    })
}

/// The cell-code table: index = one colour's half of a pattern word (four nibbles), value = the
/// cell code (the multiset of the four patterns).
pub fn code_table() -> &'static [u16; 1 << 16] {
    static TABLE: OnceLock<Box<[u16; 1 << 16]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        combo::build_code_table()
            .into_boxed_slice()
            .try_into()
            .expect("table size")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Board::update_lines` indexes the value and class tables with these codes unchecked.
    #[test]
    fn every_code_table_entry_is_a_cell_code() {
        assert!(code_table().iter().all(|&c| (c as usize) < CODE_COUNT));
    }
}
