//! Every tunable constant of the search and the evaluation, in one place.
//!
//! Naming glossary: `MATE` = the score of mate at ply 0 (a win in `n` plies scores `MATE - n`);
//! `EV_*` = evaluation weights; `MO_*` = move-ordering scores; `ASP_*` = aspiration windows;
//! `RFP_*` = reverse futility pruning; `LMR_*` = late move reductions; `HIST_*` = history
//! heuristic; `QS_*` = the leaf four-extension (quiescence VCF); `TM_*` = time management (ms
//! unless named otherwise); `TT_*` = transposition table; `CORR_*` = correction history
//! (feature `corr`).

use crate::rules::Combo;

/// Score of a win at the root (a win in `n` plies scores `MATE - n`).
pub const MATE: i32 = 30_000;
/// Scores at least this large (in absolute value) are wins or losses.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Evaluations are clamped to ±this.
pub const EVAL_MAX: i32 = 20_000;
/// No static evaluation (a marker).
pub const NO_EVAL: i32 = i32::MIN;
/// Deepest ply a search thread can reach.
pub const MAX_PLY: usize = 120;
/// Deepest nominal iteration.
pub const MAX_DEPTH: u32 = 99;

/// History of the evaluation's fits. Until the cell tables, the evaluation was a dot product of
/// 39 counts (cell classes and line patterns of both sides, and the flags), fitted with
/// `examples/tune` on self-play games (`examples/gendata`, 40k nodes a move, the opening suite
/// plus up to three random moves) in rounds, each round's games played with the previous fit,
/// plus arena game records against Pela, PentaZen and Rapfi (1,173 before the fits, 560 after
/// the second):
/// - freestyle, three rounds: 2,619 self-play and 1,173 arena games, 103,361 positions.
///   Held-out log loss: round 1 0.6757 (hand-set weights) -> 0.6259, round 2 0.6315 -> 0.6175,
///   round 3 0.6218 -> 0.6125.
/// - renju, two rounds: 2,032 self-play and 280 arena games, 50,958 positions. Round 1
///   0.6415 -> 0.5554, round 2 0.5517 -> 0.5379. A third round (0.5540 -> 0.5466 held out) lost
///   +19 −61 to the second in play and was not taken. A set per colour lost +33 −43 =4 to one
///   set for both.
///
/// Matches at 100k nodes a move, 40 openings × 2 colours (`examples/ab weights=FILE`), each fit
/// against the one before: freestyle +52 −28, +45 −31 =4, +47 −31 =2; renju +51 −28 =1,
/// +45 −33 =2.
///
/// Those counts are sums over the empty cells of a function of each cell's patterns, so they
/// were folded exactly into the first cell tables (same bench).
///
/// Cell tables fitted from there (the same 4,650 games; `tune rule=freestyle shared`, renju a set
/// per colour) predict results much better, yet did not play better: 100 openings × 2 colours
/// at 100k nodes, fitted (A) against folded (B):
/// - all positions, `lambda=1e-7`: held out 0.6123 -> 0.5975 (freestyle), 0.5540 -> 0.4820
///   (renju); games +91 −104 =5 and +93 −101 =6.
/// - `quiet` positions, `lambda=1e-6`: 0.6329 -> 0.6144, 0.6021 -> 0.5163; games +92 −106 =2 and
///   +102 −92 =6.
///
/// So the folded tables stay. Game results of self-play at 40k nodes seem too noisy a target
/// for 2,730 numbers a rule; next would be search scores as targets.
///
/// Search scores as targets (`examples/label RULE 24000 2`: every second position of 5,911
/// freestyle and 4,984 renju games, self-play and arena records, searched at 24,000 nodes;
/// 105,539 and 81,548 positions; `tune` at the scale fitted to the results). Held-out loss
/// above the targets' entropy (the part any tables could remove), and 100 openings × 2 colours
/// at 100k nodes against the tables before:
/// - everything (flags, cells and the new threat combinations): freestyle 0.1067 -> 0.0900,
///   renju 0.1116 -> 0.0949; games +94 −99 =7 and +90 −103 =7. Not taken: better predictions,
///   no better play, as with the results.
/// - flags and threat combinations only (`fit=threats`, cells kept): freestyle
///   0.1067 -> 0.1021, renju 0.1116 -> 0.0993; games freestyle +99 −97 =4 (not taken), renju
///   +109 −87 =4 and, on the other 100 openings of the suite, +106 −91 =3: together
///   215–178–7 (+32 Elo). Then at 300 ms a move (`kakugo-arena`, 100 openings × 2 colours,
///   renju, against the tables before): 96–100–4 (−7 Elo [−55, +41]). The gain at fixed nodes
///   did not carry over to the clock, so the tables before stayed (the threat combinations
///   all 0). Measured again with `FUT_MARGIN` 55, two runs at 300 ms (renju, 200 games each,
///   fitted against the tables before): 105–87–8 and 109–84–7, pooled 214–171–15 (+37 Elo
///   [+4, +72]); with the first clock run, 310–271–19 over 600 games (+23). Taken for renju:
///   `weights/renju.txt` is that fit, reproduced by the two commands in the README.
/// - freestyle, flags and threat combinations fitted again (`fit=threats shared`) to 24,716
///   positions of 600 games at 300 ms a move (against PentaZen, and two A/B self-play runs),
///   every position searched at 24,000 nodes: held out 0.6162 -> 0.6117; then at 300 ms a move
///   (`kakugo-arena`, 200 games, against the tables before): 95–96–9 (−2 Elo [−49, +46]). Not
///   taken.
/// - renju, everything (flags, cells per colour, threat combinations) fitted to search scores at
///   40,000 nodes of 130,958 positions: those of 1,600 games (1,000 self-play at 60,000 nodes a
///   move, 600 arena games at 300 ms) and, for each, two positions one random legal move later
///   (`examples/label ... children=2`; the evaluation judges the leaves of search trees, which
///   good play never reaches), at the scale of the tables before (`tune scale=306`): held out
///   0.4213 -> 0.4053 (floor 0.3257). At 300 ms a move (`kakugo-arena`, 200 games a run,
///   concurrency 2, against the tables before): 100–93–7, 100–92–8 (the other 100 openings of the
///   suite), 106–82–12, 93–105–2 (the other 100 again), 109–80–11 (the first 100 again); pooled
///   508–452–40 over 1,000 games (+19 Elo [−2, +41], SPRT(0, 5) LLR +0.73 of ±2.94).
///   Against PentaZen (300 ms, 200 games): 97–99–4 (0.495; before, 95–95–6 and 89–107–4).
///   Taken: `weights/renju.txt` is that fit. The SPRT is open: more runs against the tables of
///   `be7bb79` add to it.
/// - freestyle, the same recipe: 1,200 self-play games (`gendata freestyle 300 60000` seeds
///   21–24), labelled at 40,000 nodes with two children a position (102,857 positions),
///   `tune rule=freestyle shared scale=278 byopening`: held out 0.4274 -> 0.4004 (floor
///   0.3052), bench 392 831. At 300 ms a move (`kakugo-arena`, against the tables before):
///   84–114–2 (−52 Elo [−102, −5]). Flags and threat combinations only (`fit=threats`, held out
///   0.4274 -> 0.4101, bench 444 242): 67–92–3 (162 games, stopped, −54 [−110, −1]). The fit
///   raised the flags (tempo 18 -> 125, own open three 368 -> 767, opponent's open three
///   −45 -> −286): right about the labelled positions, wrong for the search, which reads
///   threats itself. Neither taken. The cells alone (`fit=cells`, flags and threat
///   combinations kept; held out 0.4274 -> 0.4065, bench 436 869): 85–111–4 (−45 Elo
///   [−95, +2]). Not taken either: on freestyle every refit from these labels plays worse.
/// - renju, a second round of the same recipe: 1,000 self-play games with the tables above
///   (`gendata renju 500 60000` seeds 31, 32), labelled at 40,000 nodes with two children a
///   position (81,643 positions), `tune rule=renju scale=306 byopening`: held out
///   0.3866 -> 0.3826 (floor 0.3002), bench 526 600. At 300 ms a move (`kakugo-arena`, 200
///   games, against the tables above): 97–96–7 (+2 Elo [−46, +49]). No gain; not taken.
/// - freestyle, fitted to the results of the engine's own games at 300 ms a move instead of
///   searched labels (the 13 freestyle `kakugo-arena` runs of 2026-11-25, 2,443 games with
///   200 against PentaZen, 103,715 positions; `tune rule=freestyle shared byopening`): held out
///   0.6340 -> 0.6234, bench 575 059. At 300 ms a move (`kakugo-arena`, 200 games, against
///   the tables in use): 87–104–9 (−30 Elo [−78, +17]); not taken.
///
/// The evaluation's numbers of a rule: renju's own; freestyle's for the others. The files are
/// written by `examples/tune` (see its header for the command) and read at first use.
pub fn eval_tables(rule: crate::rules::Rule) -> &'static super::eval::EvalTables {
    use std::sync::OnceLock;
    static FREE: OnceLock<super::eval::EvalTables> = OnceLock::new();
    static RENJU: OnceLock<super::eval::EvalTables> = OnceLock::new();
    let (cell, text) = if rule == crate::rules::Rule::Renju {
        (&RENJU, include_str!("weights/renju.txt"))
    } else {
        (&FREE, include_str!("weights/freestyle.txt"))
    };
    cell.get_or_init(|| super::eval::EvalTables::parse(text).expect("built-in weights"))
}

