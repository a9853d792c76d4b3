//! Bad input against the real binary: every malformed or illegal command gets one `ERROR` (or
//! `UNKNOWN`) line and leaves the position exactly as it was; 100,000 random and mutated lines
//! neither crash nor wedge the engine; random positions with blocked cells (field 3) never get
//! a stone on one; random config files never stop the engine from starting and answering.

mod support;

use kakugo::board::{Board, Dims, Pos};
use kakugo::rules::Rule;
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::io::Write;
use support::{board_lines, parse_move, send_block, Engine};

/// Renju, Black to move; 7,7 is a double-three.
const RENJU: [(i64, i64); 8] = [
    (8, 7),
    (0, 0),
    (9, 7),
    (14, 14),
    (7, 8),
    (0, 14),
    (7, 9),
    (14, 0),
];

fn forbid_line(moves: &[(i64, i64)]) -> String {
    let mut b = Board::new(Rule::Renju, Dims::square(15).unwrap());
    for &(x, y) in moves {
        b.make(Pos::new(x as usize, y as usize));
    }
    let cells: String = b
        .forbidden_points()
        .iter()
        .map(|(p, _)| format!("{:02}{:02}", p.x(), p.y()))
        .collect();
    format!("FORBID {cells}.")
}

/// Sends `lines`, expects exactly one line starting with `want`, and nothing else.
fn one_line(e: &mut Engine, lines: &[&str], want: &str) {
    e.send_all(lines);
    let l = e.line();
    assert!(l.starts_with(want), "{lines:?}: expected {want}, got {l:?}");
    e.sync();
}

#[test]
fn commands_before_start_are_errors() {
    let mut e = Engine::spawn();
    for cmd in [
        &["BEGIN"][..],
        &["TURN 1,1"],
        &["RESTART"],
        &["TAKEBACK 1,1"],
        &["PLAY 1,1"],
        &["BOARD", "1,1,1", "DONE"],
        &["YXNBEST 2"],
    ] {
        one_line(&mut e, cmd, "ERROR");
    }
    e.send("YXSHOWFORBID");
    assert_eq!(e.line(), "FORBID .");
    e.end();
}

#[test]
fn bad_input_leaves_the_position_unchanged() {
    let mut e = Engine::spawn();
    e.send_all(&["INFO rule 4", "START 15", "INFO timeout_turn 300"]);
    assert_eq!(e.line(), "OK");
    send_block(&mut e, "YXBOARD", &board_lines(&RENJU));
    let forbid = forbid_line(&RENJU);
    assert!(forbid.contains("0707"));
    e.send("YXSHOWFORBID");
    assert_eq!(e.line(), forbid);
    let errors: &[&[&str]] = &[
        &["START 0"],
        &["START 4"],
        &["START 33"],
        &["START -1"],
        &["START abc"],
        &["START 99999999999999999999999"],
        &["START 15 15 15"],
        &["RECTSTART 20"],
        &["RECTSTART 2,40"],
        &["TURN 8,7"],
        &["TURN 15,0"],
        &["TURN -1,-1"],
        &["TURN a,b"],
        &["TURN 7"],
        &["TURN"],
        &["TURN 1,2,3"],
        &["turn 7,,7"],
        &["PLAY 9,7"],
        &["TAKEBACK 0,0"],
        &["TAKEBACK 7"],
        &["BEGIN"],
        &["DONE"],
        &["YXNBEST 0"],
        &["YXNBEST many"],
        &["BOARD", "7,7,1", "7,7,2", "DONE"],
        &["BOARD", "1,1,9", "DONE"],
        &["BOARD", "1,1", "DONE"],
        &["BOARD", "garbage", "DONE"],
        &["BOARD", "99,99,1", "DONE"],
        &["BOARD", "-1,5,1", "DONE"],
        &["YXBOARD", "1,1,1", "1,1,1", "DONE"],
        &["SWAP2BOARD", "1,1", "DONE"],
        &["SWAP2BOARD", "1,1", "2,2", "1,1", "DONE"],
    ];
    for cmd in errors {
        one_line(&mut e, cmd, "ERROR");
        e.send("YXSHOWFORBID");
        assert_eq!(e.line(), forbid, "after {cmd:?}");
    }
    for cmd in [
        "HELLO",
        "yxresign",
        "yxswap2step4",
        "\u{1F4A5}",
        "x\u{0}y",
        "7,7,1",
    ] {
        one_line(&mut e, &[cmd], "UNKNOWN");
    }
    // A block that loses its DONE: one ERROR, then the interrupting command runs.
    e.send_all(&["BOARD", "1,1,1", "ABOUT"]);
    assert!(e.line().starts_with("ERROR"));
    assert!(e.line().starts_with("name="));
    // An over-long line is cut and refused, once.
    let mut long = vec![b'7'; 1 << 20];
    long.push(b'\n');
    e.send_raw(&long);
    assert!(e.line().starts_with("UNKNOWN"));
    e.sync();
    e.send("YXSHOWFORBID");
    assert_eq!(e.line(), forbid);
    // The position still plays: Black (to move) never takes the double-three.
    e.send("YXNBEST 1");
    let m = e.reply_move();
    assert!(m != (7, 7) && !RENJU.contains(&m));
    e.end();
}

