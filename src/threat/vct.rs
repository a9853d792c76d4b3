//! Victory by continuous threats: proof-number search (iteratively deepened on the number of
//! attacker moves) over a tree whose attacker moves are fours, open threes and quiet moves that
//! set up a VCF, and whose defender moves are every move that stops the threat.
//!
//! At an attacker node the attacker wins at once with a five or a VCF (searched with the inner
//! [`Vcf`] solver). After an attacker four the defender must block; after any other threat the
//! attacker must have a VCF if the defender passed (else the node is not a win), and the
//! defender's candidate moves are exactly the legal moves after which that VCF line no longer
//! replays ([`defence`](crate::threat::defence)). Limits on the attacker (depth, node
//! budgets) can only lose proofs, so a win reported here is proven.

use super::defence::defences;
use super::vcf::{Vcf, VcfOutcome};
use super::Moves;
use crate::board::{Board, Points, Pos};
use crate::clock::Instant;
use crate::rules::{Color, Combo};
use fxhash::FxHashMap;
use std::time::Duration;

/// Proof or disproof number meaning "infinite".
const INF: u32 = 1 << 30;
/// Default proof-number tree size limit (nodes created).
pub const DEFAULT_NODES: u64 = 200_000;
/// Default limit on attacker moves along one branch of the tree.
pub const DEFAULT_MAX_ATTACKS: u32 = 12;
/// Default depth limit (attacker fours) of the inner VCF searches.
pub const DEFAULT_VCF_FOURS: u32 = 20;
/// Inner VCF searches at attacker-move limit `d` look for at most `d + VCF_FOURS_OVER_DEPTH`
/// fours (and never more than the `vcf_fours` limit).
pub const VCF_FOURS_OVER_DEPTH: u32 = 3;
/// Node limit of the VCF search that decides whether a quiet move (no four, no open three)
/// threatens anything: most do not, and proving that in full is the main cost of quiet moves.
pub const QUIET_VCF_NODES: u64 = 2_000;
/// Default node limit of each inner VCF search.
pub const DEFAULT_VCF_NODES: u64 = 20_000;

/// Limits of one VCT search.
#[derive(Clone, Copy, Debug)]
pub struct VctLimits {
    /// Tree nodes to create at most.
    pub nodes: u64,
    /// Total work limit: tree nodes plus inner VCF nodes (a deterministic time limit).
    pub work: u64,
    /// Wall-clock limit, if any.
    pub time: Option<Duration>,
    /// Attacker moves along one branch at most.
    pub max_attacks: u32,
    /// Depth limit of inner VCF searches.
    pub vcf_fours: u32,
    /// Node limit of each inner VCF search.
    pub vcf_nodes: u64,
    /// Also try quiet moves (closed threes) that set up a VCF.
    pub quiet: bool,
}

impl Default for VctLimits {
    fn default() -> Self {
        VctLimits {
            nodes: DEFAULT_NODES,
            work: u64::MAX,
            time: None,
            max_attacks: DEFAULT_MAX_ATTACKS,
            vcf_fours: DEFAULT_VCF_FOURS,
            vcf_nodes: DEFAULT_VCF_NODES,
            quiet: true,
        }
    }
}

/// What a VCT search found.
#[derive(Clone, Debug)]
pub struct VctResult {
    /// Proven win.
    pub win: bool,
    /// Proven: no win within the threat space and the depth limit (no limit was hit).
    pub disproven: bool,
    /// A representative line of the proof (attacker first, ending with the attacker's five).
    pub line: Vec<Pos>,
    /// Tree nodes created.
    pub nodes: u64,
    /// Inner VCF nodes searched.
    pub vcf_nodes: u64,
}

/// One tree node: the move leading to it, its numbers and its children (a contiguous range).
#[derive(Clone, Copy)]
struct Node {
    mv: Pos,
    pn: u32,
    dn: u32,
    first: u32,
    len: u32,
    expanded: bool,
    attacks: u32,
}

