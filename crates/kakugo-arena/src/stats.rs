//! Match statistics: win/loss/draw counts, the Elo difference with its 95% interval (logistic
//! model, trinomial variance of the per-game score), the likelihood of superiority, and the
//! sequential probability ratio test (the normal approximation of the generalised SPRT that
//! cutechess and fishtest use).

/// Wins, losses and draws from one side's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wld {
    /// Wins.
    pub w: u32,
    /// Losses.
    pub l: u32,
    /// Draws.
    pub d: u32,
}

/// An Elo difference and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The estimate.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub lo: f64,
    /// Upper end of the 95% interval.
    pub hi: f64,
}

/// The logistic Elo difference that gives an expected score `s` (±∞ at 1 and 0).
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The expected score of a side `elo` points stronger.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 {
        -y
    } else {
        y
    }
}

impl Wld {
    /// Games.
    pub fn n(&self) -> u32 {
        self.w + self.l + self.d
    }

    /// The same games from the other side.
    pub fn flip(&self) -> Wld {
        Wld {
            w: self.l,
            l: self.w,
            d: self.d,
        }
    }

    /// Adds another count.
    pub fn add(&mut self, o: Wld) {
        self.w += o.w;
        self.l += o.l;
        self.d += o.d;
    }

    /// Mean score per game (0.5 with no games).
    pub fn score(&self) -> f64 {
        if self.n() == 0 {
            return 0.5;
        }
        (f64::from(self.w) + 0.5 * f64::from(self.d)) / f64::from(self.n())
    }

    /// Variance of one game's score (win 1, draw ½, loss 0) around the mean.
    pub fn variance(&self) -> f64 {
        let n = f64::from(self.n());
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (f64::from(self.w) * (1.0 - s).powi(2)
            + f64::from(self.d) * (0.5 - s).powi(2)
            + f64::from(self.l) * s.powi(2))
            / n
    }

    /// Elo difference with a 95% interval, or `None` with no games.
    pub fn elo(&self) -> Option<EloEstimate> {
        if self.n() == 0 {
            return None;
        }
        let s = self.score();
        let se = (self.variance() / f64::from(self.n())).sqrt();
        Some(EloEstimate {
            elo: elo_from_score(s),
            lo: elo_from_score(s - 1.959_964 * se),
            hi: elo_from_score(s + 1.959_964 * se),
        })
    }

    /// The 95% interval of the mean score per game (normal approximation, trinomial variance),
    /// clamped to [0, 1]; (0, 1) with no games.
    pub fn score_interval(&self) -> (f64, f64) {
        if self.n() == 0 {
            return (0.0, 1.0);
        }
        let half = 1.959_964 * (self.variance() / f64::from(self.n())).sqrt();
        let s = self.score();
        ((s - half).max(0.0), (s + half).min(1.0))
    }

    /// Likelihood of superiority: the chance that this side is the stronger, from wins and
    /// losses (draws carry no information).
    pub fn los(&self) -> f64 {
        let (w, l) = (f64::from(self.w), f64::from(self.l));
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }
}

/// What an SPRT concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// H0 (Elo ≤ elo0) accepted: the change is not an improvement.
    H0,
    /// H1 (Elo ≥ elo1) accepted: the change is an improvement.
    H1,
}

/// A sequential probability ratio test between logistic Elo `elo0` and `elo1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

impl Sprt {
    /// The (lower, upper) LLR bounds: `ln(β/(1−α))` and `ln((1−β)/α)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for the first side's results:
    /// `N/2 · ((s−s0)² − (s−s1)²) / σ²`, with `s0`, `s1` the scores of `elo0`, `elo1` and `σ²`
    /// the per-game variance, floored at `1/(4N)` so that one-sided results (all wins) still
    /// decide. Zero with no games.
    pub fn llr(&self, r: &Wld) -> f64 {
        if r.n() == 0 {
            return 0.0;
        }
        let var = r.variance().max(0.25 / f64::from(r.n()));
        let s = r.score();
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        f64::from(r.n()) / 2.0 * ((s - s0).powi(2) - (s - s1).powi(2)) / var
    }