/// Valid lines to start mutations from.
const SEEDS: &[&str] = &[
    "START 15",
    "START 20",
    "START 15 15",
    "RECTSTART 20,15",
    "RESTART",
    "BEGIN",
    "TURN 7,7",
    "TURN 0,14",
    "BOARD",
    "YXBOARD",
    "SWAP2BOARD",
    "DONE",
    "7,7,1",
    "8,8,2",
    "-1,-1,1",
    "7,7,3",
    "0,0,3",
    "8,7,3",
    "3,4",
    "YXBLOCK",
    "YXBLOCKRESET",
    "YXSEARCHDEFEND",
    "INFO rule 4",
    "INFO rule 1",
    "INFO rule 8",
    "INFO rule 2",
    "INFO game_type 1",
    "INFO evaluate 7,7",
    "INFO folder /tmp/x",
    "INFO show_detail 1",
    "ABOUT",
    "TAKEBACK 7,7",
    "PLAY 5,5",
    "YXSHOWFORBID",
    "YXHASHCLEAR",
    "YXNBEST 2",
    "YXSHOWINFO",
    "STOP",
    "YXSTOP",
];

/// INFO keys the fuzz leaves alone (they would make thinking slow or memory large).
const KEPT: &[&str] = &[
    "timeout_turn",
    "timeout_match",
    "time_left",
    "max_depth",
    "max_node",
    "thread_num",
    "hash_size",
    "max_memory",
];

fn mutate(rng: &mut StdRng, line: &str) -> Vec<u8> {
    let mut b = line.as_bytes().to_vec();
    for _ in 0..rng.gen_range(1..4) {
        let at = rng.gen_range(0..=b.len());
        match rng.gen_range(0..8) {
            0 if !b.is_empty() => {
                b.remove(at.min(b.len() - 1));
            }
            1 => b.insert(at, rng.gen_range(32..127)),
            2 => b.insert(at, rng.gen()),
            3 => b
                .splice(at..at, b"99999999999999999999".iter().copied())
                .for_each(drop),
            4 => b.splice(at..at, b",-".iter().copied()).for_each(drop),
            5 => b.truncate(at),
            6 => b.splice(at..at, b"  \t".iter().copied()).for_each(drop),
            _ => b.make_ascii_lowercase(),
        }
    }
    b
}

/// Whether the engine would read `bytes` as END or as an INFO we keep.
fn forbidden(bytes: &[u8]) -> bool {
    bytes.split(|&c| c == b'\n' || c == b'\r').any(|seg| {
        let s = String::from_utf8_lossy(seg);
        let mut words = s.split_whitespace();
        let first = words.next().unwrap_or("").to_ascii_uppercase();
        let key = words.next().unwrap_or("").to_ascii_lowercase();
        first == "END" || (first == "INFO" && KEPT.contains(&key.as_str()))
    })
}

fn fuzz_input(lines: usize, seed: u64) -> Vec<u8> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut n = 0;
    while n < lines {
        let bytes = match rng.gen_range(0..10) {
            0..=2 => SEEDS[rng.gen_range(0..SEEDS.len())].as_bytes().to_vec(),
            3..=7 => {
                let seed = SEEDS[rng.gen_range(0..SEEDS.len())];
                mutate(&mut rng, seed)
            }
            _ => (0..rng.gen_range(0..40)).map(|_| rng.gen()).collect(),
        };
        if forbidden(&bytes) {
            continue;
        }
        out.extend_from_slice(&bytes);
        out.push(if rng.gen_bool(0.1) { b'\r' } else { b'\n' });
        n += 1;
    }
    out
}

