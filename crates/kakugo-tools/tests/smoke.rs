//! Every subcommand of `kakugo-tools` run once on tiny real input (a few games, small node
//! counts), its output checked; and the strict parsing: a misspelt argument, an unknown rule or
//! search switch is an error with the usage line and exit code 2.

use kakugo::board::{Board, Dims};
use kakugo::rules::{Color, Rule};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const EXE: &str = env!("CARGO_BIN_EXE_kakugo-tools");

/// The repository's test data.
fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(rel)
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kakugo-tools-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs the tools with `args`.
fn tools(args: &[&str]) -> Output {
    Command::new(EXE).args(args).output().unwrap()
}

/// Runs the tools with `args`, expecting success; returns stdout and stderr.
fn ok(args: &[&str]) -> (String, String) {
    let out = tools(args);
    let (so, se) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    assert!(
        out.status.success(),
        "{args:?}: {:?}\n{so}\n{se}",
        out.status
    );
    (so, se)
}

/// The first `n` games of a test-data file, written to `dir`.
fn first_games(file: &str, n: usize, dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(data(file)).unwrap();
    let path = dir.join("games.jsonl");
    let lines: Vec<&str> = text.lines().take(n).collect();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// Replays a record's moves ("x,y") on a 15×15 board of its rule, checking every move is legal
/// for the side to move; returns the board.
fn replay(v: &Value) -> Board {
    let rule = Rule::from_name(v["rule"].as_str().unwrap()).unwrap();
    let dims = Dims::square(15).unwrap();
    let mut b = Board::new(rule, dims);
    for m in v["moves"].as_array().unwrap() {
        let (x, y) = m.as_str().unwrap().split_once(',').unwrap();
        let p = dims.pos(x.parse().unwrap(), y.parse().unwrap()).unwrap();
        assert!(b.is_empty(p), "{v}");
        b.make(p);
    }
    b
}

#[test]
fn a_misspelt_argument_or_unknown_rule_is_a_usage_error() {
    let cases: &[&[&str]] = &[
        &["gendata", "--gmaes", "3"],
        &[
            "label",
            "--rule",
            "freestyle",
            "--nodes",
            "1",
            "--strid",
            "2",
            "x",
        ],
        &["tune", "--rule", "gomoku", "x"],
        &["policy", "--rule", "freestyle", "--itres", "3", "x"],
        &["wins", "x", "--max-node", "3"],
        &[
            "blunders",
            "--engine",
            "k",
            "--long-ms",
            "1",
            "--short-ms",
            "1",
            "--shard",
            "2/2",
            "x",
        ],
        &["think", "--turn", "100"],
        &["think", "--size", "3"],
        &["think", "--feature", "nosuchswitch=on"],
        &["think", "--feature", "late"],
        &["solve", "--rule", "nosuchrule", "h8"],
        &["solve"],
        &["makeunmake", "--round", "1"],
        &["startup", "extra"],
        &["nosuchcommand"],
    ];
    for args in cases {
        let out = tools(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("Usage: kakugo-tools"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn gendata_writes_the_games_asked_for_and_repeats_them() {
    let args = [
        "gendata", "--rule", "renju", "--games", "3", "--nodes", "800", "--seed", "7",
    ];
    let (one, _) = ok(&[&args[..], &["--jobs", "1"]].concat());
    let (two, _) = ok(&[&args[..], &["--jobs", "2"]].concat());
    assert_eq!(one, two, "the games depend on the number of threads");
    let games: Vec<Value> = one
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 3);
    for g in &games {
        assert_eq!(g["rule"], "renju");
        assert_eq!(g["size"], serde_json::json!([15, 15]));
        let opening = g["opening_plies"].as_u64().unwrap() as usize;
        let mut b = replay(g);
        assert!(b.history().len() > opening, "{g}");
        // A decisive game ends with the winner's five (or a renju foul of Black's).
        let last = b.unmake().unwrap();
        let mover = b.side_to_move();
        match g["result"].as_str().unwrap() {
            "1-0" => assert!(mover == Color::Black && b.is_win_move(last, mover), "{g}"),
            "0-1" if mover == Color::White => assert!(b.is_win_move(last, mover), "{g}"),
            "0-1" => assert!(b.is_forbidden(last).is_some(), "{g}"),
            r => assert_eq!(r, "1/2-1/2"),
        }
    }
}

#[test]
fn label_scores_positions_of_games() {
    let dir = scratch("label");
    let games = first_games("games/freestyle.jsonl", 2, &dir);
    let (out, _) = ok(&[
        "label",
        "--rule",
        "freestyle",
        "--nodes",
        "500",
        "--stride",
        "8",
        "--children",
        "1",
        games.to_str().unwrap(),
    ]);
    let labels: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(labels.len() >= 4, "{out}");
    for l in &labels {
        let s = &l["score"];
        assert!(s.is_number() || s == "win" || s == "loss", "{l}");
        assert!(replay(l).history().len() >= 6, "{l}");
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&l["result"].as_str().unwrap()));
    }
    // Other rules' games are not this rule's: nothing to label.
    let (none, _) = ok(&[
        "label",
        "--rule",
        "renju",
        "--nodes",
        "500",
        games.to_str().unwrap(),
    ]);
    assert!(none.is_empty());
    std::fs::remove_dir_all(&dir).ok();
}

/// The number after `key` in `text`'s first line containing it.
fn number_after(text: &str, key: &str) -> f64 {
    let line = text
        .lines()
        .find(|l| l.contains(key))
        .unwrap_or_else(|| panic!("{key}: {text}"));
    let rest = &line[line.find(key).unwrap() + key.len()..];
    let word = rest.split_whitespace().next().unwrap();
    word.trim_end_matches([';', ',']).parse().unwrap()
}

#[test]
fn tune_lowers_the_training_loss_and_prints_tables() {
    let games = data("games/freestyle.jsonl");
    let (out, err) = ok(&[
        "tune",
        "--rule",
        "freestyle",
        "--iters",
        "40",
        games.to_str().unwrap(),
    ]);
    let start = number_after(&err, "starting tables train");
    let end = number_after(&err, "iter 40: train");
    assert!(end < start, "{err}");
    assert!(
        out.starts_with("# Evaluation tables for freestyle."),
        "{out}"
    );
    let tables: String = out
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(kakugo::search::eval::EvalTables::parse(&tables).is_ok());
}

#[test]
fn policy_fits_a_table_the_search_can_read() {
    let games = data("games/renju.jsonl");
    let (out, err) = ok(&[
        "policy",
        "--rule",
        "renju",
        "--iters",
        "50",
        games.to_str().unwrap(),
    ]);
    assert!(out.starts_with("# Move-ordering table for renju"), "{out}");
    assert!(
        out.lines().filter(|l| l.starts_with("order ")).count() > 10,
        "{out}"
    );
    assert!(kakugo::search::movepick::parse_order(&out).is_ok(), "{out}");
    let temperature = number_after(&err, "with the table: temperature");
    assert!(temperature > 0.0, "{err}");
}

#[test]
fn wins_counts_nodes_to_a_proven_win() {
    let dir = scratch("wins");
    let text = std::fs::read_to_string(data("wins/freestyle.txt")).unwrap();
    let file = dir.join("wins.txt");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(3)
        .collect();
    std::fs::write(&file, lines.join("\n")).unwrap();
    let (out, _) = ok(&["wins", file.to_str().unwrap(), "--max-nodes", "30000"]);
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 3, "{out}");
    let solved = games.iter().filter(|l| l.contains(": win in ")).count();
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with(&format!("solved {solved} of 3 within 30000 nodes")),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn blunders_finds_the_last_saving_move() {
    // White plays in the corner while Black makes an open three (a3 lets it become an open
    // four): a3 was White's last chance.
    let dir = scratch("blunders");
    let file = dir.join("games.jsonl");
    let game = r#"{"game":1,"black":"bully","white":"victim","rule":"freestyle","size":[15,15],"moves":["7,7","0,0","8,7","0,1","9,7","0,2","10,7","0,3","11,7"],"result":"1-0"}"#;
    let other = r#"{"game":2,"black":"victim","white":"bully","rule":"freestyle","size":[15,15],"moves":["7,7"],"result":"1/2-1/2"}"#;
    std::fs::write(&file, format!("{game}\n{other}\n")).unwrap();
    let (out, _) = ok(&[
        "blunders",
        "--engine",
        "victim",
        "--long-ms",
        "100",
        "--short-ms",
        "50",
        file.to_str().unwrap(),
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "{out}");
    assert!(
        lines[0].starts_with("game 1 White stones 5 played a3 best "),
        "{out}"
    );
    assert!(!lines[0].contains("best a3 "), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn think_reports_and_plays_a_legal_move() {
    let (out, _) = ok(&[
        "think",
        "--rule",
        "renju",
        "--moves",
        "h8i9",
        "--turn-ms",
        "200",
    ]);
    assert!(out.lines().any(|l| l.starts_with("depth ")), "{out}");
    let best = out.lines().last().unwrap();
    let cell = best
        .strip_prefix("best ")
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let dims = Dims::square(15).unwrap();
    let p = kakugo::board::notation::parse_moves(cell, dims).unwrap()[0];
    let mut b = Board::new(Rule::Renju, dims);
    for q in kakugo::board::notation::parse_moves("h8i9", dims).unwrap() {
        b.make(q);
    }
    assert!(b.is_empty(p), "{out}");
}

#[test]
fn think_says_so_when_every_move_is_a_foul() {
    // The renju game of tests/data/games/renju-full-board.txt after its 224 moves: one cell is
    // left, an overline for Black to move.
    let moves = std::fs::read_to_string(data("games/renju-full-board.txt")).unwrap();
    let (out, _) = ok(&[
        "think",
        "--rule",
        "renju",
        "--moves",
        moves.trim(),
        "--turn-ms",
        "100",
    ]);
    assert_eq!(
        out.lines()
            .last()
            .unwrap()
            .strip_prefix("best ")
            .map(|l| l.split(" after").next()),
        Some(Some("none (every move is forbidden)")),
        "{out}"
    );
}

#[test]
fn think_reads_a_20x20_position() {
    // Black's four q10-t10 along the right edge of a 20x20 board: White must block at p10, a
    // cell a 15x15 board does not have.
    let (out, _) = ok(&[
        "think",
        "--size",
        "20",
        "--moves",
        "q10a1r10a2s10a3t10",
        "--turn-ms",
        "100",
    ]);
    assert_eq!(
        out.lines().last().unwrap().split_whitespace().nth(1),
        Some("p10"),
        "{out}"
    );
}

#[test]
fn solve_reads_notation_and_diagrams() {
    let run = |args: &str| {
        tools(&args.split_whitespace().collect::<Vec<_>>())
            .status
            .code()
    };
    // White's four through Black's forbidden point: a win in renju, exit code 0.
    let (out, _) = ok(&[
        "solve",
        "--rule",
        "renju",
        "--vcf",
        "f8i9g8j10h6k11h7a15m13a13g7",
    ]);
    assert!(out.contains("win by VCF"), "{out}");
    assert_eq!(
        run("solve --rule freestyle --vcf f8i9g8j10h6k11h7a15m13a13g7"),
        Some(1)
    );
    let dir = scratch("solve");
    let file = dir.join("four.txt");
    let mut rows = vec![". . . . . . . . .".to_string(); 9];
    rows[4] = ". X X X . . . . .".into();
    rows[8] = "O . O . O . . . .".into();
    std::fs::write(&file, rows.join("\n")).unwrap();
    let path = file.to_str().unwrap();
    // Black to move (3 stones each): e5 makes an open four.
    assert_eq!(
        run(&format!("solve --rule freestyle --vcf {path}")),
        Some(0)
    );
    // White to move: its only fours are blocked; Black's open three stops anything slower.
    assert_eq!(
        run(&format!(
            "solve --rule freestyle --vct --to-move white --nodes 1000 {path}"
        )),
        Some(1)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn solve_bench_solves_and_verifies_the_known_vcfs() {
    let dir = scratch("solve-bench");
    let text = std::fs::read_to_string(data("puzzles/quintet.jsonl")).unwrap();
    let vcf: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("\"win-by-VCF\""))
        .collect();
    assert!(vcf.len() >= 3);
    std::fs::write(dir.join("vcf.jsonl"), vcf.join("\n")).unwrap();
    let (out, _) = ok(&["solve", "--bench", dir.to_str().unwrap()]);
    let n = vcf.len();
    assert!(
        out.contains(&format!("VCF      {n:4}/{n:4} correct, 0 wrong claims")),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_micro_benchmarks_cover_every_rule() {
    let (out, _) = ok(&["makeunmake", "--rounds", "1"]);
    let (start, _) = ok(&["startup"]);
    for rule in Rule::ALL {
        let line = out.lines().find(|l| l.starts_with(rule.name())).unwrap();
        let pairs: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!(pairs > 1000, "{out}");
        assert!(start
            .lines()
            .any(|l| l.starts_with(rule.name()) && l.contains("first board")));
    }
}
