//! Behaviour of the searcher: forced blocks, four-threes, counter-fours, converting won
//! positions, defending lost ones as long as possible, renju Black never playing a foul,
//! threads, stop and exclusions. Node and depth limits only, never the clock.

mod common;

use kakugo::board::notation::{from_stones, parse_diagram};
use kakugo::board::{Board, Dims, Pos};
use kakugo::rules::{Color, Rule};
use kakugo::search::{Limits, Score, SearchResult, Searcher};
use std::sync::atomic::AtomicBool;

fn board(rule: Rule, diagram: &str, to_move: Color) -> Board {
    let d = parse_diagram(diagram).expect("diagram");
    from_stones(rule, d.dims, &d.black, &d.white, to_move).expect("position")
}

fn search(b: &Board, depth: u32, nodes: u64) -> SearchResult {
    let mut s = Searcher::new();
    s.set_hash_bytes(1 << 20);
    let limits = Limits {
        max_depth: Some(depth),
        max_nodes: Some(nodes),
        ..Limits::default()
    };
    s.search(b, &limits, &AtomicBool::new(false), &mut |_| {})
}

/// A 15×15 board of `rule` after the moves `moves` (e.g. "h8i9j8").
fn opened(rule: Rule, moves: &str) -> Board {
    let dims = Dims::square(15).unwrap();
    let mut b = Board::new(rule, dims);
    for p in kakugo::board::notation::parse_moves(moves, dims).unwrap() {
        b.make(p);
    }
    b
}

const EMPTY_ROWS: &str = "...............\n";

fn diagram(rows: &[&str]) -> String {
    let mut s = String::new();
    for r in rows {
        s.push_str(r);
        s.push('\n');
    }
    for _ in rows.len()..15 {
        s.push_str(EMPTY_ROWS);
    }
    s
}

#[test]
fn blocks_the_only_five_point() {
    // Black XXXX with one open end; White must block at (7,3).
    let rows = [
        "...............",
        "...............",
        "...............",
        "..OXXXX........",
        "......O........",
        "...............",
        "....O..........",
    ];
    for rule in Rule::ALL {
        let b = board(rule, &diagram(&rows), Color::White);
        let r = search(&b, 6, 200_000);
        assert_eq!(r.best, Pos::new(7, 3), "{rule:?}");
    }
}

#[test]
fn plays_the_four_three() {
    // Black: (7,8) makes a four along row 8 and an open three along column 7.
    let rows = [
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "..........O....",
        ".......X.......",
        ".......X.....O.",
        "...OXXX........",
        "...............",
        "..O............",
    ];
    let b = board(Rule::Freestyle, &diagram(&rows), Color::Black);
    let r = search(&b, 6, 500_000);
    assert_eq!(r.best, Pos::new(7, 8));
    assert!(matches!(r.info.score, Score::Win(_)), "{:?}", r.info.score);
}

#[test]
fn answers_an_open_three_with_a_winning_counter_four() {
    // White has an open three on row 2; Black cannot ignore it except with fours, and Black's
    // four at (7,9) also makes a second four on the column: a double four that wins.
    let rows = [
        "...............",
        "...............",
        "....OOO........",
        "...............",
        "...............",
        ".......X.......",
        ".......X.......",
        ".......X.......",
        "...............",
        "...XXX.........",
        "..O.....O......",
        "..........O....",
    ];
    let b = board(Rule::Freestyle, &diagram(&rows), Color::Black);
    let r = search(&b, 6, 500_000);
    assert!(matches!(r.info.score, Score::Win(_)), "{:?}", r.info.score);
    assert!(b.combo(r.best, Color::Black) >= kakugo::rules::Combo::Four);
}

#[test]
fn defends_an_open_three_without_threats_of_its_own() {
    // White's open three on row 7; Black has nothing: the move must stop it.
    let rows = [
        "...............",
        "...............",
        "...............",
        "...............",
        "..X............",
        "...............",
        "...............",
        ".....OOO.......",
        "...............",
        "...X...........",
    ];
    let mut b = board(Rule::Freestyle, &diagram(&rows), Color::Black);
    let r = search(&b, 6, 300_000);
    assert!(
        [3, 4, 8, 9].contains(&r.best.x()) && r.best.y() == 7,
        "{:?}",
        r.best
    );
    b.make(r.best);
    assert_eq!(b.count(Color::White, kakugo::rules::Combo::FlexFour), 0);
}