/// Whether an output line is one the protocol allows.
fn well_formed(l: &str) -> bool {
    let moves = l
        .split(' ')
        .all(|m| parse_move(m).is_some_and(|(x, y)| (0..32).contains(&x) && (0..32).contains(&y)));
    l == "OK"
        || l == "SWAP"
        || l.starts_with("ERROR ")
        || l.starts_with("UNKNOWN ")
        || l.starts_with("MESSAGE ")
        || (l.starts_with("FORBID ") && l.ends_with('.'))
        || l.starts_with("name=\"Kakugo\"")
        || (moves && (1..=3).contains(&l.split(' ').count()))
}

#[test]
fn fuzz_100k_lines() {
    let mut e = Engine::spawn();
    e.send_all(&[
        "INFO timeout_turn 0",
        "INFO max_depth 1",
        "INFO max_node 200",
        "START 15",
    ]);
    assert_eq!(e.line(), "OK");
    let input = fuzz_input(100_000, 0x5eed);
    // Write from another thread so that the engine's output keeps being read meanwhile.
    let mut stdin = e.take_stdin();
    let writer = std::thread::spawn(move || {
        stdin.write_all(&input).expect("engine keeps reading");
        stdin.write_all(b"\nDONE\nSYNC-7f3a\n").expect("write");
        stdin.flush().expect("flush");
        stdin
    });
    let mut count = 0;
    loop {
        let l = e.line();
        if l == "UNKNOWN SYNC-7f3a" {
            break;
        }
        assert!(well_formed(&l), "malformed output line {l:?}");
        count += 1;
    }
    e.give_stdin(writer.join().expect("writer"));
    assert!(
        count > 50_000,
        "the engine answered the fuzz ({count} lines)"
    );
    // Still alive and consistent: a known position gets its forced reply.
    e.send_all(&["INFO rule 0", "INFO timeout_turn 1000", "START 15"]);
    assert_eq!(e.reply(), "OK");
    let four = [
        (7, 7),
        (7, 8),
        (8, 7),
        (8, 8),
        (9, 7),
        (9, 8),
        (10, 7),
        (10, 8),
    ];
    send_block(&mut e, "BOARD", &board_lines(&four));
    let m = e.reply_move();
    assert!(m == (6, 7) || m == (11, 7), "forced win, got {m:?}");
    e.end();
}

/// Random positions on small boards with cells marked 3 (and sometimes `YXBLOCK`ed): the answer
/// is a move on a cell that is neither a stone nor blocked, or, exactly when no such cell is
/// left, `ERROR the board is full`; `TURN` and `PLAY` on a blocked cell are errors.
#[test]
fn fuzz_blocked_cells() {
    let mut rng = StdRng::seed_from_u64(0xb10c);
    let mut e = Engine::spawn();
    e.send_all(&[
        "INFO timeout_turn 0",
        "INFO max_depth 1",
        "INFO max_node 200",
    ]);
    let mut moves_answered = 0;
    let mut full_boards = 0;
    for round in 0..300 {
        let side: i64 = rng.gen_range(5..=9);
        e.send(&format!("START {side}"));
        assert_eq!(e.line(), "OK");
        let mut cells: Vec<(i64, i64)> = (0..side * side).map(|k| (k % side, k / side)).collect();
        // Shuffle, then cut: a few stones, the walls, the rest empty (sometimes none).
        for i in (1..cells.len()).rev() {
            cells.swap(i, rng.gen_range(0..=i));
        }
        let n = cells.len();
        let stones = rng.gen_range(0..=n.min(6));
        let walls = if rng.gen_bool(0.2) {
            n - stones
        } else {
            rng.gen_range(0..=n - stones)
        };
        let (played, rest) = cells.split_at(stones);
        let (wall, free) = rest.split_at(walls);
        let mut lines = board_lines(played);
        for &(x, y) in wall {
            lines.insert(rng.gen_range(0..=lines.len()), format!("{x},{y},3"));
        }
        if rng.gen_bool(0.3) && !free.is_empty() {
            let k = rng.gen_range(1..=free.len());
            let block: Vec<String> = free[..k].iter().map(|(x, y)| format!("{x},{y}")).collect();
            send_block(&mut e, "YXBLOCK", &block);
        }
        let head = ["BOARD", "YXNBEST 2", "YXSEARCHDEFEND"][round % 3];
        if head == "BOARD" {
            send_block(&mut e, "BOARD", &lines);
        } else {
            send_block(&mut e, "YXBOARD", &lines);
            e.send(head);
        }
        let r = e.reply();
        if free.is_empty() {
            assert_eq!(r, "ERROR the board is full", "round {round}: {lines:?}");
            full_boards += 1;
        } else if let Some(m) = parse_move(&r) {
            assert!(free.contains(&m), "round {round}: {m:?} for {lines:?}");
            moves_answered += 1;
        } else {
            // A position already won: refused, never a stone on a wall.
            assert!(r.starts_with("ERROR"), "round {round}: {r}");
        }
        e.send("YXBLOCKRESET");
        if let Some(&(x, y)) = wall.first() {
            e.send(&format!("TURN {x},{y}"));
            assert_eq!(e.line(), format!("ERROR TURN: {x},{y} is blocked"));
            e.send(&format!("PLAY {x},{y}"));
            assert_eq!(e.line(), format!("ERROR PLAY: {x},{y} is blocked"));
        }
    }
    assert!(
        moves_answered > 100 && full_boards > 10,
        "{moves_answered} moves, {full_boards} full"
    );
    e.end();
}

