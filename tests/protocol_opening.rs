//! Yixin-Board's opening-rule steps against the real binary (`yxswap2step1..3`,
//! `yxsoosorvstep1..6`, opening-rules.md §3, §4 and §8): the four example sessions of §8 replayed
//! line by line as the GUI writes them (its side traffic included: `yxquerydatabaseall` lists,
//! show_forbid blocks, the idle `yxstop` of every undo), then each step on its own and the bad
//! input.
//!
//! Every engine line is read in order and checked: the exact spellings the GUI parses (`r c`
//! after the prefix, whitespace, no comma), stones on empty cells, canonical renju openings, N
//! from 1 to 8, exactly N offers no two symmetric in the position, the choice among the offers,
//! and nothing at all for side traffic (a stray line would be played as a move). The GUI writes
//! points row first; the engine answers them in the order they came, so the tests read every pair
//! as the engine does: the first number is x.

mod support;

use kakugo::board::rif;
use kakugo::board::symmetry::equivalent;
use kakugo::board::{Board, Dims, Pos, Verdict};
use kakugo::rules::Rule;
use std::time::{Duration, Instant};
use support::{parse_move, Engine};

/// The turn, in ms, for every decision and move (a step takes three quarters of its guard).
const TURN: u64 = 300;
/// Yixin-Board's `INFO time_left T`.
const TIME_LEFT: &str = "INFO time_left 100000";
/// Most fifth-move offers (Soosõrv-8).
const MAX_N: usize = 8;

type Cell = (i64, i64);

/// Starts the engine as Yixin-Board does, with `INFO rule rule` (1 for Swap2, 2 for Soosõrv).
fn gui(rule: u8) -> Engine {
    let mut e = Engine::spawn();
    e.send_all(&["yxshowinfo", "START 15 15"]);
    while e.line() != "OK" {}
    let turn = format!("INFO timeout_turn {TURN}");
    let rule = format!("INFO rule {rule}");
    e.send_all(&[&turn, "INFO timeout_match 10000000", TIME_LEFT, &rule]);
    e.sync();
    e
}

/// Sends the GUI's lines, written as in opening-rules.md §8: one per line or ` | `-separated.
fn gui_sends(e: &mut Engine, text: &str) {
    let lines: Vec<&str> = text
        .lines()
        .flat_map(|l| l.split(" | "))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    e.send_all(&lines);
}

/// A bare list of `cells` after `head`, then `done`, as the GUI writes it.
fn list(head: &str, cells: &[Cell]) -> String {
    let mut v = vec![head.to_string()];
    v.extend(cells.iter().map(|(a, b)| format!("{a},{b}")));
    v.push("done".into());
    v.join(" | ")
}

/// The point of an opening answer `<prefix> a b` (the GUI reads two integers separated by
/// whitespace; a comma would lose the second).
fn point(line: &str, prefix: &str) -> Cell {
    let rest = line
        .strip_prefix(prefix)
        .and_then(|r| r.strip_prefix(' '))
        .unwrap_or_else(|| panic!("expected {prefix:?}, got {line:?}"));
    let nums: Vec<i64> = rest
        .split_whitespace()
        .map(|w| {
            w.parse()
                .unwrap_or_else(|_| panic!("bad number in {line:?}"))
        })
        .collect();
    assert_eq!(nums.len(), 2, "two numbers in {line:?}");
    (nums[0], nums[1])
}

/// `MESSAGE <rule> <what> YES|NO`: whether it says yes.
fn yes_no(line: &str, prefix: &str) -> bool {
    match line.strip_prefix(prefix) {
        Some(" YES") => true,
        Some(" NO") => false,
        _ => panic!("expected {prefix} YES or NO, got {line:?}"),
    }
}

fn pos(c: Cell) -> Pos {
    Pos::new(c.0 as usize, c.1 as usize)
}

/// The renju board after `moves` in order (15×15).
fn renju(moves: &[Cell]) -> Board {
    let mut b = Board::new(Rule::Renju, Dims::square(15).unwrap());
    for &c in moves {
        assert!(b.is_empty(pos(c)));
        b.make(pos(c));
    }
    b
}

