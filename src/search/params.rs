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

/// Move ordering: per own class of the cell.
pub const MO_OWN: [i32; 11] = [0, 0, 20, 14, 60, 120, 2_000, 400, 3_000, 8_000, 100_000];
/// Move ordering: per opponent class of the cell (the value of blocking it).
pub const MO_OPP: [i32; 11] = [0, 0, 12, 8, 40, 80, 1_200, 300, 1_800, 5_000, 50_000];
/// Move ordering: the transposition-table move.
pub const MO_TT: i32 = 1 << 24;
/// Move ordering: first and second killer.
pub const MO_KILLER: [i32; 2] = [900, 700];
/// History scores are divided by this before they are added to a move's score.
pub const MO_HIST_DIV: i32 = 32;

/// Aspiration windows start at this depth.
pub const ASP_MIN_DEPTH: u32 = 5;
/// First half-width of the aspiration window. 20 against 40 (bench 582 778) at 300 ms a move
/// (`kakugo-arena`, 200 games a rule): 96–91–13 (freestyle, +9 Elo [−38, +56]), 102–92–6
/// (renju, +17 [−30, +65]); pooled 198–183–19 (+13), no gain established, 40 stays.
pub const ASP_DELTA: i32 = 40;

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

/// With feature `qcombo`: fours tried at a leaf four-extension node after its first four.
pub const QS_WIDTH: usize = 2;

/// Candidate neighbourhood with feature `narrow`: the cells on a stone's four lines within
/// this distance (without it: the 5×5 square and distance 3 along the lines).
pub const NARROW_REACH: isize = 2;

/// Singular extension: only from this depth. 4 against 6 (bench 724 284) at 300 ms a move
/// (`kakugo-arena`, freestyle, 200 games): 90–97–13 (−12 Elo [−59, +35]); 6 stays.
pub const SE_MIN_DEPTH: i32 = 6;
/// Singular extension: the TT entry must be at least this much shallower than the node, at most.
pub const SE_DEPTH_SLACK: i32 = 3;
/// Singular extension: the other moves must fall this much per ply of depth below the TT score.
/// 2 (bench 322 861) against 4 at 100,000 nodes a move (`kakugo-arena max_node=100000`,
/// freestyle, 200 games, 2026-11-27): 100–89–11 (+19 Elo [−28, +67]); not established, 4 stays.
pub const SE_MARGIN: i32 = 4;

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
/// Feature `corr`: the weights of the threat-combination table, the last-move table and the
/// last-two-moves table in the correction.
pub const CORR_MIX: [i32; 3] = [1, 1, 1];
/// Feature `corr`: log2 of the last-two-moves table's size per side.
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