/// White's double open three (crossing at h8) cannot be stopped; Black's rows of three on the
/// top and bottom edges each give one four. `with_fours`: Black keeps those rows; otherwise
/// the same number of Black stones, no two of them within four cells on a line, so that no
/// move makes a four.
fn lost_to_a_double_three(with_fours: bool) -> Board {
    let (top, bottom) = if with_fours {
        ("XXX............", "XXX...........O")
    } else {
        ("X....X....X....", "X....X....X...O")
    };
    let rows = [
        top,
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "......OOO......",
        ".......O.......",
        ".......O.......",
        "...............",
        "...............",
        "...............",
        "...............",
        bottom,
    ];
    board(Rule::Freestyle, &diagram(&rows), Color::Black)
}

#[test]
fn a_lost_position_is_defended_as_long_as_possible() {
    // Every Black move loses. Blocking a three or playing elsewhere loses in 4 plies (White's
    // straight four, a block, five); each of Black's two fours makes White block first, so the
    // longest defence is 8 plies, and the search must find it and play a four.
    let b = lost_to_a_double_three(true);
    let r = search(&b, 16, 400_000);
    assert_eq!(r.info.score, Score::Loss(8), "{b}");
    assert!(
        b.combo(r.best, Color::Black) >= kakugo::rules::Combo::Four,
        "{:?} is not a four",
        r.best
    );
    // Played out with both sides searching, the game lasts those 8 plies.
    let mut b = b;
    let mut plies = 0;
    loop {
        let r = search(&b, 16, 400_000);
        plies += 1;
        if b.is_win_move(r.best, b.side_to_move()) {
            assert_eq!(b.side_to_move(), Color::White);
            break;
        }
        b.make(r.best);
        assert!(plies < 20, "no five after {plies} plies\n{b}");
    }
    assert_eq!(plies, 8, "{b}");
    // Without the fours there is nothing to put the loss off.
    let r = search(&lost_to_a_double_three(false), 16, 400_000);
    assert_eq!(r.info.score, Score::Loss(4));
}

/// Plays the game out with both sides searching; returns the winner.
fn play_out(mut b: Board, max_moves: usize, depth: u32, nodes: u64) -> Option<Color> {
    for _ in 0..max_moves {
        if b.is_full() {
            return None;
        }
        let me = b.side_to_move();
        let r = search(&b, depth, nodes);
        assert!(b.is_empty(r.best), "occupied {:?}", r.best);
        if b.rule().has_fouls(me) && !b.is_win_move(r.best, me) {
            assert!(
                b.is_forbidden(r.best).is_none(),
                "foul at {:?}\n{b}",
                r.best
            );
        }
        if b.is_win_move(r.best, me) {
            return Some(me);
        }
        b.make(r.best);
    }
    None
}

#[test]
fn converts_a_vcf_win() {
    for rec in common::read_jsonl("puzzles/quintet.jsonl") {
        if rec["expected"] != "win-by-VCF" {
            continue;
        }
        let b = common::board_of(&rec);
        let attacker = b.side_to_move();
        let r = search(&b, 40, 400_000);
        if matches!(r.info.score, Score::Win(_)) {
            assert_eq!(
                play_out(b, 60, 40, 400_000),
                Some(attacker),
                "{}",
                rec["id"]
            );
            return;
        }
    }
    panic!("no VCF puzzle was solved");
}

#[test]
fn renju_black_never_fouls_in_self_play() {
    let dims = Dims::square(15).unwrap();
    let openings = include_str!("../tournaments/openings/renju15.pos.txt");
    let mut moves = 0;
    for line in openings.lines().take(40) {
        let mut b = Board::new(Rule::Renju, dims);
        for p in kakugo::board::notation::parse_moves(line, dims).unwrap() {
            b.make(p);
        }
        for _ in 0..60 {
            moves += 1;
            let me = b.side_to_move();
            let r = search(&b, 3, 3_000);
            if r.best.is_none() {
                break;
            }
            assert!(b.is_empty(r.best));
            if b.is_win_move(r.best, me) {
                break;
            }
            if me == Color::Black {
                assert!(b.is_forbidden(r.best).is_none(), "foul {:?}\n{b}", r.best);
            }
            b.make(r.best);
        }
        if moves >= 1_000 {
            break;
        }
    }
    assert!(moves >= 1_000, "only {moves} moves");
}

