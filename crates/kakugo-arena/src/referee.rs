//! One game: starting both engines, sending them the opening and the moves as a Piskvork manager
//! does (or, under an opening rule, carrying the engines' opening decisions to each other, see
//! [`super::opening_rule`]), keeping each player's clocks (per move and per game, with a
//! tolerance, as Gomocup rules them), judging every move with the rules core (five, renju foul,
//! illegal cell), and ending both engines whatever happened.

use super::config::{EngineSpec, Limits};
use super::engine::{about_name, describe, is_noise, parse_xy, Engine, Failure, END_GRACE};
use super::opening_rule::{self, OpeningRule, Seat, Talk};
use kakugo::board::{Board, Dims, Pos, Verdict};
use kakugo::rules::{Color, Rule};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// What a game is played with.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The rule.
    pub rule: Rule,
    /// The board size.
    pub dims: Dims,
    /// Opening stones in move order, Black first.
    pub opening: Vec<Pos>,
    /// The opening rule the engines play (then `opening` is empty and the engines given to
    /// [`play`] are the first and the second player, not Black and White).
    pub opening_rule: OpeningRule,
    /// Clocks and protocol settings.
    pub limits: Limits,
    /// Draw when this many stones are on the board (0 = only when full).
    pub draw_after: usize,
}

pub use crate::record::GameRecord;

/// An engine in a game, with its clock.
struct Player {
    engine: Engine,
    name: String,
    used_ms: u64,
    has_board: bool,
}

/// Why a player loses (or why nobody could play).
type Loss = String;

/// Starts one engine and brings it to the point where it can be asked for a move.
fn start(
    spec: &EngineSpec,
    s: &Setup,
    stop: &AtomicBool,
) -> Result<Player, (Loss, Option<Engine>)> {
    let mut engine = Engine::spawn(&spec.cmd).map_err(|e| (format!("cannot start: {e}"), None))?;
    let deadline = Some(Instant::now() + std::time::Duration::from_millis(s.limits.startup_ms));
    let about = engine.about(deadline, stop);
    let about = match about {
        Ok(a) => a,
        Err(why) => return Err((why, Some(engine))),
    };
    let name = spec
        .name
        .clone()
        .or_else(|| about_name(&about))
        .unwrap_or_else(|| spec.cmd.clone());
    if let Err(why) = engine.start_board(s.dims, deadline, stop) {
        return Err((why, Some(engine)));
    }
    let l = &s.limits;
    engine.send(&format!("INFO timeout_turn {}", l.turn_ms));
    engine.send(&format!("INFO timeout_match {}", l.match_ms));
    engine.send(&format!("INFO max_memory {}", l.max_memory));
    if l.max_node > 0 {
        engine.send(&format!("INFO max_node {}", l.max_node));
    }
    engine.send(&format!("INFO game_type {}", l.game_type));
    engine.send(&format!("INFO rule {}", s.rule.info_code()));
    for kv in &spec.info {
        engine.send(&format!("INFO {kv}"));
    }
    if l.suspend {
        engine.suspend();
    }
    Ok(Player {
        engine,
        name,
        used_ms: 0,
        has_board: false,
    })
}

/// A player's time limit for its next answer (`None`: none) and the `time_left` to show it.
fn budget(p: &Player, l: &Limits) -> (Option<u64>, u64) {
    let left = l.match_ms.saturating_sub(p.used_ms);
    let limit = match (l.turn_ms, l.match_ms) {
        (0, 0) => None,
        (0, _) => Some(left),
        (t, 0) => Some(t),
        (t, _) => Some(t.min(left)),
    };
    (limit, if l.match_ms > 0 { left } else { 2_147_483_647 })
}

