//! Victory by continuous fours: a depth-first search in which the attacker only makes fours (or
//! blocks a defender four with a move that makes a four) and every defender reply is the forced
//! block, with its own transposition table of refuted positions and node and depth limits.
//!
//! Renju is exact: Black never plays a foul, a Black five wins even where the shape would
//! otherwise be forbidden, and a White four whose only block is a Black foul wins at once. A
//! position where the defender has two five-points is lost for the attacker unless it can make
//! five itself.

use super::Moves;
use crate::board::{Board, Points, Pos};
use crate::clock::Instant;
use crate::rules::{Color, Combo, Rule};

/// Default log2 size of the VCF transposition table.
pub const DEFAULT_TT_BITS: u32 = 20;
/// Default depth limit: attacker fours along one line.
pub const MAX_FOURS: u32 = 120;
/// Nodes between looks at the clock when a deadline is set.
pub const VCF_CLOCK_NODES: u64 = 64;

/// What a VCF search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VcfOutcome {
    /// A winning line: attacker first, alternating, ending with the attacker's five; a defender
    /// turn without a legal block is [`Pos::NONE`].
    Win(Vec<Pos>),
    /// No VCF within the depth limit (the whole tree was searched).
    NoWin,
    /// The node limit was reached first.
    Unknown,
}

impl VcfOutcome {
    /// Whether this is a win.
    pub fn is_win(&self) -> bool {
        matches!(self, VcfOutcome::Win(_))
    }
}

/// One transposition-table slot: a refuted position (with the depth it was refuted to) or a won
/// one (with the winning four, tried first when the position comes again).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    depth: u8,
    win: bool,
    mv: Pos,
}

/// A VCF solver with its transposition table; reuse it across searches on the same rule.
pub struct Vcf {
    tt: Vec<Entry>,
    mask: usize,
    nodes: u64,
    limit: u64,
    aborted: bool,
    /// Give up (as at the node limit) once this instant has passed, if set.
    pub deadline: Option<Instant>,
    /// The rule the table's entries were found under (the hash does not include it).
    rule: Option<Rule>,
    /// Nodes searched over the solver's lifetime.
    pub total_nodes: u64,
}

impl Default for Vcf {
    fn default() -> Self {
        Vcf::new(DEFAULT_TT_BITS)
    }
}

impl Vcf {
    /// A solver with a table of `2^bits` entries.
    pub fn new(bits: u32) -> Vcf {
        Vcf {
            tt: vec![Entry::default(); 1 << bits],
            mask: (1 << bits) - 1,
            nodes: 0,
            limit: 0,
            aborted: false,
            deadline: None,
            rule: None,
            total_nodes: 0,
        }
    }

    /// Nodes of the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Searches for a VCF of the side to move of at most `max_fours` fours within `node_limit`
    /// nodes. The board is left as it was.
    pub fn solve(&mut self, b: &mut Board, max_fours: u32, node_limit: u64) -> VcfOutcome {
        self.nodes = 0;
        self.limit = node_limit;
        self.aborted = false;
        if self.rule.is_some_and(|r| r != b.rule()) {
            self.tt.fill(Entry::default());
        }
        self.rule = Some(b.rule());
        let mut line = Vec::new();
        let won = self.attack(b, max_fours.min(255), &mut line);
        self.total_nodes += self.nodes;
        if won {
            VcfOutcome::Win(line)
        } else if self.aborted {
            VcfOutcome::Unknown
        } else {
            VcfOutcome::NoWin
        }
    }

    /// Attacker to move with `depth` fours left: pushes the winning line and returns true, or
    /// leaves `line` as it was.
    fn attack(&mut self, b: &mut Board, depth: u32, line: &mut Vec<Pos>) -> bool {
        let att = b.side_to_move();
        if b.has_five_point(att) {
            line.push(b.five_points(att)[0]);
            return true;
        }
        if depth == 0 {
            return false;
        }
        self.nodes += 1;
        if self.nodes > self.limit
            || (self.nodes.is_multiple_of(VCF_CLOCK_NODES)
                && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
            return false;
        }
        let key = b.hash();
        let slot = (key as usize) & self.mask;
        let e = self.tt[slot];
        let mut first = Pos::NONE;
        if e.key == key {
            if !e.win && u32::from(e.depth) >= depth {
                return false;
            }
            if e.win {
                first = e.mv;
            }
        }
        for m in candidates(b, att, first) {
            if self.four(b, m, depth, line) {
                self.tt[slot] = Entry {
                    key,
                    depth: depth as u8,
                    win: true,
                    mv: m,
                };
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        self.tt[slot] = Entry {
            key,
            depth: depth as u8,
            win: false,
            mv: Pos::NONE,
        };
        false
    }

    /// The attacker plays the four `m`; the defender answers as it must.
    fn four(&mut self, b: &mut Board, m: Pos, depth: u32, line: &mut Vec<Pos>) -> bool {
        let att = b.side_to_move();
        let def = att.opp();
        let len = line.len();
        b.make(m);
        line.push(m);
        let fives = b.five_points_near(m, att);
        let blocks: Points = fives
            .iter()
            .copied()
            .filter(|&q| b.is_legal_for(q, def))
            .collect();
        let won = if fives.is_empty() {
            false
        } else if blocks.is_empty() {
            // Every completion point is a foul for the defender: five next move.
            line.push(Pos::NONE);
            line.push(fives[0]);
            true
        } else if blocks.len() == 1 {
            b.make(blocks[0]);
            line.push(blocks[0]);
            let w = self.attack(b, depth - 1, line);
            b.unmake();
            w
        } else {
            // Two completion points: whichever the defender blocks, the other makes five.
            let q = blocks[0];
            b.make(q);
            let other = b.five_points_near(m, att).first().copied();
            b.unmake();
            if let Some(f) = other {
                line.push(q);
                line.push(f);
            }
            other.is_some() && self.all_blocks_fail(b, m, &blocks)
        };
        b.unmake();
        if !won {
            line.truncate(len);
        }
        won
    }

    /// Whether every block in `blocks` still leaves the attacker (who played `m`) a five-point.
    fn all_blocks_fail(&self, b: &mut Board, m: Pos, blocks: &[Pos]) -> bool {
        let att = b.side_to_move().opp();
        blocks.iter().all(|&q| {
            b.make(q);
            let ok = !b.five_points_near(m, att).is_empty();
            b.unmake();
            ok
        })
    }
}

/// The attacker's fours in search order: the block of a defender four if there is one (and it
/// makes a four), else every legal four, `first` first, then stronger combos and nearer cells.
fn candidates(b: &mut Board, att: Color, first: Pos) -> Moves {
    let def = att.opp();
    match b.count(def, Combo::Five) {
        0 => {}
        1 => {
            let q = b.five_points(def)[0];
            let ok = b.makes_four(q, att) && b.is_legal_for(q, att);
            return if ok {
                Moves::from_elem(q, 1)
            } else {
                Moves::new()
            };
        }
        _ => return Moves::new(),
    }
    let mut moves = super::four_moves(b, att);
    let h = b.history();
    let recent: Points = h
        .iter()
        .rev()
        .take(4)
        .copied()
        .filter(|p| !p.is_none())
        .collect();
    let key = |p: Pos| {
        let dist = recent.iter().map(|&r| p.distance(r)).min().unwrap_or(0);
        let strength = Combo::Five as usize - b.combo(p, att) as usize;
        (p != first, strength.min(3), dist)
    };
    moves.sort_by_cached_key(|&p| key(p));
    moves
}