/// Whether `c` is on the 15×15 board and not among `taken`.
fn fresh(c: Cell, taken: &[Cell]) -> bool {
    (0..15).contains(&c.0) && (0..15).contains(&c.1) && !taken.contains(&c)
}

/// Reads the answer to a think request (`board`): report `MESSAGE`s, then a move, which must be
/// legal for the side to move after `moves` under `rule` (a win or no foul). Returns the move
/// and the depth the search reported.
fn expect_move(e: &mut Engine, moves: &[Cell], rule: Rule) -> (Cell, u32) {
    let mut depth = None;
    loop {
        let l = e.line();
        if let Some(rest) = l.strip_prefix("MESSAGE depth ") {
            let d = rest.split(['-', ' ']).next().unwrap_or("");
            depth = d.parse().ok();
            continue;
        }
        if l.starts_with("MESSAGE") {
            continue;
        }
        let m = parse_move(&l).unwrap_or_else(|| panic!("expected a move r,c, got {l:?}"));
        assert!(fresh(m, moves), "{m:?} after {moves:?}");
        let mut b = Board::new(rule, Dims::square(15).unwrap());
        for &c in moves {
            b.make(pos(c));
        }
        let v = b.judge(pos(m));
        assert!(matches!(v, Verdict::Win | Verdict::Normal), "{m:?}: {v:?}");
        return (m, depth.expect("a depth report before the move"));
    }
}

/// Reads `MESSAGE <rule> MOVE1..3`: three stones, distinct and on the board.
fn expect_three(e: &mut Engine, rule: &str) -> Vec<Cell> {
    let mut cells = Vec::new();
    for k in 1..=3 {
        let c = point(&e.line(), &format!("MESSAGE {rule} MOVE{k}"));
        assert!(fresh(c, &cells), "{c:?} after {cells:?}");
        cells.push(c);
    }
    cells
}

/// Reads `MESSAGE SOOSORV MOVE4 a b N` after `opening`: a fresh stone and N from 1 to 8.
fn expect_move4(e: &mut Engine, opening: &[Cell]) -> (Cell, usize) {
    let l = e.line();
    let rest = l
        .strip_prefix("MESSAGE SOOSORV MOVE4 ")
        .unwrap_or_else(|| panic!("expected MOVE4, got {l:?}"));
    let nums: Vec<i64> = rest
        .split_whitespace()
        .map(|w| w.parse().unwrap_or_else(|_| panic!("bad number in {l:?}")))
        .collect();
    let [a, b, n] = nums[..] else {
        panic!("three numbers in {l:?}")
    };
    assert!(fresh((a, b), opening), "{l:?}");
    assert!((1..=MAX_N as i64).contains(&n), "{l:?}");
    ((a, b), n as usize)
}

/// Reads `MOVE5 REFRESH`, `n` offers, `MOVE5 DONE` after the four stones `four`: legal fifth
/// moves for Black, no two symmetric in the position.
fn expect_offers(e: &mut Engine, four: &[Cell], n: usize) -> Vec<Cell> {
    assert_eq!(e.line(), "MESSAGE SOOSORV MOVE5 REFRESH");
    let mut board = renju(four);
    let mut offers: Vec<Cell> = Vec::new();
    for _ in 0..n {
        let c = point(&e.line(), "MESSAGE SOOSORV MOVE5");
        assert!(fresh(c, four) && !offers.contains(&c), "{c:?}");
        assert!(board.is_forbidden(pos(c)).is_none(), "{c:?} is a foul");
        for &o in &offers {
            assert!(
                !equivalent(&board, pos(o), pos(c)),
                "{o:?} ~ {c:?} in {four:?}"
            );
        }
        offers.push(c);
    }
    assert_eq!(e.line(), "MESSAGE SOOSORV MOVE5 DONE");
    offers
}

