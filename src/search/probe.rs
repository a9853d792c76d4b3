//! The root threat probe: before the main search, look for a proven win — a VCF, then a VCT
//! within a small share of the move's time — and play it at once; during the search, check the
//! chosen move against a proven win of the opponent (a VCF or VCT after it), so that a move
//! that loses to a threat sequence too deep for the search is dropped.

use super::params::{
    PROBE_SMALL_BITS, PROBE_VCF_BITS, PROBE_VCF_NODES, PROBE_VCF_NODES_PER_MS, PROBE_VCT_SHARE,
    PROBE_VCT_WORK, REFUTE_WORK,
};
use crate::board::{Board, Pos};
use crate::rules::Combo;
use crate::threat::vcf::{Vcf, VcfOutcome, DEFAULT_TT_BITS, MAX_FOURS};
use crate::threat::vct::{Vct, VctLimits};
use std::time::Duration;

/// The threat solvers a searcher keeps between moves.
#[derive(Default)]
pub struct Probe {
    vcf: Option<Vcf>,
    vct: Option<Vct>,
    refute: Option<Vct>,
    /// Small tables, for a tight memory limit.
    small: bool,
}

impl Probe {
    /// Solvers with full tables (4 MB for the VCF, 16 MB for each VCT's), or small ones
    /// (256 KB, 1 MB).
    pub fn sized(small: bool) -> Probe {
        Probe {
            small,
            ..Probe::default()
        }
    }

    /// Whether the tables are the small ones.
    pub fn small(&self) -> bool {
        self.small
    }

    fn vcf_bits(&self) -> u32 {
        if self.small {
            PROBE_SMALL_BITS.0
        } else {
            PROBE_VCF_BITS
        }
    }

    fn new_vct(&self) -> Vct {
        Vct::with_table_bits(if self.small {
            PROBE_SMALL_BITS.1
        } else {
            DEFAULT_TT_BITS
        })
    }

    /// Allocates the solvers' tables now, so that a time limit computed next is not spent on
    /// them.
    pub fn ready(&mut self) {
        let bits = self.vcf_bits();
        self.vcf.get_or_insert_with(|| Vcf::new(bits));
        if self.vct.is_none() {
            self.vct = Some(self.new_vct());
        }
        if self.refute.is_none() {
            self.refute = Some(self.new_vct());
        }
    }

    /// A proven winning line for the side to move (attacker first, ending with its five) whose
    /// first move is not excluded: unless `instant`, [`Probe::root_vcf`], then
    /// [`Probe::root_vct`] within a share of `max_ms` (`None`: no clock, fixed work).
    pub fn root_win(
        &mut self,
        board: &Board,
        exclude: &[Pos],
        max_ms: Option<u64>,
        instant: bool,
    ) -> Option<Vec<Pos>> {
        if instant {
            return None;
        }
        self.root_vcf(board, exclude, max_ms).or_else(|| {
            let ms = max_ms.unwrap_or(0) / PROBE_VCT_SHARE;
            self.root_vct(board, exclude, ms)
        })
    }

    /// A proven VCF of the side to move whose first move is not excluded, within a node limit
    /// the move's maximum time `max_ms` can pay for (a fixed one when there is no clock; none
    /// when the clock allows 0 ms).
    pub fn root_vcf(
        &mut self,
        board: &Board,
        exclude: &[Pos],
        max_ms: Option<u64>,
    ) -> Option<Vec<Pos>> {
        let mut b = board.clone();
        let bits = self.vcf_bits();
        let vcf = self.vcf.get_or_insert_with(|| Vcf::new(bits));
        // Under a clock the VCF gets a node budget the time can pay for; without one (bench,
        // tests) a fixed one, so that node counts stay reproducible.
        let nodes = match max_ms {
            None => PROBE_VCF_NODES,
            Some(0) => return None,
            Some(ms) => PROBE_VCF_NODES.min(ms * PROBE_VCF_NODES_PER_MS),
        };
        match vcf.solve(&mut b, MAX_FOURS, nodes) {
            VcfOutcome::Win(line) if line.first().is_some_and(|p| !exclude.contains(p)) => {
                Some(line)
            }
            _ => None,
        }
    }

