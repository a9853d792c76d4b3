//! The arena against misbehaving engines: every one is scored right, no process is left behind,
//! and complete runs write their games, results and statistics.

use kakugo::board::{Board, Dims, Verdict};
use kakugo::rules::{Color, Rule};
use kakugo_arena::config::{Config, EngineSpec, Limits};
use kakugo_arena::opening_rule::{Decision, OpeningRule, Seat};
use kakugo_arena::referee::{play, GameRecord, Setup};
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

const EXE: &str = env!("CARGO_BIN_EXE_kakugo-arena");

/// A scratch folder for one test, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl std::ops::Deref for Scratch {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

fn scratch(name: &str) -> Scratch {
    let d = std::env::temp_dir().join(format!("kakugo-arena-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    Scratch(d)
}

/// A fake engine in `mode` that records its pid in `pidfile`.
fn fake(mode: &str, pidfile: &std::path::Path) -> EngineSpec {
    EngineSpec {
        cmd: format!(
            "env KAKUGO_FAKE_PIDFILE={} {EXE} fake {mode}",
            pidfile.display()
        ),
        name: Some(mode.to_string()),
        info: Vec::new(),
    }
}

/// A game as the arena plays it by default: renju drawn at 200 stones, as Gomocup has it (on a
/// fuller board Black can be left with forbidden cells only, and the sane fake engine, which
/// then has to play one, once lost a test game so).
fn setup(rule: Rule) -> Setup {
    let draw_after = Config {
        rule,
        ..Config::default()
    }
    .draw_limit();
    Setup {
        rule,
        dims: Dims::square(15).unwrap(),
        opening: Vec::new(),
        opening_rule: OpeningRule::None,
        limits: Limits {
            turn_ms: 500,
            match_ms: 0,
            tolerance_ms: 1000,
            startup_ms: 5000,
            ..Limits::default()
        },
        draw_after,
    }
}

fn pids(file: &std::path::Path) -> Vec<i32> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

/// Whether a process exists and is not a zombie.
fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(s) => !s
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z'),
        Err(_) => false,
    }
}

/// Asserts that every recorded process is gone (orphans may take a moment to be reaped).
fn assert_all_gone(file: &std::path::Path, expected: usize) {
    let ps = pids(file);
    assert_eq!(ps.len(), expected, "pids recorded: {ps:?}");
    let until = Instant::now() + Duration::from_secs(5);
    while ps.iter().any(|&p| alive(p)) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left: Vec<_> = ps.iter().filter(|&&p| alive(p)).collect();
    assert!(left.is_empty(), "processes left behind: {left:?}");
}

/// Replays a record with the rules core: every engine move must have been legal except
/// possibly the last, and the stated result must follow from the last move.
fn replay_ok(g: &GameRecord) {
    let mut b = Board::new(g.rule, g.dims);
    for (i, &(p, _)) in g.moves.iter().enumerate() {
        let v = b.judge(p);
        if i + 1 == g.moves.len() && v == Verdict::Win {
            assert_eq!(g.winner, Some(b.side_to_move()));
            return;
        }
        assert_eq!(v, Verdict::Normal, "move {i} of {:?}", g.reason);
        b.make(p);
    }
}

fn one_game(black: &str, white: &str, rule: Rule, name: &str) -> (GameRecord, PidFile) {
    let dir = scratch(name);
    let pf = dir.join("pids");
    let g = play(
        &setup(rule),
        &fake(black, &pf),
        &fake(white, &pf),
        &AtomicBool::new(false),
    );
    (g, PidFile(pf, dir))
}