/// The evaluation as a win rate: the tables above are fitted (`examples/tune`) so that a
/// position evaluated `v` for the side to move has the expected score `1 / (1 + exp(-v /
/// scale))`, with the scale fitted to game results for the tables in use: 278 for freestyle's
/// (used by every rule but renju; the freestyle refits above ran at `scale=278`) and 306 for
/// renju's (`weights/renju.txt`'s header).
pub const WINRATE_SCALE_FREESTYLE: f64 = 278.0;
/// See [`WINRATE_SCALE_FREESTYLE`].
pub const WINRATE_SCALE_RENJU: f64 = 306.0;

/// The move-ordering table of a rule (feature `policy`): renju's own, freestyle's for the
/// others; written by `examples/policy` (see its header) and read at first use.
pub fn order_table(rule: crate::rules::Rule) -> &'static crate::board::CellValues {
    use std::sync::OnceLock;
    static FREE: OnceLock<Box<crate::board::CellValues>> = OnceLock::new();
    static RENJU: OnceLock<Box<crate::board::CellValues>> = OnceLock::new();
    let (cell, text) = if rule == crate::rules::Rule::Renju {
        (&RENJU, include_str!("weights/order-renju.txt"))
    } else {
        (&FREE, include_str!("weights/order-freestyle.txt"))
    };
    cell.get_or_init(|| super::movepick::parse_order(text).expect("built-in order table"))
}

/// Feature `polred`: the gap in ordering score (class scores, table, history) below the best
/// move's from which a move is reduced a ply more.
pub const POLRED_GAP: i32 = 600;

/// Move ordering: per own class of the cell.
pub const MO_OWN: [i32; 11] = [0, 0, 20, 14, 60, 120, 2_000, 400, 3_000, 8_000, 100_000];
/// Move ordering: per opponent class of the cell (the value of blocking it).
pub const MO_OPP: [i32; 11] = [0, 0, 12, 8, 40, 80, 1_200, 300, 1_800, 5_000, 50_000];
/// Move ordering: the transposition-table move.
pub const MO_TT: i32 = 1 << 24;
/// Move ordering: first and second killer, and the counter move (feature `counter`).
pub const MO_KILLER: [i32; 3] = [900, 700, 800];
/// Feature `vorder`: the weight of the evaluation's cell values in the move ordering.
pub const MO_VALUE_MUL: i32 = 1;
/// Feature `porder`: ordering score per line pattern of ours through the cell, by [`Pattern`]
/// code (Dead, B1, F1, B2, F2, B3, F3, B4, F4, DoubleFour, Five, Overline).
///
/// [`Pattern`]: crate::rules::Pattern
pub const MO_PAT_OWN: [i32; 12] = [0, 1, 2, 3, 8, 6, 16, 20, 40, 40, 0, 0];
/// Feature `porder`: the same for the opponent's line patterns through the cell (blocking them).
pub const MO_PAT_OPP: [i32; 12] = [0, 1, 1, 2, 5, 4, 10, 12, 20, 20, 0, 0];
/// Feature `near`: a cell farther than this (in rows or columns) from a recent move counts as
/// far in the move ordering.
pub const NEAR_DIST: usize = 4;
/// History scores are divided by this before they are added to a move's score.
pub const MO_HIST_DIV: i32 = 32;

/// Aspiration windows start at this depth.
pub const ASP_MIN_DEPTH: u32 = 5;
/// First half-width of the aspiration window. 20 against 40 (bench 582 778) at 300 ms a move
/// (`kakugo-arena`, 200 games a rule): 96–91–13 (freestyle, +9 Elo [−38, +56]), 102–92–6
/// (renju, +17 [−30, +65]); pooled 198–183–19 (+13), no gain established, 40 stays.
pub const ASP_DELTA: i32 = 40;

/// Reverse futility pruning is tried up to this depth.
pub const RFP_MAX_DEPTH: i32 = 3;
/// Reverse futility margin per ply of depth.
pub const RFP_MARGIN: i32 = 90;

/// Feature `fut`: futility (return the evaluation) below this depth.
pub const FUT_MAX_DEPTH: i32 = 7;
/// Feature `fut`: razoring (drop into the leaf four-extension) below this depth.
pub const RAZOR_MAX_DEPTH: i32 = 5;
/// Feature `fut`: the margin of futility and razoring, per ply of depth. 35 against 45 (with
/// `futtt`, 300 ms a move, `kakugo-arena`, stopped early): 70–66–5 (freestyle, 141 games, +10
/// Elo [−47, +67]), 63–80–3 (renju, 146 games, −41 [−98, +15]); 45 stays. 55 against 45 (with
/// `improving`, stopped early): 58–50–11 (freestyle, 119 games, +23 [−36, +84]), 84–67–5 (renju,
/// 156 games, +38 [−16, +93]); then a second run of 200 games a rule: 92–91–17 (freestyle),
/// 106–87–7 (renju); pooled 150–141–28 (freestyle, 319 games, +10 Elo) and 190–154–12 (renju,
/// 356 games, +35 [−1, +71]). 65 against 45 (renju, 200 games): 95–97–8 (−3 [−51, +44]). A
/// third run of 55 against 45 (renju, 200 games): 104–93–3 (+19 [−29, +68]); renju pooled over
/// the three runs 294–247–15 (556 games, +29 Elo [+1, +59]), freestyle pooled +10: 55.
pub const FUT_MARGIN: i32 = 55;

/// Feature `iid`: a node this deep without a table move first searches at half the depth.
pub const IID_MIN_DEPTH: i32 = 7;

/// Late move reductions from this depth.
pub const LMR_MIN_DEPTH: i32 = 3;
/// Late move reductions after this many moves: 1, from the second move on, as PentaZen (bench
/// 311 809 against 351 532 with 3). With `lmrany` and `beam`: 35 of the 48 wins of
/// `tests/data/wins/freestyle.txt` within 1M nodes (median 409 970) against 30 (650 544),
/// renju 7 of 10 against 6; at 300 ms a move (`kakugo-arena`, 200 games a run, against 3):
/// freestyle 102–90–8 and 102–90–8 (two runs, 7 of 200 games alike), renju 105–81–14; all 600
/// games 309–261–30 (+28 Elo [+1, +55]). Taken 2026-11-25.
pub const LMR_MIN_MOVES: usize = 1;
/// Reduction = ln(depth) * ln(move number) / this. Deeper reductions (1.4) against 2.0 at
/// 300 ms a move (`kakugo-arena`, two runs of up to 200 games a rule, pooled): freestyle
/// 140–152–14, renju 146–129–13; no gain established, 2.0 stayed. With the move-ordering table
/// (`policy`), 1.7 (bench 295 500) against 2.0 (`kakugo-arena`, 200 games a run, 2026-11-26):
/// at 100,000 nodes a move renju 98–86–16, freestyle 100–83–17 (+25 Elo); at 300 ms a move
/// renju 95–89–16 and 87–93–20, freestyle 91–84–25 and 83–91–26: 356–357–87 over 800 games
/// (0 Elo [−23, +22]). The gain at fixed nodes does not carry over to the clock; 2.0 stays.
/// Against Rapfi, freestyle, 300 ms, with 1.7: 90–95–15 (with 2.0: 89–100–11). 1.5 (bench
/// 285 479) against 2.0: renju at 100,000 nodes 97–96–7.
pub const LMR_DIV: f64 = 2.0;

/// Feature `lmrall`: how many plies less an attacking open three is reduced than other moves.
/// 2 instead of 1 (bench 321 562): self-play at 100,000 nodes a move (`kakugo-arena
/// max_node=100000`, freestyle, 200 games, 2026-11-27) 87–100–13 (−23 Elo [−70, +24]), and
/// slower to the wins of `tests/data/wins/rapfi-freestyle.txt` (54 of 86 within 250,000
/// nodes against 60); 1 stays.
pub const LMR_THREAT_SPARE: i32 = 1;
/// Feature `complexlmr`: the number of open-three-or-better cells of both sides from which a
/// node counts as complex (about the top quarter of the nodes where reductions apply in
/// `bench`).
pub const COMPLEX_LMR_MIN: u32 = 14;
/// Feature `contlmr`: how far from our previous stone a continued attack may be.
pub const CONT_REACH: usize = 4;
/// Feature `histlmr`: a reduction changes by one ply per this much history (of ±[`HIST_MAX`]).
pub const LMR_HIST_DIV: i32 = 6_000;

/// Feature `alphared`: nodes from this depth on lose a ply after alpha rose.
pub const ALPHARED_MIN_DEPTH: i32 = 3;
/// Feature `alphared`: up to this depth.
pub const ALPHARED_MAX_DEPTH: i32 = 11;
/// Feature `farlmr`: the distance from the last moves beyond which a weak move is far.
pub const FAR_DIST: usize = 3;