#[test]
fn empty_board_centre_and_exclusions() {
    let b = Board::new(Rule::Freestyle, Dims::square(15).unwrap());
    assert_eq!(search(&b, 3, 10_000).best, Pos::new(7, 7));
    let mut s = Searcher::new();
    s.set_hash_bytes(1 << 20);
    let limits = Limits {
        max_depth: Some(3),
        exclude: vec![Pos::new(7, 7)],
        ..Limits::default()
    };
    let r = s.search(&b, &limits, &AtomicBool::new(false), &mut |_| {});
    assert!(b.is_empty(r.best) && r.best != Pos::new(7, 7));
}

#[test]
fn a_table_emptied_in_place_searches_like_a_fresh_one() {
    let b = opened(Rule::Renju, "h8i9j8i8i7g9");
    let limits = Limits {
        max_depth: Some(6),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut s = Searcher::new();
    s.set_hash_bytes(1 << 20);
    let first = s.search(&b, &limits, &stop, &mut |_| {});
    // The table now holds the first search: searching again reuses it and costs fewer nodes.
    let again = s.search(&b, &limits, &stop, &mut |_| {});
    assert!(again.info.nodes < first.info.nodes);
    s.clear_in_place();
    let emptied = s.search(&b, &limits, &stop, &mut |_| {});
    s.clear();
    let fresh = s.search(&b, &limits, &stop, &mut |_| {});
    assert_eq!(emptied.info.nodes, first.info.nodes);
    assert_eq!(fresh.info.nodes, first.info.nodes);
    assert_eq!(emptied.best, first.best);
}

#[test]
fn a_raised_stop_still_gives_a_legal_move() {
    let b = opened(Rule::Renju, "h8i9j8i8i7");
    let mut s = Searcher::new();
    s.set_hash_bytes(1 << 20);
    let r = s.search(&b, &Limits::default(), &AtomicBool::new(true), &mut |_| {});
    assert!(b.is_empty(r.best));
}

#[test]
fn a_raised_stop_skips_the_root_probe() {
    // A VCF puzzle the root probe solves before any search; with the stop raised before the
    // search starts, the answer comes at once: a legal move, no proven win.
    let rec = common::read_jsonl("puzzles/quintet.jsonl")
        .into_iter()
        .find(|r| r["expected"] == "win-by-VCF")
        .expect("a VCF puzzle");
    let b = common::board_of(&rec);
    let mut s = Searcher::new();
    s.set_hash_bytes(1 << 20);
    let limits = Limits {
        max_depth: Some(1),
        ..Limits::default()
    };
    let free = s.search(&b, &limits, &AtomicBool::new(false), &mut |_| {});
    assert!(matches!(free.info.score, Score::Win(_)), "{}", rec["id"]);
    let r = s.search(&b, &limits, &AtomicBool::new(true), &mut |_| {});
    assert!(b.is_empty(r.best));
    assert!(!matches!(r.info.score, Score::Win(_)), "{:?}", r.info);
}

#[test]
fn two_threads_return_a_legal_move() {
    let b = opened(Rule::Standard, "h8i9j8i8i7g9");
    let mut s = Searcher::new();
    s.set_hash_bytes(1 << 20);
    s.set_threads(2);
    let limits = Limits {
        max_depth: Some(5),
        ..Limits::default()
    };
    let mut reports = 0;
    let r = s.search(&b, &limits, &AtomicBool::new(false), &mut |_| reports += 1);
    assert!(b.is_empty(r.best));
    assert!(reports >= 1 && r.info.depth == 5);
    assert_eq!(r.info.pv.first(), Some(&r.best));
}

#[test]
fn the_clock_sizes_the_table_within_the_limit() {
    let b = opened(Rule::Freestyle, "h8i9j8");
    let at = |turn_ms: u64| Limits {
        max_depth: Some(2),
        time: kakugo::search::TimeControl {
            turn_ms: Some(turn_ms),
            ..Default::default()
        },
        ..Limits::default()
    };
    let mut s = Searcher::new();
    assert_eq!(s.table_bytes(), None);
    s.set_hash_limit(1 << 30);
    s.search(&b, &at(300), &AtomicBool::new(false), &mut |_| {});
    assert_eq!(s.table_bytes(), Some(32 << 20));
    // A longer move grows it; a shorter one keeps it.
    s.search(&b, &at(600), &AtomicBool::new(false), &mut |_| {});
    assert_eq!(s.table_bytes(), Some(64 << 20));
    s.search(&b, &at(300), &AtomicBool::new(false), &mut |_| {});
    assert_eq!(s.table_bytes(), Some(64 << 20));
    // The limit bounds it; a fixed size is kept whatever the clock.
    s.set_hash_limit(48 << 20);
    s.search(&b, &at(600), &AtomicBool::new(false), &mut |_| {});
    assert_eq!(s.table_bytes(), Some(48 << 20));
    s.set_hash_bytes(1 << 20);
    s.search(&b, &at(600), &AtomicBool::new(false), &mut |_| {});
    assert_eq!(s.table_bytes(), Some(1 << 20));
}

/// The exit code of `pbrain-kakugo` run with `args` and `END` on its input.
fn exit_code(args: &[&str]) -> Option<i32> {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_pbrain-kakugo"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("engine runs");
    let mut input = child.stdin.take().expect("stdin");
    // An engine that refused its arguments has exited already: the write may fail.
    let _ = input.write_all(b"END\n");
    drop(input);
    child.wait().expect("engine exits").code()
}

#[test]
fn the_search_bench_takes_the_engine_switches_and_refuses_others() {
    // The root solvers run only under a clock, which the bench has not: switching them leaves
    // the signature as it is. (The bench itself, without switches, is run by CI's
    // `scripts/bench-check.sh`; the same search of one position stands for it here.)
    let b = opened(Rule::Renju, "h8i9j9i8j7k8");
    let nodes = |switch: Option<&str>| {
        let mut s = Searcher::new();
        s.set_hash_bytes(1 << 20);
        if let Some(name) = switch {
            assert!(s.set_feature(name, name == "late"), "{name}");
        }
        let limits = Limits {
            max_depth: Some(7),
            ..Limits::default()
        };
        s.search(&b, &limits, &AtomicBool::new(false), &mut |_| {})
            .info
            .nodes
    };
    let base = nodes(None);
    assert_eq!(nodes(Some("late")), base);
    assert_eq!(nodes(Some("refute")), base);
    // The command line takes them and refuses the others, in the bench and the engine alike.
    for good in ["late=on", "refute=off"] {
        assert_eq!(exit_code(&["--feature", good]), Some(0), "{good}");
    }
    for bad in ["lmr=off", "nosuch=on", "probe=maybe"] {
        assert_eq!(exit_code(&["--feature", bad]), Some(2), "{bad}");
        assert_eq!(
            exit_code(&["bench", "search", "--feature", bad]),
            Some(2),
            "{bad}"
        );
    }
}

#[test]
fn every_engine_switch_keeps_the_forced_answers() {
    // Each switch, on and off, must still block the only five-point and play the winning
    // four-three.
    let block = diagram(&[
        "...............",
        "...............",
        "...............",
        "..OXXXX........",
        "......O........",
        "...............",
        "....O..........",
    ]);
    let four_three = diagram(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "..........O....",
        ".......X.......",
        ".......X.....O.",
        "...OXXX........",
        "...............",
        "..O............",
    ]);
    let run = |b: &Board, name: &str, on: bool| {
        let mut s = Searcher::new();
        s.set_hash_bytes(1 << 20);
        assert!(s.set_feature(name, on), "{name} is not a switch");
        let limits = Limits {
            max_depth: Some(6),
            max_nodes: Some(300_000),
            ..Limits::default()
        };
        s.search(b, &limits, &AtomicBool::new(false), &mut |_| {})
    };
    for name in ["probe", "refute", "threats", "late"] {
        for on in [true, false] {
            let b = board(Rule::Renju, &block, Color::White);
            assert_eq!(run(&b, name, on).best, Pos::new(7, 3), "{name}={on}");
            let b = board(Rule::Freestyle, &four_three, Color::Black);
            let r = run(&b, name, on);
            assert_eq!(r.best, Pos::new(7, 8), "{name}={on}");
            assert!(matches!(r.info.score, Score::Win(_)), "{name}={on}");
        }
    }
}