    /// The decision, once the LLR leaves the bounds.
    pub fn decide(&self, r: &Wld) -> Option<SprtDecision> {
        let llr = self.llr(r);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Some(SprtDecision::H1)
        } else if llr <= lo {
            Some(SprtDecision::H0)
        } else {
            None
        }
    }
}

/// Formats an Elo value (`+inf`/`-inf` at the extremes).
pub fn fmt_elo(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{:+.1}", e + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) {
        assert!((a - b).abs() < eps, "{a} != {b}");
    }

    #[test]
    fn elo_and_interval_by_hand() {
        // W 30, L 20, D 50: s = 0.55; σ² = (30·0.45² + 50·0.05² + 20·0.55²)/100 = 0.1225;
        // se = 0.035; Elo = −400·log10(1/0.55 − 1) = 34.86; interval at s ∓ 1.96·0.035.
        let r = Wld {
            w: 30,
            l: 20,
            d: 50,
        };
        close(r.score(), 0.55, 1e-12);
        close(r.variance(), 0.1225, 1e-12);
        let e = r.elo().unwrap();
        close(e.elo, 34.860, 1e-3);
        close(e.lo, -12.930, 1e-2);
        close(e.hi, 84.012, 1e-2);
        // LOS = ½(1 + erf(10/√100)) = ½(1 + erf(1)) = 0.92135.
        close(r.los(), 0.921_350, 1e-5);
        let f = r.flip().elo().unwrap();
        close(f.elo, -34.860, 1e-3);
        close(f.hi, 12.930, 1e-2);
        // Score interval: 0.55 ∓ 1.959964·0.035.
        let (lo, hi) = r.score_interval();
        close(lo, 0.481_401, 1e-6);
        close(hi, 0.618_599, 1e-6);
        assert_eq!(Wld { w: 3, l: 0, d: 0 }.score_interval(), (1.0, 1.0));
        assert_eq!(Wld::default().score_interval(), (0.0, 1.0));
    }

    #[test]
    fn even_and_degenerate_results() {
        let r = Wld { w: 5, l: 5, d: 0 };
        close(r.elo().unwrap().elo, 0.0, 1e-9);
        close(r.los(), 0.5, 1e-9);
        assert_eq!(Wld::default().elo(), None);
        let all = Wld { w: 4, l: 0, d: 0 };
        assert_eq!(all.elo().unwrap().elo, f64::INFINITY);
        assert_eq!(fmt_elo(f64::NEG_INFINITY), "-inf");
        close(score_from_elo(elo_from_score(0.3)), 0.3, 1e-12);
        close(erf(0.5), 0.520_499_877_8, 2e-7);
    }

    #[test]
    fn sprt_llr_and_bounds_by_hand() {
        let t = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = t.bounds();
        close(lo, -2.944_439, 1e-6);
        close(hi, 2.944_439, 1e-6);
        // s1 = 1/(1 + 10^(−5/400)) = 0.507195; LLR = 50·((0.05)² − (0.042805)²)/0.1225 = 0.27255.
        let r = Wld {
            w: 30,
            l: 20,
            d: 50,
        };
        close(t.llr(&r), 0.272_547, 1e-5);
        assert_eq!(t.decide(&r), None);
        // Many more wins than losses: H1; the reverse: H0.
        assert_eq!(
            t.decide(&Wld {
                w: 600,
                l: 400,
                d: 1000
            }),
            Some(SprtDecision::H1)
        );
        assert_eq!(
            t.decide(&Wld {
                w: 400,
                l: 600,
                d: 1000
            }),
            Some(SprtDecision::H0)
        );
        // All wins: σ² is floored at 1/(4N); 20 wins give LLR = 10·(0.25 − 0.492805²)/0.0125.
        close(t.llr(&Wld { w: 20, l: 0, d: 0 }), 5.7147, 1e-3);
        assert_eq!(t.llr(&Wld::default()), 0.0);
    }
}
