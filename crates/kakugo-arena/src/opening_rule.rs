//! Opening rules that the engines play themselves: the arena, in the role Yixin-Board plays for
//! a human and a computer, asks the first player (tentative Black) and the second player
//! (tentative White) for every opening decision and checks each answer. Soosõrv-8 and RIF classic
//! go through Yixin-Board's `yxsoosorvstep1..6` commands (replies `MESSAGE SOOSORV …`), Swap2
//! through Gomocup's `SWAP2BOARD … DONE`. The arena speaks `x,y` (x first) here as everywhere.
//! A bad answer (a malformed reply, a stone off the board or on a stone, a foul, an opening
//! outside the central box, N out of 1..=8, offers that are too few, too many or symmetric, a
//! choice that was not offered) loses for the engine that gave it; so does silence, by the clock
//! the referee keeps. The result is the stones in move order, the final colours and every decision.

use super::reply::is_noise;
use kakugo::board::notation::format_moves;
use kakugo::board::{rif, symmetry, Board, Dims, Pos, Verdict};
use kakugo::rules::{Color, Rule};

/// How the opening of a game is made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OpeningRule {
    /// No opening rule: Black and White are fixed by the schedule (an openings file may set
    /// stones).
    #[default]
    None,
    /// Gomocup's Swap2 through `SWAP2BOARD`.
    Swap2,
    /// Soosõrv-8: swap, move 4 with N (1..=8), second swap, N fifth-move offers, choice.
    Soosorv8,
    /// RIF classic: swap, move 4, two fifth-move offers, choice.
    Rif,
}

impl OpeningRule {
    /// Every rule, `None` first.
    pub const ALL: [OpeningRule; 4] = [
        OpeningRule::None,
        OpeningRule::Swap2,
        OpeningRule::Soosorv8,
        OpeningRule::Rif,
    ];

    /// The setting's name.
    pub fn name(self) -> &'static str {
        match self {
            OpeningRule::None => "none",
            OpeningRule::Swap2 => "swap2",
            OpeningRule::Soosorv8 => "soosorv8",
            OpeningRule::Rif => "rif",
        }
    }

    /// The rule of a name (`soosorv-8` and `soosorv` are taken too).
    pub fn from_name(s: &str) -> Option<OpeningRule> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" | "" => Some(OpeningRule::None),
            "swap2" => Some(OpeningRule::Swap2),
            "soosorv8" | "soosorv-8" | "soosorv" => Some(OpeningRule::Soosorv8),
            "rif" => Some(OpeningRule::Rif),
            _ => None,
        }
    }
}

/// One of the two players of an opening: the first (tentative Black) or the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// The first player: tentative Black, who places the first three stones.
    First,
    /// The second player: tentative White.
    Second,
}

impl Seat {
    /// The other player.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// 0 for the first player, 1 for the second.
    pub fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }

    /// `first` or `second`.
    pub fn name(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
        }
    }
}

/// What a player decided at one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Stones placed on the board, in move order.
    Place(Vec<Pos>),
    /// Move 4 and the number of fifth-move offers declared with it (as sent; RIF ignores it).
    Move4(Pos, Option<i64>),
    /// A colour choice: whether the colours were exchanged.
    Swap(bool),
    /// The fifth-move offers, in the order given.
    Offers(Vec<Pos>),
    /// White's choice among the offers: move 5.
    Choice(Pos),
}

/// One decision with who made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Who decided.
    pub by: Seat,
    /// The colour the player held when it was asked (before a swap it makes).
    pub colour: Color,
    /// The step's name: `opening`, `swap1`, `move4`, `swap2`, `offers`, `choice` (Soosõrv, RIF);
    /// `opening`, `answer`, `choice` (Swap2).
    pub label: &'static str,
    /// The decision.
    pub decision: Decision,
    /// The time the answer took, in ms.
    pub ms: u64,
    /// A remark: the name of a RIF opening (`D1`..`D13`, `I1`..`I13`).
    pub note: Option<String>,
}

