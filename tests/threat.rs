//! Threat-space solvers against the puzzle data (tests/data/puzzles, see its README) and small
//! hand-made positions: every VCF found and verified, no false VCF claimed, VCTs proven within
//! node limits (never timed).

mod common;

use common::{board_of, read_jsonl};
use kakugo::board::notation::parse_moves;
use kakugo::board::{Board, Dims, Pos};
use kakugo::rules::Rule;
use kakugo::threat::{verify_vcf, Vcf, VcfOutcome, Vct, VctLimits, MAX_FOURS};
use serde_json::Value;

/// Node limit of one VCF search in the tests.
const TEST_VCF_NODES: u64 = 5_000_000;
/// Work limit (tree nodes plus inner VCF nodes) of one VCT search in the tests.
const TEST_VCT_WORK: u64 = 150_000;
/// VCT records proven within [`TEST_VCT_WORK`] each, at least (of 191).
const VCT_FLOOR: usize = 170;

fn all_records() -> Vec<Value> {
    let mut v = read_jsonl("puzzles/quintet.jsonl");
    v.extend(read_jsonl("puzzles/selfplay.jsonl"));
    v
}

fn records(expected: &str) -> Vec<Value> {
    all_records()
        .into_iter()
        .filter(|r| r["expected"] == expected)
        .collect()
}

fn vcf(b: &mut Board) -> VcfOutcome {
    Vcf::default().solve(b, MAX_FOURS, TEST_VCF_NODES)
}

/// A position from pos-notation moves (Black first); `pass_last` hands the move to the other side.
fn position(rule: Rule, moves: &str, pass_last: bool) -> Board {
    let dims = Dims::square(15).unwrap();
    let mut b = Board::new(rule, dims);
    for p in parse_moves(moves, dims).unwrap() {
        b.make(p);
    }
    if pass_last {
        b.pass();
    }
    b
}

fn cells(moves: &str) -> Vec<Pos> {
    parse_moves(moves, Dims::square(15).unwrap()).unwrap()
}

