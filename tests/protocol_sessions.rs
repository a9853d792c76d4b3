//! Whole sessions as the real managers send them (protocol.md §6), and every command, against the
//! real binary over stdin/stdout.

mod support;

use kakugo::board::{Board, Dims, Pos};
use kakugo::rules::Rule;
use std::time::Duration;
use support::{board_lines, parse_move, send_block, Engine, PATIENCE};

/// Black to move with an open four on row 7 (x 7..=10): the only sane answers win at 6,7 / 11,7.
const OPEN_FOUR: [(i64, i64); 8] = [
    (7, 7),
    (7, 8),
    (8, 7),
    (8, 8),
    (9, 7),
    (9, 8),
    (10, 7),
    (10, 8),
];

fn wins_open_four(m: (i64, i64)) -> bool {
    m == (6, 7) || m == (11, 7)
}

/// An empty cell of a 15×15 board, from the far corner.
fn free_cell(taken: &[(i64, i64)]) -> (i64, i64) {
    (0..225)
        .rev()
        .map(|i| (i % 15, i / 15))
        .find(|c| !taken.contains(c))
        .unwrap()
}

fn on_empty(m: (i64, i64), size: i64, taken: &[(i64, i64)]) -> bool {
    (0..size).contains(&m.0) && (0..size).contains(&m.1) && !taken.contains(&m)
}

#[test]
fn piskvork_session() {
    let mut e = Engine::spawn();
    e.send_raw(b"START 20\r\n");
    assert_eq!(e.line(), "OK");
    e.send_raw(
        b"INFO max_memory 367001600\r\nINFO timeout_match 180000\r\nINFO timeout_turn 1000\r\n\
INFO game_type 1\r\nINFO rule 0\r\nINFO time_left 180000\r\nINFO folder C:\\Piskvork data\r\n",
    );
    e.sync();
    e.send_raw(b"BEGIN\r\n");
    let mut taken = vec![e.reply_move()];
    assert!(on_empty(taken[0], 20, &[]));
    e.send_raw(b"INFO time_left 179000\r\nTURN 0,0\r\n");
    taken.push((0, 0));
    let m = e.reply_move();
    assert!(on_empty(m, 20, &taken));
    // Undo: our reply, then the opponent's move.
    e.send_raw(format!("TAKEBACK {},{}\r\n", m.0, m.1).as_bytes());
    assert_eq!(e.reply(), "OK");
    e.send_raw(b"TAKEBACK 0,0\r\n");
    assert_eq!(e.reply(), "OK");
    e.send_raw(b"TURN 0,1\r\n");
    let m2 = e.reply_move();
    assert!(on_empty(m2, 20, &[taken[0], (0, 1)]));
    // Undo by RESTART + BOARD, the fallback Piskvork uses.
    e.send_raw(b"RESTART\r\n");
    assert_eq!(e.reply(), "OK");
    let lines = board_lines(&OPEN_FOUR);
    let text: String = std::iter::once("BOARD".to_string())
        .chain(lines)
        .chain(std::iter::once("DONE".to_string()))
        .map(|l| format!("{l}\r\n"))
        .collect();
    e.send_raw(text.as_bytes());
    assert!(wins_open_four(e.reply_move()));
    // A freshly restarted brain with one stone on the board gets TURN.
    e.send_raw(b"RESTART\r\nTURN 10,10\r\n");
    assert_eq!(e.reply(), "OK");
    let m = e.reply_move();
    assert!(on_empty(m, 20, &[(10, 10)]));
    e.send_raw(b"RECTSTART 20,15\r\n");
    assert_eq!(e.reply(), "OK");
    e.send_raw(b"BEGIN\r\n");
    let m = e.reply_move();
    assert!((0..20).contains(&m.0) && (0..15).contains(&m.1));
    e.end();
}