impl Step {
    /// The step in words, e.g. `second (white) swap1: no swap` (cells in pos notation).
    pub fn text(&self) -> String {
        let what = match &self.decision {
            Decision::Place(s) => format!("places {}", format_moves(s)),
            Decision::Move4(p, Some(n)) => format!("plays {} with N={n}", format_moves(&[*p])),
            Decision::Move4(p, None) => format!("plays {}", format_moves(&[*p])),
            Decision::Swap(true) => "swaps".into(),
            Decision::Swap(false) => "keeps the colours".into(),
            Decision::Offers(s) => format!("offers {}", format_moves(s)),
            Decision::Choice(p) => format!("chooses {}", format_moves(&[*p])),
        };
        let colour = match self.colour {
            Color::Black => "black",
            Color::White => "white",
        };
        let note = self
            .note
            .as_ref()
            .map(|n| format!(" ({n})"))
            .unwrap_or_default();
        format!("{} ({colour}) {}: {what}{note}", self.by.name(), self.label)
    }
}

/// An opening as it was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opened {
    /// The rule played.
    pub rule: OpeningRule,
    /// Every decision in order.
    pub steps: Vec<Step>,
    /// The stones on the board in move order.
    pub stones: Vec<Pos>,
    /// Who holds Black (at the end, or when the opening broke off).
    pub black: Seat,
    /// Who lost during the opening, and why (`None`: the opening was completed).
    pub fault: Option<(Seat, String)>,
}

/// The referee's side of the conversation.
pub trait Talk {
    /// Sends `lines` to the player in `who`'s seat and hands each reply line to `take` until it
    /// returns `Ok(true)` (complete) or an error (a bad answer). The time is counted on that
    /// player's clock with its usual per-move deadline; the error is why that player loses
    /// (silence, a crash, a bad answer). Returns the time taken in ms.
    fn exchange(
        &mut self,
        who: Seat,
        lines: &[String],
        take: &mut dyn FnMut(&str) -> Result<bool, String>,
    ) -> Result<u64, String>;
}

/// Two offers that a symmetry of the position on `board` maps onto each other, if any.
pub fn symmetric_offers(board: &Board, offers: &[Pos]) -> Option<(Pos, Pos)> {
    for (i, &a) in offers.iter().enumerate() {
        for &b in &offers[i + 1..] {
            if symmetry::equivalent(board, a, b) {
                return Some((a, b));
            }
        }
    }
    None
}

/// Which of the 26 canonical RIF openings three stones are, in any orientation (the first on
/// the centre, `size / 2`, the second within the 3×3 around it, the third within the 5×5): its
/// name (`D1`..`D13`, `I1`..`I13`) or why it is none.
pub fn rif_opening(dims: Dims, stones: &[Pos]) -> Result<String, String> {
    rif::classify(stones, dims).map(rif::name).ok_or_else(|| {
        format!(
            "opening {} is not one of the 26 RIF openings (centre, 3x3, 5x5)",
            format_moves(stones)
        )
    })
}

/// The cell of two integer tokens, if on the board.
fn cell(dims: Dims, x: &str, y: &str) -> Result<Pos, String> {
    let (x, y): (i64, i64) = x
        .parse()
        .ok()
        .zip(y.parse().ok())
        .ok_or_else(|| format!("bad coordinates {x:?} {y:?}"))?;
    dims.pos(x, y)
        .ok_or_else(|| format!("stone {x},{y} is off the board"))
}

/// A `x,y` token as a cell on the board.
fn cell_xy(dims: Dims, token: &str) -> Result<Pos, String> {
    let (x, y) = token
        .split_once(',')
        .ok_or_else(|| format!("bad stone {token:?}"))?;
    cell(dims, x.trim(), y.trim())
}

