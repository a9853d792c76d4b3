//! Every tunable constant of the search, in one place: constants only, each with what it
//! controls. The matches that set them, and the recipes that fit the evaluation's and the move
//! ordering's tables, are in `docs/tuning.md`; ideas tried and dropped in `docs/experiments.md`.
//!
//! Glossary of the prefixes: `MATE*` = proven results (a win in `n` plies scores `MATE - n`);
//! no prefix = bounds of scores and depths (`EVAL_MAX`, `NO_EVAL`, `MAX_PLY`, `MAX_DEPTH`) and
//! the candidate cells (`CANDIDATE_REACH`);
//! `MO_*` = move-ordering scores; `ASP_*` = aspiration windows; `FUT_*`, `RAZOR_*` = futility
//! and razoring; `PC_*` = ProbCut; `SE_*` = singular extension; `LMR_*` = late move reductions;
//! `LMP_*` = late move pruning; `BEAM_*` = move-count pruning; `HIST_*` = history heuristic;
//! `QS_*` = the leaf four-extension (quiescence VCF); `CORR_*` = correction history; `TM_*` =
//! time management (ms unless named otherwise); `TT_*` = transposition table; `PROBE_*` = the
//! root threat probe; `REFUTE_*` = the refutation checks.

use crate::rules::{Combo, Rule};

/// Score of a win at the root (a win in `n` plies scores `MATE - n`).
pub const MATE: i32 = 30_000;
/// Scores at least this large (in absolute value) are wins or losses.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Evaluations are clamped to ±this.
pub const EVAL_MAX: i32 = 20_000;
/// Renju: the network evaluates a position only where the classical evaluation lies within
/// this of the window; farther out the classical one stands. The other rules ask it everywhere.
pub const NET_MARGIN_RENJU: i32 = 400;
/// The rules whose search uses the network unless told otherwise (`--feature network=on|off`);
/// the others keep the classical evaluation alone.
pub const NET_RULES: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];
/// No static evaluation (a marker).
pub const NO_EVAL: i32 = i32::MIN;
/// Deepest ply a search thread can reach.
pub const MAX_PLY: usize = 120;
/// Deepest nominal iteration.
pub const MAX_DEPTH: u32 = 99;

/// Win rate: a position evaluated `v` for the side to move has the expected score
/// `1 / (1 + exp(-v / scale))`; the scale the freestyle tables were fitted at (every rule but renju).
pub const WINRATE_SCALE_FREESTYLE: f64 = 278.0;
/// Win rate: the scale renju's tables were fitted at (`weights/renju.txt`'s header).
pub const WINRATE_SCALE_RENJU: f64 = 306.0;

/// Move ordering: per own combo of the cell.
pub const MO_OWN: [i32; 11] = [0, 0, 20, 14, 60, 120, 2_000, 400, 3_000, 8_000, 100_000];
/// Move ordering: per opponent combo of the cell (the value of blocking it).
pub const MO_OPP: [i32; 11] = [0, 0, 12, 8, 40, 80, 1_200, 300, 1_800, 5_000, 50_000];
/// Move ordering: the transposition-table move.
pub const MO_TT: i32 = 1 << 24;
/// Move ordering: first and second killer.
pub const MO_KILLER: [i32; 2] = [900, 700];
/// History scores are divided by this before they are added to a move's score.
pub const MO_HIST_DIV: i32 = 32;

/// Aspiration windows start at this depth.
pub const ASP_MIN_DEPTH: u32 = 5;
/// First half-width of the aspiration window.
pub const ASP_DELTA: i32 = 40;
/// A window that has widened past this half-width becomes the full window.
pub const ASP_FULL_AFTER: i32 = 2_000;

/// Futility (return the evaluation) below this depth.
pub const FUT_MAX_DEPTH: i32 = 7;
/// Razoring (drop into the leaf four-extension) below this depth.
pub const RAZOR_MAX_DEPTH: i32 = 5;
/// The margin of futility and razoring, per ply of depth.
pub const FUT_MARGIN: i32 = 55;

/// ProbCut: the least depth of a node it is tried at.
pub const PC_MIN_DEPTH: i32 = 5;
/// ProbCut: how much shallower its searches are.
pub const PC_REDUCTION: i32 = 4;
/// ProbCut: the margin above beta its searches must reach.
pub const PC_MARGIN: i32 = 100;
/// ProbCut: the most moves it tries.
pub const PC_MOVES: usize = 3;
/// ProbCut: tried only where the opponent has no cell of this combo or better (no open three).
pub const PC_OPP_LIMIT: Combo = Combo::FlexFour;

