//! The root threat probe: before the main search, look for a proven win — a VCF, then a VCT
//! within a small share of the move's time — and play it at once.

use super::params::{PROBE_VCF_NODES, PROBE_VCT_SHARE, PROBE_VCT_WORK};
use crate::board::{Board, Pos};
use crate::threat::vcf::{Vcf, VcfOutcome, MAX_FOURS};
use crate::threat::vct::{Vct, VctLimits};
use std::time::Duration;

/// The threat solvers a searcher keeps between moves.
#[derive(Default)]
pub struct Probe {
    vcf: Option<Vcf>,
    vct: Option<Vct>,
}

impl Probe {
    /// A proven winning line for the side to move (attacker first, ending with its five) whose
    /// first move is not excluded, searching VCF within a node limit and, unless `instant`, VCT
    /// within a share of `max_ms`.
    pub fn root_win(
        &mut self,
        board: &Board,
        exclude: &[Pos],
        max_ms: u64,
        instant: bool,
    ) -> Option<Vec<Pos>> {
        if instant {
            return None;
        }
        let mut b = board.clone();
        let vcf = self.vcf.get_or_insert_with(|| Vcf::new(18));
        if let VcfOutcome::Win(line) = vcf.solve(&mut b, MAX_FOURS, PROBE_VCF_NODES) {
            if line.first().is_some_and(|p| !exclude.contains(p)) {
                return Some(line);
            }
        }
        let ms = max_ms / PROBE_VCT_SHARE;
        if ms == 0 {
            return None;
        }
        let limits = VctLimits {
            time: Some(Duration::from_millis(ms)),
            work: PROBE_VCT_WORK,
            ..VctLimits::default()
        };
        let vct = self.vct.get_or_insert_with(Vct::new);
        let r = vct.solve(&mut b, limits);
        (r.win && r.line.first().is_some_and(|p| !exclude.contains(p))).then_some(r.line)
    }
}