/// Reads the answer to `yxswap2step2` after `three`: `SWAP1 YES`, `SWAP1 NO`, or `MOVE4` and
/// `MOVE5` on fresh cells; returns the stones.
fn expect_swap2_step2(e: &mut Engine, three: &[Cell]) -> Vec<Cell> {
    let l = e.line();
    if l == "MESSAGE SWAP2 SWAP1 YES" || l == "MESSAGE SWAP2 SWAP1 NO" {
        return Vec::new();
    }
    let w4 = point(&l, "MESSAGE SWAP2 MOVE4");
    let b5 = point(&e.line(), "MESSAGE SWAP2 MOVE5");
    assert!(
        fresh(w4, three) && fresh(b5, three) && w4 != b5,
        "{w4:?} {b5:?}"
    );
    vec![w4, b5]
}

/// Reads the answer to `yxshowforbid`.
fn expect_forbid(e: &mut Engine) {
    let l = e.line();
    assert!(l.starts_with("FORBID ") && l.ends_with('.'), "{l:?}");
}

// ---------------------------------------------------------------------------------------------
// The four sessions of opening-rules.md §8.

#[test]
fn soosorv_engine_as_tentative_white() {
    // §8.1: swap 1 declined, the engine plays move 4 with N = 2, the human offers, the engine
    // chooses.
    let mut e = gui(2);
    gui_sends(&mut e, "yxquerydatabaseall | 7,7 | done");
    gui_sends(
        &mut e,
        "start 15 15 | yxboard | 7,7,1 | 6,7,2 | done | yxshowforbid",
    );
    gui_sends(&mut e, "yxquerydatabaseall | 7,7 | 6,7 | done");
    assert_eq!(e.line(), "OK");
    assert_eq!(e.line(), "FORBID .");
    gui_sends(&mut e, "yxsoosorvstep2\n7,7\n6,7\n6,8\ndone");
    gui_sends(&mut e, "yxquerydatabaseall | 7,7 | 6,7 | 6,8 | done");
    yes_no(&e.line(), "MESSAGE SOOSORV SWAP1");
    gui_sends(&mut e, "yxsoosorvstep3\n7,7\n6,7\n6,8\ndone");
    expect_move4(&mut e, &[(7, 7), (6, 7), (6, 8)]);
    // The human keeps Black and offers 5,9 then 8,8.
    gui_sends(
        &mut e,
        "yxquerydatabaseall | 7,7 | 6,7 | 6,8 | 8,6 | 5,9 | done",
    );
    gui_sends(&mut e, "yxsoosorvstep6\n7,7\n6,7\n6,8\n8,6\n5,9\n8,8\ndone");
    gui_sends(
        &mut e,
        "start 15 15 | yxboard | 7,7,1 | 6,7,2 | 6,8,1 | 8,6,2 | 5,9,1 | 8,8,2 | done | yxshowforbid",
    );
    gui_sends(
        &mut e,
        "yxquerydatabaseall | 7,7 | 6,7 | 6,8 | 8,6 | 5,9 | 8,8 | done",
    );
    let c = point(&e.line(), "MESSAGE SOOSORV MOVE5C");
    assert!([(5, 9), (8, 8)].contains(&c), "{c:?}");
    assert_eq!(e.line(), "OK");
    expect_forbid(&mut e);
    // The GUI undoes twice; every undo sends its side traffic, with an idle yxstop.
    gui_sends(
        &mut e,
        "yxquerydatabaseall | 7,7 | 6,7 | 6,8 | 8,6 | 5,9 | done
         yxstop
         yxquerydatabaseall | 7,7 | 6,7 | 6,8 | 8,6 | 5,9 | done
         start 15 15 | yxboard | 7,7,1 | 6,7,2 | 6,8,1 | 8,6,2 | done | yxshowforbid
         yxquerydatabaseall | 7,7 | 6,7 | 6,8 | 8,6 | done
         yxstop
         yxquerydatabaseall | 7,7 | 6,7 | 6,8 | 8,6 | done",
    );
    assert_eq!(e.line(), "OK");
    expect_forbid(&mut e);
    // Move 5 is placed; the engine (White) answers move 6.
    gui_sends(&mut e, &format!("{TIME_LEFT}\nstart 15 15"));
    assert_eq!(e.line(), "OK");
    gui_sends(&mut e, "board\n7,7,2\n6,7,1\n6,8,2\n8,6,1\n8,8,2\ndone");
    let five = [(7, 7), (6, 7), (6, 8), (8, 6), (8, 8)];
    let (m, depth) = expect_move(&mut e, &five, Rule::Renju);
    // The idle yxstops did not stop this search before it began.
    assert!(depth >= 2, "depth {depth}");
    let mut six = five.to_vec();
    six.push(m);
    gui_sends(&mut e, &list("yxquerydatabaseall", &six));
    e.sync();
    e.end();
}