/// A pid file inside a scratch folder that lives as long as it.
struct PidFile(PathBuf, #[allow(dead_code)] Scratch);

impl std::ops::Deref for PidFile {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

#[test]
fn sane_engines_finish_a_game() {
    for rule in Rule::ALL {
        let (g, pf) = one_game("legal", "noisy", rule, &format!("sane-{}", rule.name()));
        assert!(
            g.reason.contains("made five") || g.reason.starts_with("draw"),
            "{}",
            g.reason
        );
        assert!(g.moves.len() >= 9);
        replay_ok(&g);
        assert!(!g.interrupted);
        assert_all_gone(&pf, 2);
    }
}

#[test]
fn draw_after_a_stone_limit() {
    let dir = scratch("drawafter");
    let pf = dir.join("pids");
    let mut s = setup(Rule::Renju);
    s.draw_after = 6;
    let g = play(
        &s,
        &fake("legal", &pf),
        &fake("legal", &pf),
        &AtomicBool::new(false),
    );
    assert_eq!(g.winner, None);
    assert_eq!(g.moves.len(), 6);
    assert_eq!(g.reason, "draw: 6 stones");
    assert_all_gone(&pf, 2);
}

#[test]
fn an_engine_that_hangs_loses_on_time_and_is_killed() {
    let (g, pf) = one_game("hang", "legal", Rule::Freestyle, "hang");
    assert_eq!(g.winner, Some(Color::White), "{}", g.reason);
    assert_eq!(g.reason, "hang lost on time (no answer)");
    assert_all_gone(&pf, 2);
}

#[test]
fn an_engine_that_ignores_end_is_killed() {
    let (g, pf) = one_game("legal", "ignore-end", Rule::Standard, "ignore-end");
    assert!(
        g.reason.contains("made five") || g.reason.starts_with("draw"),
        "{}",
        g.reason
    );
    replay_ok(&g);
    assert_all_gone(&pf, 2);
}

#[test]
fn crashes_lose() {
    let (g, pf) = one_game("legal", "crash", Rule::Freestyle, "crash");
    assert_eq!(g.winner, Some(Color::Black));
    assert_eq!(g.reason, "crash crashed (exited at a move)");
    assert_all_gone(&pf, 2);
    let (g, pf) = one_game("crash-start", "legal", Rule::Freestyle, "crash-start");
    assert_eq!(g.winner, Some(Color::White));
    assert_eq!(g.reason, "crash-start crashed (exited at ABOUT)");
    assert_all_gone(&pf, 2);
}

#[test]
fn an_occupied_cell_loses() {
    let (g, pf) = one_game("legal", "occupied", Rule::Renju, "occupied");
    assert_eq!(g.winner, Some(Color::Black));
    assert!(
        g.reason.starts_with("occupied played an occupied cell"),
        "{}",
        g.reason
    );
    assert_eq!(g.moves.len(), 2, "the occupied cell is recorded");
    assert_all_gone(&pf, 2);
}

#[test]
fn a_slow_engine_loses_on_time() {
    // 3 s per move against 500 ms + 1000 ms tolerance: killed at the deadline.
    let (g, pf) = one_game("legal", "slow:3000", Rule::Freestyle, "slow");
    assert_eq!(g.winner, Some(Color::Black));
    assert_eq!(g.reason, "slow:3000 lost on time (no answer)");
    assert_all_gone(&pf, 2);
}

#[test]
fn a_slightly_slow_engine_within_the_tolerance_plays_on() {
    let dir = scratch("slightly-slow");
    let pf = dir.join("pids");
    let mut s = setup(Rule::Freestyle);
    s.limits.turn_ms = 50;
    s.limits.tolerance_ms = 5000;
    s.draw_after = 8;
    let g = play(
        &s,
        &fake("slow:150", &pf),
        &fake("legal", &pf),
        &AtomicBool::new(false),
    );
    assert_eq!(g.reason, "draw: 8 stones");
    assert!(
        g.moves[0].1 >= 150,
        "the thinking time is recorded: {:?}",
        g.moves
    );
    assert_all_gone(&pf, 2);
}

#[test]
fn junk_loses_and_silence_at_about_loses() {
    let (g, pf) = one_game("junk", "legal", Rule::Freestyle, "junk");
    assert_eq!(g.winner, Some(Color::White));
    assert_eq!(g.reason, "junk unparsable reply \"this is not a move\"");
    assert_all_gone(&pf, 2);
    let (g, pf) = one_game("legal", "silent", Rule::Freestyle, "silent");
    assert_eq!(g.winner, Some(Color::Black));
    assert_eq!(g.reason, "silent no answer to ABOUT in time");
    assert_all_gone(&pf, 2);
}

#[test]
fn a_process_tree_that_ignores_everything_is_killed_whole() {
    let dir = scratch("tree");
    let pf = dir.join("pids");
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fake_engines/hang_tree.sh"
    );
    let tree = EngineSpec {
        cmd: format!("sh {script} {}", pf.display()),
        name: None,
        info: Vec::new(),
    };
    let g = play(
        &setup(Rule::Freestyle),
        &fake("legal", &dir.join("other")),
        &tree,
        &AtomicBool::new(false),
    );
    assert_eq!(g.names[1], "hang-tree");
    assert_eq!(g.winner, Some(Color::Black), "{}", g.reason);
    assert_all_gone(&pf, 2);
}

#[test]
fn an_engines_own_info_lines_reach_it_alone_after_the_common_ones() {
    // Each engine's input is recorded by `tee` on its way to the fake engine.
    let dir = scratch("info");
    let spec = |file: &std::path::Path, info: &[&str]| EngineSpec {
        cmd: format!("tee {} | {EXE} fake legal", file.display()),
        name: None,
        info: info.iter().map(|s| s.to_string()).collect(),
    };
    let (a, b) = (dir.join("a.in"), dir.join("b.in"));
    let g = play(
        &setup(Rule::Freestyle),
        &spec(&a, &["thread_num 2", "hash_size 4096"]),
        &spec(&b, &[]),
        &AtomicBool::new(false),
    );
    assert!(g.moves.len() >= 9, "{}", g.reason);
    let seen = |f: &std::path::Path| std::fs::read_to_string(f).unwrap();
    let (a, b) = (seen(&a), seen(&b));
    let at = |text: &str, line: &str| text.lines().position(|l| l.trim() == line);
    let rule = at(&a, "INFO rule 0").expect("common INFO lines");
    let threads = at(&a, "INFO thread_num 2").expect("own INFO line");
    assert!(rule < threads && threads < at(&a, "INFO hash_size 4096").unwrap());
    assert!(at(&b, "INFO rule 0").is_some());
    assert!(!b.contains("thread_num") && !b.contains("hash_size"), "{b}");
}

#[test]
fn both_engines_failing_to_start_is_a_draw() {
    let (g, pf) = one_game("crash-start", "crash-start", Rule::Freestyle, "both");
    assert_eq!(g.winner, None);
    assert!(
        g.reason.starts_with("neither engine started"),
        "{}",
        g.reason
    );
    assert_all_gone(&pf, 2);
}

fn arena(args: &[&str]) -> (String, bool) {
    let out = Command::new(EXE).args(args).output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.success(),
    )
}