/// Late move pruning up to this depth. 6 against 4 (same move counts; bench 580 670) at 300 ms
/// a move (`kakugo-arena`, 200 games a rule): 101–94–5 (freestyle, +12 Elo [−36, +60]),
/// 98–95–7 (renju, +5 [−42, +53]); no gain established, 4 stays.
pub const LMP_MAX_DEPTH: i32 = 4;
/// Late move pruning: weak moves (no three of ours, no stop of a four of the opponent's) after
/// `LMP_BASE + depth²` searched moves are skipped. Narrower and deeper, `LMP_BASE + depth^1.5`
/// moves up to depth 8 (closer to the strongest open engine's move counts; bench 478 314
/// against 542 444), at 300 ms a move (`kakugo-arena`, freestyle, 200 games, against this):
/// 94–95–11 (−2 Elo [−49, +45]); not taken.
pub const LMP_BASE: usize = 3;
/// Feature `improving`: late move pruning at a node that is not improving starts after this
/// percentage of the usual number of moves.
pub const LMP_WORSE_PCT: usize = 60;

/// Move-count pruning (feature `beam`): from this ply on, a node searches at most
/// `min(A·√depth − B, MAX)` moves, with one set of numbers where the board has no open three or
/// four (quiet) and a narrower one where it has (tense).
pub const BEAM_MIN_PLY: usize = 2;
/// See [`BEAM_MIN_PLY`]: quiet boards. Self-play at 100,000 nodes a move (`kakugo-arena`
/// `max_node=100000`, freestyle, 200 games, both `late=off`, against these numbers,
/// 2026-11-26): narrower (12, 10, 24; bench 309,775) 92–98–10 (−10 Elo [−58, +37]), wider
/// (20, 15, 48; bench 374,790) 98–95–7 (+5 [−42, +53]); kept. With the move-ordering table
/// (`policy`), narrower (12, 10, 24; bench 289,360) in renju: 102–88–10 (+24 [−23, +72]); not
/// established, kept.
pub const BEAM_QUIET: (f64, f64, usize) = (15.0, 12.0, 32);
/// See [`BEAM_MIN_PLY`]: tense boards. As for [`BEAM_QUIET`]: narrower (4, 2, 6; bench
/// 351,706) 91–99–10 (−14 Elo [−61, +33]), wider (6, 2, 12; bench 347,673) 96–98–6 (−3
/// [−51, +44]); kept.
pub const BEAM_TENSE: (f64, f64, usize) = (5.0, 2.0, 8);

/// Feature `defext`: the most answers to an open three for which they are extended.
pub const DEFEXT_MAX_MOVES: usize = 2;

/// With feature `qcombo`: fours tried at a leaf four-extension node after its first four.
pub const QS_WIDTH: usize = 2;

/// Candidate neighbourhood with feature `narrow`: the cells on a stone's four lines within
/// this distance (without it: the 5×5 square and distance 3 along the lines).
pub const NARROW_REACH: isize = 2;

/// Moves searched before cells with no pattern for either side are skipped (feature `bare`).
pub const BARE_KEEP: usize = 2;

/// Null-move pruning from this depth.
pub const NMP_MIN_DEPTH: i32 = 3;
/// Singular extension: only from this depth. 4 against 6 (bench 724 284) at 300 ms a move
/// (`kakugo-arena`, freestyle, 200 games): 90–97–13 (−12 Elo [−59, +35]); 6 stays.
pub const SE_MIN_DEPTH: i32 = 6;
/// Singular extension: the TT entry must be at least this much shallower than the node, at most.
pub const SE_DEPTH_SLACK: i32 = 3;
/// Singular extension: the other moves must fall this much per ply of depth below the TT score.
/// 2 (bench 322 861) against 4 at 100,000 nodes a move (`kakugo-arena max_node=100000`,
/// freestyle, 200 games, 2026-11-27): 100–89–11 (+19 Elo [−28, +67]); not established, 4 stays.
pub const SE_MARGIN: i32 = 4;
/// Feature `sedouble`: how far below the singular bound the other moves must stay.
pub const SE_DOUBLE_MARGIN: i32 = 40;
/// Feature `sedouble`: double extensions on one line, at most.
pub const SE_DOUBLE_MAX: u32 = 3;
/// Null-move reduction: this plus depth / [`NMP_DEPTH_DIV`].
pub const NMP_BASE: i32 = 2;
/// Null-move reduction grows by one per this many plies of depth.
pub const NMP_DEPTH_DIV: i32 = 4;

/// Feature `lmrext`: the margin (plus twice the depth) by which a reduced move's fail high
/// must beat the best score to be searched a ply deeper.
pub const LMREXT_MARGIN: i32 = 40;
/// Feature `lmrext`: a reduced move's fail high within this of the best score is searched a
/// ply shallower.
pub const LMRSHALLOW_MARGIN: i32 = 8;

/// Feature `probcut`: the least depth of a node it is tried at. 4 (bench 270 349) against 5 at
/// 100,000 nodes a move (`kakugo-arena max_node=100000`, freestyle, 200 games, 2026-11-27):
/// 87–93–20 (−10 Elo [−57, +35]); 5 stays.
pub const PC_MIN_DEPTH: i32 = 5;
/// Feature `probcut`: how much shallower its searches are. 3 (bench 291 951) against 4 at
/// 100,000 nodes a move (`kakugo-arena max_node=100000`, freestyle, 200 games, 2026-11-27):
/// 84–98–18 (−24 Elo [−71, +22]); 5 (bench 277 981): 89–103–8 (−24 [−72, +23]); 4 stays.
pub const PC_REDUCTION: i32 = 4;
/// Feature `probcut`: the margin above beta its searches must reach. 60 (bench 270 043) against
/// 100 at 100,000 nodes a move (`kakugo-arena max_node=100000`, freestyle, 200 games,
/// 2026-11-27): 88–94–18 (−10 Elo [−57, +36]); 150 (bench 300 617): 84–99–17 (−26
/// [−73, +20]); 100 stays.
pub const PC_MARGIN: i32 = 100;
/// Feature `probcut`: the most moves it tries. 2 (bench 287 350) against 3 at 100,000 nodes a
/// move (freestyle, 200 games, 2026-11-27): 90–96–14 (−10 Elo [−57, +36]); 5 (bench 286 708):
/// 91–89–20 (+3 [−42, +50]); 3 stays.
pub const PC_MOVES: usize = 3;
/// Feature `probcut`: it is tried only where the opponent has no point of this class or
/// better to play (the straight four: no open three on the board). The double three (bench
/// 286 435), which finds more of the wins of `tests/data/wins` (`examples/wins`, 300,000 nodes:
/// 24 + 59 + 17 of 48 + 86 + 37 solved, against 20 + 56 + 12; 23 + 57 + 16 with `probcut`
/// off), against the straight four at 100,000 nodes a move (200 games, 2026-11-27): freestyle
/// 87–90–23 (−5 Elo [−51, +40]), renju 89–102–9 (−23 [−71, +24]); the straight four stays.
pub const PC_OPP_LIMIT: Combo = Combo::FlexFour;

/// Feature `corr`: the largest correction learnt (evaluation units).
pub const CORR_MAX: i32 = 400;
/// Feature `corr`: the weights of the threat-combination table, the last-move table, the
/// last-two-moves table and the shape table (feature `corrshape`) in the correction.
pub const CORR_MIX: [i32; 4] = [1, 1, 1, 1];
/// Feature `corr`: log2 of the last-two-moves table's size per side (and the shape table's).
pub const CORR_PAIR_BITS: u32 = 16;
/// Feature `corr`: the most weight (of 256) one node's result has in an entry (a node of depth
/// `d` weighs `d + 1`). Twice the weight at every depth (bench 298 388), at 100,000 nodes a move
/// (`kakugo-arena max_node=100000`, freestyle, 200 games, 2026-11-27): 93–88–19 (+9 Elo
/// [−37, +55]); not established, kept.
pub const CORR_WEIGHT_MAX: i32 = 16;

/// Feature `corrkeep`: the share (percent) of its correction a search passes on to the next.
/// 100 against 50 at 100,000 nodes a move (`kakugo-arena max_node=100000`, freestyle, 200
/// games, 2026-11-27): 87–99–14 (−21 Elo [−68, +26]); 25 against 50 the same way: 93–89–18
/// (+7 [−39, +53]); 50 stays.
pub const CORR_KEEP_PCT: i32 = 50;

/// Feature `keephist`: the share (percent) of its history a search passes on to the next.
pub const KEEP_HIST_PCT: i32 = 50;

/// History values are kept within ±this (gravity).
pub const HIST_MAX: i32 = 16_384;

/// Deepest leaf four-extension, in plies.
pub const QS_MAX_PLY: u32 = 14;
/// After the first leaf four, further fours must be within this distance of the attacker's
/// previous stone.
pub const QS_REACH: usize = 4;