    /// A proven VCT of the side to move whose first move is not excluded, within `ms`
    /// milliseconds (none when `ms` is 0).
    pub fn root_vct(&mut self, board: &Board, exclude: &[Pos], ms: u64) -> Option<Vec<Pos>> {
        // A VCT starts with a three or a four: with no cell that makes one, there is none.
        if ms == 0 || board.count_at_least(board.side_to_move(), Combo::Three) == 0 {
            return None;
        }
        let mut b = board.clone();
        let limits = VctLimits {
            time: Some(Duration::from_millis(ms)),
            work: PROBE_VCT_WORK,
            ..VctLimits::default()
        };
        self.ready();
        let vct = self.vct.as_mut().expect("made by ready");
        let r = vct.solve(&mut b, limits);
        (r.win && r.line.first().is_some_and(|p| !exclude.contains(p))).then_some(r.line)
    }
}

impl Probe {
    /// Whether the opponent has a proven win (VCF or VCT) after the side to move plays `mv`,
    /// found within `ms` milliseconds. `false` means only "none found".
    pub fn refuted(&mut self, board: &Board, mv: Pos, ms: u64) -> bool {
        if ms == 0 {
            return false;
        }
        let mut b = board.clone();
        b.make(mv);
        if b.count_at_least(b.side_to_move(), Combo::Three) == 0 {
            return false;
        }
        let limits = VctLimits {
            time: Some(Duration::from_millis(ms)),
            work: REFUTE_WORK,
            ..VctLimits::default()
        };
        self.ready();
        let vct = self.refute.as_mut().expect("made by ready");
        vct.solve(&mut b, limits).win
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::{parse_moves, test_position as position};
    use crate::rules::Rule;

    #[test]
    fn ready_makes_every_solver_table() {
        // `Searcher::warm` relies on this at START, so the first move does not make them.
        let mut probe = Probe::default();
        assert!(probe.vcf.is_none() && probe.vct.is_none() && probe.refute.is_none());
        probe.ready();
        assert!(probe.vcf.is_some() && probe.vct.is_some() && probe.refute.is_some());
    }

    #[test]
    fn a_move_that_ignores_an_open_three_is_refuted_and_the_block_is_not() {
        // White's h8 i8 j8 is an open three; Black (to move) has nothing.
        let b = position(Rule::Freestyle, "a1h8o1i8a15j8");
        let far = parse_moves("o15", b.dims()).unwrap()[0];
        let block = parse_moves("g8", b.dims()).unwrap()[0];
        let mut probe = Probe::default();
        assert!(probe.refuted(&b, far, 1_000));
        assert!(!probe.refuted(&b, block, 1_000));
        // No time, no check.
        assert!(!probe.refuted(&b, far, 0));
    }

    #[test]
    fn a_double_three_is_a_vct_but_no_vcf() {
        // Black has two twos, h8 i8 and j10 j11, that j8 turns into a double three; no four
        // anywhere, and White's stones are in the corners.
        let b = position(Rule::Freestyle, "h8a1i8o1j10a15j11o15");
        let mut probe = Probe::default();
        assert_eq!(probe.root_vcf(&b, &[], Some(200)), None);
        let line = probe.root_vct(&b, &[], 2_000).expect("win");
        // The line is a real game: each move legal, the last one Black's five.
        let mut r = b.clone();
        let (last, head) = line.split_last().unwrap();
        for &p in head {
            assert!(r.is_empty(p));
            r.make(p);
        }
        assert!(r.is_win_move(*last, crate::rules::Color::Black), "{line:?}");
        // No time, no search; the first move excluded, not that line.
        assert_eq!(probe.root_vct(&b, &[], 0), None);
        let other = probe.root_vct(&b, &line[..1], 2_000);
        assert!(other.is_none_or(|l| l[0] != line[0]));
    }

    #[test]
    fn a_vcf_of_the_side_to_move_is_found_within_the_time_share() {
        // Black h8 i8 j8 k8 with one end blocked is a four: a VCF of one move.
        let b = position(Rule::Freestyle, "h8g8i8a1j8a3k8a5");
        let line = Probe::default()
            .root_win(&b, &[], Some(200), false)
            .expect("win");
        assert_eq!(line.len(), 1);
        // Without a clock (bench, tests) the VCF gets its fixed work; with a game clock run out
        // (0 ms) none: it once got the fixed work there too, 150 ms a move past the clock.
        let vcf = Probe::default().root_vcf(&b, &[], None).expect("win");
        assert_eq!(vcf, line);
        assert_eq!(Probe::default().root_vcf(&b, &[], Some(0)), None);
        assert_eq!(Probe::default().root_win(&b, &[], Some(0), false), None);
    }
}
