//! The principal variation search of one thread: alpha-beta with a null window for all but the
//! first move, transposition-table cutoffs, mate-distance pruning, futility and razoring,
//! ProbCut, singular extension and multi-cut, late move reductions and pruning, move-count
//! pruning, killers and history; a static evaluation corrected by what the search has found
//! it off by (`correction`); an extension for the forced block of a four; and at the
//! leaves a four-extension (a quiescence VCF: the attacker plays only fours, the defender the
//! forced block, with stand-pat on the static evaluation). Against renju Black, a four whose
//! one block is his foul wins at once: looked for at every node, and tried first at the
//! leaves.
//!
//! Scores are from the side to move's view; a win in `n` plies from the root is `MATE - n`.

use super::correction::{Correction, Slots};
use super::eval::{evaluate, threat_mask, EvalTables};
use super::movepick::{self, Scored, Stage};
use super::params::*;
use super::state::State;
use super::tt::{Bound, TransTable};
use crate::board::geometry::CELLS;
use crate::board::{Board, Pos};
use crate::clock::Instant;
use crate::network::accumulator::Accumulator;
use crate::network::Net;
use crate::rules::{Combo, Pattern, Rule};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// What all threads of one search share.
pub(super) struct Shared<'a> {
    /// The table.
    pub(super) tt: &'a TransTable,
    /// Raised from outside (STOP/END).
    pub(super) external: &'a AtomicBool,
    /// Raised by the main thread when the search is over.
    pub(super) stop: AtomicBool,
    /// Nodes of all threads (flushed every few nodes).
    pub(super) nodes: AtomicU64,
    /// When the search started.
    pub(super) start: Instant,
    /// Never search past this.
    pub(super) hard: Duration,
    /// Node limit.
    pub(super) max_nodes: Option<u64>,
    /// The evaluation's numbers (the boards of the search sum its cell values).
    pub(super) eval: &'static EvalTables,
    /// The network that refines the evaluation (`None`: the classical evaluation alone).
    pub(super) net: Option<&'static Net>,
}

/// The static evaluation of `b` for the side to move: the network's where there is one (in
/// renju only where the classical evaluation lies within [`NET_MARGIN_RENJU`] of the window
/// `alpha..beta`: farther out the classical one decides alone, the net would rarely move it
/// across the window), else the classical evaluation.
#[inline]
fn static_eval(b: &Board, sh: &Shared, acc: &mut Accumulator, alpha: i32, beta: i32) -> i32 {
    let classical = evaluate(b, sh.eval);
    let Some(net) = sh.net else {
        return classical;
    };
    if b.rule() == Rule::Renju
        && (classical < alpha.saturating_sub(NET_MARGIN_RENJU)
            || classical > beta.saturating_add(NET_MARGIN_RENJU))
    {
        return classical;
    }
    let pool = acc.pool(b, &net.quant);
    net.quant
        .value(&pool, b.side_to_move(), threat_mask(b), classical)
        .clamp(-EVAL_MAX, EVAL_MAX)
}

/// Whether a four of `me` on `p` has a candidate foul of the opponent on its line, within
/// reach of the five it threatens.
fn four_onto_candidate_foul(b: &Board, p: Pos, me: crate::rules::Color) -> bool {
    (0..4).any(|d| {
        b.pattern(p, d, me) >= Pattern::B4
            && (-4i32..=4).any(|k| {
                let q = p.step(d, k);
                k != 0 && b.is_empty(q) && b.combo(q, me.opp()) == Combo::Forbid
            })
    })
}

/// What the search keeps for one ply of the current line.
struct Frame {
    /// The two quiet moves that last cut off at this ply.
    killers: [Pos; 2],
    /// The move a singularity search leaves out (`Pos::NONE`: none).
    excluded: Pos,
    /// The static evaluation of the node, corrected ([`NO_EVAL`]: none).
    eval: i32,
    /// The node's entries in the correction tables.
    corr_slots: Slots,
    /// The node's move list (kept to reuse its memory).
    moves: Vec<Scored>,
    /// The principal variation from this ply (the triangular PV table's row).
    pv: Vec<Pos>,
}