#[test]
fn soosorv_engine_as_tentative_black() {
    // §8.2: the engine opens, the human keeps White and plays move 4 with N = 3, the engine keeps
    // Black and offers.
    let mut e = gui(2);
    gui_sends(&mut e, "yxsoosorvstep1");
    let opening = expect_three(&mut e, "SOOSORV");
    let cells: Vec<Pos> = opening.iter().map(|&c| pos(c)).collect();
    let dims = Dims::square(15).unwrap();
    assert!(rif::classify(&cells, dims).is_some(), "{opening:?}");
    let four = [(7, 7), (6, 7), (5, 7), (6, 8)];
    gui_sends(&mut e, "yxsoosorvstep4 3\n7,7\n6,7\n5,7\n6,8\ndone");
    gui_sends(&mut e, "yxquerydatabaseall | 7,7 | 6,7 | 5,7 | 6,8 | done");
    yes_no(&e.line(), "MESSAGE SOOSORV SWAP2");
    gui_sends(&mut e, "yxsoosorvstep5 3\n7,7\n6,7\n5,7\n6,8\ndone");
    expect_offers(&mut e, &four, 3);
    // The human (White) clicks 5,8; the GUI undoes the three offers 8,8 5,8 8,6.
    let undo = |n: usize| {
        let moves = [(7, 7), (6, 7), (5, 7), (6, 8), (8, 8), (5, 8)];
        list("yxquerydatabaseall", &moves[..n])
    };
    for n in [6, 5, 4] {
        let text = format!("{} | yxstop | {}", undo(n), undo(n));
        gui_sends(&mut e, &text);
    }
    gui_sends(
        &mut e,
        "yxquerydatabaseall | 7,7 | 6,7 | 5,7 | 6,8 | 5,8 | done",
    );
    // The human (White) plays move 6; the engine answers move 7.
    gui_sends(&mut e, &format!("{TIME_LEFT}\nstart 15 15"));
    assert_eq!(e.line(), "OK");
    let six = [(7, 7), (6, 7), (5, 7), (6, 8), (5, 8), (6, 6)];
    gui_sends(
        &mut e,
        "board\n7,7,1\n6,7,2\n5,7,1\n6,8,2\n5,8,1\n6,6,2\ndone",
    );
    gui_sends(&mut e, &list("yxquerydatabaseall", &six));
    let (_, depth) = expect_move(&mut e, &six, Rule::Renju);
    assert!(depth >= 2, "depth {depth}");
    e.sync();
    e.end();
}

#[test]
fn swap2_engine_as_second_player() {
    // §8.3: the human places three stones; the engine answers step 2.
    let mut e = gui(1);
    gui_sends(&mut e, &format!("{TIME_LEFT}\nstart 15 15"));
    assert_eq!(e.line(), "OK");
    gui_sends(&mut e, "yxboard\n7,7,2\n7,8,1\n8,6,2\ndone\nyxswap2step2");
    expect_swap2_step2(&mut e, &[(7, 7), (7, 8), (8, 6)]);
    // As written there: the engine added 6,9 and 8,8, the human took Black; move 6.
    gui_sends(&mut e, &format!("{TIME_LEFT}\nstart 15 15"));
    assert_eq!(e.line(), "OK");
    gui_sends(&mut e, "board\n7,7,2\n7,8,1\n8,6,2\n6,9,1\n8,8,2\ndone");
    let five = [(7, 7), (7, 8), (8, 6), (6, 9), (8, 8)];
    let (m, _) = expect_move(&mut e, &five, Rule::Standard);
    let mut six = five.to_vec();
    six.push(m);
    gui_sends(&mut e, &list("yxquerydatabaseall", &six));
    e.sync();
    e.end();
}