/// Safety margin kept on the manager's clock, at least. 30 against 60 at 300 ms a move, against
/// PentaZen (`kakugo-arena`, freestyle, 200 games, 2026-11-26): Kakugo's median move 245 ms
/// against 219 (longest 264 against 249), score 125–71–4 (0.635) against 128–69–3 (0.647) the
/// same hour; more time did not show, and the protocol notes advise a wider margin: 60 stays.
pub const TM_MARGIN_MIN: u64 = 60;
/// Safety margin for budgets of at least [`TM_MARGIN_FROM`].
pub const TM_MARGIN: u64 = 100;
/// Budgets from this size keep [`TM_MARGIN`] plus 2 % of the budget.
pub const TM_MARGIN_FROM: u64 = 400;
/// Fewest moves the remaining game time is divided by, so that long games keep time. 20 against 7 under a game
/// clock (`kakugo-arena … timeout_turn=2000 timeout_match=12000`, freestyle, 200 games,
/// 2026-11-27): 88–88–24 (+0 Elo [−45, +45]) alone; with [`TM_MOVES_LEFT_START`] 25, see there.
pub const TM_MOVES_LEFT_MIN: u64 = 20;
/// Moves the game is expected to last beyond its present moves at the start. 25, with
/// [`TM_SLICE_OPT_PCT`] 100, against 40 and 70 under a game clock (2,000 ms a move, 12,000 ms a
/// game, freestyle, 200 games, 2026-11-27): 93–102–5 (−16 Elo [−64, +32]); it scored 0.627 in
/// the 102 games where neither clock fell below 10 %, 0.207 in the 46 where both did, and its
/// own fell below 10 % in 93 games (the engine before in 46). 25 with [`TM_MOVES_LEFT_MIN`] 20
/// (the optimum at 70 %: about a 36th of the time left at first, then nearly flat) against 40
/// and 7, the same clock and settings: 97–76–27 (+37 Elo [−8, +83]); mean move time over its
/// first five moves 579 ms against 385, its clock below 10 % in 56 games against 35; both
/// stayed within their clocks in all 200 games. Taken. A flat 21 (with [`TM_MOVES_LEFT_MIN`]
/// 21 and [`TM_SLICE_OPT_PCT`] 100: about a 21st of the time left a move) against this, the
/// same clock (2026-11-27): freestyle 96–80–24 and 92–81–27, renju 88–91–21; pooled 276–252–72
/// (+14 Elo [−12, +40]); it spent a median 8.3 s (freestyle) and 9.1 s (renju) of its 12 s a
/// game against 6.9 and 7.9, its clock below 10 % in 39 and 55 games against 28 and 32. Not
/// established; not taken. A flat 16 (the same with 16: a 16th of the time left a move)
/// against this: freestyle 96–83–21 (+23 [−23, +69]), renju 100 games 44–43–13 (+3 [−61,
/// +68]); pooled 140–126–34 (+16 [−21, +54]); a median 9.4 s of 12 s a game (freestyle)
/// against 7.4, its clock below 10 % in 64 games against 24. Not established; not taken.
pub const TM_MOVES_LEFT_START: u64 = 25;
/// Where the game clock binds: the optimum is this share (percent) of the time left divided by
/// the moves expected to be left ([`time::moves_left`](super::time::moves_left)).
pub const TM_SLICE_OPT_PCT: u64 = 70;
/// Where the game clock binds: the maximum is this many slices (time left divided by the moves
/// expected to be left), and never more than the time left less the margin.
pub const TM_SLICE_MAX: u64 = 3;
/// Game time kept back per move of ours the board still has room for
/// ([`time::reserve`](super::time::reserve)). Self-play at 2,000 ms a move and 12,000 ms a game
/// (freestyle, 2026-11-27): 42 of 200 games ran an engine's clock out; it then answered in
/// 1.4 ms a move on average and 31 games ended 1–131 ms past the clock (mostly full-board draws).
pub const TM_ANSWER_MS: u64 = 3;
/// Budget when nothing limits the search.
pub const TM_DEFAULT: u64 = 5_000;
/// Hard stop for "answer at once" (`turn_ms == Some(0)`).
pub const TM_INSTANT: u64 = 20;
/// Optimum = turn maximum × this / 100 where the game clock binds the optimum. Where the turn
/// binds (the game clock's optimum is above the turn's maximum, or there is no game clock), the
/// optimum is the maximum and a stable best move ends nothing early (`time::budget`): time saved
/// on such a move is lost, not spent later. Searching to the hard stop at 300 ms a move, with
/// the game clock at 1,000,000 ms (before: this 70 and [`TM_STABLE_PCT`], then the late root VCT
/// and the refutation check in the time left; now the solvers get no time there), 2026-11-26:
/// self-play (`kakugo-arena`, 200 games a rule, against the engine before) freestyle 100–81–19
/// (+33 Elo [−13, +80]), renju 94–86–20 (+14 [−30, +62]); against PentaZen (200 games) freestyle 131–63–6 (0.670) where the engine before
/// scored 128–69–3 (0.647) the same hour. Before that, 85 against 70 (freestyle, 200 games):
/// 93–94–12 (−2 Elo [−49, +45]).
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
/// A table sized by the clock (no `hash_size` given) gets this many bytes per ms of a move's
/// maximum time per thread (about 1,200 nodes a ms, room for eight moves of them), rounded up to
/// a power of two and at least [`TT_AUTO_MIN_BYTES`]: 32 MB at 300 ms a move.
pub const TT_BYTES_PER_MS: usize = 128 << 10;
/// The smallest table sized by the clock.
pub const TT_AUTO_MIN_BYTES: usize = 16 << 20;
/// Replacement weight of an entry's age against its depth.
pub const TT_AGE_WEIGHT: i32 = 8;