/// The arguments of a node's move loop ([`Worker::search_moves`]).
#[derive(Clone, Copy)]
struct MoveLoop {
    /// The window's lower end.
    alpha: i32,
    /// The window's upper end.
    beta: i32,
    /// Plies left.
    depth: i32,
    /// Plies from the root.
    ply: usize,
    /// Whether the node is on the principal variation (an open window).
    pv: bool,
    /// The transposition table's move, searched first (`Pos::NONE`: none).
    tt_move: Pos,
    /// The node's static evaluation before correction: what the table stores and the
    /// correction learns against, and the score where no move is searched.
    raw: i32,
    /// Extra plies for the TT move (singular extension).
    tt_ext: i32,
}

/// One search thread's state.
pub(super) struct Worker<'a> {
    /// The position being searched.
    pub(super) st: State,
    /// Shared state.
    pub(super) sh: &'a Shared<'a>,
    /// Whether this is the main thread (it watches the clock).
    pub(super) main: bool,
    /// Told about each root move as it is searched (the main thread only).
    pub(super) watch: Option<super::RootWatch>,
    /// Nodes not yet flushed to the shared count.
    pub(super) nodes: u64,
    /// Deepest ply reached.
    pub(super) seldepth: usize,
    /// Set once the search must end; every score after it is meaningless.
    pub(super) aborted: bool,
    /// Per ply of the current line.
    frames: Vec<Frame>,
    /// Per side to move and cell, how often the move cut off (gravity-bounded).
    history: Vec<i32>,
    /// Reductions by [depth][move number].
    lmr: Vec<[u8; 64]>,
    /// Move-count limits by [quiet board][depth].
    beam: [[usize; 64]; 2],
    /// Correction history.
    corr: Correction,
    /// The network's board vectors along the line.
    acc: Accumulator,
}