#[test]
fn swap2_engine_as_first_player() {
    // §8.4: the engine places three stones, the human adds two, the engine chooses its colour.
    let mut e = gui(1);
    gui_sends(&mut e, "yxswap2step1");
    expect_three(&mut e, "SWAP2");
    gui_sends(&mut e, &format!("{TIME_LEFT}\nstart 15 15"));
    assert_eq!(e.line(), "OK");
    gui_sends(
        &mut e,
        "yxboard\n3,7,2\n6,7,1\n8,7,2\n7,6,1\n6,5,2\ndone\nyxswap2step3",
    );
    yes_no(&e.line(), "MESSAGE SWAP2 SWAP2");
    gui_sends(&mut e, &format!("{TIME_LEFT}\nstart 15 15"));
    assert_eq!(e.line(), "OK");
    gui_sends(&mut e, "board\n3,7,2\n6,7,1\n8,7,2\n7,6,1\n6,5,2\ndone");
    let five = [(3, 7), (6, 7), (8, 7), (7, 6), (6, 5)];
    let (m, _) = expect_move(&mut e, &five, Rule::Standard);
    let mut six = five.to_vec();
    six.push(m);
    gui_sends(&mut e, &list("yxquerydatabaseall", &six));
    e.sync();
    e.end();
}

// ---------------------------------------------------------------------------------------------
// Each step on its own.

#[test]
fn step_one_starts_a_new_game_of_the_current_size() {
    // Before any START: a 15×15 board.
    let mut e = Engine::spawn();
    e.send(&format!("INFO timeout_turn {TURN}"));
    e.send("yxswap2step1");
    expect_three(&mut e, "SWAP2");
    e.send("yxsoosorvstep1");
    let cells: Vec<Pos> = expect_three(&mut e, "SOOSORV")
        .into_iter()
        .map(pos)
        .collect();
    assert!(rif::classify(&cells, Dims::square(15).unwrap()).is_some());
    // On a 19×19 board the renju opening is canonical there, around its centre.
    e.send("START 19");
    assert_eq!(e.line(), "OK");
    e.send("yxsoosorvstep1");
    let opening = expect_three(&mut e, "SOOSORV");
    assert_eq!(opening[0], (9, 9));
    let cells: Vec<Pos> = opening.iter().map(|&c| pos(c)).collect();
    assert!(rif::classify(&cells, Dims::square(19).unwrap()).is_some());
    // Step 1 empties the board: step 2 then has no three stones to judge.
    e.send_all(&[
        "yxboard",
        "9,9,2",
        "9,10,1",
        "10,10,2",
        "done",
        "yxswap2step1",
    ]);
    let three = expect_three(&mut e, "SWAP2");
    assert!(three.iter().all(|&(x, y)| x < 19 && y < 19));
    e.send("yxswap2step2");
    assert!(e.line().starts_with("ERROR YXSWAP2STEP2: 0 stones"));
    e.sync();
    e.end();
}

#[test]
fn soosorv_steps_chained_on_the_engines_own_answers() {
    // A position with no symmetry: the points come back in the order they were sent.
    let mut e = gui(2);
    let three = [(7, 7), (8, 6), (9, 8)];
    e.send_all(&["yxsoosorvstep2", "7,7", "8,6", "9,8", "done"]);
    yes_no(&e.line(), "MESSAGE SOOSORV SWAP1");
    gui_sends(&mut e, &list("yxsoosorvstep3", &three));
    let (w4, n) = expect_move4(&mut e, &three);
    let mut four = three.to_vec();
    four.push(w4);
    gui_sends(&mut e, &list(&format!("yxsoosorvstep4 {n}"), &four));
    yes_no(&e.line(), "MESSAGE SOOSORV SWAP2");
    gui_sends(&mut e, &list(&format!("yxsoosorvstep5 {n}"), &four));
    let offers = expect_offers(&mut e, &four, n);
    let mut all = four.clone();
    all.extend(&offers);
    gui_sends(&mut e, &list("yxsoosorvstep6", &all));
    let c = point(&e.line(), "MESSAGE SOOSORV MOVE5C");
    assert!(offers.contains(&c), "{c:?} not among {offers:?}");
    // Then the GUI asks for move 6.
    let mut five = four.clone();
    five.push(c);
    let lines = support::board_lines(&five);
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    e.send("board");
    e.send_all(&refs);
    e.send("done");
    expect_move(&mut e, &five, Rule::Renju);
    e.sync();
    e.end();
}