/// The words of a Soosõrv reply after `MESSAGE SOOSORV`, upper-cased; `None` for a line to skip
/// (other `MESSAGE`, `DEBUG`, `UNKNOWN`, `ERROR` lines, empty lines); an error for anything else.
fn soosorv_words(line: &str) -> Result<Option<Vec<String>>, String> {
    let up = line.to_ascii_uppercase();
    let words: Vec<String> = up.split_whitespace().map(str::to_string).collect();
    if words.len() >= 2 && words[0] == "MESSAGE" && words[1] == "SOOSORV" {
        return Ok(Some(words[2..].to_vec()));
    }
    if is_noise(line) {
        return Ok(None);
    }
    Err(format!("unexpected reply {line:?}"))
}

/// The bare `x,y` lines of a list and its `done`.
fn list(command: String, stones: &[Pos]) -> Vec<String> {
    let mut v = vec![command];
    v.extend(stones.iter().map(|p| format!("{},{}", p.x(), p.y())));
    v.push("done".into());
    v
}

/// An opening in progress.
struct Negotiation<'a> {
    rule: OpeningRule,
    dims: Dims,
    board: Board,
    talk: &'a mut dyn Talk,
    steps: Vec<Step>,
    black: Seat,
}

/// A loss in the opening: who and why.
type Fault = (Seat, String);

/// A bad answer by `who` to the command `at`.
fn bad(who: Seat, at: &str) -> impl Fn(String) -> Fault + '_ {
    move |why| (who, format!("gave a bad answer: {why} (at {at})"))
}

