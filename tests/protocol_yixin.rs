//! Yixin-Board's extensions against the real binary, with the exact lines the GUI sends
//! (protocol.md §6–7, opening-rules.md §1 and §7): realtime `POS`/`DONE`/`LOSE`, `yxblock`,
//! `yxblockundo`, `yxblockreset`, `yxbalanceone`/`yxbalancetwo` and `yxsearchdefend`.
//!
//! Yixin-Board writes lower-case lines ending in LF, and before each request sends the whole
//! position: `start W H`, `board` or `yxboard`, `x,y,f` lines (f = 1 for the side to move),
//! `done`.

mod support;

use kakugo::board::{Board, Dims, Pos};
use kakugo::rules::Rule;
use std::time::{Duration, Instant};
use support::{board_lines, parse_move, Engine, PATIENCE};

/// Black to move; both sides have an open four (Black on row 7, x 7..=10; White on row 8): Black
/// wins at 6,7 or 11,7, and every other move loses to White's five at 6,8 or 11,8.
const OPEN_FOURS: [(i64, i64); 8] = [
    (7, 7),
    (7, 8),
    (8, 7),
    (8, 8),
    (9, 7),
    (9, 8),
    (10, 7),
    (10, 8),
];

/// Black to move; White's 7,7 8,7 9,7 is an open three, Black's stones are above and below it.
/// Only 6,7 and 10,7 hold (the search finds Black fine after 6,7); 11,7 (blocking a cell
/// further out) loses to an open four.
const OPEN_THREE: [(i64, i64); 6] = [(8, 6), (7, 7), (8, 8), (8, 7), (6, 9), (9, 7)];

/// Black to move; White threatens a double three at 9,7 (7,7 8,7 and 9,9 9,10). The search
/// proves some root moves lost and finds a defence (9,7) about even.
const DOUBLE_THREAT: [(i64, i64); 8] = [
    (8, 8),
    (7, 7),
    (10, 8),
    (8, 7),
    (6, 6),
    (9, 9),
    (0, 0),
    (9, 10),
];

/// A quiet opening, Black to move: a search of it runs its whole time.
const QUIET: [(i64, i64); 6] = [(7, 7), (8, 8), (6, 8), (8, 6), (8, 7), (6, 7)];

/// Starts the engine as Yixin-Board does (protocol.md §6) with a turn of `turn_ms`.
fn yixin(turn_ms: u64, show_detail: bool) -> Engine {
    let mut e = Engine::spawn();
    e.send_all(&[
        &format!("info show_detail {}", u8::from(show_detail)),
        "yxshowinfo",
        "START 15 15",
    ]);
    while e.line() != "OK" {}
    e.send_all(&[
        &format!("INFO timeout_turn {turn_ms}"),
        "INFO timeout_match 10000000",
        "INFO time_left 10000000",
        "INFO rule 0",
    ]);
    e.sync();
    e
}

/// Sends a position as Yixin-Board does before a request: `start 15 15`, `head` (`board` or
/// `yxboard`), the stones, `done`. The `OK` to `start` is read here.
fn position(e: &mut Engine, head: &str, moves: &[(i64, i64)]) {
    e.send("start 15 15");
    assert_eq!(e.line(), "OK");
    let mut lines = vec![head.to_string()];
    lines.extend(board_lines(moves));
    lines.push("done".into());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    e.send_all(&refs);
}

/// Sends a `yxblock`-style block of cells.
fn cells_block(e: &mut Engine, head: &str, cells: &[(i64, i64)]) {
    let mut lines = vec![head.to_string()];
    lines.extend(cells.iter().map(|(x, y)| format!("{x},{y}")));
    lines.push("done".into());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    e.send_all(&refs);
}

/// Lines up to and including the first one that is not `MESSAGE`/`DEBUG` (the answer).
fn until_answer(e: &mut Engine) -> (Vec<String>, String) {
    let mut before = Vec::new();
    loop {
        let l = e.line();
        if l.starts_with("MESSAGE") || l.starts_with("DEBUG") {
            before.push(l);
        } else {
            return (before, l);
        }
    }
}