#[test]
fn a_match_writes_games_results_and_stats() {
    let dir = scratch("match");
    let openings = dir.join("open.txt");
    std::fs::write(&openings, "h8h7f6\nthis is bad\n0,0, 1,1\nh8h8\n").unwrap();
    let legal = format!("engine={EXE} fake legal");
    let noisy = format!("engine={EXE} fake noisy");
    let (stdout, ok) = arena(&[
        &legal,
        &noisy,
        "rule=renju",
        "games=4",
        "concurrency=2",
        "timeout_turn=2000",
        &format!("openings={}", openings.display()),
        &format!("out={}", dir.join("out").display()),
    ]);
    assert!(ok, "{stdout}");
    assert!(stdout.contains("Finished 4 of 4 games"), "{stdout}");
    assert!(stdout.contains("fake-legal vs fake-noisy: "), "{stdout}");
    let results = std::fs::read_to_string(dir.join("out/results.jsonl")).unwrap();
    let lines: Vec<serde_json::Value> = results
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    let openings: Vec<_> = lines
        .iter()
        .map(|j| j["opening"].as_str().unwrap().to_string())
        .collect();
    assert!(openings.contains(&"h8h7f6".to_string()) && openings.contains(&"h8i9".to_string()));
    for i in 1..=4 {
        let psq = std::fs::read_to_string(dir.join(format!("out/games/{i:04}.psq"))).unwrap();
        assert!(psq.starts_with("Piskvorky 15x15, 11:11, 0\n"));
        let svg = Command::new(EXE)
            .args([
                "render",
                dir.join(format!("out/games/{i:04}.psq")).to_str().unwrap(),
            ])
            .output()
            .unwrap();
        assert!(String::from_utf8_lossy(&svg.stdout).contains("</svg>"));
    }
    let summary = std::fs::read_to_string(dir.join("out/summary.txt")).unwrap();
    assert!(summary.starts_with("Finished 4 of 4 games"), "{summary}");
    // Each engine's clock, measured against the 2 s turn.
    let clock = summary
        .split_once("Clock use (own moves after the opening):\n")
        .map(|(_, c)| c)
        .unwrap_or_else(|| panic!("no clock use in {summary}"));
    for name in ["fake-legal: ", "fake-noisy: "] {
        let line = clock.lines().find(|l| l.starts_with(name));
        let line = line.unwrap_or_else(|| panic!("no {name} in {summary}"));
        assert!(
            line.contains(" moves, median ") && line.contains(", 0 over the turn; a game median "),
            "{line}"
        );
    }
}