impl<'a> Worker<'a> {
    /// A worker on `st`.
    pub(super) fn new(st: State, sh: &'a Shared<'a>, main: bool) -> Worker<'a> {
        let lmr = (0..64)
            .map(|d| {
                let mut row = [0u8; 64];
                for (m, r) in row.iter_mut().enumerate().skip(1) {
                    if d > 0 {
                        *r = ((d as f64).ln() * (m as f64).ln() / LMR_DIV) as u8;
                    }
                }
                row
            })
            .collect();
        let mut beam = [[usize::MAX; 64]; 2];
        for (q, (a, b, max)) in [BEAM_TENSE, BEAM_QUIET].into_iter().enumerate() {
            for (d, n) in beam[q].iter_mut().enumerate().skip(1) {
                *n = ((a * (d as f64).sqrt() - b).round().max(1.0) as usize).min(max);
            }
        }
        Worker {
            st,
            beam,
            sh,
            main,
            watch: None,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            frames: (0..MAX_PLY + 2)
                .map(|_| Frame {
                    killers: [Pos::NONE; 2],
                    excluded: Pos::NONE,
                    eval: NO_EVAL,
                    corr_slots: [0; 3],
                    moves: Vec::with_capacity(256),
                    pv: Vec::new(),
                })
                .collect(),
            history: vec![0; 2 * CELLS],
            lmr,
            corr: Correction::new(),
            acc: Accumulator::new(),
        }
    }

    /// Makes the network's entry of the current position where no evaluation needs it (the
    /// root, a node whose evaluation came from the hash table), so the nodes below are updated
    /// from it rather than summed over the whole board.
    pub(super) fn keep_net_entry(&mut self) {
        if let Some(net) = self.sh.net {
            self.acc.pool(&self.st.board, &net.quant);
        }
    }

    /// The principal variation found from `ply` (after a PV search of that ply).
    pub(super) fn pv(&self, ply: usize) -> &[Pos] {
        &self.frames[ply].pv
    }

    /// Forgets the principal variation from `ply`.
    pub(super) fn clear_pv(&mut self, ply: usize) {
        self.frames[ply].pv.clear();
    }

    /// Starts the correction tables from `c` (another search's, aged).
    pub(super) fn seed_corr(&mut self, c: &Correction) {
        self.corr = c.aged(100);
    }

    /// The correction tables, leaving this worker's empty.
    pub(super) fn take_corr(&mut self) -> Correction {
        std::mem::take(&mut self.corr)
    }

    /// The correction of the node's static evaluation.
    #[inline]
    fn correction(&mut self, ply: usize) -> i32 {
        let slots = self.corr.slots(&self.st.board);
        self.frames[ply].corr_slots = slots;
        self.corr.get(slots)
    }

    /// Counts a node; every so often flushes the count and checks the limits.
    #[inline]
    fn node(&mut self, ply: usize) {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.nodes.is_multiple_of(TM_CHECK_NODES) {
            self.flush();
        }
    }

    /// Adds the local node count to the shared one and checks every limit.
    pub(super) fn flush(&mut self) {
        let total = self.sh.nodes.fetch_add(self.nodes, Relaxed) + self.nodes;
        self.nodes = 0;
        if self.main {
            let out_of_nodes = self.sh.max_nodes.is_some_and(|m| total >= m);
            if out_of_nodes || self.sh.start.elapsed() >= self.sh.hard {
                self.sh.stop.store(true, Relaxed);
            }
        }
        if self.sh.stop.load(Relaxed) || self.sh.external.load(Relaxed) {
            self.aborted = true;
        }
    }

    fn reward(&mut self, p: Pos, bonus: i32) {
        let i = self.st.board.side_to_move().index() * CELLS + p.index();
        let h = &mut self.history[i];
        *h += bonus - *h * bonus.abs() / HIST_MAX;
    }

    /// The leaf four-extension.
    pub(super) fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        self.node(ply);
        if self.aborted {
            return 0;
        }
        let b = &self.st.board;
        if b.is_full() {
            return 0;
        }
        self.frames[ply].eval = NO_EVAL;
        let me = b.side_to_move();
        let opp = me.opp();
        if b.has_five_point(me) {
            return MATE - (ply as i32 + 1);
        }
        let fives = b.count(opp, Combo::Five);
        if fives >= 2 {
            return -(MATE - (ply as i32 + 2));
        }
        if ply >= MAX_PLY {
            return static_eval(b, self.sh, &mut self.acc, alpha, beta);
        }
        if fives == 1 {
            let p = movepick::five_point(&self.st, opp);
            if movepick::is_foul(&mut self.st.board, p) {
                return -(MATE - (ply as i32 + 2));
            }
            self.st.make(p);
            let v = -self.qsearch(-beta, -alpha, ply + 1, qply + 1);
            self.st.unmake();
            return v;
        }
        if b.count(me, Combo::FlexFour) > 0 {
            return MATE - (ply as i32 + 3);
        }
        let stand = static_eval(b, self.sh, &mut self.acc, alpha, beta) + self.correction(ply);
        self.frames[ply].eval = stand;
        let b = &self.st.board;
        let fours = b.count(me, Combo::Four) + b.count(me, Combo::FourThree);
        if stand >= beta || qply >= QS_MAX_PLY || fours == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let near = if qply > 0 {
            let h = b.history();
            h.len()
                .checked_sub(2)
                .map(|i| h[i])
                .filter(|p| !p.is_none())
        } else {
            None
        };
        let mut moves = std::mem::take(&mut self.frames[ply].moves);
        moves.clear();
        // Against renju Black with candidate fouls, a four whose line holds one may leave him a
        // forbidden block: tried first, combination or not.
        let trap = b.rule().has_fouls(opp) && b.count(opp, Combo::Forbid) > 0;
        // Otherwise only combination fours (a closed three or more on another line), best
        // first by their other lines.
        self.st.for_each_candidate(|p| {
            let b = &self.st.board;
            let c = b.combo(p, me);
            if (c == Combo::Four || c == Combo::FourThree)
                && near.is_none_or(|q| p.distance(q) <= QS_REACH)
            {
                if trap && four_onto_candidate_foul(b, p, me) {
                    moves.push(Scored {
                        mv: p,
                        key: (1 << 40) - i64::from(p.0),
                    });
                    return;
                }
                let bonus = if c == Combo::FourThree { 1 << 20 } else { 0 };
                let (mut others, mut best_other) = (0i64, Pattern::Dead);
                for d in 0..4 {
                    let pat = b.pattern(p, d, me);
                    if pat < Pattern::B4 {
                        others += pat as i64;
                        best_other = best_other.max(pat);
                    }
                }
                if best_other < Pattern::B3 {
                    return;
                }
                moves.push(Scored {
                    mv: p,
                    key: bonus + (others << 10) - i64::from(p.0),
                });
            }
        });
        for i in 0..moves.len().min(QS_WIDTH) {
            let p = movepick::pick(&mut moves, i);
            self.st.make(p);
            let v = -self.qsearch(-beta, -alpha, ply + 1, qply + 1);
            self.st.unmake();
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.frames[ply].moves = moves;
        best
    }

    /// Sets the PV of `ply` to `p` followed by the PV of `ply + 1`.
    fn update_pv(&mut self, ply: usize, p: Pos) {
        let (head, tail) = self.frames.split_at_mut(ply + 1);
        let line = &mut head[ply].pv;
        line.clear();
        line.push(p);
        line.extend_from_slice(&tail[0].pv);
    }

    /// Quick wins and losses decided by the threat counts; `None` if nothing is decided.
    #[inline]
    fn quick_result(&mut self, ply: usize) -> Option<i32> {
        let b = &self.st.board;
        let me = b.side_to_move();
        let opp = me.opp();
        let ply = ply as i32;
        if b.has_five_point(me) {
            return Some(MATE - (ply + 1));
        }
        let fives = b.count(opp, Combo::Five);
        if fives >= 2 {
            return Some(-(MATE - (ply + 2)));
        }
        if fives == 0 && b.count(me, Combo::FlexFour) > 0 {
            return Some(MATE - (ply + 3));
        }
        if fives == 0 && self.four_onto_foul() {
            return Some(MATE - (ply + 3));
        }
        None
    }

    /// Whether the side to move has a four whose one block is a foul of the opponent's (renju
    /// White against Black): a win in 3 plies.
    fn four_onto_foul(&mut self) -> bool {
        let b = &mut self.st.board;
        let me = b.side_to_move();
        let opp = me.opp();
        if !b.rule().has_fouls(opp)
            || b.count(opp, Combo::Forbid) == 0
            || b.count(me, Combo::Four) + b.count(me, Combo::FourThree) == 0
        {
            return false;
        }
        for p in b.threat_cells(me, Combo::Four) {
            if !four_onto_candidate_foul(b, p, me) {
                continue;
            }
            b.make(p);
            let q = (0..4)
                .flat_map(|d| (-4i32..=4).map(move |k| p.step(d, k)))
                .find(|&q| q != p && b.is_empty(q) && b.combo(q, me) == Combo::Five);
            let won = b.count(me, Combo::Five) == 1 && q.is_some_and(|q| movepick::is_foul(b, q));
            b.unmake();
            if won {
                return true;
            }
        }
        false
    }

    /// Searches a non-root node to `depth` plies within (`alpha`, `beta`).
    pub(super) fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        pv: bool,
    ) -> i32 {
        self.frames[ply].pv.clear();
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, 0);
        }
        self.node(ply);
        if self.aborted {
            return 0;
        }
        if self.st.board.is_full() {
            return 0;
        }
        if let Some(v) = self.quick_result(ply) {
            return v;
        }
        if ply >= MAX_PLY {
            return static_eval(&self.st.board, self.sh, &mut self.acc, alpha, beta);
        }
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let key = self.st.board.hash();
        let hit = self.sh.tt.probe(key, ply);
        let mut tt_move = Pos::NONE;
        let mut tt_eval = None;
        if let Some(h) = hit {
            tt_move = h.mv;
            tt_eval = Some(h.eval);
            let fits = match h.bound {
                Bound::Exact => true,
                Bound::Lower => h.score >= beta,
                Bound::Upper => h.score <= alpha,
                Bound::None => false,
            };
            if !pv && h.depth >= depth && fits && self.frames[ply].excluded.is_none() {
                return h.score;
            }
        }
        let raw = match tt_eval {
            Some(e) => {
                self.keep_net_entry();
                e
            }
            None => static_eval(&self.st.board, self.sh, &mut self.acc, alpha, beta),
        };
        let corrected = raw + self.correction(ply);
        self.frames[ply].eval = corrected;
        let opp = self.st.board.side_to_move().opp();
        let quiet_opp = self.st.board.count_at_least(opp, Combo::FlexFour) == 0;
        // The evaluation futility and razoring go by: a table score that bounds it on the side
        // it lies.
        let prune_eval = match hit {
            Some(h) if h.score.abs() < MATE_BOUND => match h.bound {
                Bound::Lower if h.score > corrected => h.score,
                Bound::Upper if h.score < corrected => h.score,
                Bound::Exact => h.score,
                _ => corrected,
            },
            _ => corrected,
        };
        // Futility and razoring, where the opponent has no open three or four to make.
        if !pv && quiet_opp && beta.abs() < MATE_BOUND {
            if depth < FUT_MAX_DEPTH && prune_eval - FUT_MARGIN * depth >= beta {
                return prune_eval;
            }
            if depth < RAZOR_MAX_DEPTH && prune_eval + FUT_MARGIN * depth <= alpha {
                return self.qsearch(alpha, beta, ply, 0);
            }
        }
        // ProbCut: an open three or better of ours that beats beta by a margin at a reduced
        // depth most likely makes the node fail high.
        if !pv
            && depth >= PC_MIN_DEPTH
            && beta.abs() < MATE_BOUND / 2
            && self.st.board.count_at_least(opp, PC_OPP_LIMIT) == 0
            && self.frames[ply].excluded.is_none()
        {
            let pbeta = beta + PC_MARGIN;
            let known_low = hit.is_some_and(|h| h.depth > depth - PC_REDUCTION && h.score < pbeta);
            if !known_low {
                let v = self.probcut(pbeta, depth, ply, tt_move, raw);
                if self.aborted {
                    return 0;
                }
                if let Some(v) = v {
                    return v;
                }
            }
        }
        // Singular extension: a TT move that scored well at nearly this depth, while every
        // other move falls clearly short of it at half the depth, is searched a ply deeper.
        let mut tt_ext = 0;
        if let Some(h) = hit.filter(|h| {
            depth >= SE_MIN_DEPTH
                && self.frames[ply].excluded.is_none()
                && !h.mv.is_none()
                && h.depth >= depth - SE_DEPTH_SLACK
                && matches!(h.bound, Bound::Lower | Bound::Exact)
                && h.score.abs() < MATE_BOUND
        }) {
            let sb = h.score - SE_MARGIN * depth;
            self.frames[ply].excluded = h.mv;
            let v = self.search_moves(MoveLoop {
                alpha: sb - 1,
                beta: sb,
                depth: (depth - 1) / 2,
                ply,
                pv: false,
                tt_move: Pos::NONE,
                // The searched-nothing answer only: the excluded move stores nothing.
                raw: corrected,
                tt_ext: 0,
            });
            self.frames[ply].excluded = Pos::NONE;
            if self.aborted {
                return 0;
            }
            if v < sb {
                tt_ext = 1;
            } else if !pv && sb >= beta {
                // Multi-cut: another move also beats beta, so this node most likely fails high.
                return sb;
            }
        }
        self.search_moves(MoveLoop {
            alpha,
            beta,
            depth,
            ply,
            pv,
            tt_move,
            raw,
            tt_ext,
        })
    }

    /// ProbCut: searches up to [`PC_MOVES`] of our moves that make an open three or better,
    /// each [`PC_REDUCTION`] plies shallower, against `pbeta`; the first that reaches it gives
    /// the node's score (stored as a lower bound), if any.
    fn probcut(
        &mut self,
        pbeta: i32,
        depth: i32,
        ply: usize,
        tt_move: Pos,
        raw: i32,
    ) -> Option<i32> {
        let mut moves = std::mem::take(&mut self.frames[ply].moves);
        let stage = self.fill_moves(&mut moves, ply, tt_move);
        let me = self.st.board.side_to_move();
        let mut found = None;
        if stage == Stage::All {
            let mut tried = 0;
            for i in 0..moves.len() {
                if tried >= PC_MOVES {
                    break;
                }
                let p = movepick::pick(&mut moves, i);
                if self.st.board.combo(p, me) < Combo::Three
                    || movepick::is_foul(&mut self.st.board, p)
                {
                    continue;
                }
                tried += 1;
                self.st.make(p);
                let mut v = -self.qsearch(-pbeta, -pbeta + 1, ply + 1, 0);
                if v >= pbeta && !self.aborted {
                    let d = depth - PC_REDUCTION;
                    v = -self.search(-pbeta, -pbeta + 1, d, ply + 1, false);
                }
                self.st.unmake();
                if self.aborted {
                    break;
                }
                if v >= pbeta && v < MATE_BOUND {
                    found = Some((p, v));
                    break;
                }
            }
        }
        self.frames[ply].moves = moves;
        let (p, v) = found?;
        let key = self.st.board.hash();
        let d = depth - PC_REDUCTION + 1;
        self.sh.tt.store(key, p, v, raw, d, Bound::Lower, ply);
        Some(v)
    }

    /// The move loop of [`Worker::search`].
    fn search_moves(&mut self, node: MoveLoop) -> i32 {
        let MoveLoop {
            mut alpha,
            beta,
            depth,
            ply,
            pv,
            tt_move,
            raw,
            tt_ext,
        } = node;
        let mut moves = std::mem::take(&mut self.frames[ply].moves);
        // Where every candidate is a move (the opponent has no five or flex four to
        // answer), the TT move is searched before the others are generated and ordered: a
        // cut-off by it saves both. The order of the moves is the same either way.
        let lazy = {
            let b = &self.st.board;
            let opp = b.side_to_move().opp();
            !tt_move.is_none()
                && tt_move != self.frames[ply].excluded
                && self.st.is_candidate(tt_move)
                && b.count(opp, Combo::Five) == 0
                && b.count(opp, Combo::FlexFour) == 0
        };
        let stage = if lazy {
            moves.clear();
            moves.push(Scored {
                mv: tt_move,
                key: 0,
            });
            Stage::All
        } else {
            let stage = self.fill_moves(&mut moves, ply, tt_move);
            if let Stage::Lost(n) = stage {
                self.frames[ply].moves = moves;
                return -(MATE - (ply as i32 + n as i32));
            }
            stage
        };
        let me = self.st.board.side_to_move();
        // The forced block of a four is extended.
        let ext = i32::from(stage == Stage::Block);
        let alpha0 = alpha;
        let mut best = -MATE;
        let mut best_move = Pos::NONE;
        let mut searched = 0usize;
        let excluded = self.frames[ply].excluded;
        // Not improving: the side to move stands no better than two plies before.
        let worse = ply >= 2
            && self.frames[ply - 2].eval != NO_EVAL
            && self.frames[ply].eval <= self.frames[ply - 2].eval;
        // Move-count pruning.
        let limit = if ply >= BEAM_MIN_PLY && stage != Stage::Block {
            let b = &self.st.board;
            let quiet = b.count_at_least(me, Combo::FlexFour) == 0
                && b.count_at_least(me.opp(), Combo::FlexFour) == 0;
            self.beam[usize::from(quiet)][depth.clamp(0, 63) as usize]
        } else {
            usize::MAX
        };
        let (mut next, mut pending) = (0, lazy);
        loop {
            if next == moves.len() {
                if !pending {
                    break;
                }
                // The TT move alone did not cut off: now all the moves, the TT move first.
                pending = false;
                let stage = self.fill_moves(&mut moves, ply, tt_move);
                debug_assert_eq!(stage, Stage::All);
                next = usize::from(movepick::pick(&mut moves, 0) == tt_move);
                if next == moves.len() {
                    break;
                }
            }
            let i = next;
            next += 1;
            if searched >= limit && best > -MATE_BOUND {
                break;
            }
            let p = movepick::pick(&mut moves, i);
            if p == excluded || movepick::is_foul(&mut self.st.board, p) {
                continue;
            }
            // Weak: makes no three of ours and stops no four-three or four of his; these are
            // pruned late. Quiet: weak, and stops no three of his either.
            let weak = stage == Stage::All
                && self.st.board.combo(p, me) < Combo::Three
                && self.st.board.combo(p, me.opp()) <= Combo::ThreeThree;
            let quiet = weak && self.st.board.combo(p, me.opp()) < Combo::Three;
            if weak && !pv && self.lmp_prunes(depth, searched, worse) && best > -MATE_BOUND {
                continue;
            }
            let new_depth = depth - 1 + ext + if p == tt_move { tt_ext } else { 0 };
            self.sh.tt.prefetch(self.st.board.hash_after(p));
            self.st.make(p);
            let v = if searched == 0 {
                -self.search(-beta, -alpha, new_depth, ply + 1, pv)
            } else {
                // An attacking three (not a four, stopping no four) is reduced a ply less.
                let threat = !weak
                    && stage == Stage::All
                    && self.st.board.combo(p, me) < Combo::Four
                    && self.st.board.combo(p, me.opp()) < Combo::Four;
                let r = if depth >= LMR_MIN_DEPTH && searched >= LMR_MIN_MOVES {
                    let r = self.lmr[depth.min(63) as usize][searched.min(63)] as i32;
                    (r + i32::from(!pv) + i32::from(worse && weak)
                        - LMR_THREAT_SPARE * i32::from(threat))
                    .clamp(0, new_depth - 1)
                } else {
                    0
                };
                let mut v = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, false);
                if v > alpha && r > 0 {
                    v = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, false);
                }
                if v > alpha && v < beta && pv {
                    v = -self.search(-beta, -alpha, new_depth, ply + 1, true);
                }
                v
            };
            self.st.unmake();
            searched += 1;
            if self.aborted {
                self.frames[ply].moves = moves;
                return 0;
            }
            if v > best {
                best = v;
                best_move = p;
                if v > alpha {
                    alpha = v;
                    if pv {
                        self.update_pv(ply, p);
                    }
                    if v >= beta {
                        self.on_cutoff(&moves[..i], p, depth, ply, quiet);
                        break;
                    }
                }
            }
        }
        self.frames[ply].moves = moves;
        if searched == 0 {
            return match stage {
                Stage::Block => -(MATE - (ply as i32 + 2)),
                Stage::Defend => -(MATE - (ply as i32 + 4)),
                // Renju Black with no cell left but fouls must play one and lose.
                _ if self.only_fouls_left(excluded) => -(MATE - (ply as i32 + 1)),
                _ => raw,
            };
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if excluded.is_none() {
            let key = self.st.board.hash();
            self.sh
                .tt
                .store(key, best_move, best, raw, depth, bound, ply);
            let corrected = self.frames[ply].eval;
            let slots = self.frames[ply].corr_slots;
            self.corr.learn(slots, raw, corrected, best, bound, depth);
        }
        best
    }

    /// Generates and orders the moves of the node at `ply` into `moves`; says which stage.
    fn fill_moves(&mut self, moves: &mut Vec<Scored>, ply: usize, tt_move: Pos) -> Stage {
        let stage = movepick::generate(&mut self.st, moves);
        if let Stage::Lost(_) = stage {
            return stage;
        }
        let hist_off = self.st.board.side_to_move().index() * CELLS;
        movepick::order(
            &self.st.board,
            moves,
            tt_move,
            self.frames[ply].killers,
            &self.history[hist_off..hist_off + CELLS],
            Some(movepick::order_table(self.st.board.rule())),
        );
        stage
    }

    /// Whether the side to move has fouls only: every empty cell but `excluded` is forbidden.
    fn only_fouls_left(&mut self, excluded: Pos) -> bool {
        let b = &mut self.st.board;
        let me = b.side_to_move();
        b.rule().has_fouls(me)
            && !b
                .dims()
                .cells()
                .any(|p| p != excluded && b.is_legal_for(p, me))
    }

    /// Whether late move pruning skips a quiet move after `searched` moves at `depth`.
    #[inline]
    fn lmp_prunes(&self, depth: i32, searched: usize, worse: bool) -> bool {
        let n = LMP_BASE + (depth * depth) as usize;
        let n = if worse { n * LMP_WORSE_PCT / 100 } else { n };
        depth <= LMP_MAX_DEPTH && searched >= n
    }

    /// Killers and history after move `p` failed high, `tried` having been searched before it.
    fn on_cutoff(&mut self, tried: &[Scored], p: Pos, depth: i32, ply: usize, quiet: bool) {
        let bonus = (depth * depth * HIST_BONUS).min(HIST_MAX / 4);
        self.reward(p, bonus);
        for m in tried {
            self.reward(m.mv, -bonus);
        }
        let killers = &mut self.frames[ply].killers;
        if quiet && killers[0] != p {
            killers[1] = killers[0];
            killers[0] = p;
        }
    }
}