#[test]
fn the_choice_is_one_of_the_offers_as_written() {
    // No offer is the transpose of another, nor symmetric to one in the position (which has no
    // symmetry): an answer with its numbers swapped would not be among them.
    let mut e = gui(2);
    let four = [(7, 7), (8, 6), (9, 8), (6, 9)];
    for offers in [
        vec![(4, 9), (10, 5)],
        vec![(9, 3), (3, 8), (11, 7)],
        vec![(5, 10)],
    ] {
        let mut all = four.to_vec();
        all.extend(&offers);
        gui_sends(&mut e, &list("yxsoosorvstep6", &all));
        let c = point(&e.line(), "MESSAGE SOOSORV MOVE5C");
        assert!(offers.contains(&c), "{c:?} not among {offers:?}");
    }
    // Swap2: the stones added go on empty cells of the position as written.
    let three = [(7, 7), (7, 9), (8, 9)];
    gui_sends(
        &mut e,
        "start 15 15 | yxboard | 7,7,2 | 7,9,1 | 8,9,2 | done | yxswap2step2",
    );
    assert_eq!(e.line(), "OK");
    expect_swap2_step2(&mut e, &three);
    e.sync();
    e.end();
}

#[test]
fn every_n_gets_exactly_n_offers() {
    let mut e = gui(2);
    let four = [(7, 7), (7, 6), (7, 8), (7, 5)]; // on one line: a mirror keeps it
    for n in [1, 2, 5, 8] {
        gui_sends(&mut e, &list(&format!("yxsoosorvstep5 {n}"), &four));
        expect_offers(&mut e, &four, n);
    }
    e.sync();
    e.end();
}

#[test]
fn side_traffic_and_idle_stops_are_silent() {
    let mut e = Engine::spawn();
    // Before any START too.
    gui_sends(
        &mut e,
        "yxquerydatabaseall | 7,7 | 6,7 | done | yxstop | YXSTOP",
    );
    e.sync();
    gui_sends(&mut e, "yxquerydatabaseall | done");
    gui_sends(
        &mut e,
        "yxquerydatabaseall | 7,7 | 7,7 | 99,99 | x | -1,-1,2 | done",
    );
    e.sync();
    gui_sends(&mut e, "start 15 15");
    assert_eq!(e.line(), "OK");
    gui_sends(&mut e, "yxquerydatabaseall | 7,7 | done | yxstop");
    e.sync();
    e.end();
}

#[test]
fn yxstop_ends_a_step_early_with_an_answer() {
    // A minute a move: without the stop, a step would take 45 s.
    let mut e = gui(2);
    e.send("INFO timeout_turn 60000");
    let four = [(7, 7), (8, 6), (9, 8), (6, 9)];
    gui_sends(&mut e, &list("yxsoosorvstep5 8", &four));
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    e.send("yxstop");
    expect_offers(&mut e, &four, 8);
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    e.send("yxswap2step1");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    e.send("yxstop");
    expect_three(&mut e, "SWAP2");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    e.sync();
    e.end();
}