/// The cell of a realtime line `MESSAGE REALTIME <kind> x,y`, if it is one.
fn realtime(line: &str, kind: &str) -> Option<(i64, i64)> {
    let rest = line.strip_prefix(&format!("MESSAGE REALTIME {kind} "))?;
    parse_move(rest)
}

fn cells_of(lines: &[String], kind: &str) -> Vec<(i64, i64)> {
    lines.iter().filter_map(|l| realtime(l, kind)).collect()
}

/// The board after `moves` (15×15, freestyle).
fn board_of(moves: &[(i64, i64)]) -> Board {
    let mut b = Board::new(Rule::Freestyle, Dims::square(15).unwrap());
    for &(x, y) in moves {
        b.make(Pos::new(x as usize, y as usize));
    }
    b
}

fn empty_on(moves: &[(i64, i64)], m: (i64, i64)) -> bool {
    (0..15).contains(&m.0) && (0..15).contains(&m.1) && !moves.contains(&m)
}

#[test]
fn realtime_shows_each_root_move_searched() {
    let mut e = yixin(1500, true);
    position(&mut e, "board", &QUIET);
    let (lines, answer) = until_answer(&mut e);
    let m = parse_move(&answer).expect("a move");
    assert!(empty_on(&QUIET, m));
    // Every realtime line is one of the forms Yixin-Board reads, with an empty cell.
    for l in lines.iter().filter(|l| l.starts_with("MESSAGE REALTIME ")) {
        let ok = l == "MESSAGE REALTIME REFRESH"
            || l.starts_with("MESSAGE REALTIME VAL ")
            || l.starts_with("MESSAGE REALTIME PV ")
            || ["BEST", "POS", "DONE", "LOSE"]
                .iter()
                .any(|k| realtime(l, k).is_some_and(|c| empty_on(&QUIET, c)));
        assert!(ok, "{l}");
    }
    // POS and DONE come in pairs, DONE naming the move its POS named, and there are some: a
    // 1.5 s search runs well past the 200 ms before they start.
    let mut open: Option<(i64, i64)> = None;
    let mut pairs = 0;
    for l in &lines {
        if let Some(c) = realtime(l, "POS") {
            assert_eq!(open, None, "POS {c:?} before the DONE of {open:?}");
            open = Some(c);
        } else if let Some(c) = realtime(l, "DONE") {
            assert_eq!(open, Some(c), "DONE {c:?}");
            open = None;
            pairs += 1;
        }
    }
    assert!(pairs > 0, "no POS/DONE: {lines:?}");
    // Throttled: at most one POS every 5 ms of the turn.
    assert!(cells_of(&lines, "POS").len() <= 1500 / 5, "{}", lines.len());
    e.end();
}

#[test]
fn no_realtime_lines_without_show_detail() {
    let mut e = yixin(600, false);
    position(&mut e, "board", &OPEN_THREE);
    let (lines, answer) = until_answer(&mut e);
    assert!(parse_move(&answer).is_some(), "{answer}");
    assert!(
        lines.iter().all(|l| !l.starts_with("MESSAGE REALTIME")),
        "{lines:?}"
    );
    e.end();
}

#[test]
fn realtime_marks_root_moves_proven_lost() {
    let mut e = yixin(1500, true);
    position(&mut e, "board", &DOUBLE_THREAT);
    let (lines, answer) = until_answer(&mut e);
    let m = parse_move(&answer).expect("a move");
    let lost = cells_of(&lines, "LOSE");
    assert!(!lost.is_empty(), "{lines:?}");
    // Each once, not the move played, and each really lost: the threat solver finds White's win.
    assert!(!lost.contains(&m), "{m:?} {lost:?}");
    let b = board_of(&DOUBLE_THREAT);
    let mut s = kakugo::search::Searcher::new();
    for c in &lost {
        assert_eq!(lost.iter().filter(|d| *d == c).count(), 1, "{lost:?}");
        let p = Pos::new(c.0 as usize, c.1 as usize);
        assert!(s.refuted(&b, p, 3000), "{c:?} reported lost");
    }
    e.end();
}