/// A VCT solver: proof-number search with an inner VCF solver and a table of solved positions.
pub struct Vct {
    vcf: Vcf,
    nodes: Vec<Node>,
    limits: VctLimits,
    attacker: Color,
    /// Solved positions: hash -> (win, attacker moves made before it when solved).
    solved: FxHashMap<u64, (bool, u32)>,
    /// The VCF threat line of each open defender node, by node index.
    threats: FxHashMap<u32, Vec<Pos>>,
    /// The threat line found by the last defender evaluation, until its node is stored.
    pending: Option<Vec<Pos>>,
    /// Whether the current iteration cut a branch at the attacker-move limit.
    cut: bool,
    /// When the wall-clock limit runs out, if there is one.
    deadline: Option<Instant>,
}

impl Default for Vct {
    fn default() -> Self {
        Vct::new()
    }
}

impl Vct {
    /// A solver with default tables.
    pub fn new() -> Vct {
        Vct::with_table_bits(super::vcf::DEFAULT_TT_BITS)
    }

    /// A solver whose VCF table has `2^bits` entries (of 16 bytes).
    pub fn with_table_bits(bits: u32) -> Vct {
        Vct {
            vcf: Vcf::new(bits),
            nodes: Vec::new(),
            limits: VctLimits::default(),
            attacker: Color::Black,
            solved: FxHashMap::default(),
            threats: FxHashMap::default(),
            pending: None,
            cut: false,
            deadline: None,
        }
    }

    /// Searches for a VCT of the side to move, deepening the attacker-move limit one step at a
    /// time up to `limits.max_attacks`. The board is left as it was.
    pub fn solve(&mut self, b: &mut Board, limits: VctLimits) -> VctResult {
        let start = Instant::now();
        let vcf_before = self.vcf.total_nodes;
        self.limits = limits;
        self.deadline = limits.time.map(|t| start + t);
        self.vcf.deadline = self.deadline;
        self.attacker = b.side_to_move();
        let mut total = 0;
        let mut result = VctResult {
            win: false,
            disproven: false,
            line: Vec::new(),
            nodes: 0,
            vcf_nodes: 0,
        };
        for depth in 1..=limits.max_attacks {
            self.limits.max_attacks = depth;
            self.cut = false;
            let done = total + self.vcf.total_nodes - vcf_before;
            let (pn, dn) = self.search(b, limits.nodes.saturating_sub(total), start, done);
            total += self.nodes.len() as u64;
            if pn == 0 {
                result.win = true;
                result.line = self.principal_line(b);
                break;
            }
            if dn != 0 {
                break;
            }
            if !self.cut {
                result.disproven = true;
                break;
            }
        }
        result.nodes = total;
        result.vcf_nodes = self.vcf.total_nodes - vcf_before;
        result
    }

    /// One proof-number search under the current limits; returns the root's numbers.
    fn search(&mut self, b: &mut Board, budget: u64, start: Instant, done: u64) -> (u32, u32) {
        let work_start = self.vcf.total_nodes;
        self.nodes.clear();
        self.solved.clear();
        self.threats.clear();
        let root = self.create(b, Pos::NONE, 0);
        self.nodes.push(root);
        let mut path = Vec::new();
        while self.nodes[0].pn != 0 && self.nodes[0].dn != 0 {
            let work = self.vcf.total_nodes - work_start + self.nodes.len() as u64 + done;
            if self.nodes.len() as u64 >= budget
                || work >= self.limits.work
                || self.limits.time.is_some_and(|t| start.elapsed() >= t)
            {
                break;
            }
            self.descend(b, &mut path);
            let leaf = path.last().copied().unwrap_or(0);
            self.expand(b, leaf);
            self.back_up(b, &mut path);
        }
        (self.nodes[0].pn, self.nodes[0].dn)
    }

    /// From the root, follows the most-proving children to an unexpanded node, playing the moves.
    fn descend(&mut self, b: &mut Board, path: &mut Vec<u32>) {
        let mut n = 0u32;
        path.clear();
        path.push(0);
        while self.nodes[n as usize].expanded {
            let node = self.nodes[n as usize];
            let or = b.side_to_move() == self.attacker;
            let kids = node.first..node.first + node.len;
            let best = kids
                .min_by_key(|&c| {
                    let k = &self.nodes[c as usize];
                    if or {
                        k.pn
                    } else {
                        k.dn
                    }
                })
                .expect("expanded unsolved node has children");
            b.make(self.nodes[best as usize].mv);
            path.push(best);
            n = best;
        }
    }