#[test]
fn sprt_stops_the_match_when_it_decides() {
    let dir = scratch("sprt");
    let (stdout, ok) = arena(&[
        &format!("engine={EXE} fake legal"),
        &format!("engine={EXE} fake crash"),
        "games=400",
        "sprt=0,5",
        &format!("out={}", dir.display()),
    ]);
    assert!(ok, "{stdout}");
    assert!(stdout.contains("H1 accepted"), "{stdout}");
    let n = std::fs::read_to_string(dir.join("results.jsonl"))
        .unwrap()
        .lines()
        .count();
    assert!(n < 100, "stopped after {n} games");
}

#[test]
fn a_round_robin_prints_a_crosstable() {
    let (stdout, ok) = arena(&[
        &format!("engine={EXE} fake legal"),
        &format!("engine={EXE} fake junk"),
        &format!("engine={EXE} fake occupied"),
        "mode=roundrobin",
        "games=2",
    ]);
    assert!(ok, "{stdout}");
    assert!(stdout.contains("Finished 6 of 6 games"), "{stdout}");
    assert!(stdout.contains("Rank Name Elo"), "{stdout}");
    // The sane engine wins all four of its games.
    assert!(stdout.contains("1 #1 fake-legal +inf 4-0-0"), "{stdout}");
}

#[test]
fn ctrl_c_stops_the_engines_and_writes_what_it_has() {
    let dir = scratch("ctrlc");
    let pf = dir.join("pids");
    let hang = format!(
        "engine=env KAKUGO_FAKE_PIDFILE={} {EXE} fake hang",
        pf.display()
    );
    let child = Command::new(EXE)
        .args([
            hang.as_str(),
            hang.as_str(),
            "timeout_turn=600000",
            &format!("out={}", dir.join("out").display()),
        ])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(20);
    while pids(&pf).len() < 2 && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: signalling our own child.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("Finished 0 of 2 games (interrupted)"),
        "{stdout}"
    );
    assert!(dir.join("out/summary.txt").exists());
    assert_all_gone(&pf, 2);
}

#[test]
fn every_preset_loads_and_its_openings_fit() {
    // The repository root, where the presets' paths start.
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut seen = 0;
    for e in std::fs::read_dir(root.join("tournaments")).unwrap() {
        let path = e.unwrap().path();
        if path.extension().and_then(|x| x.to_str()) != Some("conf") {
            continue;
        }
        seen += 1;
        let mut c = kakugo_arena::config::Config::default();
        c.load(&path).unwrap();
        if c.opening_rule != OpeningRule::None {
            // The engines make the opening: no openings file.
            assert!(c.openings.is_none(), "{}", path.display());
            continue;
        }
        let open = root.join(c.openings.clone().expect("presets name their openings"));
        let (good, bad) = kakugo_arena::openings::load(&open, c.rule, c.dims).unwrap();
        assert!(good.len() >= 26, "{}", path.display());
        assert!(bad.is_empty(), "{}: {bad:?}", path.display());
    }
    assert!(seen >= 7);
}