#[test]
fn yxblock_keeps_the_brains_opening_stones_off_its_cells() {
    // Before (issue 78): every opening answer ignored YXBLOCK (the Swap2 proposal always began
    // on the blocked centre). The brain's stones and offers avoid the cells; its choice among
    // the opponent's offers does not (those are the opponent's stones).
    let mut e = gui(1);
    let centre_ring: Vec<Cell> = (6..=8).flat_map(|y| (6..=8).map(move |x| (x, y))).collect();
    gui_sends(&mut e, &list("yxblock", &centre_ring));
    e.send("yxswap2step1");
    let three = expect_three(&mut e, "SWAP2");
    assert!(three.iter().all(|c| !centre_ring.contains(c)), "{three:?}");
    e.send("SWAP2BOARD\nDONE");
    let l = e.reply();
    let cells: Vec<Cell> = l.split(' ').filter_map(parse_move).collect();
    assert_eq!(cells.len(), 3, "{l}");
    assert!(cells.iter().all(|c| !centre_ring.contains(c)), "{l}");
    // Five stones, the brain as White: its sixth stone, if it plays one, avoids them too.
    gui_sends(&mut e, "yxblockreset");
    let five = [(7, 7), (8, 7), (7, 9), (9, 9), (6, 6)];
    let around: Vec<Cell> = (3..=11)
        .flat_map(|y| (3..=11).map(move |x| (x, y)))
        .filter(|c| !five.contains(c))
        .collect();
    gui_sends(&mut e, &list("yxblock", &around));
    let board: Vec<String> = five.iter().map(|(x, y)| format!("{x},{y}")).collect();
    e.send(&format!("SWAP2BOARD\n{}\nDONE", board.join("\n")));
    let l = e.reply();
    if l != "SWAP" {
        let m = parse_move(&l).unwrap_or_else(|| panic!("{l}"));
        assert!(!around.contains(&m) && !five.contains(&m), "{l}");
    }
    // Soosõrv-8: the offers keep off every cell near the four stones.
    gui_sends(&mut e, "yxblockreset");
    let four = [(7, 7), (8, 6), (9, 8), (6, 9)];
    let near: Vec<Cell> = (4..=11)
        .flat_map(|y| (4..=11).map(move |x| (x, y)))
        .filter(|c| !four.contains(c))
        .collect();
    gui_sends(&mut e, &list("yxblock", &near));
    gui_sends(&mut e, &list("yxsoosorvstep5 3", &four));
    let offers = expect_offers(&mut e, &four, 3);
    assert!(offers.iter().all(|c| !near.contains(c)), "{offers:?}");
    // White's fourth stone too.
    gui_sends(&mut e, &list("yxsoosorvstep3", &four[..3]));
    let (w4, _) = expect_move4(&mut e, &four[..3]);
    assert!(!near.contains(&w4), "{w4:?}");
    // White's choice is among Black's offers even where they are blocked.
    let mut all = four.to_vec();
    all.extend([(7, 8), (8, 8)]);
    gui_sends(&mut e, &list("yxsoosorvstep6", &all));
    let c = point(&e.line(), "MESSAGE SOOSORV MOVE5C");
    assert!(c == (7, 8) || c == (8, 8), "{c:?}");
    // The opening: every canonical one starts on the centre, blocked here: an ERROR.
    gui_sends(&mut e, "yxblock | 7,7 | done | yxsoosorvstep1");
    assert_eq!(
        e.line(),
        "ERROR YXSOOSORVSTEP1: no renju opening avoids the blocked cells"
    );
    // Without the centre blocked, the opening keeps off the cells blocked near it.
    gui_sends(
        &mut e,
        "yxblockreset | yxblock | 8,7 | 7,8 | 6,7 | done | yxsoosorvstep1",
    );
    let opening = expect_three(&mut e, "SOOSORV");
    assert!(
        opening
            .iter()
            .all(|c| ![(8, 7), (7, 8), (6, 7)].contains(c)),
        "{opening:?}"
    );
    e.sync();
    e.end();
}

// ---------------------------------------------------------------------------------------------
// Bad input: one ERROR, nothing else, and the state as it was.

