//! Property tests: random make/unmake sequences on random boards of every size and rule keep the
//! incremental patterns, classes, counters, line words and hash equal to a recomputation from
//! the stones, and unmaking everything restores the empty board exactly.

use kakugo::board::{Board, Dims, Pos};
use kakugo::rules::Rule;
use rand::{rngs::StdRng, Rng, SeedableRng};

fn random_dims(rng: &mut StdRng) -> Dims {
    let w = rng.gen_range(5..=32);
    let h = if rng.gen_bool(0.5) {
        w
    } else {
        rng.gen_range(5..=32)
    };
    Dims::new(w, h).unwrap()
}

fn random_empty(b: &Board, rng: &mut StdRng) -> Option<Pos> {
    let d = b.dims();
    if b.is_full() {
        return None;
    }
    loop {
        let p = Pos::new(rng.gen_range(0..d.w), rng.gen_range(0..d.h));
        if b.is_empty(p) {
            return Some(p);
        }
    }
}

#[test]
fn random_make_unmake_matches_recomputation() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut steps = 0;
    for round in 0..160 {
        let rule = Rule::ALL[round % 4];
        let dims = random_dims(&mut rng);
        let mut b = Board::new(rule, dims);
        // The evaluation's cell values, so that the value sums are checked too.
        b.set_cell_values(&kakugo::search::eval::eval_tables(rule).cells);
        let empty_hash = b.hash();
        let fresh = b.clone();
        let limit = rng.gen_range(1..=dims.area());
        for _ in 0..limit * 2 {
            steps += 1;
            let r: f64 = rng.gen();
            if r < 0.6 || b.history().is_empty() {
                match random_empty(&b, &mut rng) {
                    Some(p) if r < 0.58 => b.make(p),
                    _ => b.pass(),
                }
            } else {
                b.unmake();
            }
            if rng.gen_bool(0.1) {
                b.check_consistency()
                    .unwrap_or_else(|e| panic!("{rule:?} {dims:?}: {e}\n{b}"));
            }
            if rule == Rule::Renju && rng.gen_bool(0.05) {
                // A foul check places and removes stones: it must leave no trace.
                let before = b.hash();
                let _ = b.forbidden_points();
                assert_eq!(before, b.hash());
                b.check_consistency().unwrap();
            }
        }
        b.check_consistency().unwrap();
        while b.unmake().is_some() {}
        assert_eq!(b.hash(), empty_hash);
        assert_eq!(b.stone_count(), 0);
        b.check_consistency().unwrap();
        for p in dims.cells() {
            for c in [kakugo::rules::Color::Black, kakugo::rules::Color::White] {
                assert_eq!(b.combo(p, c), fresh.combo(p, c));
                for d in 0..4 {
                    assert_eq!(b.pattern(p, d, c), fresh.pattern(p, d, c));
                }
            }
        }
    }
    assert!(steps > 10_000, "only {steps} steps");
}

#[test]
fn hash_depends_on_position_not_order() {
    let dims = Dims::square(15).unwrap();
    let mut a = Board::new(Rule::Freestyle, dims);
    let mut b = Board::new(Rule::Freestyle, dims);
    for p in [(7, 7), (8, 8), (6, 6), (9, 9)] {
        a.make(Pos::new(p.0, p.1));
    }
    for p in [(6, 6), (9, 9), (7, 7), (8, 8)] {
        b.make(Pos::new(p.0, p.1));
    }
    assert_eq!(a.hash(), b.hash());
    b.unmake();
    assert_ne!(a.hash(), b.hash());
}