/// The two search reports written just before the move `m` (the last line of `log`), in the
/// forms Rapfi prints and tools read (`src/protocol/report.rs`).
fn check_reports(log: &[String], m: (i64, i64)) {
    let n = log.len();
    assert!(n >= 3, "{log:?}");
    let summary = log[n - 3]
        .strip_prefix("MESSAGE Speed ")
        .expect("the summary line");
    let fields: Vec<&str> = summary.split(" | ").collect();
    assert_eq!(fields.len(), 6, "{summary}");
    for (f, name) in fields[1..]
        .iter()
        .zip(["Depth ", "Eval ", "Node ", "Time ", "Winrate "])
    {
        assert!(f.starts_with(name), "{summary}");
    }
    assert!(fields[5].ends_with('%'), "{summary}");
    let machine = log[n - 2]
        .strip_prefix("MESSAGE depth ")
        .expect("the machine line");
    let words: Vec<&str> = machine.split(' ').collect();
    assert_eq!(
        [words[1], words[3], words[5], words[7], words[9]],
        ["ev", "n", "n/ms", "tm", "pv"],
        "{machine}"
    );
    let (d, sel) = words[0].split_once('-').expect("depth D-S");
    assert!(
        d.parse::<u32>().unwrap() <= sel.parse::<u32>().unwrap(),
        "{machine}"
    );
    assert_eq!(
        fields[2],
        format!("Eval {}", words[2]),
        "{summary} / {machine}"
    );
    // The principal variation starts with the move played, in pos notation.
    let first = words[10].as_bytes();
    let x = i64::from(first[0] - b'a');
    let y: i64 = words[10][1..].parse().expect("row");
    assert_eq!((x, y - 1), m, "{machine}");
}

#[test]
fn gomocupjudge_session() {
    let mut e = Engine::spawn();
    let head = "START 15\r\nINFO timeout_turn 1000\r\nINFO timeout_match 180000\r\n\
INFO max_memory 367001600\r\nINFO game_type 3\r\nINFO rule 1\r\nINFO folder ./data\r\n\
INFO time_left 180000\r\n";
    e.send_raw(head.as_bytes());
    assert_eq!(e.line(), "OK");
    let opening = [(7, 7), (8, 8), (6, 8)];
    let mut text = String::from("BOARD\r\n");
    for l in board_lines(&opening) {
        text.push_str(&l);
        text.push_str("\r\n");
    }
    text.push_str("DONE\r\n");
    e.send_raw(text.as_bytes());
    let mut taken = opening.to_vec();
    let m = e.reply_move();
    assert!(on_empty(m, 15, &taken));
    check_reports(&e.log, m);
    taken.push(m);
    let free = (0..15)
        .flat_map(|y| (0..15).map(move |x| (x, y)))
        .find(|c| !taken.contains(c))
        .unwrap();
    e.send_raw(format!("INFO time_left 177123\r\nTURN {},{}\r\n", free.0, free.1).as_bytes());
    taken.push(free);
    assert!(on_empty(e.reply_move(), 15, &taken));
    e.end();
}

#[test]
fn c_gomoku_cli_session() {
    let mut e = Engine::spawn();
    e.send("ABOUT");
    let about = e.line();
    assert!(about.contains("name=\"Kakugo\"") && about.contains("version=\""));
    for game in 0..2 {
        e.send_all(&[
            "START 15",
            "INFO rule 4",
            "INFO timeout_turn 1000",
            "INFO timeout_match 0",
            "INFO max_memory 367001600",
            "INFO thread_num 1",
            "INFO custom_key 7",
        ]);
        assert_eq!(e.reply(), "OK");
        e.send("INFO time_left 2147483647");
        if game == 0 {
            e.send("BEGIN");
            let m = e.reply_move();
            assert!(on_empty(m, 15, &[]));
            e.send("TURN 0,0");
            assert!(on_empty(e.reply_move(), 15, &[m, (0, 0)]));
        } else {
            send_block(&mut e, "BOARD", &board_lines(&OPEN_FOUR));
            assert!(wins_open_four(e.reply_move()));
        }
        // YXSTOP when idle (an overtime notice that crossed the answer) is ignored.
        e.send("YXSTOP");
        e.sync();
    }
    e.end();
}

