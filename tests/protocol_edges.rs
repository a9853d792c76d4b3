//! Protocol edges found by a fuzz and audit (issue 49): a whole script piped in at once, a huge
//! hash table, `timeout_turn 0`, a memory limit too small to live in, and more threads than the
//! machine has. Each drives the real binary as a manager would.

mod support;

use std::time::{Duration, Instant};
use support::{parse_move, Engine, PATIENCE};

/// Every line the engine writes until it exits (or `PATIENCE` runs out).
fn all_output(e: &mut Engine) -> Vec<String> {
    let start = Instant::now();
    let mut lines = Vec::new();
    while start.elapsed() < PATIENCE {
        match e.line_within(Duration::from_millis(200)) {
            Some(l) => lines.push(l),
            None => {
                if e.exit_within(Duration::from_millis(1)).is_some() {
                    // Whatever was written before the exit is already queued.
                    while let Some(l) = e.line_within(Duration::from_millis(50)) {
                        lines.push(l);
                    }
                    break;
                }
            }
        }
    }
    lines
}

/// The lines that are not `MESSAGE`/`DEBUG`.
fn answers(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .map(String::as_str)
        .filter(|l| !l.starts_with("MESSAGE") && !l.starts_with("DEBUG"))
        .collect()
}

/// Resident memory of process `pid` in bytes: now (`VmRSS`) and at its peak (`VmHWM`).
#[cfg(target_os = "linux")]
fn rss(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .expect("status field")
            * 1024
    };
    (field("VmRSS:"), field("VmHWM:"))
}

#[test]
fn a_piped_script_is_answered_before_end() {
    // `printf 'START 15\nBEGIN\nEND\n' | pbrain-kakugo`: everything arrives at once.
    let mut e = Engine::spawn();
    e.send_raw(b"START 15\nBEGIN\nEND\n");
    e.close_input();
    let out = all_output(&mut e);
    let a = answers(&out);
    assert_eq!(a.len(), 2, "{out:?}");
    assert_eq!(a[0], "OK");
    assert_eq!(parse_move(a[1]), Some((7, 7)), "{out:?}");
    assert!(e.exit_within(PATIENCE).is_some_and(|s| s.success()));
    assert_eq!(e.stderr(), "");
}

#[test]
fn every_command_before_end_is_answered_with_the_pipe_open() {
    // Long turns: the searches in progress when END arrives stop at once with their best move.
    let mut e = Engine::spawn();
    e.send_raw(
        b"INFO timeout_turn 30000\nINFO timeout_match 0\nSTART 15\nBEGIN\nTURN 8,8\n\
          ABOUT\nTURN 6,6\nYXSHOWFORBID\nEND\nBEGIN\n",
    );
    let sent = Instant::now();
    let out = all_output(&mut e);
    let took = sent.elapsed();
    let a = answers(&out);
    assert_eq!(a.len(), 6, "{out:?}");
    assert_eq!(a[0], "OK");
    assert_eq!(parse_move(a[1]), Some((7, 7)));
    let m = parse_move(a[2]).expect("a move");
    assert!(m != (7, 7) && m != (8, 8), "{m:?}");
    assert!(a[3].starts_with("name=\"Kakugo\""), "{}", a[3]);
    let m2 = parse_move(a[4]).expect("a move");
    assert!(![(7, 7), (8, 8), m, (6, 6)].contains(&m2), "{m2:?}");
    assert_eq!(a[5], "FORBID .");
    // Nothing after END (the BEGIN after it is not read), and no 30 s turn was waited out.
    assert!(took < Duration::from_secs(10), "{took:?}");
    assert!(e.exit_within(PATIENCE).is_some_and(|s| s.success()));
}

#[test]
fn end_of_input_answers_what_came_before() {
    let mut e = Engine::spawn();
    e.send_raw(b"START 15\nINFO timeout_turn 30000\nBEGIN\nTURN 8,8\n");
    e.close_input();
    let out = all_output(&mut e);
    let a = answers(&out);
    assert_eq!(a.len(), 3, "{out:?}");
    assert!(parse_move(a[2]).is_some(), "{out:?}");
}