/// One game under an opening rule between the first and the second player.
fn opening_game(rule: OpeningRule, first: &str, second: &str, name: &str) -> GameRecord {
    let dir = scratch(name);
    let pf = dir.join("pids");
    let mut s = setup(Rule::Renju);
    if rule == OpeningRule::Swap2 {
        s = setup(Rule::Standard);
    }
    s.opening_rule = rule;
    let g = play(
        &s,
        &fake(first, &pf),
        &fake(second, &pf),
        &AtomicBool::new(false),
    );
    assert!(!g.interrupted);
    assert_all_gone(&pf, 2);
    g
}

/// The steps as (seat, colour held, label, decision kind).
fn steps(g: &GameRecord) -> Vec<(Seat, Color, &'static str, String)> {
    g.steps
        .iter()
        .map(|s| {
            let kind = match &s.decision {
                Decision::Place(v) => format!("place{}", v.len()),
                Decision::Move4(_, _) => "move4".into(),
                Decision::Swap(b) => format!("swap={b}"),
                Decision::Offers(v) => format!("offers{}", v.len()),
                Decision::Choice(_) => "choice".into(),
            };
            (s.by, s.colour, s.label, kind)
        })
        .collect()
}

fn finished(g: &GameRecord) -> bool {
    g.reason.contains("made five") || g.reason.starts_with("draw")
}

#[test]
fn soosorv8_without_swaps_keeps_the_tentative_colours() {
    use Color::{Black as B, White as W};
    use Seat::{First, Second};
    let g = opening_game(OpeningRule::Soosorv8, "legal", "noisy", "soosorv-plain");
    assert!(finished(&g), "{}", g.reason);
    replay_ok(&g);
    let st = steps(&g);
    let head: Vec<_> = st.iter().map(|s| (s.0, s.1, s.2)).collect();
    assert_eq!(
        head,
        vec![
            (First, B, "opening"),
            (Second, W, "swap1"),
            (Second, W, "move4"),
            (First, B, "swap2"),
            (First, B, "offers"),
            (Second, W, "choice"),
        ]
    );
    assert_eq!(st[1].3, "swap=false");
    assert!(g.first_black);
    assert_eq!(g.names, ["legal", "noisy"]);
    assert_eq!(g.opening_len, 5);
    // The declared N is the number of offers, and the chosen offer is move 5.
    let Decision::Move4(m4, Some(n)) = g.steps[2].decision else {
        panic!("{:?}", g.steps[2])
    };
    let Decision::Offers(offers) = &g.steps[4].decision else {
        panic!()
    };
    let Decision::Choice(c) = g.steps[5].decision else {
        panic!()
    };
    assert!((1..=8).contains(&n));
    assert_eq!(offers.len() as i64, n);
    assert!(offers.contains(&c));
    assert_eq!(g.moves[3].0, m4);
    assert_eq!(g.moves[4].0, c);
    let Decision::Place(three) = &g.steps[0].decision else {
        panic!()
    };
    assert_eq!(
        three[..],
        g.moves[..3].iter().map(|m| m.0).collect::<Vec<_>>()[..]
    );
    assert_eq!(three[0], Dims::square(15).unwrap().centre());
}