/// The main search alone (root threat solvers off, a clock far beyond the node limit) finds
/// two of the long wins PentaZen proved against it (`tests/data/wins/freestyle.txt`, wins of
/// 17 and 15 plies), each within 200k nodes. Nodes to the first winning report (`kakugo-tools think`,
/// root solvers off, 16 MB): 24k and 25k with the search of 2026-11-26; 25k and 89k with the
/// correction history (`corr`); 25k and 113k with `probcut` as well (2026-11-27).
#[test]
fn long_wins_found_by_the_main_search() {
    use kakugo::search::TimeControl;
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/wins/freestyle.txt"
    ))
    .expect("wins data");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split_whitespace().collect();
        if !matches!(cols[..2], ["8", "22"] | ["16", "14"]) {
            continue;
        }
        let b = opened(Rule::Freestyle, cols[2]);
        let mut s = Searcher::new();
        s.set_hash_bytes(16 << 20);
        assert!(s.set_feature("probe", false) && s.set_feature("refute", false));
        let limits = Limits {
            max_nodes: Some(200_000),
            time: TimeControl {
                turn_ms: Some(3_600_000),
                ..TimeControl::default()
            },
            ..Limits::default()
        };
        let r = s.search(&b, &limits, &AtomicBool::new(false), &mut |_| {});
        assert!(
            matches!(r.info.score, Score::Win(_)),
            "game {} ply {}: {:?} after {} nodes",
            cols[0],
            cols[1],
            r.info.score,
            r.info.nodes
        );
        checked += 1;
    }
    assert_eq!(checked, 2);
}