/// Asks the player on move for its move; returns the reply cell (unchecked) and the time taken,
/// or why it loses.
fn ask(
    p: &mut Player,
    board: &Board,
    l: &Limits,
    stop: &AtomicBool,
) -> Result<((i64, i64), u64), Loss> {
    let (limit, shown_left) = budget(p, l);
    p.engine.resume();
    let t0 = Instant::now();
    let deadline = limit.map(|ms| t0 + std::time::Duration::from_millis(ms + l.tolerance_ms));
    p.engine.send(&format!("INFO time_left {shown_left}"));
    let hist = board.history();
    if !p.has_board {
        p.has_board = true;
        if hist.is_empty() {
            p.engine.send("BEGIN");
        } else {
            p.engine.send("BOARD");
            // The side to move's stones are "1": they are the ones of the parity of the next move.
            let own = hist.len() % 2;
            for (i, m) in hist.iter().enumerate() {
                let f = if i % 2 == own { 1 } else { 2 };
                p.engine.send(&format!("{},{},{f}", m.x(), m.y()));
            }
            p.engine.send("DONE");
        }
    } else {
        let m = hist.last().expect("the opponent has moved");
        p.engine.send(&format!("TURN {},{}", m.x(), m.y()));
    }
    let reply = loop {
        match p.engine.line(deadline, stop) {
            Ok(l) if is_noise(&l) => {}
            Ok(l) if l.to_ascii_uppercase().starts_with("SUGGEST") => {
                let xy = l[7..].trim().to_string();
                p.engine.send(&format!("PLAY {xy}"));
            }
            Ok(l) => break l,
            Err(Failure::Timeout) => return Err("lost on time (no answer)".into()),
            Err(f) => return Err(describe(&f, "a move")),
        }
    };
    let ms = t0.elapsed().as_millis() as u64;
    if l.suspend {
        p.engine.suspend();
    }
    p.used_ms += ms;
    if let Some(lim) = limit {
        if ms > lim + l.tolerance_ms {
            return Err(format!("lost on time ({ms} ms)"));
        }
    }
    let xy = parse_xy(&reply).ok_or_else(|| format!("unparsable reply {reply:?}"))?;
    Ok((xy, ms))
}

/// Sends an opening command's lines to a player and hands its reply lines to `take` until it is
/// satisfied, on the player's clock as a move is; returns the time taken or why the player loses.
fn exchange(
    p: &mut Player,
    lines: &[String],
    l: &Limits,
    stop: &AtomicBool,
    take: &mut dyn FnMut(&str) -> Result<bool, String>,
) -> Result<u64, Loss> {
    let (limit, shown_left) = budget(p, l);
    p.engine.resume();
    let t0 = Instant::now();
    let deadline = limit.map(|ms| t0 + std::time::Duration::from_millis(ms + l.tolerance_ms));
    p.engine.send(&format!("INFO time_left {shown_left}"));
    let result = p.engine.exchange(lines, deadline, stop, take);
    let ms = t0.elapsed().as_millis() as u64;
    if l.suspend {
        p.engine.suspend();
    }
    p.used_ms += ms;
    result?;
    match limit {
        Some(lim) if ms > lim + l.tolerance_ms => Err(format!("lost on time ({ms} ms)")),
        _ => Ok(ms),
    }
}

/// The two players of an opening, in seat order, with the clock settings.
struct Seats<'a> {
    ps: &'a mut [Player],
    limits: &'a Limits,
    stop: &'a AtomicBool,
}

impl Talk for Seats<'_> {
    fn exchange(
        &mut self,
        who: Seat,
        lines: &[String],
        take: &mut dyn FnMut(&str) -> Result<bool, String>,
    ) -> Result<u64, String> {
        exchange(
            &mut self.ps[who.index()],
            lines,
            self.limits,
            self.stop,
            take,
        )
    }
}