#[test]
fn a_huge_table_never_delays_an_answer_or_end() {
    // Before: the 4 GB table was made inside the first move's clock (a 100 ms turn answered
    // after 3.8–7 s) and END during it took 6–10 s. Now both come within c-gomoku-cli's default
    // tolerance (3 s), whatever else a shared machine is doing.
    const TOLERANCE: Duration = Duration::from_secs(3);
    let mut e = Engine::spawn();
    e.send_all(&[
        "INFO max_memory 0",
        "INFO hash_size 4194304",
        "INFO timeout_turn 100",
        "INFO timeout_match 0",
        "START 15",
    ]);
    assert_eq!(e.reply(), "OK");
    let sent = Instant::now();
    e.send("TURN 8,8");
    let m = e.reply_move();
    let took = sent.elapsed();
    assert!(m != (8, 8));
    assert!(
        took < Duration::from_millis(100) + TOLERANCE,
        "answered after {took:?}"
    );
    let sent = Instant::now();
    e.send("END");
    assert!(e.exit_within(PATIENCE).is_some());
    let took = sent.elapsed();
    assert!(took < TOLERANCE, "exited after {took:?}");
}

#[cfg(target_os = "linux")]
#[test]
fn timeout_turn_0_answers_at_once_with_a_small_table() {
    if support::external_engine() {
        eprintln!(
            "skipped under KAKUGO_ENGINE: the memory and threads read are the Linux process's"
        );
        return;
    }
    // Before: answered after 97–163 ms with 197 MB resident (a table sized for 30 s turns).
    let mut e = Engine::spawn();
    e.send_all(&["START 15", "INFO timeout_turn 0", "INFO timeout_match 0"]);
    assert_eq!(e.reply(), "OK");
    e.send("BEGIN");
    assert_eq!(e.reply_move(), (7, 7));
    e.send("TURN 8,8");
    e.reply_move();
    let (now, _) = rss(e.pid());
    assert!(now < 32 << 20, "{} MB resident", now >> 20);
    e.end();
}