/// The correction learnt by one search changes the next search of the same game (same table,
/// different node count); a new game forgets it and keeps the table.
#[test]
fn carried_correction_lasts_until_a_new_game() {
    let b = opened(Rule::Freestyle, "h8i9h9g8i7h7j8");
    let limits = Limits {
        max_depth: Some(7),
        ..Limits::default()
    };
    let second = |new_game: bool| {
        let mut s = Searcher::new();
        s.set_hash_bytes(4 << 20);
        assert!(s.set_feature("probe", false));
        let first = s.search(&b, &limits, &AtomicBool::new(false), &mut |_| {});
        if new_game {
            s.new_game();
        }
        let r = s.search(&b, &limits, &AtomicBool::new(false), &mut |_| {});
        (first.info.nodes, r.info.nodes)
    };
    let (first, carried) = second(false);
    let (first_again, forgotten) = second(true);
    assert_eq!(first, first_again);
    assert_ne!(carried, forgotten);
    // The table is kept at a new game: the second search costs fewer nodes than the first.
    assert!(forgotten < first, "{forgotten} {first}");
}

/// A search of `b` with the evaluation network on (or off), to `depth` within `nodes`.
fn search_net(b: &Board, depth: u32, nodes: u64, on: bool) -> SearchResult {
    let mut s = Searcher::new();
    s.set_hash_bytes(1 << 20);
    assert!(s.set_feature("network", on));
    let limits = Limits {
        max_depth: Some(depth),
        max_nodes: Some(nodes),
        ..Limits::default()
    };
    s.search(b, &limits, &AtomicBool::new(false), &mut |_| {})
}