#[test]
fn every_vcf_record_is_solved_and_verified() {
    let recs = records("win-by-VCF");
    assert_eq!(recs.len(), 504);
    let mut failures = Vec::new();
    for r in &recs {
        let mut b = board_of(r);
        let before = b.hash();
        match vcf(&mut b) {
            VcfOutcome::Win(line) => {
                if let Err(e) = verify_vcf(&mut b, &line) {
                    failures.push(format!("{}: {e}", r["id"]));
                }
            }
            other => failures.push(format!("{}: {other:?}", r["id"])),
        }
        assert_eq!(b.hash(), before, "board restored");
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn no_vcf_records_are_not_claimed() {
    let recs = records("no-VCF");
    assert_eq!(recs.len(), 300);
    for r in &recs {
        let mut b = board_of(r);
        assert_eq!(vcf(&mut b), VcfOutcome::NoWin, "{}", r["id"]);
    }
}

#[test]
fn vct_records_have_no_vcf_and_are_mostly_proven() {
    let recs = records("win-by-VCT");
    assert_eq!(recs.len(), 191);
    let mut solver = Vct::new();
    let limits = VctLimits {
        work: TEST_VCT_WORK,
        ..VctLimits::default()
    };
    let mut solved = 0;
    for r in &recs {
        let mut b = board_of(r);
        assert!(
            !vcf(&mut b).is_win(),
            "{}: VCT record claimed as VCF",
            r["id"]
        );
        let res = solver.solve(&mut b, limits);
        if res.win {
            solved += 1;
            check_vct_line(&mut b, &res.line, &r["id"]);
        }
    }
    println!("VCT proven: {solved}/{}", recs.len());
    assert!(solved >= VCT_FLOOR, "only {solved} VCTs proven");
}

/// A VCT line must be legal, start with a threat, and end with a verified VCF.
fn check_vct_line(b: &mut Board, line: &[Pos], id: &Value) {
    assert!(!line.is_empty(), "{id}: empty line");
    let first = line[0];
    assert!(b.is_legal_for(first, b.side_to_move()), "{id}: first move");
    // The line's tail from some attacker turn on is a VCF: find the last suffix that verifies.
    let mut played = 0;
    let mut ok = false;
    for (i, &m) in line.iter().enumerate() {
        if i % 2 == 0 && verify_vcf(b, &line[i..]).is_ok() {
            ok = true;
            break;
        }
        if m.is_none() || !b.is_empty(m) {
            break;
        }
        b.make(m);
        played += 1;
    }
    for _ in 0..played {
        b.unmake();
    }
    assert!(ok, "{id}: line {line:?} does not end in a VCF");
}

#[test]
fn freestyle_and_standard_simple_vcf() {
    // Black: h8 i8 j8 in a row and a white stone at g8: k8 makes a four, l8 the only block...
    // Black has h9 h10 h11 too, so a four and then the block gives an open four elsewhere.
    for rule in [Rule::Freestyle, Rule::Standard] {
        let mut b = position(rule, "h8a1i8a3j8a5h10a7h11a9h12a11", false);
        // Black to move: h9 makes five-in-a-column h8..h12 at once.
        let r = vcf(&mut b);
        let VcfOutcome::Win(line) = r else {
            panic!("{rule:?}: {r:?}")
        };
        assert_eq!(line, cells("h9"));
        verify_vcf(&mut b, &line).unwrap();
    }
    // Two fours in sequence: a broken row and a column that meets it.
    let mut b = position(Rule::Standard, "c3o1d3o3e3o5g10o7g11o9g12o11", false);
    let VcfOutcome::Win(line) = vcf(&mut b) else {
        panic!("no VCF")
    };
    verify_vcf(&mut b, &line).unwrap();
}

#[test]
fn standard_overline_is_not_a_five() {
    // Standard: Black c8 d8 e8 f8 _ h8: g8 would make six, so it is not a five.
    let mut b = position(Rule::Standard, "c8o1d8o3e8o5f8o7h8o9", false);
    let g8 = cells("g8")[0];
    assert!(!b.is_win_move(g8, b.side_to_move()));
    if let VcfOutcome::Win(line) = vcf(&mut b) {
        assert!(!line.contains(&g8));
        verify_vcf(&mut b, &line).unwrap();
    }
}

#[test]
fn renju_white_wins_through_a_black_foul() {
    // Black f8 g8 h6 h7 make h8 a double-three (forbidden); Black m13 closes the diagonal's far
    // end, g7 the near one. White i9 j10 k11: l12 makes a four whose only block, h8, is
    // forbidden to Black.
    let moves = "f8i9g8j10h6k11h7a15m13a13g7";
    let mut b = position(Rule::Renju, moves, false);
    assert_eq!(b.side_to_move(), kakugo::rules::Color::White);
    assert!(b.is_forbidden(cells("h8")[0]).is_some());
    let VcfOutcome::Win(line) = vcf(&mut b) else {
        panic!("no VCF")
    };
    verify_vcf(&mut b, &line).unwrap();
    assert_eq!(line.len(), 3, "{line:?}");
    assert_eq!(line[1], Pos::NONE);
    // Under freestyle Black simply blocks h8.
    let mut f = position(Rule::Freestyle, moves, false);
    assert!(!vcf(&mut f).is_win());
}

#[test]
fn defender_four_refutes_a_naive_vcf() {
    // Black h8 i8 j8 (open: k8 makes a straight four); White a3 b3 c3 d3 threatens e3.
    let moves = "h8a3i8b3j8c3a15d3";
    let mut b = position(Rule::Freestyle, moves, false);
    assert_eq!(vcf(&mut b), VcfOutcome::NoWin);
    // With Black e4 e5 e6, the block e3 is itself a straight four: a VCF again, starting there.
    let mut b = position(Rule::Freestyle, "h8a3i8b3j8c3e4d3e5o15e6o13", false);
    let VcfOutcome::Win(line) = vcf(&mut b) else {
        panic!("no VCF")
    };
    assert_eq!(line[0], cells("e3")[0]);
    verify_vcf(&mut b, &line).unwrap();
}

#[test]
fn verifier_rejects_bad_lines() {
    let mut b = position(Rule::Freestyle, "h8a3i8b3j8c3a15d3", false);
    // k8 makes a four but ignores White's five-point e3.
    assert!(verify_vcf(&mut b, &cells("k8")).is_err());
    let mut b = position(Rule::Freestyle, "h8a1i8a3j8a5", false);
    // Not a five at the end; a non-four; a wrong block.
    assert!(verify_vcf(&mut b, &cells("k8g8")).is_err());
    assert!(verify_vcf(&mut b, &cells("k9")).is_err());
    assert!(verify_vcf(&mut b, &cells("k8l8m8")).is_err());
    assert!(verify_vcf(&mut b, &cells("k8g8l8")).is_ok());
}

#[test]
fn vct_never_claims_a_win_for_a_mated_side() {
    // no-VCF records where the engine had announced a forced loss for the side to move.
    let recs: Vec<Value> = records("no-VCF")
        .into_iter()
        .filter(|r| {
            r["engine_eval"]
                .as_str()
                .is_some_and(|e| e.starts_with("-M"))
        })
        .collect();
    assert_eq!(recs.len(), 16);
    let mut solver = Vct::new();
    let limits = VctLimits {
        work: TEST_VCT_WORK,
        ..VctLimits::default()
    };
    for r in &recs {
        let mut b = board_of(r);
        assert!(!solver.solve(&mut b, limits).win, "{}", r["id"]);
    }
}

/// Ids of VCT records whose proven first move is checked against every defender reply.
const EXHAUSTIVE_IDS: [&str; 5] = [
    "freestyle-vct-g0001-k021",
    "quintet-vct-black",
    "quintet-vct-white",
    "quintet-vct-counter",
    "quintet-vct-forbidden-breaker",
];

#[test]
fn proven_first_move_holds_against_every_reply() {
    // An independent check of the defence set: after the solver's first move, every legal
    // defender move on the board leaves the attacker a verified VCF or (rarely) a VCT.
    let recs: Vec<Value> = all_records()
        .into_iter()
        .filter(|r| EXHAUSTIVE_IDS.contains(&r["id"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(recs.len(), EXHAUSTIVE_IDS.len());
    let limits = VctLimits {
        work: TEST_VCT_WORK,
        ..VctLimits::default()
    };
    for r in &recs {
        let mut b = board_of(r);
        let res = Vct::new().solve(&mut b, limits);
        assert!(res.win, "{}", r["id"]);
        let att = b.side_to_move();
        b.make(res.line[0]);
        let replies: Vec<Pos> = b.dims().cells().filter(|&z| b.is_empty(z)).collect();
        let mut deeper = 0;
        for z in replies {
            if !b.is_legal_for(z, att.opp()) {
                continue;
            }
            b.make(z);
            match vcf(&mut b) {
                VcfOutcome::Win(line) => verify_vcf(&mut b, &line).unwrap(),
                _ => {
                    deeper += 1;
                    let sub = Vct::new().solve(&mut b, limits);
                    assert!(
                        sub.win,
                        "{}: reply {z:?} refutes {:?}",
                        r["id"], res.line[0]
                    );
                }
            }
            b.unmake();
        }
        b.unmake();
        println!("{}: {deeper} replies needed a deeper proof", r["id"]);
    }
}

/// A crowded renju position from a self-play game (move 104, White to move) whose threat space
/// takes thousands of VCF nodes and has no win.
const CROWDED: &str = "f5e6c6g6d5g5f6f4g7e5e4f3g3h5h6i6j7e8f7f8i5j4h7i7e7d7d8i4h4j3k2j6k5j5j2k6l7l3i2l2\
g2h2l4k3m3f9l6c9g10e9d9d10e11c11b12c10c12d12c8f11f10i9i10h10k8m6g11l8b10j9b11b9e14d13d14c14e12e13i11\
f14g15j11c4d3l9g8h12g12k11k10l11i13b4c5b7a8j10h13i14m10k13m9k14";

#[test]
fn a_passed_deadline_stops_the_solvers() {
    let mut b = position(Rule::Renju, CROWDED, false);
    // Without a deadline the VCF searches past its clock interval.
    let mut v = Vcf::default();
    v.solve(&mut b, MAX_FOURS, 5_000);
    assert!(v.nodes() > 2 * kakugo::threat::VCF_CLOCK_NODES);
    // With one already passed it gives up at its first look at the clock, with no answer.
    let mut v = Vcf::default();
    v.deadline = Some(std::time::Instant::now());
    assert_eq!(v.solve(&mut b, MAX_FOURS, 5_000), VcfOutcome::Unknown);
    assert!(v.nodes() <= kakugo::threat::VCF_CLOCK_NODES);
    // The VCT with no time left creates its root and nothing else.
    let limits = VctLimits {
        time: Some(std::time::Duration::ZERO),
        ..VctLimits::default()
    };
    let r = Vct::new().solve(&mut b, limits);
    assert!(!r.win && !r.disproven);
    assert!(r.nodes <= 1, "{}", r.nodes);
}