/// The keys a config file may set, with values that keep a run short and small.
const CONFIG_LINES: &[&str] = &[
    "thread_num = 1",
    "timeout_turn = 0",
    "timeout_turn = 50",
    "max_depth = 1",
    "max_depth = 2",
    "max_node = 500",
    "rule = 0",
    "rule = 1",
    "rule = 4",
    "show_detail = 1",
    "show_detail = -1",
    "hash_size = 1024",
    "max_memory = 0",
    "# a comment",
    "",
    "[section]",
    "max_depth =",
    "= 3",
    "bogus = 1",
];

/// A random config file: lines from `CONFIG_LINES`, mutated or not, random bytes, NULs, long
/// values, a byte-order mark, sizes on both sides of the 64 KB limit.
fn random_config(rng: &mut StdRng) -> Vec<u8> {
    let mut out = Vec::new();
    if rng.gen_bool(0.3) {
        out.extend_from_slice(b"\xef\xbb\xbf");
    }
    for _ in 0..rng.gen_range(0..20) {
        let line = CONFIG_LINES[rng.gen_range(0..CONFIG_LINES.len())];
        match rng.gen_range(0..10) {
            0..=4 => out.extend_from_slice(line.as_bytes()),
            5..=7 => out.extend(mutate(rng, line)),
            8 => out.extend((0..rng.gen_range(0..80)).map(|_| rng.gen::<u8>())),
            _ => {
                out.extend_from_slice(b"max_depth = ");
                out.extend(std::iter::repeat_n(b'9', rng.gen_range(100..5000)));
            }
        }
        out.extend_from_slice(if rng.gen_bool(0.2) { b"\r\n" } else { b"\n" });
    }
    match rng.gen_range(0..8) {
        0 => out.resize(64 << 10, 0),
        1 => out.resize((64 << 10) + 1, b' '),
        2 => out.resize(rng.gen_range(1 << 10..1 << 20), 0),
        _ => {}
    }
    out
}

/// Random config files beside the engine: start-up always ends in `START`'s `OK`, preceded only
/// by `MESSAGE` lines of a sane length (the first naming the file), and the engine then plays.
#[test]
fn fuzz_config_files() {
    let mut rng = StdRng::seed_from_u64(0xc0f1);
    let dir = std::env::temp_dir().join(format!("kakugo-config-fuzz-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let command = support::engine_command_in(&dir);
    for round in 0..24 {
        let config = random_config(&mut rng);
        std::fs::write(dir.join("kakugo.ini"), &config).unwrap();
        let mut cmd = std::process::Command::new(command.get_program());
        cmd.args(command.get_args());
        let mut e = Engine::from_command(cmd);
        e.send_all(&[
            "INFO timeout_turn 0",
            "INFO max_depth 1",
            "INFO rule 0",
            "INFO show_detail 0",
            "START 15",
        ]);
        let first = e.line();
        assert!(
            first.starts_with("MESSAGE config ") && first.contains("kakugo.ini"),
            "round {round}: {first}"
        );
        loop {
            let l = e.line();
            if l == "OK" {
                break;
            }
            assert!(l.starts_with("MESSAGE config line "), "round {round}: {l}");
            assert!(l.len() < 200, "round {round}: {} bytes", l.len());
        }
        e.send("BEGIN");
        let m = e.reply_move();
        assert!(
            (0..15).contains(&m.0) && (0..15).contains(&m.1),
            "round {round}: {m:?}"
        );
        e.end();
    }
    let _ = std::fs::remove_dir_all(&dir);
}
