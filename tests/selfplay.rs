//! Self-play check (run on demand): two engine processes play each other through the protocol
//! from the opening suites, refereed by `Board::judge`, with every answer timed against its
//! budget. Counts illegal moves, fouls and overruns, and reports the slowest answer.
//!
//! `cargo test --release --test selfplay -- --ignored --nocapture`; `KAKUGO_SELFPLAY_GAMES`
//! (default 100) and `KAKUGO_SELFPLAY_MS` (default 200) change the run.

mod support;

use kakugo::board::notation::parse_moves;
use kakugo::board::{Board, Dims, Pos, Verdict};
use kakugo::rules::{Color, Rule};
use std::time::{Duration, Instant};
use support::{board_lines, send_block, Engine};

/// Game time per player (ms); `time_left` is sent before every move as managers do.
const MATCH_MS: i64 = 600_000;

fn env_or(key: &str, default: u64) -> u64 {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Openings of one suite file.
fn suite(file: &str, dims: Dims) -> Vec<Vec<Pos>> {
    let path = format!("{}/tournaments/openings/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| parse_moves(l, dims).ok())
        .collect()
}

#[derive(Default)]
struct Tally {
    games: usize,
    moves: usize,
    wins: [usize; 2],
    draws: usize,
    illegal: usize,
    fouls: usize,
    overruns: usize,
    slowest: Duration,
    total: Duration,
}

/// One engine's side of a game.
struct Player {
    engine: Engine,
    left: i64,
    started: bool,
}

impl Player {
    /// Asks for a move after `last` (or the whole position on the first move), timed.
    fn ask(&mut self, board: &Board) -> ((i64, i64), Duration) {
        self.engine.send(&format!("INFO time_left {}", self.left));
        let t = Instant::now();
        if self.started {
            let p = board.last_move().expect("a move was played");
            self.engine.send(&format!("TURN {},{}", p.x(), p.y()));
        } else {
            let moves: Vec<(i64, i64)> = board
                .history()
                .iter()
                .map(|p| (p.x() as i64, p.y() as i64))
                .collect();
            send_block(&mut self.engine, "BOARD", &board_lines(&moves));
            self.started = true;
        }
        let m = self.engine.reply_move();
        let dt = t.elapsed();
        self.left -= dt.as_millis() as i64;
        (m, dt)
    }
}

fn new_game(p: &mut Player, rule: u8, size: usize, turn_ms: u64) {
    p.engine.send_all(&[
        &format!("START {size}"),
        &format!("INFO rule {rule}"),
        &format!("INFO timeout_turn {turn_ms}"),
        &format!("INFO timeout_match {MATCH_MS}"),
        "INFO max_memory 367001600",
    ]);
    assert_eq!(p.engine.reply(), "OK");
    p.left = MATCH_MS;
    p.started = false;
}

/// Plays one game; `black` is the index of the player with Black.
fn play(players: &mut [Player; 2], mut board: Board, black: usize, turn_ms: u64, t: &mut Tally) {
    let cap = board.dims().area() - 25;
    loop {
        if board.is_full() || board.stone_count() >= cap {
            t.draws += 1;
            return;
        }
        let side = board.side_to_move();
        let who = if side == Color::Black {
            black
        } else {
            1 - black
        };
        let (m, dt) = players[who].ask(&board);
        t.moves += 1;
        t.total += dt;
        t.slowest = t.slowest.max(dt);
        if dt > Duration::from_millis(turn_ms) {
            t.overruns += 1;
            eprintln!("overrun: {} ms", dt.as_millis());
        }
        let Some(p) = board.dims().pos(m.0, m.1) else {
            t.illegal += 1;
            return;
        };
        match board.judge(p) {
            Verdict::Illegal => {
                t.illegal += 1;
                return;
            }
            Verdict::Foul(f) => {
                t.fouls += 1;
                eprintln!("foul {f:?} at {m:?}");
                return;
            }
            Verdict::Win => {
                t.wins[side.index()] += 1;
                return;
            }
            Verdict::Normal => board.make(p),
        }
    }
}

#[test]
#[ignore = "slow: run on demand with --ignored --nocapture"]
fn selfplay_check() {
    let games = env_or("KAKUGO_SELFPLAY_GAMES", 100) as usize;
    let turn_ms = env_or("KAKUGO_SELFPLAY_MS", 200);
    let d15 = Dims::square(15).unwrap();
    let d20 = Dims::square(20).unwrap();
    // (rule, INFO rule value, board, openings): freestyle alternates 15×15 and 20×20.
    let setups = [
        (Rule::Freestyle, 0u8, d15, suite("freestyle15.pos.txt", d15)),
        (Rule::Standard, 1, d15, suite("standard15.pos.txt", d15)),
        (Rule::Renju, 4, d15, suite("renju15.pos.txt", d15)),
        (Rule::Caro, 8, d15, suite("freestyle15.pos.txt", d15)),
        (Rule::Freestyle, 0, d20, suite("freestyle20.pos.txt", d20)),
    ];
    let mut players = [0, 1].map(|_| Player {
        engine: Engine::spawn(),
        left: MATCH_MS,
        started: false,
    });
    let mut t = Tally::default();
    let mut per_rule = [0usize; 5];
    for g in 0..games {
        let pair = g / 2;
        let k = pair % setups.len();
        let (rule, mask, dims, openings) = &setups[k];
        let opening = &openings[(pair / setups.len()) % openings.len()];
        let mut board = Board::new(*rule, *dims);
        for &p in opening {
            board.make(p);
        }
        for p in players.iter_mut() {
            new_game(p, *mask, dims.w, turn_ms);
        }
        play(&mut players, board, g % 2, turn_ms, &mut t);
        t.games += 1;
        per_rule[k] += 1;
    }
    let mean = t.total.as_secs_f64() * 1000.0 / t.moves.max(1) as f64;
    println!(
        "selfplay: {} games ({per_rule:?} freestyle15/standard/renju/caro/freestyle20), {} moves, \
         black {} white {} draws {}, illegal {}, fouls {}, overruns {}, slowest answer {} ms of \
         {turn_ms} ms, mean {mean:.1} ms",
        t.games,
        t.moves,
        t.wins[0],
        t.wins[1],
        t.draws,
        t.illegal,
        t.fouls,
        t.overruns,
        t.slowest.as_millis()
    );
    assert_eq!(t.illegal, 0, "illegal moves");
    assert_eq!(t.fouls, 0, "fouls");
    assert_eq!(t.overruns, 0, "answers over the turn time");
    for p in players {
        p.engine.end();
    }
}