/// Pruning and reduction switches, each kept on only if self-play shows a gain
/// (`cargo run --release --example ab -- FEATURE RULE 20 100000`: 20 openings × 2 colours at
/// 100 000 nodes a move, the feature on against off). Late move pruning is on: +30 −10 in
/// freestyle, +24 −16 in renju. Late move reductions are on (with LMP): +23 −16 =1 and
/// +25 −14 =1. Null move is off: +23 −16 =1 and +17 −22 =1. Skipping patternless cells
/// (`bare`) is off: +19 −20 =1 and +19 −19 =2. A wider LMP (to depth 8 after 3 + d²/2 moves)
/// gave +23 −17 and +17 −23, so LMP stays at depth 4. Reverse futility is off: with LMP and
/// LMR, 60 openings × 2 colours gave +61 −57 =2 and +57 −57 =6. Tried and removed: one ply
/// more for the side answering an open three, +24 −33 =3 and +24 −35 =1 (30 openings). The leaf
/// four-extension keeps its reach and depth: fours anywhere lost +18 −40 =2 and +18 −41 =1, a
/// depth of 8 instead of 14 gave +24 −33 =3 and +30 −29 =1. Also tried with the hand-set
/// evaluation and removed: reducing moves that make or stop a three (20 openings), +17 −23
/// and +17 −22 =1; ordering moves by their line patterns as well as their classes
/// (40 openings), +43 −34 =3 and +35 −45.
///
/// With the fitted evaluation, 100 openings × 2 colours at 100 000 nodes a move
/// (`ab FEATURE RULE 100 100000`, freestyle then renju; one process per rule):
/// - on: late move reductions and pruning of moves that only stop the opponent's threes, not
///   only of quiet moves (so both act on "weak" moves): reducing them a ply less than quiet
///   moves, +107 −88 =5 and +104 −88 =8; then pruning them late too, +101 −90 =9 and
///   +104 −90 =6; then reducing them as much as quiet moves, +104 −91 =5 and +108 −89 =3.
/// - tried and removed, no measurable effect: restricting the moves to the defences when the
///   opponent has a four-three point, +98 −97 =5 and +95 −96 =9; internal iterative reduction
///   (a ply less without a table move, from depth 4), +99 −95 =6 and +95 −97 =8; razoring
///   (depth ≤ 2, eval + 200·depth < alpha: the leaf four-extension decides), +95 −96 =9 and
///   +106 −92 =2; counting moves that stop a plain four as weak, +101 −92 =7 and +99 −97 =4;
///   deeper reductions (divisor 1.6 instead of 2), +97 −93 =10 and +92 −103 =5; late move
///   pruning to depth 6 (same move counts), +91 −101 =8 and +99 −95 =6.
/// - tried and removed, worse: reductions adjusted by history (a ply per 6,000), renju
///   +90 −107 =3.
///
/// The switches whose single runs leaned positive without proof, together (`vorder`, `ttmate`,
/// `killred`, `iid` on; bench 521 431), against the defaults at 300 ms a move (`kakugo-arena`,
/// freestyle, 200 games): 92–100–8 (−14 Elo [−62, +33]); their leans were noise, all stay off.
///
/// Turn any of them on or off with `Searcher::set_feature` or
/// `pbrain-kakugo --feature NAME=on|off` to check again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Late move reductions of weak moves (no three of ours, no stop of a four of the
    /// opponent's).
    pub lmr: bool,
    /// Reverse futility pruning.
    pub rfp: bool,
    /// Late move pruning: weak moves late in the order are skipped at shallow non-PV nodes.
    pub lmp: bool,
    /// Cells where neither side makes so much as a two are skipped at non-PV nodes, after the
    /// first [`BARE_KEEP`] moves.
    pub bare: bool,
    /// Null-move pruning where the opponent has no double threat or four to make. Only deep
    /// (from depth 6, reduction 3 + depth / 5, as the strongest open engine does it) at
    /// 300 ms a move (`kakugo-arena`, on against off, 200 games a rule): 88–97–15 (freestyle,
    /// −16 Elo [−63, +31]), 92–98–10 (renju, −10 [−58, +37]); off.
    pub nmp: bool,
    /// The root threat probe: a proven VCF or VCT of our own is played at once. With
    /// `refute`, switched together as `threats`: at 300 ms a move, 200 freestyle games against
    /// `threats=off` gave 100–94–6 (evaluation of round 3) and 90–101–9 (with weak-move
    /// reductions): their wins and their time still cancel out. Halving their time (VCT share
    /// 1/16, check share 1/20): 94–97–9. Renju, 200 games: 53–81–6 after 140 games while a refuted
    /// move was replaced by the next unsearched one (Black 15–31); 98–98–4 since the depth is
    /// searched again without it. With `qcombo`, `qcombo0` and `narrow` (100 games a rule):
    /// 45–51–4 (freestyle), 38–60–2 (renju): the shares now cost more than they bring.
    /// Split, renju, 200 games each, the default of then against `probe=off` 103–88–9 (the
    /// probe +26 Elo [−21, +74]) and against `refute=off` 95–97–8 (the checks −3 [−51, +44]). In 284
    /// positions of those games the early probe proved 22 wins, all found by the search alone
    /// (or forced moves), in a median of 38 ms a move; 37 refutation checks refuted nothing.
    /// Hence `late`: the VCT moved after the search, into time otherwise left unused.
    pub probe: bool,
    /// The refutation checks: a chosen root move after which the opponent has a proven VCF or
    /// VCT is dropped.
    pub refute: bool,
    /// Singular extension of the TT move (see [`SE_MIN_DEPTH`]). Off against on at 300 ms a
    /// move (`kakugo-arena`, freestyle, 200 games, 2026-11-25): 79–113–8 (−60 Elo [−109, −13]):
    /// about a ply less deep without it, and worth it.
    pub singular: bool,
    /// The leaf four-extension stands pat on the mean of its evaluation and its parent's. At
    /// 300 ms a move (`kakugo-arena`, renju, 200 games, on against off): 95–97–8 (−3 Elo
    /// [−51, +44]); off.
    pub smooth: bool,
    /// Multi-cut: when the singularity search finds another move that reaches beta, the node
    /// returns at once (non-PV nodes).
    ///
    /// 100 openings × 2 colours at 100k nodes (`examples/ab`), A = the feature, freestyle |
    /// renju: singular extension +104 −88 =8 | +101 −96 =3 (taken); multi-cut on top +99 −91 =10
    /// | +99 −95 =6 (taken); smoothing +97 −96 =7 | +103 −93 =4 (not established, off).
    pub multicut: bool,
    /// Move-count pruning at every depth (see [`BEAM_MIN_PLY`]). Before `qcombo`: +103 −88 =9
    /// (freestyle), +92 −103 =5 (renju); off. Under the clock (`kakugo-arena` 300 ms, 200
    /// games a rule, on against off): 91–107–2 (freestyle, −28 Elo [−77, +20]), 75–117–8
    /// (renju, −74 [−124, −27]); off.
    ///
    /// With `lmrany` (every move reduced, as PentaZen searches; bench 351 532 against
    /// 542 444), 2026-11-25: the two find the wins PentaZen proves much sooner: of 48 positions
    /// where PentaZen proved a win within 300 ms (`tests/data/wins/freestyle.txt`,
    /// `examples/wins` at 1,000,000 nodes), 30 are solved against 8 without them (renju: 6 of
    /// 10 against 4). At 300 ms a move (`kakugo-arena`, 200 games a run), against the engine
    /// without them: 108–82–10 (freestyle, +45 Elo [−1, +94]), 102–89–9 and 113–80–7 (renju,
    /// pooled 215–169–16, +40 [+7, +74]); all 600 games +42 [+15, +70]; against PentaZen: 108–89–3 and 103–91–6 (freestyle, 0.539 over 400 games),
    /// 112–83–4 and 115–83–2 (renju, 0.576 over 399 games), where the engine without them
    /// scored 99–93–8 (freestyle, the day before) and 101–92–7 (renju, 0.522, the same day).
    /// Both on.
    pub beam: bool,
    /// Candidate cells only on the lines of the stones (see [`NARROW_REACH`]). 100 openings ×
    /// 2 colours at 100k nodes, on vs off: +106 −82 =12 (freestyle), +100 −96 =4 (renju).
    /// With `qcombo0`, against both off, at 300 ms a move (`kakugo-arena`, 50 openings × 2
    /// colours): +51 −45 =4 (freestyle), +50 −46 =4 (renju). Both on.
    pub narrow: bool,
    /// The leaf four-extension, after its first four, plays only combination fours (a closed
    /// three or more on another line), the best [`QS_WIDTH`] of them by their other lines.
    /// On: 100 openings × 2 colours at 100k nodes, +129 −66 =5 (freestyle), +116 −83 =1 (renju).
    pub qcombo: bool,
    /// `qcombo` from the first four of the leaf four-extension on. 100 openings × 2 colours at
    /// 100k nodes, on vs off: +110 −82 =8 (freestyle), +99 −96 =5 (renju).
    pub qcombo0: bool,
    /// The leaf four-extension counts a four sequence only when it wins: otherwise the node's
    /// value is its static evaluation (stand pat), as if no four had been tried. 100 openings ×
    /// 2 colours at 100k nodes, on vs off: +97 −98 =5 (freestyle), +96 −103 =1 (renju); off.
    /// With `lmrany` and `beam` (as PentaZen's leaf: static value unless a VCF wins): 31 of the
    /// 48 wins of `tests/data/wins/freestyle.txt` within 1M nodes against 30, renju 7 of 10
    /// against 6; at 300 ms a move (`kakugo-arena`, renju, 200 games, on against off): 98–97–5
    /// (+2 Elo [−46, +50]); off.
    pub qwin: bool,
    /// The root VCT runs after the main search, when the main thread is about to answer, in
    /// [`PROBE_LATE_PCT`] of the time left before the hard stop, instead of before the search
    /// in a share of the move's time. The root VCF stays before the search. On: with `late`
    /// against `threats=off` at 300 ms, 200 games a rule: 98–87–15 (freestyle, +19 Elo
    /// [−27, +66]), 98–96–6 (renju, +3 [−44, +51]); then, with the solvers keeping to their
    /// deadline, 102–90–8 (freestyle, +21 [−26, +69]) and 112–82–6 (renju, +53 [+5, +102]).
    /// Since 2026-11-26 a turn-bound search runs to its hard stop (see [`TM_OPT_PCT`]), so the
    /// late VCT and the refutation check run only where the game clock sets the budget. A
    /// reserve of a quarter of a turn-bound move for the late VCT (the search stopping at 75 %
    /// of the maximum when the side to move has a three to start one), against none, at 300 ms
    /// a move (renju, stopped at 97 games): 34–52–11 (−65 Elo [−135, −1]); not taken.
    pub late: bool,
    /// Moves that make an open three (not a four) and stop no four of the opponent's are reduced
    /// a ply less than the other moves. Before `lmrany`, when only weak moves were reduced, this
    /// reduced the threes too (one ply less than weak moves): at 300 ms a move (`kakugo-arena`,
    /// 200 games a rule, on against off) 96–92–12 (freestyle, +7 Elo [−40, +54]), 82–110–8
    /// (renju, −49 [−98, −2]); off. With `lmrany` (every move reduced), it spares the attacking
    /// threes a ply, as the strongest open engine reduces a continued attack less (2026-11-26,
    /// bench 350 859 against 311 809): self-play at 100,000 nodes a move (`kakugo-arena`
    /// `max_node=100000`, freestyle, 200 games, on against off) 107–86–7 (+37 Elo [−11, +85]);
    /// against PentaZen at 300 ms a move (200 games a run) freestyle 126–68–6 (0.645; the engine
    /// without it 0.580 over 600 games), renju 132–64–4 (0.670; without it 0.641 over 800);
    /// self-play at 300 ms a move (renju, 200 games, on against off) 110–82–8 (+49 Elo
    /// [+2, +98]). On.
    pub lmrall: bool,
    /// Futility and razoring over more depths, with a narrower margin (see [`FUT_MARGIN`]):
    /// at non-PV nodes where the opponent has no open three or four, a node whose evaluation
    /// is [`FUT_MARGIN`] a ply of depth above beta returns it (below depth [`FUT_MAX_DEPTH`]),
    /// and one as far below alpha drops into the leaf four-extension (below
    /// [`RAZOR_MAX_DEPTH`]). On: at 300 ms a move (`kakugo-arena`, 200 games a rule, on against
    /// off): 119–71–10 (freestyle, +85 Elo [+38, +135]), 111–81–8 (renju, +53 [+6, +102]). The narrow `rfp` (depth 3, 90 a ply) and
    /// razoring (depth 2, 200 a ply) had each been even at fixed nodes; together and deeper,
    /// under the clock, they gain.
    pub fut: bool,
    /// Move ordering adds [`MO_VALUE_MUL`] times the evaluation's values of the cell (ours as
    /// the side to move's, minus the opponent's as the opponent's) to the class scores. At 300 ms
    /// a move (`kakugo-arena`, 200 games a rule, on against off): 93–86–21 (freestyle, +12 Elo
    /// [−34, +58]), 96–93–11 (renju, +5 [−42, +52]); a second renju run 103–89–8 (+24 [−23,
    /// +72]), renju pooled 199–182–19 (+15 [−19, +48]); no gain established, off.
    pub vorder: bool,
    /// Futility and razoring go by the table's score where it bounds the evaluation on the side
    /// it lies (a lower bound above it, an upper bound below it, or exact). On: at 300 ms a move
    /// (`kakugo-arena`, 200 games a rule, on against off): 102–89–9 (freestyle, +23 Elo
    /// [−24, +71]), 103–80–17 (renju, +40 [−6, +88]); pooled 205–169–26 (+31).
    pub futtt: bool,
    /// Futility and razoring skipped only where the opponent has a four (a five-point), not
    /// already where he has an open three to make. At 300 ms a move (`kakugo-arena`, on against
    /// off, stopped early): 49–66–6 (freestyle, 121 games, −49 Elo [−112, +11]), 61–65–10
    /// (renju, 136 games, −10 [−67, +46]); off.
    pub futb4: bool,
    /// Internal iterative deepening (see [`IID_MIN_DEPTH`]). With `improving`, at 300 ms a move
    /// (`kakugo-arena`, on against off): 80–77–19 (freestyle, 176 games, stopped, +6 Elo
    /// [−43, +55]), 99–95–6 (renju, 200 games, +7 [−41, +55]); no gain established, off. With
    /// `lmrany`, `beam` and `LMR_MIN_MOVES` 1 (2026-11-26, 200 games a rule): 95–92–13
    /// (freestyle, +5 [−42, +52]), 82–104–14 (renju, −38 [−86, +8]); off.
    pub iid: bool,
    /// Counter moves: the quiet move that last refuted the opponent's last move is ordered
    /// between the killers. With `futtt`, at 300 ms a move (`kakugo-arena`, on against off,
    /// stopped early): 54–47–9 (freestyle, 110 games, +22 Elo [−40, +86]), 51–62–1 (renju,
    /// 114 games, −34 [−99, +30]); off. With `lmrany`, `beam` and `LMR_MIN_MOVES` 1 (2026-11-26,
    /// freestyle, 200 games): 94–97–9 (−5 [−53, +42]); off.
    pub counter: bool,
    /// Futility and razoring also at PV nodes (never at the root). At 300 ms a move
    /// (`kakugo-arena`, on against off, stopped early): 52–58–8 (freestyle, 118 games, −18 Elo
    /// [−80, +43]), 46–54–8 (renju, 108 games, −26 [−91, +37]); off.
    pub futpv: bool,
    /// Where the side to move's evaluation is no better than two plies before (not
    /// improving), late moves are reduced a ply more and late move pruning starts after
    /// [`LMP_WORSE_PCT`] percent of the moves. On: at 300 ms a move (`kakugo-arena`, 200 games a
    /// rule, on against off): 108–82–10 (freestyle, +45 Elo [−1, +94]), 101–94–5 (renju, +12
    /// [−36, +60]); pooled 209–176–15 (+29).
    pub improving: bool,
    /// Futility counts a ply of depth less where the side to move's evaluation is better than
    /// two plies before (improving), as the bound it prunes against is likelier to hold there.
    /// At 300 ms a move (`kakugo-arena`, on against off, 200 games a rule): 93–98–9
    /// (freestyle, −9 Elo [−56, +39]), 98–94–8 (renju, +7 [−40, +55]); off.
    pub futimp: bool,
    /// At a PV node, once a move raised alpha (without a cut-off), the moves after it are
    /// searched a ply shallower (between depths [`ALPHARED_MIN_DEPTH`] and
    /// [`ALPHARED_MAX_DEPTH`]), and the node is stored at that depth. At 300 ms a move
    /// (`kakugo-arena`, on against off): 90–98–12 (freestyle, −14 Elo [−61, +33]); off, not
    /// tried in renju.
    pub alphared: bool,
    /// Late move reductions a ply deeper for weak moves farther than [`FAR_DIST`] (in both
    /// coordinates' larger difference) from both last moves. At 300 ms a move (`kakugo-arena`,
    /// on against off): 99–87–14 (freestyle, +21 Elo [−26, +68]), 88–102–10 (renju, −24
    /// [−72, +23]); pooled even, off.
    pub farlmr: bool,
    /// Late move reductions a ply shallower for the killer moves. At 300 ms a move
    /// (`kakugo-arena`, on against off): 120–128–14 (renju, two runs of 154 and 108 games
    /// pooled, −11 Elo [−52, +30]), 38–26–7 (freestyle, stopped after 71 games, +59
    /// [−17, +142]); a second freestyle run of 200 games 94–97–9 (−5 [−53, +42]), pooled
    /// 132–123–16 (+12 [−29, +52]); off.
    pub killred: bool,
    /// Where the opponent has a four-three point (and no straight-four point), only moves that
    /// leave him none, and our fours, are searched (below the root; see
    /// [`GUARD_MAX_POINTS`]). At 300 ms a move (`kakugo-arena`, on against off, 200 games a
    /// rule): 87–92–21 (freestyle, −9 Elo [−55, +37]), 96–94–10 (renju, +3 [−44, +51]); off.
    /// It searches fewer nodes (bench 540 480 against 555 433) at about 15 % fewer nodes a
    /// second.
    pub guard: bool,
    /// Where the opponent has a VCF (at least [`VT_MIN_FOURS`] four points, then a
    /// [`VT_NODES`]-node VCF search for him after a pass): no static pruning (reverse
    /// futility, futility, razoring) at depths up to [`VT_MAX_DEPTH`], and a leaf that would
    /// raise alpha is searched a ply deeper instead of standing pat (once on a line), so that a
    /// quiet move threatening a VCF is seen as a threat. Bench 552 281 against 555 433, at
    /// about 1.5 times the time (the VCF searches make about as many moves as the main one).
    /// Even with the VCF searches free, at 100 000 nodes a move (`examples/ab`, 200 games a
    /// rule, on against off): 84–105–11 (freestyle, −37 Elo [−85, +10]), 86–110–4 (renju, −42
    /// [−91, +6]); off, not tried under a clock.
    pub vcfthreat: bool,
    /// Move ordering adds, over the cell's four directions, a score per line pattern of ours
    /// ([`MO_PAT_OWN`]) and of the opponent's ([`MO_PAT_OPP`]): finer than the classes, so
    /// that weak moves (all of one class) are reduced and pruned in a better order. At 300 ms a
    /// move (`kakugo-arena`, renju, 200 games, on against off): 97–91–12 (+10 Elo [−36, +58]);
    /// bench 530 167 nodes against 555 433 (before `FUT_MARGIN` 55); off.
    pub porder: bool,
    /// Move ordering: the class score of a cell far from the last two moves is halved, and
    /// quartered when it is far from the last four (as PentaZen orders its moves).
    /// With `LMR_MIN_MOVES` 1, at 300 ms a move (`kakugo-arena`, on against off, 200 games a
    /// rule, 2026-11-26): 95–92–13 (freestyle, +5 Elo [−42, +52]), 94–93–13 (renju, +2
    /// [−45, +49]); bench 319 018; no gain, off.
    pub near: bool,
    /// Late move reductions are one ply smaller per [`LMR_HIST_DIV`] of the move's history
    /// score (and larger for a negative one). At 300 ms a move (`kakugo-arena`, renju, 200
    /// games, on against off): 97–93–10 (+7 Elo [−40, +54]); off. `vorder`, `porder` and
    /// `histlmr` together against none of them (300 ms, 200 games a rule): 102–91–7 (freestyle,
    /// +19 Elo [−28, +67]), 88–109–3 (renju, −37 [−86, +11]); each stays off.
    pub histlmr: bool,
    /// Late move reductions a ply deeper at expected cut nodes: the non-PV nodes reached by a
    /// reduced or null-window search of a late move (and every second ply below them along
    /// first moves), where one move is expected to reach beta. At 300 ms a move (`kakugo-arena`,
    /// on against off, 200 games a rule): 97–91–12 (freestyle, +10 Elo [−36, +58]), 91–101–8
    /// (renju, −17 [−65, +30]); off.
    pub cutnode: bool,
    /// A table entry that proves a win or a loss cuts a non-PV node off whatever depth it was
    /// searched at (a proof does not go stale with depth). Bench 542 327 against 542 444. At 300 ms
    /// a move (`kakugo-arena`, renju, 200 games, on against off): 103–90–7 (+23 Elo [−25, +71]);
    /// freestyle 93–93–12 (198 games, stopped at the end of a session, +0 [−47, +47]); no gain
    /// established, off.
    pub ttmate: bool,
    /// The leaf four-extension reads and writes the transposition table at the nodes where it
    /// tries fours (four sequences transpose a lot): an entry of any depth that bounds the node
    /// returns at once, and the node stores its result at depth 0 (first four of the extension)
    /// or −1 (later fours, which only look near the attacker's last stone), never over an entry
    /// of the main search. Bench 534 325 against 542 444. At 300 ms a move (`kakugo-arena`, 200
    /// games a rule, on against off): 98–87–15 (freestyle, +19 Elo [−27, +66]), 90–96–14
    /// (renju, −10 [−57, +36]); a second freestyle run 95–96–9 (−2 [−49, +46]); pooled over
    /// the three 283–279–38 (+2); off.
    pub qtt: bool,
    /// The history of cut-off moves carries over from one search to the next (a game's moves
    /// share their cells), scaled by [`KEEP_HIST_PCT`]; emptied with the table. Bench
    /// unchanged (it empties the table before each position). At 300 ms a move
    /// (`kakugo-arena`, freestyle, 200 games, on against off): 94–94–12 (+0 Elo [−47, +47]); off.
    pub keephist: bool,
    /// With `beam`: a PV move whose search found a win is searched again with the move-count
    /// limit applied to weak moves only, as the strongest alpha-beta engine without a network
    /// (PentaZen) guards its move-count pruning; the win counts only if it holds there. Bench
    /// with `beam` 376 424 (376 398 without). `beam` and `verify` on against both off at 300 ms
    /// a move (`kakugo-arena`, 200 games a rule): 90–96–14 (freestyle, −10 Elo [−57, +36]),
    /// 91–99–10 (renju, −14 [−61, +33]); better than `beam` alone (−28 and −74), no gain; off.
    pub verify: bool,
    /// Late move reductions of every move, not only of weak ones, as the strongest alpha-beta
    /// engine without a network (PentaZen) reduces: moves that make threes or fours, stop the
    /// opponent's fours, or meet his open three are reduced by the same table as weak moves.
    /// About three of four interior nodes of the search are forced (a four to block or an open
    /// three to meet) and the moves that lead there were never reduced; with this, about a ply
    /// more at 300 ms a move (18 positions of games against PentaZen). Bench 535 885. At 300 ms
    /// a move (`kakugo-arena`, freestyle, 200 games, on against off): 97–91–12 (+10 Elo
    /// [−36, +58]); no gain established then. Taken together with `beam` (see there), on.
    pub lmrany: bool,
    /// The search goes by an evaluation whose cell-value part is the mean of the node's and its
    /// parent's (from the side to move's view), the threat part staying the node's own, as the
    /// strongest open engine's classical evaluation damps the odd-even swing. The table keeps
    /// the raw evaluation. Bench 603 556 (the narrower spread prunes less). At 300 ms a move
    /// (`kakugo-arena`, freestyle, 200 games, on against off): 77–111–12 (−60 Elo [−108, −13]);
    /// off. The pruning margins were set with the raw evaluation.
    pub avgcells: bool,
    /// The forced block of a four is extended only when the four is an attacking one (its stone
    /// also makes at least a closed three on another line): a lone four no longer costs a
    /// single ply, so it cannot push the opponent's threats past the horizon for free. Bench
    /// 478 360. At 300 ms a move (`kakugo-arena`, freestyle, 200 games, on against off):
    /// 75–117–8 (−74 Elo [−124, −27]); off: cheap fours of every kind are worth their nodes.
    pub loneext: bool,
    /// Against an open three, our lone fours (nothing better than an open two on the stone's
    /// other lines) are searched only if they defend (or, renju White, if the block may be
    /// Black's foul): a four that neither stops the three nor builds on another line only
    /// delays the defence, and every order of such fours was searched. Bench 537 261. At 300 ms
    /// a move (`kakugo-arena`, freestyle, 200 games, on against off): 56–138–6 (−151 Elo
    /// [−207, −102]); off. A counter-VCF mostly starts with fours that look lone (the later
    /// fours build on their stones), and against an open three that is the main resource.
    pub defcombo: bool,
    /// The answer to an open three is extended by a ply where there are at most
    /// [`DEFEXT_MAX_MOVES`] of them (defences and our fours), as the block of a four is: a
    /// three and its forced answer then cost a single ply, so threat sequences are seen deeper.
    /// Bench 877 393. At 300 ms a move (`kakugo-arena`, freestyle, 200 games, on against off):
    /// 97–96–7 (+2 Elo [−46, +49]); no gain established, off.
    pub defext: bool,
    /// Singular extension by two plies at non-PV nodes where the other moves fall more than
    /// [`SE_DOUBLE_MARGIN`] below the singular bound, at most [`SE_DOUBLE_MAX`] times on a line.
    /// Bench 856 986. At 300 ms a move (`kakugo-arena`, freestyle, on against off, stopped
    /// after 147 games): 44–100–3 (−139 Elo [−204, −83]); off.
    pub sedouble: bool,
    /// Late move reductions a ply smaller at nodes where the two sides together have at least
    /// [`COMPLEX_LMR_MIN`] cells that make an open three or better, as the strongest open engine
    /// reduces less in complex positions. Bench 332 222 (without `lmrall`). Self-play at
    /// 100,000 nodes a move (`kakugo-arena` `max_node=100000`, freestyle, 200 games, on against
    /// off, without `lmrall`): 81–112–7 (−54 Elo [−104, −7]); off.
    pub complexlmr: bool,
    /// Late move reductions a ply smaller for a continued attack: a move that makes an open
    /// three or better on a line of our previous stone, at most [`CONT_REACH`] cells from it.
    /// Without `lmrall` (bench 343 764), self-play at 100,000 nodes a move (freestyle, 200
    /// games, on against off): 100–87–13 (+23 Elo [−24, +70]). `lmrall`, which spares every
    /// attacking three a ply, did better (+37) and was taken; this stays off.
    pub contlmr: bool,
    /// With `lmrall`: our fours too are reduced a ply less than other moves. Bench 346 890.
    /// Self-play at 100,000 nodes a move (freestyle, 200 games, on against off): 86–103–11
    /// (−30 Elo [−77, +17]); off: a four's block is extended anyway.
    pub lmrfour: bool,
    /// A node where the side to move has a four-three (or a double three) point and the
    /// opponent no four point is a proven win in 5 (7) plies, decided from the threat counts
    /// without a search (not for renju Black's threes, which may be false). Bench 351 018.
    /// Self-play at 100,000 nodes a move (`kakugo-arena` `max_node=100000`, freestyle, 200
    /// games, both `late=off`, on against off, 2026-11-26): 93–97–10 (−7 Elo [−54, +40]); off
    /// (the leaf four-extension finds the four-three anyway, and the evaluation weighs both).
    pub statwin: bool,
    /// Renju: a node where White to move has a four whose five point is a forbidden point of
    /// Black's (and Black no five point) is a proven win in 3 plies, in the search and in the
    /// leaf four-extension, which otherwise tries only combination fours; at a leaf with Black
    /// to move, such a threat of White's is answered by a one-ply search instead of standing
    /// pat. Against Rapfi (renju, 200 games, 300 ms a move, the same day) Kakugo as Black lost
    /// 19 of its 68 lost games to such a four without it, 7 of 65 with it, but scored the
    /// same: 88–105–7 (0.458) against 90–109–1 (0.453); as White it won 33 games by such
    /// fours against 24. Bench 350 863 (renju's bench positions rarely have one). Self-play,
    /// renju, 200 games, on against off: 95–90–15 at 100,000 nodes a move (both `late=off`),
    /// 91–90–19 at 300 ms a move (+2 Elo [−44, +48]); off: the games lost that way were lost
    /// anyway.
    pub trapfour: bool,
    /// Move ordering adds the ordering table's numbers of the cell's codes (both sides') to
    /// the class scores ([`order_table`]): a softmax over the candidates fitted to the moves
    /// played in 1,698 renju and 2,600 freestyle arena games (`examples/policy`). Held out, the
    /// move played ranks in the first three 48 % of the time instead of 38 %. On against off
    /// (bench 310 682 against 350 859), 2026-11-26: at 100,000 nodes a move (`kakugo-arena
    /// max_node=100000`, 200 games a rule) renju 120–69–11 (+91 Elo [+44, +141]), freestyle
    /// 109–79–12 (+53 [+6, +101]); at 300 ms a move, renju 111–79–10 (+56 [+9, +105]). On.
    /// Tables fitted to Rapfi's moves alone (`examples/policy mover=rapfi`, its games against
    /// Kakugo: 7,878 renju and 12,829 freestyle positions; held out top-3 0.443 and 0.488) in
    /// place of these, at 100,000 nodes a move (200 games a rule, 2026-11-27): renju 86–90–24
    /// (−7 Elo [−53, +38]), freestyle 85–96–19 (−19 [−66, +27]); not taken.
    pub policy: bool,
    /// Late move reductions a ply deeper for a move whose ordering score is [`POLRED_GAP`] or
    /// more below that of the first move after the TT move. On against off (bench 274 196
    /// against 310 682), renju, 100,000 nodes a move (`kakugo-arena max_node=100000`, 200
    /// games, 2026-11-26): 84–104–12 (−35 Elo [−83, +12]); off. The other way round, a ply
    /// less for moves within 300 of that move's score (about a sixth of the reduced moves;
    /// bench 333 033), renju at 100,000 nodes: 82–102–16 (−35 [−82, +11]); not kept.
    pub polred: bool,
    /// A reduced move that fails high is searched again a ply deeper than its full depth when
    /// it beat the best score by more than [`LMREXT_MARGIN`], a ply shallower when it beat it
    /// by less than [`LMRSHALLOW_MARGIN`] (Stockfish's deeper and shallower re-searches). Bench
    /// 352 146. Self-play at 100,000 nodes a move (`kakugo-arena max_node=100000`, 200 games a
    /// rule, on against off, 2026-11-27): 93–85–22 (freestyle, +14 Elo [−32, +60]), 91–97–12
    /// (renju, −10 [−58, +36]); off.
    pub lmrext: bool,
    /// The aspiration search of the root, after each fail high, searches a ply less deep (never
    /// below half the depth), as the strongest open engines do. Bench 246 788. Self-play at
    /// 100,000 nodes a move (freestyle, 200 games, on against off, 2026-11-27): 86–96–18 (−17
    /// Elo [−64, +29]); off.
    pub aspfh: bool,
    /// Correction history: the static evaluation is corrected by what the searches of this
    /// move found it to be off by, kept per side for each threat combination
    /// (`eval::threat_mask`) and for each cell of the opponent's last move, the mean of the two
    /// (see [`CORR_MAX`]; `search/correction.rs`). Bench 303 841; it costs about 4 % of the
    /// nodes a second (`examples/think` 500 ms on 50 positions, paired median ratio 0.960).
    /// At 100,000 nodes a move (`kakugo-arena max_node=100000`, 200 games a run, on against
    /// off, 2026-11-27): freestyle 111–77–12 (+60 Elo [+13, +108]; the first two tables
    /// alone 106–78–16, the threat combinations alone 101–88–11, the last move alone
    /// 90–95–15), renju 111–78–11 (first two tables). At 300 ms a move (`kakugo-arena`, 200
    /// games a rule): freestyle 99–86–15 (+23 [−24, +70]), renju 111–77–12 (+60 [+13, +108]);
    /// pooled 210–163–27 (+41 [+8, +75]); a second freestyle run 96–84–20; all 600 games
    /// 306–247–47 (+34 [+8, +61], SPRT(0, 5) LLR +0.86). On.
    pub corr: bool,
    /// The correction tables (feature `corr`) carry over from one search to the next, scaled
    /// by [`CORR_KEEP_PCT`]; emptied with the table and at a new game. Bench unchanged (it
    /// empties the table before each position). At 100,000 nodes a move (`kakugo-arena
    /// max_node=100000`, 200 games a rule, on against off, 2026-11-27): freestyle 101–80–19
    /// (+37 Elo [−9, +84]), renju 107–87–6 (+35 [−12, +84]). At 300 ms a move with `probcut`
    /// (both on against both off, `kakugo-arena`, 200 games a rule): freestyle 102–76–22 (+45
    /// [+0, +92]), renju 96–88–16 (+14 [−32, +61]); pooled 198–164–38 (+30 [−3, +62],
    /// SPRT(0, 5) LLR +0.50). On.
    pub corrkeep: bool,
    /// A fourth correction table (feature `corr`), keyed by the stones around the opponent's
    /// last move on its four lines, wherever it stands (`Board::shape_key`). Bench 316 127. At
    /// 100,000 nodes a move (`kakugo-arena max_node=100000`, 200 games, on against off,
    /// 2026-11-27): freestyle 93–90–17 (+5 Elo [−41, +52]), renju 41–50–6 after 97 games
    /// (stopped); off.
    pub corrshape: bool,
    /// ProbCut: at a non-PV node at least [`PC_MIN_DEPTH`] deep whose opponent has no open
    /// four to make, up to [`PC_MOVES`] of our moves making an open three or better are
    /// searched [`PC_REDUCTION`] plies shallower against beta + [`PC_MARGIN`] (first the leaf
    /// four-extension); the first to reach it ends the node with its score. Bench 286 588
    /// against 303 841. At 100,000 nodes a move (`kakugo-arena max_node=100000`, 200 games a
    /// rule, on against off, 2026-11-27): freestyle 109–71–20 (+67 Elo [+21, +115]), renju
    /// 107–85–8 (+38 [−9, +87]); at 300 ms with `corrkeep`, see there. Nodes a second
    /// (`examples/think` 500 ms, 50 positions, on and off alternated): paired median ratio
    /// 0.992. On.
    pub probcut: bool,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            lmr: true,
            rfp: false,
            lmp: true,
            nmp: false,
            bare: false,
            probe: true,
            refute: true,
            singular: true,
            smooth: false,
            multicut: true,
            beam: true,
            narrow: true,
            qcombo: true,
            qcombo0: true,
            qwin: false,
            late: true,
            lmrall: true,
            fut: true,
            vorder: false,
            futtt: true,
            futb4: false,
            iid: false,
            counter: false,
            futpv: false,
            improving: true,
            futimp: false,
            alphared: false,
            farlmr: false,
            killred: false,
            guard: false,
            vcfthreat: false,
            porder: false,
            near: false,
            histlmr: false,
            cutnode: false,
            ttmate: false,
            qtt: false,
            keephist: false,
            verify: false,
            lmrany: true,
            avgcells: false,
            loneext: false,
            defcombo: false,
            defext: false,
            sedouble: false,
            complexlmr: false,
            contlmr: false,
            lmrfour: false,
            statwin: false,
            trapfour: false,
            policy: true,
            polred: false,
            lmrext: false,
            aspfh: false,
            corr: true,
            corrkeep: true,
            corrshape: false,
            probcut: true,
        }
    }
}