#[test]
fn soosorv8_swaps_move_the_colours_and_the_credit() {
    use Color::{Black as B, White as W};
    use Seat::{First, Second};
    // The second player takes Black, then gives it back after move 4.
    let g = opening_game(
        OpeningRule::Soosorv8,
        "legal",
        "swapper",
        "soosorv-swapper2",
    );
    let st = steps(&g);
    let head: Vec<_> = st.iter().map(|s| (s.0, s.1, s.2)).collect();
    assert_eq!(
        head,
        vec![
            (First, B, "opening"),
            (Second, W, "swap1"),
            (First, W, "move4"),
            (Second, B, "swap2"),
            (First, B, "offers"),
            (Second, W, "choice"),
        ]
    );
    assert_eq!(
        (st[1].3.as_str(), st[3].3.as_str()),
        ("swap=true", "swap=true")
    );
    assert!(g.first_black);
    assert_eq!(g.names, ["legal", "swapper"]);
    // The first player swaps Black away after move 4: it ends White.
    let g = opening_game(
        OpeningRule::Soosorv8,
        "swapper",
        "legal",
        "soosorv-swapper1",
    );
    assert!(finished(&g), "{}", g.reason);
    replay_ok(&g);
    let st = steps(&g);
    let head: Vec<_> = st.iter().map(|s| (s.0, s.1, s.2)).collect();
    assert_eq!(
        head,
        vec![
            (First, B, "opening"),
            (Second, W, "swap1"),
            (Second, W, "move4"),
            (First, B, "swap2"),
            (Second, B, "offers"),
            (First, W, "choice"),
        ]
    );
    assert!(!g.first_black);
    assert_eq!(g.names, ["legal", "swapper"], "names are by final colour");
    // The results file's line, as a reader sees it.
    let line = kakugo_arena::record::to_saved_game(1, &g).to_line();
    let j: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(j["opening_rule"], "soosorv8");
    assert_eq!(j["first"], "swapper");
    assert_eq!(j["first_colour"], "white");
    assert_eq!(j["black"], "legal");
    assert_eq!(j["decisions"].as_array().unwrap().len(), 6);
    assert_eq!(j["decisions"][3]["step"], "swap2");
    let rif_name = j["decisions"][0]["note"].as_str().unwrap();
    assert!(
        rif_name.len() >= 2 && (rif_name.starts_with('D') || rif_name.starts_with('I')),
        "{rif_name}"
    );
    assert_eq!(j["decisions"][3]["swap"], true);
    assert_eq!(j["decisions"][3]["engine"], "swapper");
    assert!(!j["decisions"][4]["offers"].as_array().unwrap().is_empty());
    let sgf = kakugo_arena::record::to_sgf(&g);
    assert!(
        sgf.contains("opening rule soosorv8: swapper is the first player, legal the second"),
        "{sgf}"
    );
    assert!(sgf.contains("first (black) swap2: swaps"), "{sgf}");
}

#[test]
fn rif_offers_two_fifth_moves_without_a_second_swap() {
    let g = opening_game(OpeningRule::Rif, "legal", "legal", "rif");
    assert!(finished(&g), "{}", g.reason);
    replay_ok(&g);
    let labels: Vec<_> = g.steps.iter().map(|s| s.label).collect();
    assert_eq!(labels, ["opening", "swap1", "move4", "offers", "choice"]);
    let Decision::Offers(offers) = &g.steps[3].decision else {
        panic!()
    };
    assert_eq!(offers.len(), 2, "RIF: two offers whatever N was declared");
    assert!(g.first_black);
}

#[test]
fn swap2_through_swap2board() {
    use Color::{Black as B, White as W};
    use Seat::{First, Second};
    // Two more stones, then the first player plays move 6: it is White.
    let g = opening_game(OpeningRule::Swap2, "legal", "legal", "swap2-put-two");
    assert!(finished(&g), "{}", g.reason);
    replay_ok(&g);
    assert_eq!(
        steps(&g),
        vec![
            (First, B, "opening", "place3".to_string()),
            (Second, W, "answer", "place2".into()),
            (First, B, "choice", "place1".into()),
        ]
    );
    assert_eq!(g.opening_len, 6);
    assert!(!g.first_black);
    // The second player swaps at three stones: it is Black and White plays move 4.
    let g = opening_game(OpeningRule::Swap2, "legal", "swapper", "swap2-swap");
    assert!(finished(&g), "{}", g.reason);
    assert_eq!(g.opening_len, 3);
    assert_eq!(steps(&g)[1], (Second, W, "answer", "swap=true".into()));
    assert!(!g.first_black);
    assert_eq!(g.names, ["swapper", "legal"]);
    // The second player stays White and plays move 4.
    let g = opening_game(OpeningRule::Swap2, "legal", "stay", "swap2-stay");
    assert_eq!(g.opening_len, 4);
    assert!(g.first_black);
    // Two more stones, and the first player takes Black.
    let g = opening_game(OpeningRule::Swap2, "swapper", "legal", "swap2-choose-black");
    assert_eq!(g.opening_len, 5);
    assert_eq!(steps(&g)[2], (First, B, "choice", "swap=true".into()));
    assert!(g.first_black);
    replay_ok(&g);
}