/// Singular extension: only from this depth.
pub const SE_MIN_DEPTH: i32 = 6;
/// Singular extension: the TT entry must be at least this much shallower than the node, at most.
pub const SE_DEPTH_SLACK: i32 = 3;
/// Singular extension: the other moves must fall this much per ply of depth below the TT score.
pub const SE_MARGIN: i32 = 4;

/// Late move reductions from this depth.
pub const LMR_MIN_DEPTH: i32 = 3;
/// Late move reductions from the second move on.
pub const LMR_MIN_MOVES: usize = 1;
/// Reduction = ln(depth) · ln(move number) / this.
pub const LMR_DIV: f64 = 2.0;
/// How many plies less an attacking open three is reduced.
pub const LMR_THREAT_SPARE: i32 = 1;

/// Late move pruning up to this depth.
pub const LMP_MAX_DEPTH: i32 = 4;
/// Late move pruning: weak moves after `LMP_BASE + depth²` searched moves are skipped.
pub const LMP_BASE: usize = 3;
/// At a node that is not improving, late move pruning starts after this share (percent) of
/// the moves, and late moves are reduced a ply more.
pub const LMP_WORSE_PCT: usize = 60;

/// Move-count pruning from this ply on: at most `min(A·√depth − B, MAX)` moves.
pub const BEAM_MIN_PLY: usize = 2;
/// Move-count pruning's (A, B, MAX) where neither side has an open three or four.
pub const BEAM_QUIET: (f64, f64, usize) = (15.0, 12.0, 32);
/// Move-count pruning's (A, B, MAX) where a side has an open three or four.
pub const BEAM_TENSE: (f64, f64, usize) = (5.0, 2.0, 8);

/// Candidate cells: those on a stone's four lines within this distance.
pub const CANDIDATE_REACH: isize = 2;

/// History values are kept within ±this (gravity).
pub const HIST_MAX: i32 = 16_384;
/// History reward of a cut-off at depth `d`: `d² ×` this, at most a quarter of [`HIST_MAX`].
pub const HIST_BONUS: i32 = 16;

/// Deepest leaf four-extension, in plies.
pub const QS_MAX_PLY: u32 = 14;
/// After the first leaf four, further fours must be within this distance of the attacker's
/// previous stone.
pub const QS_REACH: usize = 4;
/// Fours tried at a leaf four-extension node, combination fours only.
pub const QS_WIDTH: usize = 2;

/// The largest correction learnt, in evaluation units.
pub const CORR_MAX: i32 = 400;
/// The weights of the threat-combination, last-move and last-two-moves tables.
pub const CORR_MIX: [i32; 3] = [1, 1, 1];
/// Log2 of the last-two-moves table's size per side.
pub const CORR_PAIR_BITS: u32 = 16;
/// The most weight (of 256) one node's result has in an entry (a node of depth `d` weighs
/// `d + 1`).
pub const CORR_WEIGHT_MAX: i32 = 16;
/// The share (percent) of its correction a search passes on to the next.
pub const CORR_KEEP_PCT: i32 = 50;