#[test]
fn bad_steps_get_one_error_and_change_nothing() {
    let mut e = gui(2);
    // Without a position, and with a wrong one.
    e.send("yxswap2step2");
    assert!(e.line().starts_with("ERROR YXSWAP2STEP2: 0 stones"));
    // The position the later step 2 is about.
    let three = [(7, 7), (7, 9), (8, 9)];
    gui_sends(&mut e, "yxboard | 7,7,2 | 7,9,1 | 8,9,2 | done");
    e.send("yxswap2step3");
    assert!(e.line().starts_with("ERROR YXSWAP2STEP3: 3 stones"));
    let bad = [
        // (lines, the start of the error)
        ("yxsoosorvstep2 | 7,7 | 6,7 | done", "ERROR YXSOOSORVSTEP2: 2 moves"),
        ("yxsoosorvstep3 | 7,7 | 6,7 | 6,8 | 5,5 | done", "ERROR YXSOOSORVSTEP3: 4 moves"),
        ("yxsoosorvstep2 | 7,7 | 15,7 | 6,8 | done", "ERROR YXSOOSORVSTEP2: 15,7 is off"),
        ("yxsoosorvstep2 | 7,7 | -1,-1 | 6,8 | done", "ERROR YXSOOSORVSTEP2: -1,-1 is off"),
        ("yxsoosorvstep3 | 7,7 | 6,7 | 7,7 | done", "ERROR YXSOOSORVSTEP3: 7,7 is played twice"),
        ("yxsoosorvstep2 | 7,7,1 | 6,7,2 | 6,8,1 | done", "ERROR YXSOOSORVSTEP2: expected x,y"),
        ("yxsoosorvstep2 | 7,7 | 6;7 | 6,8 | done", "ERROR YXSOOSORVSTEP2: bad board line"),
        ("yxsoosorvstep4 0 | 7,7 | 6,7 | 5,7 | 6,8 | done", "ERROR YXSOOSORVSTEP4: needs"),
        ("yxsoosorvstep4 9 | 7,7 | 6,7 | 5,7 | 6,8 | done", "ERROR YXSOOSORVSTEP4: needs"),
        ("yxsoosorvstep5 | 7,7 | 6,7 | 5,7 | 6,8 | done", "ERROR YXSOOSORVSTEP5: needs"),
        ("yxsoosorvstep5 two | 7,7 | 6,7 | 5,7 | 6,8 | done", "ERROR YXSOOSORVSTEP5: needs"),
        ("yxsoosorvstep5 3 | 7,7 | 6,7 | 5,7 | done", "ERROR YXSOOSORVSTEP5: 3 moves"),
        ("yxsoosorvstep6 | 7,7 | 6,7 | 5,7 | 6,8 | done", "ERROR YXSOOSORVSTEP6: 4 moves"),
        (
            "yxsoosorvstep6 | 7,7 | 6,7 | 5,7 | 6,8 | 0,0 | 0,1 | 0,2 | 0,3 | 0,4 | 0,5 | 0,6 | 0,7 | 0,8 | done",
            "ERROR YXSOOSORVSTEP6: 9 offers, expected 1 to 8",
        ),
        ("yxsoosorvstep6 | 7,7 | 6,7 | 5,7 | 6,8 | 7,7 | done", "ERROR YXSOOSORVSTEP6: 7,7 is played twice"),
        ("yxsoosorvstep3 2 | 7,7 | 6,7 | 6,8 | done", "ERROR YXSOOSORVSTEP3: takes no argument"),
        ("yxswap2step1 7", "ERROR YXSWAP2STEP1: takes no argument"),
        ("yxsoosorvstep1 7", "ERROR YXSOOSORVSTEP1: takes no argument"),
        ("yxsoosorvstep7", "UNKNOWN yxsoosorvstep7"),
        ("yxswap2step4", "UNKNOWN yxswap2step4"),
    ];
    for (lines, error) in bad {
        gui_sends(&mut e, lines);
        let l = e.line();
        assert!(l.starts_with(error), "{lines}: {l:?}");
        e.sync();
    }
    // A list cut by another command: one ERROR, then that command is answered.
    gui_sends(&mut e, "yxsoosorvstep3 | 7,7 | 6,7 | ABOUT");
    assert_eq!(e.line(), "ERROR YXSOOSORVSTEP3: no DONE before ABOUT");
    assert!(e.line().starts_with("name=\"Kakugo\""));
    // The position set by yxboard is still there.
    e.send("yxswap2step2");
    expect_swap2_step2(&mut e, &three);
    e.sync();
    e.end();
}