impl Negotiation<'_> {
    fn colour_of(&self, s: Seat) -> Color {
        if s == self.black {
            Color::Black
        } else {
            Color::White
        }
    }

    fn record(&mut self, by: Seat, label: &'static str, decision: Decision, ms: u64) {
        let colour = self.colour_of(by);
        self.steps.push(Step {
            by,
            colour,
            label,
            decision,
            ms,
            note: None,
        });
    }

    /// Places a stone for the side to move, or says why it cannot be placed.
    fn place(&mut self, p: Pos) -> Result<(), String> {
        let name = format_moves(&[p]);
        match self.board.judge(p) {
            Verdict::Normal => {
                self.board.make(p);
                Ok(())
            }
            Verdict::Illegal => Err(format!("stone {name} is on an occupied cell")),
            Verdict::Win => Err(format!("stone {name} makes five in the opening")),
            Verdict::Foul(f) => Err(format!("stone {name} is a foul ({})", f.name())),
        }
    }

    /// One Soosõrv exchange: `take` gets the reply words and says when it has all it needs.
    fn soosorv(
        &mut self,
        who: Seat,
        lines: Vec<String>,
        mut take: impl FnMut(&[String]) -> Result<bool, String>,
    ) -> Result<u64, Fault> {
        let first = lines[0].clone();
        let mut f = |line: &str| match soosorv_words(line)? {
            None => Ok(false),
            Some(w) => take(&w),
        };
        self.talk
            .exchange(who, &lines, &mut f)
            .map_err(|why| (who, format!("{why} (at {first})")))
    }

    /// One Swap2 exchange: the first line that is not noise, split into words.
    fn swap2_board(&mut self, who: Seat) -> Result<(Vec<String>, u64), Fault> {
        let mut lines = vec!["SWAP2BOARD".to_string()];
        lines.extend(
            self.board
                .history()
                .iter()
                .map(|p| format!("{},{}", p.x(), p.y())),
        );
        lines.push("DONE".into());
        let mut words = Vec::new();
        let mut f = |line: &str| {
            if is_noise(line) {
                return Ok(false);
            }
            words = line.split_whitespace().map(str::to_string).collect();
            Ok(true)
        };
        let n = self.board.stone_count();
        let ms = self
            .talk
            .exchange(who, &lines, &mut f)
            .map_err(|why| (who, format!("{why} (at SWAP2BOARD with {n} stones)")))?;
        Ok((words, ms))
    }

    /// Parses `x,y` tokens and places them.
    fn place_tokens(&mut self, who: Seat, words: &[String]) -> Result<Vec<Pos>, Fault> {
        let at = format!("SWAP2BOARD with {} stones", self.board.stone_count());
        let mut out = Vec::new();
        for w in words {
            let p = cell_xy(self.dims, w).map_err(bad(who, &at))?;
            self.place(p).map_err(bad(who, &at))?;
            out.push(p);
        }
        Ok(out)
    }

    fn swap2(&mut self) -> Result<(), Fault> {
        use Seat::{First, Second};
        let (words, ms) = self.swap2_board(First)?;
        if words.len() != 3 {
            return Err(bad(First, "SWAP2BOARD with 0 stones")(format!(
                "expected three stones, not {:?}",
                words.join(" ")
            )));
        }
        let stones = self.place_tokens(First, &words)?;
        self.record(First, "opening", Decision::Place(stones), ms);
        let (words, ms) = self.swap2_board(Second)?;
        match words.as_slice() {
            [w] if w.eq_ignore_ascii_case("SWAP") => {
                self.record(Second, "answer", Decision::Swap(true), ms);
                self.black = Second;
                return Ok(());
            }
            [_] | [_, _] => {
                let stones = self.place_tokens(Second, &words)?;
                let two = stones.len() == 2;
                self.record(Second, "answer", Decision::Place(stones), ms);
                if !two {
                    return Ok(());
                }
            }
            _ => {
                return Err(bad(Second, "SWAP2BOARD with 3 stones")(format!(
                    "expected SWAP or one or two stones, not {:?}",
                    words.join(" ")
                )))
            }
        }
        // Five stones: the first player takes Black (SWAP) or plays White's move 6.
        let (words, ms) = self.swap2_board(First)?;
        match words.as_slice() {
            [w] if w.eq_ignore_ascii_case("SWAP") => {
                self.record(First, "choice", Decision::Swap(true), ms);
            }
            [_] => {
                let stones = self.place_tokens(First, &words)?;
                self.record(First, "choice", Decision::Place(stones), ms);
                self.black = Second;
            }
            _ => {
                return Err(bad(First, "SWAP2BOARD with 5 stones")(format!(
                    "expected SWAP or one stone, not {:?}",
                    words.join(" ")
                )))
            }
        }
        Ok(())
    }

    /// A `SWAPk Y…|N…` reply's answer.
    fn yes_no(w: &[String], key: &str) -> Result<Option<bool>, String> {
        match w {
            [k, a, ..] if k == key && a.starts_with('Y') => Ok(Some(true)),
            [k, a, ..] if k == key && a.starts_with('N') => Ok(Some(false)),
            _ => Err(format!("expected {key} Y or N, not {:?}", w.join(" "))),
        }
    }

    fn soosorv8_or_rif(&mut self) -> Result<(), Fault> {
        use Seat::{First, Second};
        let dims = self.dims;
        // Step 1: the first player's three stones.
        let mut got: Vec<Pos> = Vec::new();
        let ms = self.soosorv(First, vec!["yxsoosorvstep1".into()], |w| {
            let want = format!("MOVE{}", got.len() + 1);
            match w {
                [k, x, y] if *k == want => {
                    got.push(cell(dims, x, y)?);
                    Ok(got.len() == 3)
                }
                _ => Err(format!("expected {want} x y, not {:?}", w.join(" "))),
            }
        })?;
        let name = rif_opening(dims, &got).map_err(bad(First, "yxsoosorvstep1"))?;
        for &p in &got {
            self.place(p).map_err(bad(First, "yxsoosorvstep1"))?;
        }
        self.record(First, "opening", Decision::Place(got.clone()), ms);
        self.steps.last_mut().expect("just recorded").note = Some(name);
        // Step 2: the second player may take Black.
        let mut swap = None;
        let ms = self.soosorv(Second, list("yxsoosorvstep2".into(), &got), |w| {
            swap = Self::yes_no(w, "SWAP1")?;
            Ok(true)
        })?;
        let swap = swap.unwrap_or(false);
        self.record(Second, "swap1", Decision::Swap(swap), ms);
        if swap {
            self.black = Second;
        }
        // Step 3: White plays move 4 and declares N.
        let white = self.black.other();
        let mut answer = None;
        let ms = self.soosorv(white, list("yxsoosorvstep3".into(), &got), |w| match w {
            [k, x, y, rest @ ..] if k == "MOVE4" && rest.len() <= 1 => {
                let n = match rest.first() {
                    Some(t) => Some(t.parse::<i64>().map_err(|_| format!("bad N {t:?}"))?),
                    None => None,
                };
                answer = Some((cell(dims, x, y)?, n));
                Ok(true)
            }
            _ => Err(format!("expected MOVE4 x y N, not {:?}", w.join(" "))),
        })?;
        let (m4, declared) = answer.expect("a complete reply");
        self.record(white, "move4", Decision::Move4(m4, declared), ms);
        let n = match self.rule {
            OpeningRule::Rif => 2,
            _ => match declared {
                Some(n @ 1..=8) => n as usize,
                Some(n) => {
                    return Err(bad(white, "yxsoosorvstep3")(format!(
                        "declared N={n} (must be 1 to 8)"
                    )))
                }
                None => return Err(bad(white, "yxsoosorvstep3")("MOVE4 without N".into())),
            },
        };
        self.place(m4).map_err(bad(white, "yxsoosorvstep3"))?;
        let four: Vec<Pos> = self.board.history().to_vec();
        // Step 4 (Soosõrv-8 only): Black may give Black away.
        if self.rule == OpeningRule::Soosorv8 {
            let black = self.black;
            let mut swap = None;
            let ms = self.soosorv(black, list(format!("yxsoosorvstep4 {n}"), &four), |w| {
                swap = Self::yes_no(w, "SWAP2")?;
                Ok(true)
            })?;
            let swap = swap.unwrap_or(false);
            self.record(black, "swap2", Decision::Swap(swap), ms);
            if swap {
                self.black = black.other();
            }
        }
        // Step 5: Black offers N fifth moves.
        let black = self.black;
        let mut offers: Vec<Pos> = Vec::new();
        let ms = self.soosorv(
            black,
            list(format!("yxsoosorvstep5 {n}"), &four),
            |w| match w {
                [k, r] if k == "MOVE5" && r.starts_with('R') => Ok(false),
                [k, d] if k == "MOVE5" && d.starts_with('D') => Ok(true),
                [k, x, y] if k == "MOVE5" => {
                    offers.push(cell(dims, x, y)?);
                    if offers.len() > n {
                        return Err(format!("more than N={n} offers"));
                    }
                    Ok(false)
                }
                _ => Err(format!(
                    "expected MOVE5 REFRESH, MOVE5 x y or MOVE5 DONE, not {:?}",
                    w.join(" ")
                )),
            },
        )?;
        self.record(black, "offers", Decision::Offers(offers.clone()), ms);
        let at = format!("yxsoosorvstep5 {n}");
        self.check_offers(&offers, n).map_err(bad(black, &at))?;
        // Step 6: White chooses move 5.
        let white = black.other();
        let mut all = four.clone();
        all.extend(&offers);
        let mut choice = None;
        let ms = self.soosorv(white, list("yxsoosorvstep6".into(), &all), |w| match w {
            [k, x, y] if k == "MOVE5C" => {
                choice = Some(cell(dims, x, y)?);
                Ok(true)
            }
            _ => Err(format!("expected MOVE5C x y, not {:?}", w.join(" "))),
        })?;
        let chosen = choice.expect("a complete reply");
        self.record(white, "choice", Decision::Choice(chosen), ms);
        if !offers.contains(&chosen) {
            return Err(bad(white, "yxsoosorvstep6")(format!(
                "chose {}, which was not offered",
                format_moves(&[chosen])
            )));
        }
        self.place(chosen).map_err(bad(white, "yxsoosorvstep6"))
    }

    /// The fifth-move offers: exactly `n`, distinct, each a legal Black move, none a symmetric
    /// image of another.
    fn check_offers(&mut self, offers: &[Pos], n: usize) -> Result<(), String> {
        if offers.len() != n {
            return Err(format!("{} offers instead of N={n}", offers.len()));
        }
        for (i, &p) in offers.iter().enumerate() {
            if offers[..i].contains(&p) {
                return Err(format!("offer {} given twice", format_moves(&[p])));
            }
            let name = format_moves(&[p]);
            match self.board.judge(p) {
                Verdict::Normal | Verdict::Win => {}
                Verdict::Illegal => return Err(format!("offer {name} is on an occupied cell")),
                Verdict::Foul(f) => return Err(format!("offer {name} is a foul ({})", f.name())),
            }
        }
        match symmetric_offers(&self.board, offers) {
            Some((a, b)) => Err(format!(
                "offers {} and {} are symmetric",
                format_moves(&[a]),
                format_moves(&[b])
            )),
            None => Ok(()),
        }
    }
}