    /// Recomputes the numbers along `path` from the leaf up and takes the moves back.
    fn back_up(&mut self, b: &mut Board, path: &mut Vec<u32>) {
        while let Some(n) = path.pop() {
            let or = b.side_to_move() == self.attacker;
            self.update(n, or);
            let node = self.nodes[n as usize];
            if node.pn == 0 || node.dn == 0 {
                self.solved.insert(b.hash(), (node.pn == 0, node.attacks));
            }
            if !path.is_empty() {
                b.unmake();
            }
        }
    }

    /// Sets an expanded node's numbers from its children.
    fn update(&mut self, n: u32, or: bool) {
        let node = self.nodes[n as usize];
        if !node.expanded {
            return;
        }
        let kids = &self.nodes[node.first as usize..(node.first + node.len) as usize];
        let (mut pn, mut dn) = if or { (INF, 0) } else { (0, INF) };
        for k in kids {
            if or {
                pn = pn.min(k.pn);
                dn = (dn + k.dn).min(INF);
            } else {
                pn = (pn + k.pn).min(INF);
                dn = dn.min(k.dn);
            }
        }
        if node.len == 0 {
            (pn, dn) = if or { (INF, 0) } else { (0, INF) };
        }
        let m = &mut self.nodes[n as usize];
        m.pn = pn;
        m.dn = dn;
    }

    /// A new node for the current position (reached by `mv`), evaluated at once where possible.
    fn create(&mut self, b: &mut Board, mv: Pos, attacks: u32) -> Node {
        let mut node = Node {
            mv,
            pn: 1,
            dn: 1,
            first: 0,
            len: 0,
            expanded: false,
            attacks,
        };
        let known = self
            .solved
            .get(&b.hash())
            .filter(|&&(win, used)| win || used <= attacks)
            .map(|&(win, _)| win);
        let value = if known.is_some() {
            known
        } else if b.side_to_move() == self.attacker {
            self.eval_attacker(b, attacks)
        } else {
            self.eval_defender(b)
        };
        if let Some(win) = value {
            self.solved.insert(b.hash(), (win, attacks));
        }
        match value {
            Some(true) => (node.pn, node.dn) = (0, INF),
            Some(false) => (node.pn, node.dn) = (INF, 0),
            None => {}
        }
        node
    }

    /// Attacker to move: a five, a VCF, or out of depth; `None` if still open.
    fn eval_attacker(&mut self, b: &mut Board, attacks: u32) -> Option<bool> {
        let att = self.attacker;
        if b.has_five_point(att) {
            return Some(true);
        }
        if b.count(att.opp(), Combo::Five) >= 2 {
            return Some(false);
        }
        if self.vcf(b).is_win() {
            return Some(true);
        }
        if attacks >= self.limits.max_attacks {
            self.cut = true;
            return Some(false);
        }
        None
    }

    /// Defender to move: a defender five loses the proof; a four must be blocked (expanded
    /// later); any other threat must leave a VCF against a pass.
    fn eval_defender(&mut self, b: &mut Board) -> Option<bool> {
        let att = self.attacker;
        if b.has_five_point(att.opp()) {
            return Some(false);
        }
        if b.has_five_point(att) {
            return None;
        }
        let quiet = b.last_move().is_some_and(|m| !is_open_three(b, m, att));
        b.pass();
        let threat = if quiet {
            let fours = (self.limits.max_attacks + VCF_FOURS_OVER_DEPTH).min(self.limits.vcf_fours);
            self.vcf.solve(b, fours, QUIET_VCF_NODES)
        } else {
            self.vcf(b)
        };
        b.unmake();
        match threat {
            VcfOutcome::Win(line) => {
                self.pending = Some(line);
                None
            }
            _ => Some(false),
        }
    }

    /// The inner VCF search of the side to move.
    fn vcf(&mut self, b: &mut Board) -> VcfOutcome {
        let fours = (self.limits.max_attacks + VCF_FOURS_OVER_DEPTH).min(self.limits.vcf_fours);
        let nodes = self.limits.vcf_nodes;
        self.vcf.solve(b, fours, nodes)
    }