/// Plays one game between `black` and `white` (under an opening rule: between the first and
/// the second player, whose colours the opening decides); `stop` aborts it.
pub fn play(s: &Setup, black: &EngineSpec, white: &EngineSpec, stop: &AtomicBool) -> GameRecord {
    let mut rec = GameRecord {
        names: [
            black.name.clone().unwrap_or_else(|| black.cmd.clone()),
            white.name.clone().unwrap_or_else(|| white.cmd.clone()),
        ],
        rule: s.rule,
        dims: s.dims,
        moves: s.opening.iter().map(|&p| (p, 0)).collect(),
        opening_len: s.opening.len(),
        opening_rule: s.opening_rule,
        steps: Vec::new(),
        first_black: true,
        winner: None,
        reason: String::new(),
        interrupted: false,
    };
    let started = [start(black, s, stop), start(white, s, stop)];
    let mut players: Vec<Option<Player>> = Vec::new();
    let mut failed: Vec<(Color, Loss)> = Vec::new();
    let mut leftovers = Vec::new();
    for (c, st) in [Color::Black, Color::White].into_iter().zip(started) {
        match st {
            Ok(p) => {
                rec.names[c.index()] = p.name.clone();
                players.push(Some(p));
            }
            Err((why, e)) => {
                failed.push((c, why));
                leftovers.extend(e);
                players.push(None);
            }
        }
    }
    match failed.len() {
        0 => {
            let mut ps: Vec<Player> = players.into_iter().flatten().collect();
            let (winner, reason) = referee(s, &mut ps, &mut rec, stop);
            rec.winner = winner;
            rec.reason = reason;
            leftovers.extend(ps.into_iter().map(|p| p.engine));
        }
        1 => {
            let (c, why) = failed.remove(0);
            rec.winner = Some(c.opp());
            rec.reason = format!("{} {why}", rec.names[c.index()]);
            leftovers.extend(players.into_iter().flatten().map(|p| p.engine));
        }
        _ => {
            rec.reason = format!("neither engine started ({}; {})", failed[0].1, failed[1].1);
        }
    }
    rec.interrupted = stop.load(std::sync::atomic::Ordering::SeqCst);
    for e in leftovers.iter_mut() {
        e.send_end();
    }
    let deadline = Instant::now() + END_GRACE;
    for e in leftovers {
        e.finish(deadline);
    }
    rec
}

/// The move loop; returns the winner and the reason.
fn referee(
    s: &Setup,
    ps: &mut [Player],
    rec: &mut GameRecord,
    stop: &AtomicBool,
) -> (Option<Color>, String) {
    let mut board = Board::new(s.rule, s.dims);
    for &p in &s.opening {
        board.make(p);
    }
    if s.opening_rule != OpeningRule::None {
        let mut seats = Seats {
            ps,
            limits: &s.limits,
            stop,
        };
        let o = opening_rule::negotiate(s.opening_rule, s.rule, s.dims, &mut seats);
        for &p in &o.stones {
            board.make(p);
        }
        rec.moves = o.stones.iter().map(|&p| (p, 0)).collect();
        rec.opening_len = o.stones.len();
        rec.steps = o.steps;
        if o.black == Seat::Second {
            ps.swap(0, 1);
            rec.names.swap(0, 1);
            rec.first_black = false;
        }
        if let Some((seat, why)) = o.fault {
            let c = if seat == o.black {
                Color::Black
            } else {
                Color::White
            };
            return (Some(c.opp()), format!("{} {why}", ps[c.index()].name));
        }
    }
    loop {
        if board.is_full() {
            return (None, "draw: the board is full".into());
        }
        if s.draw_after > 0 && board.stone_count() >= s.draw_after {
            return (None, format!("draw: {} stones", board.stone_count()));
        }
        let c = board.side_to_move();
        let p = &mut ps[c.index()];
        let name = p.name.clone();
        let ((x, y), ms) = match ask(p, &board, &s.limits, stop) {
            Ok(r) => r,
            Err(why) => return (Some(c.opp()), format!("{name} {why}")),
        };
        let Some(cell) = s.dims.pos(x, y) else {
            return (
                Some(c.opp()),
                format!("{name} played off the board ({x},{y})"),
            );
        };
        rec.moves.push((cell, ms));
        match board.judge(cell) {
            Verdict::Illegal => {
                return (
                    Some(c.opp()),
                    format!("{name} played an occupied cell ({x},{y})"),
                )
            }
            Verdict::Foul(f) => {
                return (
                    Some(c.opp()),
                    format!("{name} played a foul ({}) at {x},{y}", f.name()),
                )
            }
            Verdict::Win => return (Some(c), format!("{name} made five")),
            Verdict::Normal => board.make(cell),
        }
    }
}
