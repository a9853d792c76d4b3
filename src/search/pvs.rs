//! The principal variation search of one thread: alpha-beta with a null window for all but the
//! first move, transposition-table cutoffs, mate-distance pruning, reverse futility, late move
//! reductions, killers and history; a static evaluation corrected by what the search has found
//! it off by (`correction`); an extension for the forced block of a four; and at the
//! leaves a four-extension (a quiescence VCF: the attacker plays only fours, the defender the
//! forced block, with stand-pat on the static evaluation).
//!
//! Scores are from the side to move's view; a win in `n` plies from the root is `MATE - n`.

use super::correction::{Correction, Slots};
use super::eval::{self, evaluate, EvalTables};
use super::movepick::{self, Scored, Stage};
use super::params::*;
use super::state::State;
use super::tt::{Bound, TransTable};
use crate::board::geometry::CELLS;
use crate::board::Pos;
use crate::rules::{Color, Combo, Pattern};
use crate::threat::vcf::{Vcf, MAX_FOURS};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// What all threads of one search share.
pub struct Shared<'a> {
    /// The table.
    pub tt: &'a TransTable,
    /// Raised from outside (STOP/END).
    pub external: &'a AtomicBool,
    /// Raised by the main thread when the search is over.
    pub stop: AtomicBool,
    /// Nodes of all threads (flushed every few nodes).
    pub nodes: AtomicU64,
    /// When the search started.
    pub start: Instant,
    /// Never search past this.
    pub hard: Duration,
    /// Node limit.
    pub max_nodes: Option<u64>,
    /// Pruning switches.
    pub features: Features,
    /// The evaluation's numbers (the boards of the search sum its cell values).
    pub eval: &'static EvalTables,
}

/// One search thread's state.
pub struct Worker<'a> {
    /// The position being searched.
    pub st: State,
    /// Shared state.
    pub sh: &'a Shared<'a>,
    /// Whether this is the main thread (it watches the clock).
    pub main: bool,
    /// Told about each root move as it is searched (the main thread only).
    pub watch: Option<super::RootWatch>,
    /// Nodes not yet flushed to the shared count.
    pub nodes: u64,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// Set once the search must end; every score after it is meaningless.
    pub aborted: bool,
    killers: Vec<[Pos; 2]>,
    /// Per side to move and the opponent's last move, the quiet move that last refuted it.
    counters: Vec<Pos>,
    /// Per ply, the move a singularity search leaves out (`Pos::NONE`: none).
    excluded: Vec<Pos>,
    /// Per ply, the static evaluation of the node on the current line ([`NO_EVAL`]: none).
    evals: Vec<i32>,
    /// Per ply, the cell-value part of the node's evaluation (feature `avgcells`; [`NO_EVAL`]:
    /// none).
    cellv: Vec<i32>,
    history: Vec<i32>,
    bufs: Vec<Vec<Scored>>,
    /// Triangular principal-variation table.
    pub pv: Vec<Vec<Pos>>,
    lmr: Vec<[u8; 64]>,
    /// Move-count limits by [quiet board][depth] (feature `beam`).
    beam: [[usize; 64]; 2],
    /// The opponent's VCF at a node (feature `vcfthreat`), allocated on first use.
    vcf: Option<Vcf>,
    /// Whether a leaf on the current line was searched a ply deeper (feature `vcfthreat`).
    vt_ext: bool,
    /// Below a PV move whose narrow search found a win, being verified: move-count pruning
    /// (feature `beam`) skips only weak moves (feature `verify`).
    cautious: bool,
    /// Double singular extensions on the current line (feature `sedouble`).
    double_exts: u32,
    /// Correction history (feature `corr`).
    corr: Correction,
    /// Per ply, the node's entries in the correction tables (feature `corr`).
    corr_slots: Vec<Slots>,
}