#[test]
fn yixin_board_session() {
    let mut e = Engine::spawn();
    e.send_all(&["info show_detail 1", "yxshowinfo", "START 15 15"]);
    let mut seen_threads = false;
    loop {
        let l = e.line();
        if l == "OK" {
            break;
        }
        assert!(l.starts_with("MESSAGE"), "{l}");
        seen_threads |= l.starts_with("MESSAGE INFO MAX_THREAD_NUM ");
    }
    assert!(seen_threads);
    e.send_all(&[
        "INFO timeout_turn 1000",
        "INFO timeout_match 100000",
        "INFO rule 2",
        "INFO time_left 100000",
        "yxhashclear",
        "start 15 15",
    ]);
    assert_eq!(e.line(), "OK");
    // Lower-case board with LF; realtime lines come before the move.
    send_block(&mut e, "board", &board_lines(&OPEN_FOUR));
    let mut realtime = false;
    let m = loop {
        let l = e.line();
        if let Some(m) = parse_move(&l) {
            break m;
        }
        realtime |= l.starts_with("MESSAGE REALTIME BEST ");
    };
    assert!(realtime, "realtime lines with show_detail");
    assert!(wins_open_four(m));
    // yxboard sets the position without an answer; yxshowforbid lists Black's fouls.
    let moves = [
        (8, 7),
        (0, 0),
        (9, 7),
        (14, 14),
        (7, 8),
        (0, 14),
        (7, 9),
        (14, 0),
    ];
    e.send("start 15 15");
    assert_eq!(e.line(), "OK");
    send_block(&mut e, "yxboard", &board_lines(&moves));
    e.send("yxshowforbid");
    let forbid = e.line();
    assert_eq!(forbid, expected_forbid(&moves));
    assert!(forbid.contains("0707"), "{forbid}");
    e.send("yxnbest 2");
    let m = loop {
        let l = e.line();
        if let Some(m) = parse_move(&l) {
            break m;
        }
    };
    assert!(
        on_empty(m, 15, &moves) && m != (7, 7),
        "no foul from yxnbest: {m:?}"
    );
    e.send("end");
    assert!(e.exit_within(PATIENCE).is_some());
    assert_eq!(e.stderr(), "");
}