/// Plays the opening `rule` (not [`OpeningRule::None`]) on an empty board of `dims` under the
/// game rule `game_rule`, talking to the players through `talk`.
pub fn negotiate(rule: OpeningRule, game_rule: Rule, dims: Dims, talk: &mut dyn Talk) -> Opened {
    let mut t = Negotiation {
        rule,
        dims,
        board: Board::new(game_rule, dims),
        talk,
        steps: Vec::new(),
        black: Seat::First,
    };
    let result = match rule {
        OpeningRule::None => Ok(()),
        OpeningRule::Swap2 => t.swap2(),
        OpeningRule::Soosorv8 | OpeningRule::Rif => t.soosorv8_or_rif(),
    };
    Opened {
        rule,
        steps: t.steps,
        stones: t.board.history().to_vec(),
        black: t.black,
        fault: result.err(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d15() -> Dims {
        Dims::square(15).unwrap()
    }

    #[test]
    fn rif_openings_and_symmetric_offers() {
        let c = |x, y| Pos::new(x, y);
        assert_eq!(
            rif_opening(d15(), &[c(7, 7), c(7, 6), c(7, 5)]).as_deref(),
            Ok("D3")
        );
        assert!(rif_opening(d15(), &[c(7, 7), c(8, 8), c(5, 9)]).is_ok());
        for bad in [
            [c(7, 8), c(7, 6), c(9, 9)],
            [c(7, 7), c(7, 5), c(9, 9)],
            [c(7, 7), c(7, 6), c(10, 9)],
            [c(7, 7), c(7, 6), c(7, 6)],
        ] {
            assert!(rif_opening(d15(), &bad).is_err(), "{bad:?}");
        }
        // h8, h9 (White), h10, h6 (White): symmetric about the column x = 7 only.
        let mut b = Board::new(Rule::Renju, d15());
        for p in [c(7, 7), c(7, 6), c(7, 5), c(7, 9)] {
            b.make(p);
        }
        assert_eq!(
            symmetric_offers(&b, &[c(6, 8), c(5, 5), c(8, 8)]),
            Some((c(6, 8), c(8, 8)))
        );
        assert_eq!(symmetric_offers(&b, &[c(6, 8), c(6, 6)]), None);
    }

    #[test]
    fn names_and_words() {
        for r in OpeningRule::ALL {
            assert_eq!(OpeningRule::from_name(r.name()), Some(r));
        }
        assert_eq!(
            OpeningRule::from_name("Soosorv-8"),
            Some(OpeningRule::Soosorv8)
        );
        assert_eq!(OpeningRule::from_name("yamaguchi"), None);
        assert_eq!(
            soosorv_words("message soosorv move1 7 7").unwrap(),
            Some(vec!["MOVE1".to_string(), "7".into(), "7".into()])
        );
        assert_eq!(soosorv_words("MESSAGE thinking").unwrap(), None);
        assert_eq!(soosorv_words("DEBUG x").unwrap(), None);
        assert!(soosorv_words("7,7").is_err());
    }
}