/// Plays `moves` turns from a few stones, each answered; the engine's answers are checked.
fn play(e: &mut Engine, moves: usize) {
    let mut taken = vec![(7, 7), (8, 8), (8, 6)];
    let lines: Vec<String> = support::board_lines(&taken);
    support::send_block(e, "BOARD", &lines);
    for i in 0..moves {
        let m = e.reply_move();
        assert!(!taken.contains(&m), "{m:?} is taken");
        taken.push(m);
        if i + 1 < moves {
            let c = (0..225)
                .map(|k| (k % 15, k / 15))
                .find(|c| !taken.contains(c))
                .unwrap();
            taken.push(c);
            e.send(&format!("TURN {},{}", c.0, c.1));
        }
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_small_memory_limit_is_kept() {
    if support::external_engine() {
        eprintln!(
            "skipped under KAKUGO_ENGINE: the memory and threads read are the Linux process's"
        );
        return;
    }
    // Before: 47.5 MB at the peak under a 20 MB limit (36 MB of threat solver tables alone).
    const LIMIT: u64 = 20 << 20;
    let mut e = Engine::spawn();
    e.send_all(&[
        &format!("INFO max_memory {LIMIT}"),
        "INFO timeout_turn 300",
        "INFO timeout_match 0",
        "START 15",
    ]);
    assert_eq!(e.line(), "OK");
    play(&mut e, 4);
    let (_, peak) = rss(e.pid());
    assert!(peak <= LIMIT, "peak {} MB", peak >> 20);
    assert!(
        !e.log.iter().any(|l| l.contains("max_memory")),
        "{:?}",
        e.log
    );
    e.end();
}

#[test]
fn a_memory_limit_too_small_is_said() {
    let mut e = Engine::spawn();
    e.send_all(&[
        "START 15",
        "INFO max_memory 8000000",
        "INFO timeout_turn 200",
    ]);
    assert_eq!(e.line(), "OK");
    e.send("BEGIN");
    let l = e.line();
    assert!(
        l.starts_with("MESSAGE max_memory 7.6 MB is below the"),
        "{l}"
    );
    assert_eq!(e.reply_move(), (7, 7));
    // Said once, not at every move.
    e.send("TURN 8,8");
    e.reply_move();
    assert_eq!(e.log.iter().filter(|l| l.contains("max_memory")).count(), 1);
    e.end();
}

#[cfg(target_os = "linux")]
#[test]
fn threads_are_held_to_the_machine() {
    if support::external_engine() {
        eprintln!(
            "skipped under KAKUGO_ENGINE: the memory and threads read are the Linux process's"
        );
        return;
    }
    // Before: 64 search threads on 2 cores overran a turn by 200–330 ms.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut e = Engine::spawn();
    e.send_all(&[
        "START 15",
        "INFO thread_num 64",
        "INFO max_memory 0",
        "INFO timeout_turn 3000",
        "INFO timeout_match 0",
    ]);
    assert_eq!(e.line(), "OK");
    support::send_block(
        &mut e,
        "BOARD",
        &support::board_lines(&[(7, 7), (8, 8), (8, 6)]),
    );
    // The most threads seen while the move is searched.
    let mut most = 0;
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(2500) {
        let tasks = std::fs::read_dir(format!("/proc/{}/task", e.pid())).map_or(0, |d| d.count());
        most = most.max(tasks);
        std::thread::sleep(Duration::from_millis(20));
    }
    // Reader, worker, deadline guard, table maker, and the search threads.
    assert!(most <= cores + 4, "{most} threads on {cores} cores");
    assert!(most >= 3, "{most}");
    e.reply_move();
    e.end();
}

/// A copy of the engine (the built binary, or `KAKUGO_ENGINE`'s executable) in a fresh folder
/// of its own, beside a config file with `config`.
fn engine_with_config(name: &str, config: &str) -> (std::path::PathBuf, Engine) {
    let dir = std::env::temp_dir().join(format!("kakugo-config-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("kakugo.ini"), config).unwrap();
    let e = Engine::from_command(support::engine_command_in(&dir));
    (dir, e)
}

/// The depth of the last machine-readable search report (`depth D-S ev …`).
fn last_depth(log: &[String]) -> u32 {
    log.iter()
        .rev()
        .find_map(|l| l.strip_prefix("MESSAGE depth "))
        .and_then(|r| r.split('-').next())
        .and_then(|d| d.parse().ok())
        .expect("a search report")
}

#[test]
fn the_config_file_is_read_and_info_overrides_it() {
    let (dir, mut e) = engine_with_config(
        "read",
        "# Kakugo settings\nmax_depth = 1\ntimeout_turn = 1000 # 1 s\n\nbogus = 3\nhash_size = lots\n",
    );
    e.send("START 15");
    // The file's path as the engine names it (under Wine, a Windows path to the same file).
    let said = e.line();
    assert!(
        said.starts_with("MESSAGE config ")
            && said.ends_with("kakugo.ini: max_depth 1, timeout_turn 1000"),
        "{said}"
    );
    assert_eq!(e.line(), "MESSAGE config line 5: unknown key bogus");
    assert_eq!(
        e.line(),
        "MESSAGE config line 6: bad value \"lots\" for hash_size"
    );
    assert_eq!(e.line(), "OK");
    support::send_block(
        &mut e,
        "BOARD",
        &support::board_lines(&[(7, 7), (8, 8), (8, 6)]),
    );
    e.reply_move();
    assert_eq!(last_depth(&e.log), 1);
    e.send_all(&["INFO max_depth 3", "TURN 3,3"]);
    e.reply_move();
    assert_eq!(last_depth(&e.log), 3);
    e.end();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_a_config_file_nothing_is_said() {
    let mut e = Engine::spawn();
    e.send("ABOUT");
    assert!(e.line().starts_with("name=\"Kakugo\", version=\""));
    e.end();
}

// ---------------------------------------------------------------------------------------------
// Issue 78: cells marked 3, the config file's limits, `max_memory` after `START`, small edges.

/// `BOARD` lines marking every cell of a `side`×`side` board blocked (field 3) but `open`.
fn walls_but(side: i64, open: &[(i64, i64)]) -> Vec<String> {
    (0..side * side)
        .map(|k| (k % side, k / side))
        .filter(|c| !open.contains(c))
        .map(|(x, y)| format!("{x},{y},3"))
        .collect()
}

#[test]
fn a_cell_marked_3_takes_no_stone() {
    // Before: the engine answered 8,7 to TURN 7,7 (the blocked cell, completing a five nobody
    // noticed), and PLAY 7,7 after YXBOARD with 7,7,3 echoed 7,7.
    let mut e = Engine::spawn();
    e.send_all(&["START 15", "INFO timeout_turn 100"]);
    assert_eq!(e.line(), "OK");
    let lines: Vec<String> = [
        "3,7,2", "0,0,1", "4,7,2", "0,14,1", "5,7,2", "14,0,1", "6,7,2", "7,7,3",
    ]
    .map(String::from)
    .to_vec();
    support::send_block(&mut e, "BOARD", &lines);
    // Black's four 3..6,7 is open only at 2,7: 7,7 is blocked.
    assert_eq!(e.reply_move(), (2, 7));
    e.send("TURN 7,7");
    assert_eq!(e.line(), "ERROR TURN: 7,7 is blocked");
    e.send("TAKEBACK 7,7");
    assert_eq!(e.line(), "ERROR TAKEBACK: 7,7 is not the last move");
    // The position is as it was: the brain's own stone is the last move.
    e.send("TAKEBACK 2,7");
    assert_eq!(e.line(), "OK");
    support::send_block(&mut e, "YXBOARD", &["7,7,3".to_string()]);
    e.send("PLAY 7,7");
    assert_eq!(e.line(), "ERROR PLAY: 7,7 is blocked");
    e.send("PLAY 7,8");
    assert_eq!(e.line(), "7,8");
    e.end();
}

#[test]
fn a_board_of_blocked_cells_is_full() {
    // Before: 2,2 to BOARD, 1,1 to YXNBEST 2, 2,1 to YXSEARCHDEFEND, a move to BEGIN.
    let mut e = Engine::spawn();
    e.send_all(&["START 5", "INFO timeout_turn 100"]);
    assert_eq!(e.line(), "OK");
    let all = walls_but(5, &[]);
    support::send_block(&mut e, "BOARD", &all);
    assert_eq!(e.reply(), "ERROR the board is full");
    for cmd in ["YXNBEST 2", "YXSEARCHDEFEND", "BEGIN"] {
        e.send(cmd);
        assert_eq!(e.reply(), "ERROR the board is full", "{cmd}");
    }
    support::send_block(&mut e, "YXBOARD", &all);
    e.send("BEGIN");
    assert_eq!(e.reply(), "ERROR the board is full");
    e.end();
}

#[test]
fn the_fallback_never_picks_a_blocked_cell() {
    // Before: 2,2. 0,0 is the only cell a stone may go on; YXBLOCK keeps the searcher off it,
    // and the fallback (the legal cell nearest the centre) takes it.
    let mut e = Engine::spawn();
    e.send_all(&["START 5", "INFO timeout_turn 100"]);
    assert_eq!(e.line(), "OK");
    support::send_block(&mut e, "YXBLOCK", &["0,0".to_string()]);
    support::send_block(&mut e, "BOARD", &walls_but(5, &[(0, 0)]));
    assert_eq!(e.reply_move(), (0, 0));
    for cmd in ["YXNBEST 2", "YXSEARCHDEFEND"] {
        support::send_block(&mut e, "YXBOARD", &walls_but(5, &[(0, 0)]));
        e.send(cmd);
        assert_eq!(e.reply_move(), (0, 0), "{cmd}");
    }
    e.end();
}

/// A copy of the engine in a fresh folder of its own; `make` puts its config file there.
fn engine_beside(name: &str, make: impl FnOnce(&std::path::Path)) -> (std::path::PathBuf, Engine) {
    let dir = std::env::temp_dir().join(format!("kakugo-config-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    make(&dir.join("kakugo.ini"));
    let e = Engine::from_command(support::engine_command_in(&dir));
    (dir, e)
}

/// Sends `START 15` and returns the `MESSAGE` lines before its `OK`.
fn messages_before_ok(e: &mut Engine) -> Vec<String> {
    e.send("START 15");
    let mut said = Vec::new();
    loop {
        let l = e.line();
        if l == "OK" {
            return said;
        }
        assert!(l.starts_with("MESSAGE "), "{l}");
        said.push(l);
    }
}

#[test]
fn a_config_file_too_large_is_not_read() {
    // Before: a 256 MB file of NULs was read whole (1.7 s, 527 MB at the peak).
    let (dir, mut e) = engine_beside("large", |p| {
        let f = std::fs::File::create(p).unwrap();
        f.set_len(256 << 20).unwrap(); // sparse: no disk used
    });
    let said = messages_before_ok(&mut e);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].ends_with("kakugo.ini: larger than 64 KB, not read"),
        "{said:?}"
    );
    e.end();
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_config_file_that_is_not_a_regular_file_is_not_opened() {
    if support::external_engine() {
        eprintln!("skipped under KAKUGO_ENGINE: the links and pipes are Linux's");
        return;
    }
    // Before: a link to /dev/zero was read until memory ran out, and a pipe blocked start-up.
    let (dir, mut e) = engine_beside("zero", |p| {
        std::os::unix::fs::symlink("/dev/zero", p).unwrap();
    });
    let said = messages_before_ok(&mut e);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].ends_with("kakugo.ini: not a regular file, not read"));
    e.end();
    let _ = std::fs::remove_dir_all(&dir);
    let (dir, mut e) = engine_beside("fifo", |p| {
        let made = std::process::Command::new("mkfifo").arg(p).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    });
    let said = messages_before_ok(&mut e);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].ends_with("kakugo.ini: not a regular file, not read"));
    e.end();
    let _ = std::fs::remove_dir_all(&dir);
    // A link to a regular file is read.
    let (dir, mut e) = engine_beside("link", |p| {
        let real = p.with_file_name("settings.txt");
        std::fs::write(&real, "max_depth = 2\n").unwrap();
        std::os::unix::fs::symlink(&real, p).unwrap();
    });
    let said = messages_before_ok(&mut e);
    assert!(
        said.len() == 1 && said[0].ends_with(": max_depth 2"),
        "{said:?}"
    );
    e.end();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_byte_order_mark_is_skipped() {
    // Before: "config line 1: unknown key \u{feff}max_depth", the first setting lost.
    let (dir, mut e) = engine_beside("bom", |p| {
        std::fs::write(p, b"\xef\xbb\xbfmax_depth = 1\r\ntimeout_turn = 1000\r\n").unwrap();
    });
    let said = messages_before_ok(&mut e);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].ends_with("kakugo.ini: max_depth 1, timeout_turn 1000"),
        "{said:?}"
    );
    e.end();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_long_bad_value_is_cut_in_its_message() {
    // Before: the whole value was echoed in one MESSAGE.
    let value = "9".repeat(30_000);
    let (dir, mut e) = engine_beside("long", |p| {
        std::fs::write(p, format!("max_depth = {value}\nthread_num = x{value}\n")).unwrap();
    });
    let said = messages_before_ok(&mut e);
    assert_eq!(said.len(), 3, "{said:?}");
    let nines = "9".repeat(40);
    assert_eq!(
        said[1],
        format!("MESSAGE config line 1: bad value \"{nines}\" for max_depth")
    );
    assert!(said[2].len() < 120, "{}", said[2]);
    e.end();
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(target_os = "linux")]
#[test]
fn max_memory_after_start_is_kept_at_once() {
    if support::external_engine() {
        eprintln!("skipped under KAKUGO_ENGINE: the memory read is the Linux process's");
        return;
    }
    // Before: 43 MB resident until the first move (the full solver tables made at START), and
    // after a first game with a 300 ms turn, 45 MB.
    const LIMIT: u64 = 20 << 20;
    let mut e = Engine::spawn();
    e.send_all(&[
        "START 15",
        &format!("INFO max_memory {LIMIT}"),
        "INFO timeout_turn 300",
    ]);
    assert_eq!(e.line(), "OK");
    e.sync();
    let (now, _) = rss(e.pid());
    assert!(now <= LIMIT, "{} MB resident", now >> 20);
    e.send_all(&["INFO max_memory 0", "START 15", "BEGIN"]);
    assert_eq!(e.reply(), "OK");
    e.reply_move();
    e.send_all(&["START 15", &format!("INFO max_memory {LIMIT}")]);
    assert_eq!(e.line(), "OK");
    e.sync();
    let (now, _) = rss(e.pid());
    assert!(now <= LIMIT, "{} MB resident", now >> 20);
    e.end();
}

#[cfg(target_os = "linux")]
#[test]
fn a_table_given_up_half_made_leaves_memory_at_once() {
    if support::external_engine() {
        eprintln!("skipped under KAKUGO_ENGINE: the memory read is the Linux process's");
        return;
    }
    // Before: the maker thread noticed a lowered `max_memory` and returned the table's pages on
    // its own time, so the next command could still find them resident (42 MB of 20 MB, once,
    // on a loaded machine). Now the limit holds as soon as the `INFO` line is handled.
    const LIMIT: u64 = 20 << 20;
    let mut e = Engine::spawn();
    e.send_all(&[
        "INFO max_memory 0",
        "INFO timeout_turn 300",
        "START 15",
        "INFO hash_size 2097152",
    ]);
    assert_eq!(e.line(), "OK");
    // Let the 2 GB table's making get well under way.
    let start = Instant::now();
    while rss(e.pid()).0 < 200 << 20 && start.elapsed() < PATIENCE {
        std::thread::sleep(Duration::from_millis(5));
    }
    e.send(&format!("INFO max_memory {LIMIT}"));
    e.sync();
    let (now, _) = rss(e.pid());
    assert!(now <= LIMIT, "{} MB resident", now >> 20);
    e.end();
}

#[test]
fn show_detail_levels() {
    // Before: any value but 0 turned the realtime lines on, -1 too; no value gave a report
    // after every iteration. Now 1 realtime, 2 the report of every iteration, 3 both.
    for (value, realtime_on, every_on) in [
        ("-1", false, false),
        ("0", false, false),
        ("1", true, false),
        ("2", false, true),
        ("3", true, true),
    ] {
        let mut e = Engine::spawn();
        e.send_all(&["START 15", "INFO timeout_turn 300"]);
        e.send(&format!("INFO show_detail {value}"));
        assert_eq!(e.line(), "OK");
        support::send_block(&mut e, "BOARD", &support::board_lines(&[(7, 7), (8, 8)]));
        e.reply_move();
        let realtime = e.log.iter().any(|l| l.starts_with("MESSAGE REALTIME"));
        // The move's own report ends with one machine line; more mean one per iteration.
        let reports = e
            .log
            .iter()
            .filter(|l| l.starts_with("MESSAGE depth "))
            .count();
        assert_eq!(realtime, realtime_on, "show_detail {value}: {:?}", e.log);
        assert_eq!(reports > 1, every_on, "show_detail {value}: {:?}", e.log);
        e.end();
    }
}

#[test]
fn an_unknown_feature_lists_every_switch() {
    // Before: the list left out `network`.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_pbrain-kakugo"))
        .args(["--feature", "bogus=on"])
        .output()
        .expect("engine runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    for name in kakugo::search::FEATURES {
        assert!(err.contains(name), "{name}: {err}");
    }
    assert!(err.contains("network"), "{err}");
}