/// The `FORBID` line for a renju position, computed by the library.
fn expected_forbid(moves: &[(i64, i64)]) -> String {
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

#[test]
fn passes_decide_the_side_to_move() {
    let mut e = Engine::spawn();
    e.send_all(&["INFO rule 0", "START 15", "INFO timeout_turn 1000"]);
    assert_eq!(e.line(), "OK");
    e.send("YXSHOWFORBID");
    assert_eq!(e.line(), "FORBID .", "no fouls outside renju");
    // Both sides have a four; Black then passes, so White (label 1) is to move and wins at 4,0.
    let mut lines: Vec<String> = Vec::new();
    for i in 0..4 {
        lines.push(format!("{},7,2", 7 + i));
        lines.push(format!("{i},0,1"));
    }
    lines.push("-1,-1,2".into());
    send_block(&mut e, "board", &lines);
    assert_eq!(e.reply_move(), (4, 0));
    // The same through YXBOARD, which does not answer.
    send_block(&mut e, "YXBOARD", &lines);
    e.sync();
    e.send("YXNBEST 1");
    assert_eq!(e.reply_move(), (4, 0));
    e.end();
}

#[test]
fn stop_and_queue_while_thinking() {
    let mut e = Engine::spawn();
    e.send_all(&[
        "START 15",
        "INFO timeout_turn 60000",
        "INFO timeout_match 0",
    ]);
    assert_eq!(e.line(), "OK");
    // A long think, then commands that must wait, then a stop.
    e.send_all(&["BOARD", "7,7,2", "DONE", "YXSHOWFORBID", "ABOUT", "YXSTOP"]);
    let m = e.reply_move();
    assert!(on_empty(m, 15, &[(7, 7)]));
    assert_eq!(e.line(), "FORBID .");
    assert!(e.line().starts_with("name="));
    // STOP works the same.
    let mut taken = vec![(7, 7), m];
    let c = free_cell(&taken);
    taken.push(c);
    e.send_all(&[&format!("TURN {},{}", c.0, c.1), "STOP"]);
    let m = e.reply_move();
    assert!(on_empty(m, 15, &taken));
    taken.push(m);
    e.sync();
    // END while thinking stops the search, answers it at once and exits.
    let c = free_cell(&taken);
    e.send_all(&[&format!("TURN {},{}", c.0, c.1), "END"]);
    let st = e.exit_within(Duration::from_secs(10));
    assert!(st.is_some(), "END while thinking exits");
    assert_eq!(e.stderr(), "");
}

#[test]
fn end_of_input_exits() {
    let mut e = Engine::spawn();
    e.send_all(&["START 15", "INFO timeout_turn 60000", "BEGIN"]);
    e.close_input();
    assert!(e.exit_within(Duration::from_secs(10)).is_some());
    assert_eq!(e.stderr(), "");
}

#[test]
fn swap2_answers() {
    let mut e = Engine::spawn();
    e.send_all(&[
        "START 15",
        "INFO timeout_turn 1000",
        "INFO time_left 100000",
    ]);
    assert_eq!(e.line(), "OK");
    e.send_all(&["SWAP2BOARD", "DONE"]);
    let three: Vec<(i64, i64)> = e
        .reply()
        .split(' ')
        .map(|s| parse_move(s).expect("x,y"))
        .collect();
    assert_eq!(three.len(), 3);
    assert!(three.iter().all(|&m| on_empty(m, 15, &[])));
    assert!(three[0] != three[1] && three[1] != three[2] && three[0] != three[2]);
    e.send_all(&["SWAP2BOARD", "7,7", "8,7", "7,9", "DONE"]);
    let r = e.reply();
    let placed = [(7, 7), (8, 7), (7, 9)];
    if r != "SWAP" {
        let stones: Vec<(i64, i64)> = r.split(' ').map(|s| parse_move(s).expect("x,y")).collect();
        assert!((1..=2).contains(&stones.len()), "{r}");
        assert!(stones.iter().all(|&m| on_empty(m, 15, &placed)));
    }
    e.send_all(&[
        "SWAP2BOARD",
        "7,7,1",
        "8,7,2",
        "7,9,1",
        "9,9,2",
        "6,6,1",
        "DONE",
    ]);
    let r = e.reply();
    assert!(r == "SWAP" || parse_move(&r).is_some(), "{r}");
    e.send_all(&["SWAP2BOARD", "7,7", "8,7", "DONE"]);
    assert!(e.reply().starts_with("ERROR"));
    e.end();
}

#[test]
fn takeback_play_and_hash_commands() {
    let mut e = Engine::spawn();
    e.send_all(&["START 15", "INFO timeout_turn 300"]);
    assert_eq!(e.line(), "OK");
    e.send("TURN 7,7");
    let m = e.reply_move();
    e.send("TAKEBACK 7,7");
    assert!(e.line().starts_with("ERROR"), "7,7 is not the last move");
    e.send(&format!("TAKEBACK {},{}", m.0, m.1));
    assert_eq!(e.line(), "OK");
    e.send("PLAY 3,3");
    assert_eq!(e.line(), "3,3");
    e.send("PLAY 3,3");
    assert!(e.line().starts_with("ERROR"));
    e.send_all(&[
        "YXHASHCLEAR",
        "INFO hash_size 1024",
        "INFO max_depth 2",
        "INFO max_node 1000",
    ]);
    e.sync();
    e.send("TURN 4,4");
    assert!(on_empty(e.reply_move(), 15, &[(7, 7), (3, 3), (4, 4)]));
    e.end();
}

#[test]
fn a_rule_change_keeps_the_position() {
    let mut e = Engine::spawn();
    e.send_all(&["INFO rule 0", "START 15"]);
    assert_eq!(e.line(), "OK");
    let moves = [
        (8, 7),
        (0, 0),
        (9, 7),
        (14, 14),
        (7, 8),
        (0, 14),
        (7, 9),
        (14, 0),
    ];
    send_block(&mut e, "YXBOARD", &board_lines(&moves));
    e.send("YXSHOWFORBID");
    assert_eq!(e.line(), "FORBID .");
    e.send_all(&["INFO rule 4", "YXSHOWFORBID"]);
    assert_eq!(e.line(), expected_forbid(&moves));
    e.end();
}

/// Peak resident memory of process `pid` in bytes (Linux's `VmHWM`).
#[cfg(target_os = "linux")]
fn peak_rss(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .expect("VmHWM");
    kb * 1024
}

#[cfg(target_os = "linux")]
#[test]
fn many_threads_stay_within_max_memory() {
    // 64 threads' own tables alone would pass this limit: the engine searches with fewer and
    // a smaller table instead.
    const LIMIT: u64 = 128 << 20;
    if support::external_engine() {
        eprintln!("skipped under KAKUGO_ENGINE: the peak memory read is the Linux process's");
        return;
    }
    let mut e = Engine::spawn();
    e.send("START 15");
    assert_eq!(e.reply(), "OK");
    e.send_all(&[
        &format!("INFO max_memory {LIMIT}"),
        "INFO thread_num 64",
        "INFO timeout_turn 1000",
        "INFO timeout_match 0",
    ]);
    send_block(&mut e, "BOARD", &board_lines(&[(7, 7), (8, 8), (8, 6)]));
    let m = e.reply_move();
    assert!(on_empty(m, 15, &[(7, 7), (8, 8), (8, 6)]), "{m:?}");
    let peak = peak_rss(e.pid());
    assert!(peak <= LIMIT, "peak {} MB", peak >> 20);
    e.end();
}
