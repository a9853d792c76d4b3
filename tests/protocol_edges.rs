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
    // after 3.8–7 s) and END during it took 6–10 s.
    let mut e = Engine::spawn();
    e.send_all(&[
        "INFO max_memory 0",
        "INFO hash_size 4194304",
        "INFO timeout_turn 300",
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
        took < Duration::from_millis(1500),
        "answered after {took:?}"
    );
    let sent = Instant::now();
    e.send("END");
    assert!(e.exit_within(PATIENCE).is_some());
    let took = sent.elapsed();
    assert!(took < Duration::from_millis(1500), "exited after {took:?}");
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