#[test]
fn blocked_moves_are_never_played_until_unblocked() {
    let mut e = yixin(1000, true);
    // The GUI's `block h8`-style command: one cell per block (main.c), lower case.
    cells_block(&mut e, "yxblock", &[(6, 7)]);
    cells_block(&mut e, "yxblock", &[(11, 7), (3, 3)]);
    e.sync();
    position(&mut e, "board", &OPEN_FOURS);
    let (lines, answer) = until_answer(&mut e);
    let m = parse_move(&answer).expect("a move");
    assert!(
        empty_on(&OPEN_FOURS, m) && m != (6, 7) && m != (11, 7),
        "{m:?}"
    );
    // Neither proposed as best nor searched.
    for kind in ["BEST", "POS"] {
        let cells = cells_of(&lines, kind);
        assert!(
            !cells.contains(&(6, 7)) && !cells.contains(&(11, 7)),
            "{kind}: {cells:?}"
        );
    }
    // The block survives `start` + `board` (the GUI sends both before every request), and
    // applies to yxnbest.
    position(&mut e, "yxboard", &OPEN_FOURS);
    e.send("yxnbest 2");
    let (lines, answer) = until_answer(&mut e);
    let m = parse_move(&answer).expect("a move");
    assert!(m != (6, 7) && m != (11, 7), "{m:?} {lines:?}");
    // Undo one: it is played again.
    cells_block(&mut e, "yxblockundo", &[(11, 7)]);
    position(&mut e, "board", &OPEN_FOURS);
    assert_eq!(e.reply_move(), (11, 7));
    // Reset: both are.
    e.send("yxblockreset");
    position(&mut e, "board", &OPEN_FOURS);
    let m = e.reply_move();
    assert!(m == (6, 7) || m == (11, 7), "{m:?}");
    e.end();
}

#[test]
fn bad_blocks_change_nothing() {
    let mut e = Engine::spawn();
    // Before any START there is no board to check the cells against.
    cells_block(&mut e, "yxblock", &[(6, 7)]);
    assert!(e.line().starts_with("ERROR"));
    e.send_all(&["START 15", "INFO timeout_turn 1000"]);
    assert_eq!(e.line(), "OK");
    // One bad line (off the board, a field, not numbers) spoils the whole block.
    for bad in ["15,3", "6,7,1", "a,b", "-1,-1"] {
        e.send_all(&["yxblock", "6,7", "11,7", bad, "done"]);
        let l = e.line();
        assert!(l.starts_with("ERROR YXBLOCK"), "{bad}: {l}");
    }
    e.send_all(&["yxblockundo", "6,7", "15,15", "done"]);
    assert!(e.line().starts_with("ERROR YXBLOCKUNDO"));
    // A block cut short by another command is dropped with an ERROR.
    e.send_all(&["yxblock", "6,7", "yxblockreset"]);
    assert!(e.line().starts_with("ERROR YXBLOCK"));
    e.sync();
    // Nothing was blocked: the win is played.
    position(&mut e, "board", &OPEN_FOURS);
    let m = e.reply_move();
    assert!(m == (6, 7) || m == (11, 7), "{m:?}");
    e.end();
}

#[test]
fn blockpath_blocks_get_one_unknown() {
    let mut e = yixin(500, false);
    // What the GUI's `blockpath h8h7` sends (main.c): the moves so far, then the path.
    e.send_all(&[
        "yxblockpath",
        "7,7",
        "6,7",
        "done",
        "yxblockpathundo",
        "7,7",
        "done",
    ]);
    assert_eq!(e.line(), "UNKNOWN YXBLOCKPATH");
    assert_eq!(e.line(), "UNKNOWN YXBLOCKPATHUNDO");
    e.send("yxblockpathreset");
    assert_eq!(e.line(), "UNKNOWN yxblockpathreset");
    e.sync();
    e.end();
}

