//! Pairings: which engines meet, with which colours and which opening, for a two-engine match,
//! a gauntlet (the first engine against each other) and a round robin. Each opening is played
//! twice in a row with colours swapped.

use super::config::Mode;

/// One game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// Position in the schedule (0-based).
    pub index: usize,
    /// The engine playing Black (under an opening rule: the first player, tentative Black).
    pub black: usize,
    /// The engine playing White (under an opening rule: the second player).
    pub white: usize,
    /// The opening (index into the opening list; ignored when there is none).
    pub opening: usize,
}

/// The pairs `(a, b)` that meet; `a` is the side statistics are reported for.
pub fn pairs(mode: Mode, engines: usize) -> Vec<(usize, usize)> {
    match mode {
        Mode::Match if engines >= 2 => vec![(0, 1)],
        Mode::Match => Vec::new(),
        Mode::Gauntlet => (1..engines).map(|b| (0, b)).collect(),
        Mode::RoundRobin => (0..engines)
            .flat_map(|a| (a + 1..engines).map(move |b| (a, b)))
            .collect(),
    }
}

/// The games: `games` per pair (rounded up to even), pair by pair within each game number so
/// that all pairs progress together; game `g` of a pair uses opening `g / 2` (wrapping around
/// `openings`, at least 1) and gives Black to the first engine when `g` is even.
pub fn schedule(mode: Mode, engines: usize, games: usize, openings: usize) -> Vec<Job> {
    let games = games + games % 2;
    let ps = pairs(mode, engines);
    let mut out = Vec::new();
    for g in 0..games {
        for &(a, b) in &ps {
            let (black, white) = if g % 2 == 0 { (a, b) } else { (b, a) };
            out.push(Job {
                index: out.len(),
                black,
                white,
                opening: (g / 2) % openings.max(1),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairings() {
        assert_eq!(pairs(Mode::Match, 3), vec![(0, 1)]);
        assert_eq!(pairs(Mode::Gauntlet, 3), vec![(0, 1), (0, 2)]);
        assert_eq!(pairs(Mode::RoundRobin, 4).len(), 6);
        assert!(pairs(Mode::Match, 1).is_empty());
    }

    #[test]
    fn each_opening_twice_with_colours_swapped() {
        let s = schedule(Mode::Match, 2, 5, 2);
        assert_eq!(s.len(), 6);
        let o: Vec<_> = s.iter().map(|j| (j.black, j.opening)).collect();
        assert_eq!(o, vec![(0, 0), (1, 0), (0, 1), (1, 1), (0, 0), (1, 0)]);
        let rr = schedule(Mode::RoundRobin, 3, 2, 10);
        assert_eq!(rr.len(), 6);
        assert_eq!((rr[3].black, rr[3].white), (1, 0));
        assert!(rr.iter().enumerate().all(|(i, j)| j.index == i));
    }
}