    /// Generates and evaluates the children of leaf `n` (the board is at `n`).
    fn expand(&mut self, b: &mut Board, n: u32) {
        let node = self.nodes[n as usize];
        let or = b.side_to_move() == self.attacker;
        let moves = if or {
            self.attacker_moves(b)
        } else {
            self.defender_moves(b, n)
        };
        let attacks = node.attacks + u32::from(or);
        let first = self.nodes.len() as u32;
        for &m in &moves {
            // Out of time in the middle: drop the children made so far and leave the node
            // unexpanded (a node with some of its children could be proven falsely); the
            // search loop sees the clock next and stops.
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.nodes.truncate(first as usize);
                self.threats.retain(|&k, _| k < first);
                self.pending = None;
                return;
            }
            b.make(m);
            let child = self.create(b, m, attacks);
            b.unmake();
            if let Some(line) = self.pending.take() {
                self.threats.insert(self.nodes.len() as u32, line);
            }
            self.nodes.push(child);
        }
        let e = &mut self.nodes[n as usize];
        e.first = first;
        e.len = moves.len() as u32;
        e.expanded = true;
    }

    /// The attacker's threats: the block of a defender four, or every legal four and open three.
    fn attacker_moves(&mut self, b: &mut Board) -> Moves {
        let att = self.attacker;
        if b.count(att.opp(), Combo::Five) == 1 {
            let q = b.five_points(att.opp())[0];
            return if b.is_legal_for(q, att) {
                Moves::from_elem(q, 1)
            } else {
                Moves::new()
            };
        }
        let mut moves = super::threat_moves(b, att);
        let recent: Points = b.history().iter().rev().take(4).copied().collect();
        let near = |p: Pos| recent.iter().map(|&r| p.distance(r)).min().unwrap_or(0);
        moves.sort_by_cached_key(|&p| (Combo::Five as usize - b.combo(p, att) as usize, near(p)));
        if self.limits.quiet {
            let mut quiet = super::quiet_moves(b, att);
            quiet.sort_by_cached_key(|&p| near(p));
            moves.extend(quiet);
        }
        moves
    }

    /// The defender's answers: the legal blocks of a four, or every legal move that stops the
    /// attacker's VCF threat.
    fn defender_moves(&mut self, b: &mut Board, n: u32) -> Moves {
        let att = self.attacker;
        let def = att.opp();
        if b.has_five_point(att) {
            let fives = b.five_points(att);
            return fives
                .into_iter()
                .filter(|&q| b.is_legal_for(q, def))
                .collect();
        }
        let line = self
            .threats
            .remove(&n)
            .expect("an open defender node without a four has a VCF threat");
        defences(b, &line)
    }

    /// A representative line of a proven tree, completed by the VCF at its end (or, where the
    /// tree ends in a transposition, by a line proven again from there).
    fn principal_line(&mut self, b: &mut Board) -> Vec<Pos> {
        let mut line = Vec::new();
        let mut n = 0usize;
        while self.nodes[n].expanded {
            let node = self.nodes[n];
            let kids = node.first as usize..(node.first + node.len) as usize;
            let Some(k) = kids.into_iter().find(|&k| self.nodes[k].pn == 0) else {
                break;
            };
            b.make(self.nodes[k].mv);
            line.push(self.nodes[k].mv);
            n = k;
        }
        let played = line.len();
        if b.side_to_move() == self.attacker {
            if let VcfOutcome::Win(tail) = self.vcf.solve(b, 255, u64::MAX) {
                line.extend(tail);
            } else {
                // Proven through a transposition: prove this node again on its own.
                let limits = VctLimits {
                    time: None,
                    ..self.limits
                };
                line.extend(Vct::new().solve(b, limits).line);
            }
        }
        for _ in 0..played {
            b.unmake();
        }
        line
    }
}

/// Whether the `c` stone on `m` is part of an open three through it (read from the line tables).
fn is_open_three(b: &Board, m: Pos, c: Color) -> bool {
    (0..4).any(|d| b.line_pattern(m, d, c) == crate::rules::Pattern::F3)
}