#[test]
fn when_every_cell_is_blocked_a_blocked_one_is_played() {
    let mut e = Engine::spawn();
    e.send_all(&["START 5", "INFO timeout_turn 500"]);
    assert_eq!(e.line(), "OK");
    let all: Vec<(i64, i64)> = (0..25).map(|i| (i % 5, i / 5)).collect();
    cells_block(&mut e, "YXBLOCK", &all);
    e.send("BEGIN");
    let m = e.reply_move();
    assert!((0..5).contains(&m.0) && (0..5).contains(&m.1), "{m:?}");
    e.end();
}

#[test]
fn balance_one_aims_at_the_target() {
    let mut e = yixin(1500, true);
    // The lines the GUI's `balance1 n` command sends (main.c): start, yxboard, stones, done,
    // yxbalanceone n; no INFO.
    position(&mut e, "yxboard", &OPEN_FOURS);
    e.send("yxbalanceone 1000000");
    let (_, answer) = until_answer(&mut e);
    let m = parse_move(&answer).expect("one move");
    assert!(
        m == (6, 7) || m == (11, 7),
        "the best for Black wins: {m:?}"
    );
    // The stone is played on the engine's board: it is the last move.
    e.send(&format!("TAKEBACK {},{}", m.0, m.1));
    assert_eq!(e.reply(), "OK");
    position(&mut e, "yxboard", &OPEN_FOURS);
    e.send("yxbalanceone -1000000");
    let (lines, answer) = until_answer(&mut e);
    let m = parse_move(&answer).expect("one move");
    assert!(
        empty_on(&OPEN_FOURS, m) && m != (6, 7) && m != (11, 7),
        "the worst for Black lets White win: {m:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("MESSAGE balance ")),
        "{lines:?}"
    );
    // Within the turn (1.5 s), as a manager counts it, with a second's tolerance.
    position(&mut e, "yxboard", &QUIET);
    let t = Instant::now();
    e.send("yxbalanceone 0");
    let m = parse_move(&until_answer(&mut e).1).expect("one move");
    assert!(
        t.elapsed() < Duration::from_millis(2500),
        "{:?}",
        t.elapsed()
    );
    assert!(empty_on(&QUIET, m));
    e.end();
}

#[test]
fn balance_two_answers_a_pair_on_one_line() {
    let mut e = yixin(1500, false);
    position(&mut e, "yxboard", &OPEN_FOURS);
    e.send("yxbalancetwo -1000000");
    let (_, answer) = until_answer(&mut e);
    let pair: Vec<(i64, i64)> = answer
        .split(' ')
        .map(|c| parse_move(c).expect("x,y"))
        .collect();
    assert_eq!(pair.len(), 2, "{answer}");
    let (m1, m2) = (pair[0], pair[1]);
    assert!(empty_on(&OPEN_FOURS, m1) && empty_on(&OPEN_FOURS, m2) && m1 != m2);
    // The worst pair for Black (to move): its stone does not win, White's makes five.
    assert!(m1 != (6, 7) && m1 != (11, 7), "{answer}");
    let mut b = board_of(&OPEN_FOURS);
    b.make(Pos::new(m1.0 as usize, m1.1 as usize));
    assert!(
        b.is_win_move(Pos::new(m2.0 as usize, m2.1 as usize), b.side_to_move()),
        "{answer}"
    );
    // Both stones are played, in order.
    e.send(&format!("TAKEBACK {},{}", m2.0, m2.1));
    assert_eq!(e.reply(), "OK");
    e.send(&format!("TAKEBACK {},{}", m1.0, m1.1));
    assert_eq!(e.reply(), "OK");
    // The best pair for Black leaves Black its win.
    position(&mut e, "yxboard", &OPEN_FOURS);
    e.send("YXBALANCETWO 1000000");
    let answer = until_answer(&mut e).1;
    let pair: Vec<Pos> = answer
        .split(' ')
        .map(|c| parse_move(c).expect("x,y"))
        .map(|(x, y)| Pos::new(x as usize, y as usize))
        .collect();
    let mut b = board_of(&OPEN_FOURS);
    let me = b.side_to_move();
    b.make(pair[0]);
    assert!(!b.is_win_move(pair[1], b.side_to_move()), "{answer}");
    b.make(pair[1]);
    assert!(
        [(6, 7), (11, 7)]
            .iter()
            .any(|&(x, y)| b.is_win_move(Pos::new(x, y), me)),
        "{answer}"
    );
    e.end();
}