impl<'a> Worker<'a> {
    /// A worker on `st`.
    pub fn new(st: State, sh: &'a Shared<'a>, main: bool) -> Worker<'a> {
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
            killers: vec![[Pos::NONE; 2]; MAX_PLY + 2],
            counters: vec![Pos::NONE; 2 * CELLS],
            excluded: vec![Pos::NONE; MAX_PLY + 2],
            evals: vec![NO_EVAL; MAX_PLY + 2],
            cellv: vec![NO_EVAL; MAX_PLY + 2],
            history: vec![0; 2 * CELLS],
            bufs: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(256)).collect(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            lmr,
            vcf: None,
            vt_ext: false,
            cautious: false,
            double_exts: 0,
            corr: Correction::new(sh.features.corrshape),
            corr_slots: vec![[0; 4]; MAX_PLY + 2],
        }
    }

    /// Starts the history from `h` (another search's, of the same length; otherwise ignored).
    pub fn seed_history(&mut self, h: &[i32]) {
        if h.len() == self.history.len() {
            self.history.copy_from_slice(h);
        }
    }

    /// Starts the correction tables from `c` (feature `corrkeep`).
    pub fn seed_corr(&mut self, c: &Correction) {
        self.corr = c.aged(100);
    }

    /// The correction tables, leaving this worker's empty.
    pub fn take_corr(&mut self) -> Correction {
        std::mem::take(&mut self.corr)
    }

    /// The history, leaving this worker's empty.
    pub fn take_history(&mut self) -> Vec<i32> {
        std::mem::take(&mut self.history)
    }

    /// Whether the opponent of the side to move has a VCF (found within [`VT_NODES`] nodes).
    fn opp_has_vcf(&mut self) -> bool {
        let opp = self.st.board.side_to_move().opp();
        if self.st.board.count_at_least(opp, Combo::Four) < VT_MIN_FOURS {
            return false;
        }
        let vcf = self.vcf.get_or_insert_with(|| Vcf::new(VT_TT_BITS));
        self.st.pass();
        let won = vcf.solve(&mut self.st.board, MAX_FOURS, VT_NODES).is_win();
        self.st.unmake();
        won
    }

    /// The evaluation the search goes by, from the raw static evaluation `raw` of the node at
    /// `ply`: with `avgcells`, its cell-value part is the mean of this node's and its parent's
    /// (from our side), which damps the swing of one stone more for the side that just moved;
    /// the threat part stays this node's.
    #[inline]
    fn averaged(&mut self, ply: usize, raw: i32) -> i32 {
        if !self.sh.features.avgcells {
            return raw;
        }
        let c = eval::cells_part(&self.st.board);
        self.cellv[ply] = c;
        match ply.checked_sub(1).map(|i| self.cellv[i]) {
            Some(parent) if parent != NO_EVAL => raw - (c + parent) / 2,
            _ => raw,
        }
    }

    /// The correction of the node's static evaluation (feature `corr`; 0 without).
    #[inline]
    fn correction(&mut self, ply: usize) -> i32 {
        if self.sh.features.corr {
            let slots = self.corr.slots(&self.st.board);
            self.corr_slots[ply] = slots;
            self.corr.get(slots)
        } else {
            0
        }
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
    pub fn flush(&mut self) {
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

    fn hist_index(&self, p: Pos) -> usize {
        self.st.board.side_to_move().index() * CELLS + p.index()
    }

    fn reward(&mut self, p: Pos, bonus: i32) {
        let i = self.hist_index(p);
        let h = &mut self.history[i];
        *h += bonus - *h * bonus.abs() / HIST_MAX;
    }

    /// The leaf four-extension.
    pub fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        self.node(ply);
        if self.aborted {
            return 0;
        }
        let b = &self.st.board;
        if b.is_full() {
            return 0;
        }
        self.evals[ply] = NO_EVAL;
        self.cellv[ply] = NO_EVAL;
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
            return evaluate(b, self.sh.eval);
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
        if b.count(me, Combo::FlexFour) > 0 || self.trap_four(fives) {
            return MATE - (ply as i32 + 3);
        }
        let b = &self.st.board;
        let raw = evaluate(b, self.sh.eval);
        let raw = self.averaged(ply, raw) + self.correction(ply);
        self.evals[ply] = raw;
        // Smoothing: the mean of this node's evaluation and its parent's (from our side).
        let parent = if ply > 0 {
            self.evals[ply - 1]
        } else {
            NO_EVAL
        };
        let stand = if self.sh.features.smooth && parent != NO_EVAL {
            (raw - parent) / 2
        } else {
            raw
        };
        if stand > alpha
            && self.sh.features.vcfthreat
            && qply == 0
            && !self.vt_ext
            && self.opp_has_vcf()
        {
            // The opponent threatens a VCF: standing pat would ignore it; look at our replies.
            self.vt_ext = true;
            let v = self.search(alpha, beta, 1, ply, false, false);
            self.vt_ext = false;
            return v;
        }
        if stand > alpha && qply == 0 && !self.vt_ext && self.trap_threat() {
            // White threatens a four Black may not block: standing pat would ignore it.
            self.vt_ext = true;
            let v = self.search(alpha, beta, 1, ply, false, false);
            self.vt_ext = false;
            return v;
        }
        let b = &self.st.board;
        let fours = b.count(me, Combo::Four) + b.count(me, Combo::FourThree);
        if stand >= beta || qply >= QS_MAX_PLY || fours == 0 {
            return stand;
        }
        // Feature `qtt`: a node that tries fours reads the table; a first-ply node of the
        // extension counts as depth 0, a deeper one (fours near the last) as depth -1.
        let qdepth = -i32::from(qply > 0);
        let alpha0 = alpha;
        let mut store = false;
        if self.sh.features.qtt {
            let hit = self.sh.tt.probe(b.hash(), ply);
            if let Some(h) = hit {
                let fits = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => h.score >= beta,
                    Bound::Upper => h.score <= alpha,
                    Bound::None => false,
                };
                if h.depth >= qdepth && fits {
                    return h.score;
                }
            }
            store = hit.is_none_or(|h| h.depth <= 0);
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut best_move = Pos::NONE;
        let near = if qply > 0 {
            let h = b.history();
            h.len()
                .checked_sub(2)
                .map(|i| h[i])
                .filter(|p| !p.is_none())
        } else {
            None
        };
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        moves.clear();
        let combo_only = self.sh.features.qcombo && (qply > 0 || self.sh.features.qcombo0);
        self.st.for_each_candidate(|p| {
            let b = &self.st.board;
            let c = b.combo(p, me);
            if (c == Combo::Four || c == Combo::FourThree)
                && near.is_none_or(|q| p.distance(q) <= QS_REACH)
            {
                let bonus = if c == Combo::FourThree { 1 << 20 } else { 0 };
                // The four's other lines: a combination four makes at least a closed three there.
                let (mut others, mut best_other) = (0i64, Pattern::Dead);
                for d in 0..4 {
                    let pat = b.pattern(p, d, me);
                    if pat < Pattern::B4 {
                        others += pat as i64;
                        best_other = best_other.max(pat);
                    }
                }
                if combo_only && best_other < Pattern::B3 {
                    return;
                }
                let key = if self.sh.features.qcombo {
                    bonus + (others << 10)
                } else {
                    bonus
                };
                moves.push(Scored {
                    mv: p,
                    key: key - i64::from(p.0),
                });
            }
        });
        let width = if combo_only {
            moves.len().min(QS_WIDTH)
        } else {
            moves.len()
        };
        for i in 0..width {
            let p = movepick::pick(&mut moves, i);
            self.st.make(p);
            let v = -self.qsearch(-beta, -alpha, ply + 1, qply + 1);
            self.st.unmake();
            if self.aborted {
                break;
            }
            if v > best && (v >= MATE_BOUND || !self.sh.features.qwin) {
                best = v;
                best_move = p;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.bufs[ply] = moves;
        if store && !self.aborted {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let key = self.st.board.hash();
            self.sh
                .tt
                .store(key, best_move, best, raw, qdepth, bound, ply);
        }
        best
    }

    /// Sets the PV of `ply` to `p` followed by the PV of `ply + 1`.
    fn update_pv(&mut self, ply: usize, p: Pos) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(p);
        line.extend_from_slice(&tail[0]);
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
        // Feature `statwin`: with no four to make, the opponent cannot stop a four-three (our
        // four, his block, our straight four, five) or a double three (he blocks one three, we
        // make a straight four of the other). Not for renju Black, whose three may be false,
        // nor against renju Black while he has a candidate forbidden point (it may be a four).
        if self.sh.features.statwin
            && fives == 0
            && !b.has_four_point(opp)
            && !b.rule().has_fouls(me)
            && !(b.rule().has_fouls(opp) && b.count(opp, Combo::Forbid) > 0)
        {
            if b.count(me, Combo::FourThree) > 0 {
                return Some(MATE - (ply + 5));
            }
            if b.count(me, Combo::ThreeThree) > 0 {
                return Some(MATE - (ply + 7));
            }
        }
        if self.trap_four(fives) {
            return Some(MATE - (ply + 3));
        }
        None
    }

    /// Feature `trapfour`: renju, White to move, Black without a five point: whether White has
    /// a four whose five point Black may not block (a forbidden point of his).
    #[inline]
    fn trap_four(&mut self, opp_fives: u32) -> bool {
        self.sh.features.trapfour
            && opp_fives == 0
            && self.st.board.side_to_move() == Color::White
            && self.st.board.count(Color::Black, Combo::Forbid) > 0
            && self.st.board.four_into_foul().is_some()
    }

    /// Feature `trapfour`: renju, Black to move: whether White threatens a four whose five
    /// point Black may not block.
    #[inline]
    fn trap_threat(&mut self) -> bool {
        self.sh.features.trapfour
            && self.st.board.side_to_move() == Color::Black
            && self.st.board.count(Color::Black, Combo::Forbid) > 0
            && self.st.board.four_into_foul().is_some()
    }

    /// Searches a non-root node to `depth` plies within (`alpha`, `beta`).
    pub fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        pv: bool,
        cut: bool,
    ) -> i32 {
        self.pv[ply].clear();
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
            return evaluate(&self.st.board, self.sh.eval);
        }
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let key = self.st.board.hash();
        let hit = self.sh.tt.probe(key, ply);
        let mut tt_move = Pos::NONE;
        let mut eval = None;
        if let Some(h) = hit {
            tt_move = h.mv;
            eval = Some(h.eval);
            let fits = match h.bound {
                Bound::Exact => true,
                Bound::Lower => h.score >= beta,
                Bound::Upper => h.score <= alpha,
                Bound::None => false,
            };
            let deep_enough =
                h.depth >= depth || (self.sh.features.ttmate && h.score.abs() >= MATE_BOUND);
            if !pv && deep_enough && fits && self.excluded[ply].is_none() {
                return h.score;
            }
        }
        let raw = eval.unwrap_or_else(|| evaluate(&self.st.board, self.sh.eval));
        let eval = self.averaged(ply, raw) + self.correction(ply);
        self.evals[ply] = eval;
        let opp = self.st.board.side_to_move().opp();
        let quiet_opp = self.st.board.count_at_least(opp, Combo::FlexFour) == 0;
        // The evaluation the pruning below goes by: with `futtt`, a table score that bounds it
        // on the side it lies.
        let prune_eval = match hit {
            Some(h) if self.sh.features.futtt && h.score.abs() < MATE_BOUND => match h.bound {
                Bound::Lower if h.score > eval => h.score,
                Bound::Upper if h.score < eval => h.score,
                Bound::Exact => h.score,
                _ => eval,
            },
            _ => eval,
        };
        let fut_ok = if self.sh.features.futb4 {
            self.st.board.count(opp, Combo::Five) == 0
        } else {
            quiet_opp
        };
        // Feature `vcfthreat`: whether the opponent has a VCF, found once it matters.
        let mut threat = None;
        let vt = self.sh.features.vcfthreat && depth <= VT_MAX_DEPTH;
        if !pv
            && self.sh.features.rfp
            && depth <= RFP_MAX_DEPTH
            && quiet_opp
            && beta.abs() < MATE_BOUND
            && eval - RFP_MARGIN * depth >= beta
            && !(vt && *threat.get_or_insert_with(|| self.opp_has_vcf()))
        {
            return eval;
        }
        if (!pv || self.sh.features.futpv)
            && self.sh.features.fut
            && fut_ok
            && beta.abs() < MATE_BOUND
        {
            let improving = self.sh.features.futimp
                && ply >= 2
                && self.evals[ply - 2] != NO_EVAL
                && eval > self.evals[ply - 2];
            let fut_depth = depth - i32::from(improving);
            if depth < FUT_MAX_DEPTH
                && prune_eval - FUT_MARGIN * fut_depth >= beta
                && !(vt && *threat.get_or_insert_with(|| self.opp_has_vcf()))
            {
                return prune_eval;
            }
            if depth < RAZOR_MAX_DEPTH
                && prune_eval + FUT_MARGIN * depth <= alpha
                && !(vt && *threat.get_or_insert_with(|| self.opp_has_vcf()))
            {
                return self.qsearch(alpha, beta, ply, 0);
            }
        }
        if !pv
            && self.sh.features.nmp
            && depth >= NMP_MIN_DEPTH
            && eval >= beta
            && beta.abs() < MATE_BOUND
            && self.st.board.count_at_least(opp, Combo::ThreeThree) == 0
        {
            // A stone more never hurts in this game, so passing bounds the score from below;
            // only the reduced depth can be wrong, hence no null move while threats are near.
            let r = NMP_BASE + depth / NMP_DEPTH_DIV;
            self.st.pass();
            let v = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false, !cut);
            self.st.unmake();
            if self.aborted {
                return 0;
            }
            if v >= beta && v < MATE_BOUND {
                return v;
            }
        }
        // Feature `probcut`: an open three or better of ours that beats beta by a margin at a
        // reduced depth most likely makes the node fail high.
        if self.sh.features.probcut
            && !pv
            && depth >= PC_MIN_DEPTH
            && beta.abs() < MATE_BOUND / 2
            && self.st.board.count_at_least(opp, PC_OPP_LIMIT) == 0
            && self.excluded[ply].is_none()
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
        // Internal iterative deepening: a deep node without a table move first searches at
        // half the depth for one.
        let mut hit = hit;
        if self.sh.features.iid && depth >= IID_MIN_DEPTH && tt_move.is_none() {
            self.search(alpha, beta, depth / 2, ply, pv, cut);
            if self.aborted {
                return 0;
            }
            hit = self.sh.tt.probe(key, ply);
            if let Some(h) = hit {
                tt_move = h.mv;
            }
        }
        // Singular extension: a TT move that scored well at nearly this depth, while every
        // other move falls clearly short of it at half the depth, is searched a ply deeper.
        let mut tt_ext = 0;
        if let Some(h) = hit.filter(|h| {
            self.sh.features.singular
                && depth >= SE_MIN_DEPTH
                && self.excluded[ply].is_none()
                && !h.mv.is_none()
                && h.depth >= depth - SE_DEPTH_SLACK
                && matches!(h.bound, Bound::Lower | Bound::Exact)
                && h.score.abs() < MATE_BOUND
        }) {
            let sb = h.score - SE_MARGIN * depth;
            self.excluded[ply] = h.mv;
            let v = self.search_moves(
                sb - 1,
                sb,
                (depth - 1) / 2,
                ply,
                false,
                cut,
                Pos::NONE,
                eval,
                0,
            );
            self.excluded[ply] = Pos::NONE;
            if self.aborted {
                return 0;
            }
            if v < sb {
                tt_ext = 1;
                // Feature `sedouble`: far below, a ply more (a few times on a line at most).
                if self.sh.features.sedouble
                    && !pv
                    && v < sb - SE_DOUBLE_MARGIN
                    && self.double_exts < SE_DOUBLE_MAX
                {
                    tt_ext = 2;
                }
            } else if self.sh.features.multicut && !pv && sb >= beta {
                // Another move also beats beta: this node most likely fails high anyway.
                return sb;
            }
        }
        self.search_moves(alpha, beta, depth, ply, pv, cut, tt_move, raw, tt_ext)
    }

    /// Feature `probcut`: searches up to [`PC_MOVES`] of our moves that make an open three or
    /// better, each [`PC_REDUCTION`] plies shallower, against `pbeta`; the first that reaches
    /// it gives the node's score (stored as a lower bound), if any.
    fn probcut(
        &mut self,
        pbeta: i32,
        depth: i32,
        ply: usize,
        tt_move: Pos,
        raw: i32,
    ) -> Option<i32> {
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        let stage = self.fill_moves(&mut moves, ply, tt_move, false);
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
                    v = -self.search(-pbeta, -pbeta + 1, d, ply + 1, false, false);
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
        self.bufs[ply] = moves;
        let (p, v) = found?;
        let key = self.st.board.hash();
        let d = depth - PC_REDUCTION + 1;
        self.sh.tt.store(key, p, v, raw, d, Bound::Lower, ply);
        Some(v)
    }

    /// The move loop of [`Worker::search`].
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        mut alpha: i32,
        beta: i32,
        mut depth: i32,
        ply: usize,
        pv: bool,
        cut: bool,
        tt_move: Pos,
        eval: i32,
        tt_ext: i32,
    ) -> i32 {
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        let guard = self.sh.features.guard && depth >= GUARD_MIN_DEPTH;
        // Where every candidate is a move (the opponent has no five or straight four to
        // answer), the TT move is searched before the others are generated and ordered: a
        // cut-off by it saves both. The order of the moves is the same either way.
        let lazy = {
            let b = &self.st.board;
            let opp = b.side_to_move().opp();
            !guard
                && !tt_move.is_none()
                && tt_move != self.excluded[ply]
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
            let stage = self.fill_moves(&mut moves, ply, tt_move, guard);
            if let Stage::Lost(n) = stage {
                self.bufs[ply] = moves;
                return -(MATE - (ply as i32 + n as i32));
            }
            stage
        };
        let hist_off = self.st.board.side_to_move().index() * CELLS;
        let me = self.st.board.side_to_move();
        let ext = i32::from(
            (stage == Stage::Block && (!self.sh.features.loneext || self.last_is_combo()))
                || (stage == Stage::Defend
                    && self.sh.features.defext
                    && moves.len() <= DEFEXT_MAX_MOVES),
        );
        let alpha0 = alpha;
        let mut best = -MATE;
        let mut best_move = Pos::NONE;
        let mut searched = 0usize;
        let excluded = self.excluded[ply];
        // Not improving: the side to move stands no better than two plies before.
        let worse = self.sh.features.improving
            && ply >= 2
            && self.evals[ply - 2] != NO_EVAL
            && self.evals[ply] <= self.evals[ply - 2];
        // The last two moves (the opponent's, then ours), for `farlmr`.
        let recent = if self.sh.features.farlmr || self.sh.features.contlmr {
            let h = self.st.board.history();
            let at = |k: usize| h.len().checked_sub(k).map_or(Pos::NONE, |i| h[i]);
            [at(1), at(2)]
        } else {
            [Pos::NONE; 2]
        };
        let limit = if self.sh.features.beam && ply >= BEAM_MIN_PLY && stage != Stage::Block {
            let b = &self.st.board;
            let quiet = b.count_at_least(me, Combo::FlexFour) == 0
                && b.count_at_least(me.opp(), Combo::FlexFour) == 0;
            self.beam[usize::from(quiet)][depth.clamp(0, 63) as usize]
        } else {
            usize::MAX
        };
        // Feature `complexlmr`: many cells where either side makes an open three or better.
        let complex = self.sh.features.complexlmr && {
            let b = &self.st.board;
            b.count_at_least(me, Combo::Three) + b.count_at_least(me.opp(), Combo::Three)
                >= COMPLEX_LMR_MIN
        };
        // Feature `polred`: the ordering score of the best-ordered move other than the TT move.
        let mut top_score: Option<i64> = None;
        let (mut next, mut pending) = (0, lazy);
        loop {
            if next == moves.len() {
                if !pending {
                    break;
                }
                // The TT move alone did not cut off: now all the moves, the TT move first.
                pending = false;
                let stage = self.fill_moves(&mut moves, ply, tt_move, guard);
                debug_assert_eq!(stage, Stage::All);
                next = usize::from(movepick::pick(&mut moves, 0) == tt_move);
                if next == moves.len() {
                    break;
                }
            }
            let i = next;
            next += 1;
            if searched >= limit && best > -MATE_BOUND && !self.cautious {
                break;
            }
            let p = movepick::pick(&mut moves, i);
            let score = moves[i].key >> 16;
            if p != tt_move && top_score.is_none() {
                top_score = Some(score);
            }
            let unlikely = self.sh.features.polred
                && top_score.is_some_and(|t| t - score >= i64::from(POLRED_GAP));
            if p == excluded || movepick::is_foul(&mut self.st.board, p) {
                continue;
            }
            // Weak: makes no three of ours and stops no four-three or four of his; these are
            // reduced and pruned late. Quiet: weak, and stops no three of his either.
            let weak = stage == Stage::All
                && self.st.board.combo(p, me) < Combo::Three
                && self.st.board.combo(p, me.opp()) <= Combo::ThreeThree;
            let quiet = weak && self.st.board.combo(p, me.opp()) < Combo::Three;
            if weak && self.cautious && searched >= limit && best > -MATE_BOUND {
                continue;
            }
            if quiet
                && !pv
                && self.sh.features.bare
                && searched >= BARE_KEEP
                && self.st.board.combo(p, me) < Combo::Two
                && self.st.board.combo(p, me.opp()) < Combo::Two
                && best > -MATE_BOUND
            {
                continue;
            }
            if weak
                && !pv
                && self.sh.features.lmp
                && self.lmp_prunes(depth, searched, worse)
                && best > -MATE_BOUND
            {
                continue;
            }
            // Feature `contlmr`: an open three or better built on our previous stone's lines.
            let cont = self.sh.features.contlmr
                && !recent[1].is_none()
                && self.st.board.combo(p, me) >= Combo::Three
                && p.aligned_within(recent[1], CONT_REACH);
            let new_depth = depth - 1 + ext + if p == tt_move { tt_ext } else { 0 };
            let doubled = p == tt_move && tt_ext == 2;
            self.double_exts += u32::from(doubled);
            self.sh.tt.prefetch(self.st.board.hash_after(p));
            self.st.make(p);
            let v = if searched == 0 {
                -self.search(-beta, -alpha, new_depth, ply + 1, pv, !pv && !cut)
            } else {
                let threat = !weak
                    && self.sh.features.lmrall
                    && stage == Stage::All
                    && (self.st.board.combo(p, me) < Combo::Four || self.sh.features.lmrfour)
                    && self.st.board.combo(p, me.opp()) < Combo::Four;
                let r = if (weak || threat || self.sh.features.lmrany)
                    && self.sh.features.lmr
                    && depth >= LMR_MIN_DEPTH
                    && searched >= LMR_MIN_MOVES
                {
                    let r = self.lmr[depth.min(63) as usize][searched.min(63)] as i32;
                    // Far: a weak move away from both last moves.
                    let far = weak
                        && self.sh.features.farlmr
                        && recent
                            .iter()
                            .all(|&q| q.is_none() || p.distance(q) > FAR_DIST);
                    let killer = self.sh.features.killred && self.killers[ply].contains(&p);
                    let hist = if self.sh.features.histlmr {
                        self.history[hist_off + p.index()] / LMR_HIST_DIV
                    } else {
                        0
                    };
                    let cutred = self.sh.features.cutnode && cut;
                    (r + i32::from(!pv)
                        + i32::from(worse && weak)
                        + i32::from(far)
                        + i32::from(cutred)
                        + i32::from(unlikely)
                        - i32::from(complex)
                        - i32::from(cont)
                        - LMR_THREAT_SPARE * i32::from(threat)
                        - i32::from(killer)
                        - hist)
                        .clamp(0, new_depth - 1)
                } else {
                    0
                };
                let mut v = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, false, true);
                if v > alpha && r > 0 {
                    let d = if self.sh.features.lmrext && v.abs() < MATE_BOUND {
                        if v > best + LMREXT_MARGIN + 2 * new_depth {
                            new_depth + 1
                        } else if v < best + LMRSHALLOW_MARGIN {
                            new_depth - 1
                        } else {
                            new_depth
                        }
                    } else {
                        new_depth
                    };
                    v = -self.search(-alpha - 1, -alpha, d, ply + 1, false, !cut);
                }
                if v > alpha && v < beta && pv {
                    v = -self.search(-beta, -alpha, new_depth, ply + 1, true, false);
                }
                v
            };
            // Feature `verify`: a win found by the narrow (`beam`) search of a PV move is
            // searched again without the move-count limit on all but weak moves; if the win
            // does not hold, that search's score counts.
            let v = if v >= MATE_BOUND
                && pv
                && ply >= BEAM_MIN_PLY
                && !self.cautious
                && !self.aborted
                && self.sh.features.beam
                && self.sh.features.verify
            {
                self.cautious = true;
                let mut w = -self.search(
                    -MATE_BOUND,
                    -MATE_BOUND + 1,
                    new_depth,
                    ply + 1,
                    true,
                    false,
                );
                if w >= MATE_BOUND {
                    w = v;
                } else if !self.aborted {
                    w = -self.search(-beta, -alpha, new_depth, ply + 1, true, false);
                }
                self.cautious = false;
                w
            } else {
                v
            };
            self.st.unmake();
            self.double_exts -= u32::from(doubled);
            searched += 1;
            if self.aborted {
                self.bufs[ply] = moves;
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
                    // The moves after one that raised alpha are searched a ply shallower.
                    if self.sh.features.alphared
                        && (ALPHARED_MIN_DEPTH..=ALPHARED_MAX_DEPTH).contains(&depth)
                        && v.abs() < MATE_BOUND
                    {
                        depth -= 1;
                    }
                }
            }
        }
        self.bufs[ply] = moves;
        if searched == 0 {
            return match stage {
                Stage::Block => -(MATE - (ply as i32 + 2)),
                Stage::Defend => -(MATE - (ply as i32 + 4)),
                _ => eval,
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
                .store(key, best_move, best, eval, depth, bound, ply);
            if self.sh.features.corr {
                let corrected = self.evals[ply];
                let slots = self.corr_slots[ply];
                self.corr.learn(slots, eval, corrected, best, bound, depth);
            }
        }
        best
    }

    /// Generates and orders the moves of the node at `ply` into `moves`; says which stage.
    fn fill_moves(
        &mut self,
        moves: &mut Vec<Scored>,
        ply: usize,
        tt_move: Pos,
        guard: bool,
    ) -> Stage {
        let stage = movepick::generate(&mut self.st, moves, guard, self.sh.features.defcombo);
        if let Stage::Lost(_) = stage {
            return stage;
        }
        let hist_off = self.st.board.side_to_move().index() * CELLS;
        movepick::order(
            &self.st.board,
            moves,
            tt_move,
            {
                let [k0, k1] = self.killers[ply];
                [k0, k1, self.counter_of_last()]
            },
            &self.history[hist_off..hist_off + CELLS],
            self.sh.features.vorder.then_some(&*self.sh.eval.cells),
            self.sh.features.porder,
            self.sh.features.near,
            self.sh
                .features
                .policy
                .then(|| order_table(self.st.board.rule())),
        );
        stage
    }

    /// Whether the opponent's last move (a four) also makes at least a closed three on another
    /// line: an attacking four, whose block is extended with feature `loneext`.
    fn last_is_combo(&self) -> bool {
        let b = &self.st.board;
        let Some(&last) = b.history().last() else {
            return true;
        };
        if last.is_none() {
            return true;
        }
        let opp = b.side_to_move().opp();
        let mut fours = 0;
        let mut threes = 0;
        for d in 0..4 {
            let pat = b.line_pattern(last, d, opp);
            if pat >= Pattern::B4 {
                fours += 1;
            } else if pat >= Pattern::B3 {
                threes += 1;
            }
        }
        fours >= 2 || threes >= 1
    }

    /// The slot of [`Worker::counters`] for the side to move and the opponent's last move.
    fn counter_index(&self) -> Option<usize> {
        let last = *self.st.board.history().last()?;
        (!last.is_none()).then(|| self.hist_index(last))
    }

    /// The counter move of the opponent's last move, if the feature is on and there is one.
    fn counter_of_last(&self) -> Pos {
        match self.counter_index() {
            Some(i) if self.sh.features.counter => self.counters[i],
            _ => Pos::NONE,
        }
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
        let bonus = (depth * depth * 16).min(HIST_MAX / 4);
        self.reward(p, bonus);
        for m in tried {
            self.reward(m.mv, -bonus);
        }
        if quiet && self.sh.features.counter {
            if let Some(i) = self.counter_index() {
                self.counters[i] = p;
            }
        }
        if quiet && self.killers[ply][0] != p {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = p;
        }
    }
}