#[test]
fn bad_opening_answers_lose_for_the_engine_that_gave_them() {
    // N = 9 from the second player (White at move 4): Black, the first player, wins.
    let g = opening_game(OpeningRule::Soosorv8, "legal", "bad-n", "bad-n");
    assert_eq!(g.winner, Some(Color::Black), "{}", g.reason);
    assert!(
        g.reason.starts_with("bad-n gave a bad answer"),
        "{}",
        g.reason
    );
    assert!(g.reason.contains("declared N=9"), "{}", g.reason);
    assert_eq!(g.moves.len(), 3);
    // Symmetric offers from the first player (Black): White wins.
    let g = opening_game(
        OpeningRule::Soosorv8,
        "symmetric-offers",
        "symmetric-offers",
        "symmetric",
    );
    assert_eq!(g.winner, Some(Color::White), "{}", g.reason);
    assert!(g.reason.contains("are symmetric"), "{}", g.reason);
    assert_eq!(g.steps.last().unwrap().label, "offers");
    assert_eq!(g.steps.last().unwrap().by, Seat::First);
    // A fifth move that was not offered, chosen by White (the second player): Black wins.
    let g = opening_game(OpeningRule::Rif, "legal", "bad-choice", "bad-choice");
    assert_eq!(g.winner, Some(Color::Black), "{}", g.reason);
    assert!(g.reason.contains("which was not offered"), "{}", g.reason);
    // After the second player swapped, a bad choice by the first player (now White) loses
    // for it: Black, the second player, wins.
    let g = opening_game(
        OpeningRule::Rif,
        "bad-choice",
        "swapper",
        "bad-choice-swapped",
    );
    assert_eq!(g.winner, Some(Color::Black), "{}", g.reason);
    assert_eq!(g.names[0], "swapper");
    assert!(!g.first_black);
    assert!(
        g.reason.starts_with("bad-choice gave a bad answer"),
        "{}",
        g.reason
    );
}

#[test]
fn silence_in_the_opening_loses_on_time() {
    let g = opening_game(OpeningRule::Soosorv8, "opening-hang", "legal", "o-hang-1");
    assert_eq!(g.winner, Some(Color::White), "{}", g.reason);
    assert_eq!(
        g.reason,
        "opening-hang lost on time (no answer) (at yxsoosorvstep1)"
    );
    let g = opening_game(OpeningRule::Swap2, "legal", "opening-hang", "o-hang-2");
    assert_eq!(g.winner, Some(Color::Black), "{}", g.reason);
    assert!(
        g.reason.contains("at SWAP2BOARD with 3 stones"),
        "{}",
        g.reason
    );
}

#[test]
fn a_match_under_an_opening_rule_reports_both_sides_of_the_opening() {
    let dir = scratch("opening-match");
    let (stdout, ok) = arena(&[
        &format!("engine={EXE} fake legal"),
        &format!("engine={EXE} fake swapper"),
        "rule=renju",
        "opening_rule=soosorv8",
        "games=4",
        "timeout_turn=2000",
        &format!("out={}", dir.join("out").display()),
    ]);
    assert!(ok, "{stdout}");
    assert!(stdout.contains("Finished 4 of 4 games"), "{stdout}");
    let side = stdout
        .lines()
        .find(|l| l.starts_with("soosorv8 first player (tentative Black) vs second: "))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(side.ends_with("] 95%"), "{side}");
    assert!(stdout.contains("final Black vs final White: "), "{stdout}");
    let results = std::fs::read_to_string(dir.join("out/results.jsonl")).unwrap();
    let games: Vec<serde_json::Value> = results
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 4);
    // The saved-game type the tools read with takes every line, decisions and all, and writes
    // it back to the letter.
    for l in results.lines() {
        assert_eq!(kakugo::record::SavedGame::parse(l).unwrap().to_line(), l);
    }
    // Each engine is the first player twice, and the first player's score adds up.
    let mut first_points = 0.0;
    for j in &games {
        assert_eq!(j["opening_rule"], "soosorv8");
        assert_eq!(j["decisions"][0]["by"], "first");
        let first_black = j["first_colour"] == "black";
        let by_colour = if first_black {
            &j["black"]
        } else {
            &j["white"]
        };
        assert_eq!(&j["first"], by_colour);
        first_points += match (j["result"].as_str().unwrap(), first_black) {
            ("1-0", true) | ("0-1", false) => 1.0,
            ("1/2-1/2", _) => 0.5,
            _ => 0.0,
        };
    }
    assert_eq!(
        games.iter().filter(|j| j["first"] == "fake-legal").count(),
        2
    );
    assert!(
        side.contains(&format!("({:.3})", first_points / 4.0)),
        "{side}"
    );
    // With an opening rule the engines make the opening: an openings file is refused.
    let (stdout, ok) = arena(&[
        &format!("engine={EXE} fake legal"),
        &format!("engine={EXE} fake legal"),
        "opening_rule=rif",
        "openings=tournaments/openings/renju_rif26.pos.txt",
    ]);
    assert!(!ok, "{stdout}");
}