/// Safety margin kept on the manager's clock, at least (Gomocup's managers allow 1 s past the turn).
pub const TM_MARGIN_MIN: u64 = 30;
/// Safety margin for budgets of at least [`TM_MARGIN_FROM`].
pub const TM_MARGIN: u64 = 50;
/// Budgets from this size keep [`TM_MARGIN`] plus 2 % of the budget.
pub const TM_MARGIN_FROM: u64 = 400;
/// Fewest moves the remaining game time is divided by, so that long games keep time.
pub const TM_MOVES_LEFT_MIN: u64 = 20;
/// Moves the game is expected to last beyond its present moves at the start.
pub const TM_MOVES_LEFT_START: u64 = 25;
/// Where the game clock binds: the optimum is this share (percent) of the time left divided by
/// the moves expected to be left (`time::moves_left`).
pub const TM_SLICE_OPT_PCT: u64 = 70;
/// Where the game clock binds: the maximum is this many slices, and never more than the time
/// left less the margin.
pub const TM_SLICE_MAX: u64 = 3;
/// Game time kept back per move of ours the board still has room for
/// (`time::reserve`).
pub const TM_ANSWER_MS: u64 = 3;
/// Budget when nothing limits the search.
pub const TM_DEFAULT: u64 = 5_000;
/// Hard stop for "answer at once" (`turn_ms == Some(0)`).
pub const TM_INSTANT: u64 = 20;
/// Optimum = turn maximum × this / 100 where the game clock binds it; where the turn binds, the
/// search runs to its hard stop.
pub const TM_OPT_PCT: u64 = 70;
/// The optimum is scaled by this (percent) after the best move changed.
pub const TM_UNSTABLE_PCT: u64 = 170;
/// The optimum is scaled by this (percent) after the score fell.
pub const TM_FALL_PCT: u64 = 140;
/// The optimum is scaled by this (percent) after the best move stayed for several iterations.
pub const TM_STABLE_PCT: u64 = 60;
/// Iterations with the same best move that count as stable.
pub const TM_STABLE_ITERS: u32 = 4;
/// A fall of this much in score counts as a fall.
pub const TM_FALL_SCORE: i32 = 40;
/// Iterations searched after a win or loss is proven.
pub const TM_MATE_EXTRA: u32 = 2;
/// Nodes between clock checks.
pub const TM_CHECK_NODES: u64 = 1024;

/// Entries per transposition-table bucket (4 × 16 bytes = one cache line).
pub const TT_BUCKET: usize = 4;
/// Default transposition-table size in bytes.
pub const TT_DEFAULT_BYTES: usize = 64 << 20;
/// A table sized by the clock gets this many bytes per ms of a move's maximum time per thread
/// (about 1,200 nodes a ms, room for eight moves of them): 32 MB at 300 ms a move.
pub const TT_BYTES_PER_MS: usize = 112 << 10;
/// The smallest table sized by the clock.
pub const TT_AUTO_MIN_BYTES: usize = 16 << 20;
/// Replacement weight of an entry's age against its depth.
pub const TT_AGE_WEIGHT: i32 = 8;

/// Root threat probe: node limit of the VCF search before the main search.
pub const PROBE_VCF_NODES: u64 = 200_000;
/// Root threat probe under a clock: VCF nodes per millisecond of the move's optimum.
pub const PROBE_VCF_NODES_PER_MS: u64 = 250;
/// Root threat probe before the search (switch `late` off): the VCT gets the optimum / this.
pub const PROBE_VCT_SHARE: u64 = 8;
/// Late root VCT: this share (percent) of the time left before the hard stop.
pub const PROBE_LATE_PCT: u64 = 70;
/// Late root VCT under a game clock: at most the move's optimum divided by this.
pub const PROBE_LATE_SHARE: u64 = 8;
/// Late root VCT: none with less than this many milliseconds to give it.
pub const PROBE_LATE_MIN_MS: u64 = 5;
/// Root threat probe: work limit (tree plus inner VCF nodes) of the VCT search.
pub const PROBE_VCT_WORK: u64 = 3_000_000;
/// The probe's VCF table: 2^this entries (4 MB).
pub const PROBE_VCF_BITS: u32 = 18;
/// The probe's small tables, for a tight `max_memory`: 2^this VCF entries (256 KB) and 2^this
/// for each VCT (1 MB). The full VCT tables are the solver's own default.
pub const PROBE_SMALL_BITS: (u32, u32) = (14, 16);

/// Refutation check: each check of a chosen root move gets the move's optimum divided by this.
pub const REFUTE_SHARE: u64 = 10;
/// Refutation check: a refuted move is dropped and the depth searched again only before
/// `NUM / DEN` of the move's maximum time has passed.
pub const REFUTE_RESEARCH_NUM: u64 = 3;
/// See [`REFUTE_RESEARCH_NUM`].
pub const REFUTE_RESEARCH_DEN: u64 = 4;
/// Refutation check: at most this many root moves are checked in one search.
pub const REFUTE_MAX_CHECKS: usize = 6;
/// Refutation check: work limit (tree plus inner VCF nodes) of one check.
pub const REFUTE_WORK: u64 = 1_000_000;
/// Refutation check: no check with less than this many milliseconds left before the hard stop.
pub const REFUTE_MIN_MS: u64 = 4;