#[test]
fn balance_errors_leave_the_position() {
    let mut e = Engine::spawn();
    e.send("yxbalanceone 0");
    assert!(e.line().starts_with("ERROR"), "before START");
    e.send_all(&["START 15", "INFO timeout_turn 500"]);
    assert_eq!(e.line(), "OK");
    for bad in ["yxbalanceone x", "yxbalancetwo 1 2", "yxbalanceone 2000000"] {
        e.send(bad);
        let l = e.line();
        assert!(l.starts_with("ERROR YXBALANCE"), "{bad}: {l}");
    }
    // The board is still empty: BEGIN is accepted.
    e.send("BEGIN");
    assert!(parse_move(&e.reply()).is_some());
    e.end();
}

#[test]
fn search_defend_marks_the_losing_moves_and_plays_a_defence() {
    let mut e = yixin(2000, true);
    // The lines the GUI's `searchdefend` command sends (main.c).
    position(&mut e, "yxboard", &OPEN_THREE);
    e.send("yxsearchdefend");
    let (lines, answer) = until_answer(&mut e);
    let m = parse_move(&answer).expect("a move");
    assert!(m == (6, 7) || m == (10, 7), "{m:?} {lines:?}");
    let lost = cells_of(&lines, "LOSE");
    assert!(lost.contains(&(11, 7)), "{lost:?} {lines:?}");
    assert!(!lost.contains(&(6, 7)) && !lost.contains(&(10, 7)));
    let report = lines
        .iter()
        .find(|l| l.starts_with("MESSAGE defend: threat "))
        .expect("the defend report");
    assert!(report.contains("holding 2 "), "{report}");
    // The move is played.
    e.send(&format!("TAKEBACK {},{}", m.0, m.1));
    assert_eq!(e.reply(), "OK");
    // No threat: said so, and a move all the same.
    position(&mut e, "yxboard", &QUIET);
    e.send("yxsearchdefend");
    let (lines, answer) = until_answer(&mut e);
    assert!(empty_on(&QUIET, parse_move(&answer).expect("a move")));
    assert!(lines.iter().any(|l| l == "MESSAGE defend: no threat found"));
    assert!(cells_of(&lines, "LOSE").is_empty(), "{lines:?}");
    e.send("end");
    assert!(e.exit_within(PATIENCE).is_some());
    assert_eq!(e.stderr(), "");
}

#[test]
fn search_defend_honours_blocks() {
    let mut e = yixin(1500, false);
    cells_block(&mut e, "yxblock", &[(6, 7)]);
    position(&mut e, "yxboard", &OPEN_THREE);
    e.send("yxsearchdefend");
    assert_eq!(e.reply_move(), (10, 7));
    e.end();
}

#[test]
fn yxstop_cuts_balance_and_defend_short() {
    // A minute a move; `yxstop` answers at once with what was found.
    let mut e = yixin(60_000, true);
    for (moves, cmd) in [
        (&QUIET[..], "yxbalanceone 0"),
        (&QUIET[..], "yxbalancetwo 0"),
        (&OPEN_THREE[..], "yxsearchdefend"),
    ] {
        position(&mut e, "yxboard", moves);
        e.send(cmd);
        std::thread::sleep(Duration::from_millis(300));
        let t = Instant::now();
        e.send("yxstop");
        let answer = until_answer(&mut e).1;
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "{cmd}: {:?}",
            t.elapsed()
        );
        let cells: Vec<(i64, i64)> = answer.split(' ').filter_map(parse_move).collect();
        assert!(!cells.is_empty(), "{cmd}: {answer}");
        assert!(cells.iter().all(|&c| empty_on(moves, c)), "{cmd}: {answer}");
    }
    e.end();
}