/// Feature `guard`: with more four-three points of the opponent than this, all moves are
/// searched.
pub const GUARD_MAX_POINTS: usize = 4;
/// Feature `guard`: nodes searched at least this deep only (below it the check costs more
/// time than the moves it drops).
pub const GUARD_MIN_DEPTH: i32 = 1;
/// Feature `guard`: defences are looked for on the lines of his four-three points, at most
/// this many cells away.
pub const GUARD_REACH: usize = 5;

/// Feature `vcfthreat`: node limit of the opponent's VCF search at a node.
pub const VT_NODES: u64 = 200;
/// Feature `vcfthreat`: static pruning is checked against the opponent's VCF up to this depth.
pub const VT_MAX_DEPTH: i32 = 6;
/// Feature `vcfthreat`: no VCF search where the opponent has fewer four points than this.
pub const VT_MIN_FOURS: u32 = 4;
/// Feature `vcfthreat`: log2 size of each thread's VCF table.
pub const VT_TT_BITS: u32 = 14;

/// Root threat probe: node limit of the VCF search before the main search.
pub const PROBE_VCF_NODES: u64 = 200_000;
/// Root threat probe under a clock: VCF nodes per millisecond of the move's optimum (the
/// solver does several million a second; this keeps the probe to a small share of the move).
pub const PROBE_VCF_NODES_PER_MS: u64 = 250;
/// Root threat probe: the VCT search gets the move's optimum divided by this (the late VCT
/// under a game clock at most [`PROBE_LATE_SHARE`]'s share).
pub const PROBE_VCT_SHARE: u64 = 8;
/// Late root VCT (feature `late`): this share (percent) of the time left before the hard stop;
/// under a game clock no more than the optimum / [`PROBE_LATE_SHARE`]: the time before the hard
/// stop is then saved for later moves, not unused. Uncapped it made a move under a game clock
/// (2,000 ms a move, 9,000 ms of 12,000 left, 48 positions of freestyle games) take a median
/// 530 ms instead of 351 ms with the late VCT off. Capped against uncapped (with the root
/// solvers' shares of the optimum instead of the maximum, see `probe_ms`) under that clock
/// (`kakugo-arena`, freestyle, 200 games, 2026-11-27): 114–70–16 (+78 Elo [+32, +127]); its
/// clock below 10 % in 21 games against 67. The late VCT off instead: 78–106–16 (−49 [−97,
/// −3]): the VCT is worth having, not worth most of the time saved.
pub const PROBE_LATE_PCT: u64 = 70;
/// Late root VCT under a game clock: at most the move's optimum divided by this. 4 and 16
/// against 8 under a game clock (`kakugo-arena … timeout_turn=2000 timeout_match=12000`,
/// freestyle, 200 games each, 2026-11-27): 82–84–34 (−3 Elo [−48, +41]) and 86–88–26 (−3
/// [−49, +42]); the cap's size does not show, 8 stays.
pub const PROBE_LATE_SHARE: u64 = 8;
/// Late root VCT: none with less than this many milliseconds to give it.
pub const PROBE_LATE_MIN_MS: u64 = 5;
/// Root threat probe: work limit (tree plus inner VCF nodes) of the VCT search.
pub const PROBE_VCT_WORK: u64 = 3_000_000;

/// Refutation check: each check of a chosen root move against the opponent's VCT gets the
/// move's optimum divided by this.
pub const REFUTE_SHARE: u64 = 10;
/// Refutation check: a refuted move is dropped and the depth searched again only before this
/// share (`NUM / DEN`) of the move's maximum time has passed.
pub const REFUTE_RESEARCH_NUM: u64 = 3;
/// See [`REFUTE_RESEARCH_NUM`].
pub const REFUTE_RESEARCH_DEN: u64 = 4;
/// Refutation check: at most this many root moves are checked in one search.
pub const REFUTE_MAX_CHECKS: usize = 6;
/// Refutation check: work limit (tree plus inner VCF nodes) of one check.
pub const REFUTE_WORK: u64 = 1_000_000;
/// Refutation check: no check with less than this many milliseconds left before the hard stop.
pub const REFUTE_MIN_MS: u64 = 4;