#[test]
fn the_network_is_on_by_default_where_matches_kept_it_and_keeps_its_answers() {
    let limits = Limits {
        max_depth: Some(6),
        max_nodes: Some(300_000),
        ..Limits::default()
    };
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
        // A quiet opening: the net's evaluation differs from the classical one, so the trees do.
        let b = opened(rule, "h8i9j9i8j7k8");
        let mut s = Searcher::new();
        s.set_hash_bytes(1 << 20);
        let default = s.search(&b, &limits, &AtomicBool::new(false), &mut |_| {});
        let on = search_net(&b, 6, 300_000, true);
        let off = search_net(&b, 6, 300_000, false);
        assert_ne!(
            on.info.nodes, off.info.nodes,
            "{rule:?}: the network is not used"
        );
        assert!(b.is_empty(on.best), "{rule:?}");
        // The default is one of the two, searched afresh: the same tree.
        let want = if matches!(rule, Rule::Freestyle | Rule::Standard | Rule::Renju) {
            on.info.nodes
        } else {
            off.info.nodes
        };
        assert_eq!(default.info.nodes, want, "{rule:?}");
        if !matches!(rule, Rule::Freestyle | Rule::Renju) {
            continue;
        }
        // Black h8 i8 j8 k8 (a four, open at g8 and l8) against White's scattered stones, White
        // to move: every move loses, and the search with the net says so.
        let lost = opened(rule, "h8a1i8a15j8o1k8");
        let r = search_net(&lost, 4, 200_000, true);
        assert!(
            matches!(r.info.score, Score::Loss(_)),
            "{rule:?}: {:?}",
            r.info.score
        );
        // White to move facing an open three blocks it at one of its ends.
        let three = opened(rule, "h8a1i8a15j8");
        let r = search_net(&three, 6, 300_000, true);
        let best = kakugo::board::notation::cell_name(r.best, three.dims());
        assert!(
            ["G8", "K8", "F8", "L8"].contains(&best.as_str()),
            "{rule:?}: {best}"
        );
    }
}

/// The moves of a renju game that filled the board (Kakugo Black against Rapfi, c-gomoku-cli,
/// 300 ms a move, suite 20261213, game 41): after 224 moves one cell is left, an overline for
/// Black, who must play it and lose.
fn full_board_game(moves: usize) -> Board {
    let line = include_str!("data/games/renju-full-board.txt").trim();
    let dims = Dims::square(15).unwrap();
    let all = kakugo::board::notation::parse_moves(line, dims).unwrap();
    assert_eq!(all.len(), 224);
    let mut b = Board::new(Rule::Renju, dims);
    for &p in &all[..moves] {
        b.make(p);
    }
    b
}

#[test]
fn renju_black_left_only_fouls_has_lost() {
    // White to move with two cells left: the one that leaves Black only the overline wins.
    let b = full_board_game(223);
    let d15 = kakugo::board::notation::parse_moves("d15", b.dims()).unwrap()[0];
    let r = search(&b, 8, 100_000);
    assert_eq!((r.best, r.info.score), (d15, Score::Win(2)));
    // Black to move with five cells left is lost already, and with fifteen is not.
    let r = search(&full_board_game(220), 12, 200_000);
    assert!(matches!(r.info.score, Score::Loss(_)), "{}", r.info.score);
    let r = search(&full_board_game(210), 10, 200_000);
    assert!(!matches!(r.info.score, Score::Loss(_)), "{}", r.info.score);
}

/// Renju, Black to move, twice the same trap: White's closed three has two four points, and
/// the one nearer the stones, (5,2) and (9,10), is Black's double-three point, a foul. White's
/// four on the other leaves Black only a forbidden block. Black can spoil one trap a move.
fn renju_forbidden_block_traps() -> Board {
    let rows = [
        "..............O",
        "...............",
        ".XOOO..........",
        ".....XX........",
        ".....X.X.......",
        "..............O",
        "...............",
        "...............",
        "...............",
        "O..............",
        ".....XOOO......",
        ".........XX....",
        ".........X.X...",
        "...............",
        "O..............",
    ];
    board(Rule::Renju, &diagram(&rows), Color::Black)
}

#[test]
fn a_four_onto_a_forbidden_block_is_seen_at_the_leaves() {
    let b = renju_forbidden_block_traps();
    for foul in [Pos::new(5, 2), Pos::new(9, 10)] {
        assert!(b.clone().is_forbidden(foul).is_some(), "{foul:?}\n{b}");
    }
    // Black, searching a single ply, sees that whatever he plays White springs a trap.
    let r = search(&b, 1, 100_000);
    assert!(
        matches!(r.info.score, Score::Loss(_)),
        "{:?}\n{b}",
        r.info.score
    );
}
