//! Replays a claimed VCF line on a board and checks every step with the rule primitives alone:
//! each attacker move is legal (never a renju foul), blocks any defender four, and makes a four;
//! each defender move is a forced block (or [`Pos::NONE`] when every block is a foul for it); the
//! defender never has a five of its own; the last attacker move makes five.
//!
//! The VCT solver also uses the replay to decide which defender moves a VCF survives.

use crate::board::{Board, Points, Pos};
use crate::rules::{Color, Combo};

/// Checks a VCF line for the side to move. The board is left as it was.
pub fn verify_vcf(b: &mut Board, line: &[Pos]) -> Result<(), String> {
    replay_vcf(b, line).map(|_| ())
}

/// As [`verify_vcf`]; on success, whether the line's validity depended on a renju foul check of
/// a candidate shape ([`Combo::Forbid`]), which stones far from the line can change.
pub fn replay_vcf(b: &mut Board, line: &[Pos]) -> Result<bool, String> {
    let att = b.side_to_move();
    let mut played = 0;
    let result = steps(b, att, line, &mut played);
    for _ in 0..played {
        b.unmake();
    }
    result
}

/// Plays the line step by step, counting the moves made in `played`.
fn steps(b: &mut Board, att: Color, line: &[Pos], played: &mut usize) -> Result<bool, String> {
    let def = att.opp();
    let mut sensitive = false;
    if line.is_empty() {
        return Err("empty line".into());
    }
    for (i, &m) in line.iter().enumerate() {
        if i % 2 == 0 {
            if b.is_win_move(m, att) {
                return if i + 1 == line.len() {
                    Ok(sensitive)
                } else {
                    Err(format!("move {i}: five before the end"))
                };
            }
            attacker_step(b, att, m, i, line.len(), &mut sensitive)?;
        } else {
            defender_step(b, def, line[i - 1], m, i, &mut sensitive)?;
        }
        if !m.is_none() {
            b.make(m);
        } else {
            b.pass();
        }
        *played += 1;
    }
    Err("the line does not end with a five".into())
}

/// Checks attacker move `m` (not a five) at index `i` of a line of `len` moves.
fn attacker_step(
    b: &mut Board,
    att: Color,
    m: Pos,
    i: usize,
    len: usize,
    sensitive: &mut bool,
) -> Result<(), String> {
    let def = att.opp();
    if i + 1 == len {
        return Err(format!("move {i}: the last attacker move is not a five"));
    }
    if m.is_none() || !b.is_empty(m) {
        return Err(format!("move {i}: {m:?} is not an empty cell"));
    }
    if b.has_five_point(att) {
        return Err(format!("move {i}: misses an own five"));
    }
    if b.rule().has_fouls(att) && b.combo(m, att) == Combo::Forbid {
        *sensitive = true;
    }
    if !b.is_legal_for(m, att) {
        return Err(format!("move {i}: {m:?} is a foul"));
    }
    if !b.makes_four(m, att) {
        return Err(format!("move {i}: {m:?} makes no four"));
    }
    match b.count(def, Combo::Five) {
        0 => Ok(()),
        1 if b.five_points(def)[..] == [m] => Ok(()),
        _ => Err(format!("move {i}: leaves a defender five-point")),
    }
}

/// Checks defender move `r` at index `i`, answering the attacker's four `m`.
fn defender_step(
    b: &mut Board,
    def: Color,
    m: Pos,
    r: Pos,
    i: usize,
    sensitive: &mut bool,
) -> Result<(), String> {
    let att = def.opp();
    if b.has_five_point(def) {
        return Err(format!("move {i}: the defender has a five"));
    }
    let fives = b.five_points_near(m, att);
    if fives.is_empty() {
        return Err(format!("move {i}: the attacker's {m:?} is not a four"));
    }
    if b.rule().has_fouls(def) && fives.iter().any(|&q| b.combo(q, def) == Combo::Forbid) {
        *sensitive = true;
    }
    let legal: Points = fives
        .iter()
        .copied()
        .filter(|&q| b.is_legal_for(q, def))
        .collect();
    if r.is_none() {
        return if legal.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "move {i}: the defender can block at {:?}",
                legal[0]
            ))
        };
    }
    if !legal.contains(&r) {
        return Err(format!("move {i}: {r:?} is not a legal block"));
    }
    if b.rule().has_fouls(def) && b.combo(r, def) == Combo::Forbid {
        *sensitive = true;
    }
    Ok(())
}
