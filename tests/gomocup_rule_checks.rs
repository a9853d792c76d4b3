//! Gomocup's pre-submission rule checks (`tests/data/gomocup_rule_checks.tsv`), each sent to the
//! real binary as GomocupJudge sends it: START, INFO, BOARD in move order, then the reply checked.

mod support;

use support::{board_lines, send_block, Engine};

/// Per-move time used here instead of the file's 30 s, to keep the tests quick; every check is a
/// one-move tactic.
const TURN_MS: u64 = 3000;

struct Check {
    name: String,
    rule: String,
    size: String,
    turn_ms: u64,
    match_ms: String,
    moves: Vec<(i64, i64)>,
    expected: String,
}

fn checks() -> Vec<Check> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/gomocup_rule_checks.tsv"
    );
    let text = std::fs::read_to_string(path).expect("checks file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 10, "ten columns: {l}");
            let moves = f[6]
                .split_whitespace()
                .map(|m| {
                    let (x, y) = m.split_once(',').expect("x,y");
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            Check {
                name: format!("{} {}", f[0], f[7]),
                rule: f[1].into(),
                size: f[2].into(),
                turn_ms: f[3].parse().unwrap(),
                match_ms: f[4].into(),
                moves,
                expected: f[9].into(),
            }
        })
        .collect()
}

/// Whether `m` satisfies `6,7|11,7` or `not:6,8`.
fn satisfies(m: (i64, i64), expected: &str) -> bool {
    let cell = format!("{},{}", m.0, m.1);
    match expected.strip_prefix("not:") {
        Some(bad) => !bad.split('|').any(|c| c == cell),
        None => expected.split('|').any(|c| c == cell),
    }
}

#[test]
fn gomocup_rule_checks() {
    let all = checks();
    assert_eq!(all.len(), 9);
    let mut e = Engine::spawn();
    for c in &all {
        let turn = c.turn_ms.min(TURN_MS);
        let head = [
            format!("START {}", c.size),
            format!("INFO timeout_turn {turn}"),
            format!("INFO timeout_match {}", c.match_ms),
            "INFO max_memory 367001600".into(),
            "INFO game_type 3".into(),
            format!("INFO rule {}", c.rule),
            format!("INFO time_left {}", c.match_ms),
        ];
        let head: Vec<&str> = head.iter().map(String::as_str).collect();
        e.send_all(&head);
        assert_eq!(e.reply(), "OK", "{}", c.name);
        send_block(&mut e, "BOARD", &board_lines(&c.moves));
        let m = e.reply_move();
        assert!(!c.moves.contains(&m), "{}: {m:?} is occupied", c.name);
        assert!(
            satisfies(m, &c.expected),
            "{}: played {m:?}, expected {}",
            c.name,
            c.expected
        );
    }
    e.end();
}