#[test]
fn the_soosorv_conversation_is_the_yixin_one_in_x_y() {
    // Each engine's input is recorded by `tee` on its way to the fake engine.
    let dir = scratch("soosorv-lines");
    let spec = |file: &std::path::Path| EngineSpec {
        cmd: format!("tee {} | {EXE} fake legal", file.display()),
        name: None,
        info: Vec::new(),
    };
    let (a, b) = (dir.join("first.in"), dir.join("second.in"));
    let mut s = setup(Rule::Renju);
    s.opening_rule = OpeningRule::Soosorv8;
    s.draw_after = 7;
    let g = play(&s, &spec(&a), &spec(&b), &AtomicBool::new(false));
    assert_eq!(g.reason, "draw: 7 stones");
    let xy = |p: kakugo::board::Pos| format!("{},{}", p.x(), p.y());
    let stones: Vec<String> = g.moves.iter().map(|m| xy(m.0)).collect();
    let Decision::Move4(_, Some(n)) = g.steps[2].decision else {
        panic!()
    };
    let Decision::Offers(offers) = &g.steps[4].decision else {
        panic!()
    };
    let seen = |f: &std::path::Path| -> Vec<String> {
        std::fs::read_to_string(f)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    };
    let block = |text: &[String], head: &str| -> Vec<String> {
        let i = text
            .iter()
            .position(|l| l == head)
            .unwrap_or_else(|| panic!("{head} not sent: {text:?}"));
        assert!(text[i - 1].starts_with("INFO time_left "), "{text:?}");
        let n = text[i..].iter().position(|l| l == "done" || l == "DONE");
        text[i..=i + n.unwrap_or(0)].to_vec()
    };
    let (first, second) = (seen(&a), seen(&b));
    let list = |head: String, cells: &[String]| {
        let mut v = vec![head];
        v.extend(cells.iter().cloned());
        v.push("done".into());
        v
    };
    let mut six = stones[..4].to_vec();
    six.extend(offers.iter().map(|&p| xy(p)));
    let i = first.iter().position(|l| l == "yxsoosorvstep1").unwrap();
    assert!(first[i - 1].starts_with("INFO time_left "));
    assert!(first[i + 1].starts_with("INFO time_left "), "step 1 alone");
    assert_eq!(
        block(&second, "yxsoosorvstep2"),
        list("yxsoosorvstep2".into(), &stones[..3])
    );
    assert_eq!(
        block(&second, "yxsoosorvstep3"),
        list("yxsoosorvstep3".into(), &stones[..3])
    );
    let step4 = format!("yxsoosorvstep4 {n}");
    assert_eq!(block(&first, &step4), list(step4.clone(), &stones[..4]));
    let step5 = format!("yxsoosorvstep5 {n}");
    assert_eq!(block(&first, &step5), list(step5.clone(), &stones[..4]));
    assert_eq!(
        block(&second, "yxsoosorvstep6"),
        list("yxsoosorvstep6".into(), &six)
    );
    // Then White gets the five stones as a BOARD (White's stones, the side to move, as 1).
    let mut board = vec!["BOARD".to_string()];
    board.extend(
        stones[..5]
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{c},{}", if i % 2 == 1 { 1 } else { 2 })),
    );
    board.push("DONE".into());
    assert_eq!(block(&second, "BOARD"), board);
    assert!(!second.iter().any(|l| l == "BEGIN") && !first.iter().any(|l| l == "BEGIN"));
}
