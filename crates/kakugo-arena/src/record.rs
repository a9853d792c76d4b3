//! Saving games: Piskvork's PSQ format (header `Piskvorky WxH, 11:11, 0`, then `x,y,time_ms`
//! lines with 1-based coordinates, the two player names and a closing status line), SGF
//! (`GM[4]`, letters `a` = 0, x then y; an opening rule's decisions in the root comment) and the
//! results file's line of a game ([`kakugo::record::SavedGame`], with the opening rule, every
//! decision and the final colours); and reading PSQ back for pictures.

use super::opening_rule::{Decision, OpeningRule, Seat, Step};
use kakugo::board::notation::format_moves;
use kakugo::board::{Dims, Pos};
use kakugo::record::{GameResult, SavedGame, SavedStep};
use kakugo::rules::{Color, Rule};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Names of Black and White.
    pub names: [String; 2],
    /// The rule.
    pub rule: Rule,
    /// The board size.
    pub dims: Dims,
    /// Every stone in order with the thinking time in ms (0 for opening stones).
    pub moves: Vec<(Pos, u64)>,
    /// How many of `moves` are the opening.
    pub opening_len: usize,
    /// The opening rule played.
    pub opening_rule: OpeningRule,
    /// The opening decisions in order (empty without an opening rule).
    pub steps: Vec<Step>,
    /// Whether the first engine given to [`crate::referee::play`] played Black (always, without an opening
    /// rule): results are credited by the final colours in `names`.
    pub first_black: bool,
    /// The winner (`None`: a draw).
    pub winner: Option<Color>,
    /// Why the game ended, in words.
    pub reason: String,
    /// The run was stopped during the game: the result does not count.
    pub interrupted: bool,
}

/// The game in PSQ format.
pub fn to_psq(g: &GameRecord) -> String {
    let mut s = format!("Piskvorky {}x{}, 11:11, 0\n", g.dims.w, g.dims.h);
    for &(p, ms) in &g.moves {
        s.push_str(&format!("{},{},{ms}\n", p.x() + 1, p.y() + 1));
    }
    s.push_str(&format!("{}\n{}\n0\n", g.names[0], g.names[1]));
    s
}

/// A game read from PSQ: the board size and the stones in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PsqGame {
    /// The board size.
    pub dims: Dims,
    /// Stones in order.
    pub moves: Vec<Pos>,
    /// The names after the moves, when present (first player, second player).
    pub names: Vec<String>,
}

/// Reads a PSQ file.
pub fn parse_psq(text: &str) -> Result<PsqGame, String> {
    let mut lines = text.lines();
    let head = lines.next().ok_or("empty file")?;
    let size = head
        .split_whitespace()
        .nth(1)
        .ok_or("no board size in the header")?
        .trim_end_matches(',');
    let (w, h) = size.split_once('x').ok_or("bad board size in the header")?;
    let dims = w
        .parse()
        .ok()
        .zip(h.parse().ok())
        .and_then(|(w, h)| Dims::new(w, h))
        .ok_or_else(|| format!("bad board size {size:?}"))?;
    let mut moves = Vec::new();
    let mut names = Vec::new();
    for l in lines {
        let f: Vec<&str> = l.trim().split(',').collect();
        let nums: Option<Vec<i64>> = f.iter().map(|t| t.trim().parse().ok()).collect();
        match nums {
            Some(n) if n.len() == 3 && names.is_empty() => {
                let p = dims
                    .pos(n[0] - 1, n[1] - 1)
                    .ok_or_else(|| format!("move {l:?} is off the board"))?;
                moves.push(p);
            }
            Some(_) => break,
            None => names.push(l.trim().to_string()),
        }
    }
    Ok(PsqGame { dims, moves, names })
}

fn sgf_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

fn sgf_cell(p: Pos) -> String {
    format!(
        "{}{}",
        (b'a' + p.x() as u8) as char,
        (b'a' + p.y() as u8) as char
    )
}

/// The game in SGF (`GM[4]` Gomoku).
pub fn to_sgf(g: &GameRecord) -> String {
    let size = if g.dims.w == g.dims.h {
        g.dims.w.to_string()
    } else {
        format!("{}:{}", g.dims.w, g.dims.h)
    };
    let re = match g.winner {
        Some(Color::Black) => "B+",
        Some(Color::White) => "W+",
        None => "0",
    };
    let mut comment = g.reason.clone();
    if g.opening_rule != OpeningRule::None {
        comment = format!(
            "{}\nopening rule {}: {} is the first player, {} the second\n{}",
            comment,
            g.opening_rule.name(),
            g.names[usize::from(!g.first_black)],
            g.names[usize::from(g.first_black)],
            g.steps
                .iter()
                .map(|s| s.text())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    let mut s = format!(
        "(;FF[4]GM[4]CA[UTF-8]AP[kakugo-arena]SZ[{size}]RU[{}]PB[{}]PW[{}]RE[{re}]C[{}]",
        g.rule.name(),
        sgf_escape(&g.names[0]),
        sgf_escape(&g.names[1]),
        sgf_escape(&comment)
    );
    for (i, &(p, ms)) in g.moves.iter().enumerate() {
        let c = if i % 2 == 0 { 'B' } else { 'W' };
        let note = if i < g.opening_len {
            "opening".to_string()
        } else {
            format!("{ms}ms")
        };
        s.push_str(&format!(";{c}[{}]C[{note}]", sgf_cell(p)));
    }
    s.push_str(")\n");
    s
}

/// A game read from SGF: the board, the stones of the main line in order, and the rule when
/// `RU` names one Kakugo knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfGame {
    /// The board size (`SZ[15]` or `SZ[15:20]`; 15 when absent).
    pub dims: Dims,
    /// Stones in order (`;B[hh];W[ih]…`, letters `a` = 0, x then y).
    pub moves: Vec<Pos>,
    /// The rule of `RU[…]`.
    pub rule: Option<Rule>,
}

/// Reads an SGF game (`GM[4]`, as [`to_sgf`] writes it and other gomoku programs do): the main
/// line only, up to the end of its first variation.
pub fn parse_sgf(text: &str) -> Result<SgfGame, String> {
    let mut props: Vec<(String, String)> = Vec::new();
    let mut chars = text.chars().peekable();
    let mut ident = String::new();
    let mut depth = 0;
    while let Some(c) = chars.next() {
        match c {
            '(' => depth += 1,
            ')' => break,
            ';' => ident.clear(),
            '[' => {
                let mut v = String::new();
                loop {
                    match chars.next() {
                        None => return Err("unterminated SGF value".into()),
                        Some('\\') => v.extend(chars.next()),
                        Some(']') => break,
                        Some(ch) => v.push(ch),
                    }
                }
                if ident.is_empty() {
                    return Err("an SGF value without a property".into());
                }
                props.push((ident.clone(), v));
                // Another `[…]` right after continues the same property.
                while chars.peek().is_some_and(|c| c.is_whitespace()) {
                    chars.next();
                }
                if chars.peek() != Some(&'[') {
                    ident.clear();
                }
            }
            c if c.is_ascii_uppercase() => ident.push(c),
            c if c.is_whitespace() || c.is_ascii_lowercase() => {}
            other => return Err(format!("unexpected {other:?} in SGF")),
        }
    }
    if depth == 0 {
        return Err("not an SGF game (no '(')".into());
    }
    let get = |k: &str| props.iter().find(|(p, _)| p == k).map(|(_, v)| v.as_str());
    let dims = match get("SZ") {
        None => Dims::square(15),
        Some(v) => match v.split_once(':') {
            Some((w, h)) => w
                .trim()
                .parse()
                .ok()
                .zip(h.trim().parse().ok())
                .and_then(|(w, h)| Dims::new(w, h)),
            None => v.trim().parse().ok().and_then(Dims::square),
        },
    }
    .ok_or_else(|| format!("bad board size SZ[{}]", get("SZ").unwrap_or("")))?;
    let rule = get("RU").and_then(|r| Rule::from_name(r.trim()));
    let mut moves = Vec::new();
    for (k, v) in props.iter().filter(|(k, _)| k == "B" || k == "W") {
        let b = v.trim().as_bytes();
        let colour_ok = (moves.len() % 2 == 0) == (k == "B");
        if !colour_ok {
            return Err(format!("move {} is {k}, out of turn", moves.len() + 1));
        }
        let p = match b {
            [x, y] if x.is_ascii_lowercase() && y.is_ascii_lowercase() => {
                dims.pos(i64::from(x - b'a'), i64::from(y - b'a'))
            }
            _ => None,
        }
        .ok_or_else(|| {
            format!(
                "move {} {k}[{v}] is not a cell of the board",
                moves.len() + 1
            )
        })?;
        moves.push(p);
    }
    Ok(SgfGame { dims, moves, rule })
}

/// The game as the results file keeps it (one line of `results.jsonl`, [`SavedGame`]): game
/// number `index`, the players, the moves with their times, the result, and under an opening
/// rule the seats, the final colours and every decision.
pub fn to_saved_game(index: usize, g: &GameRecord) -> SavedGame {
    let mut s = SavedGame::new(g.rule, g.dims);
    s.game = Some(index as u64);
    s.black = Some(g.names[0].clone());
    s.white = Some(g.names[1].clone());
    s.result = Some(GameResult::of_winner(g.winner));
    s.reason = Some(g.reason.clone());
    let opening: Vec<Pos> = g.moves[..g.opening_len].iter().map(|m| m.0).collect();
    s.opening = Some(format_moves(&opening));
    s.moves = g.moves.iter().map(|m| m.0).collect();
    s.times_ms = Some(g.moves.iter().map(|m| m.1).collect());
    s.stones = Some(g.moves.len());
    s.opening_rule = Some(g.opening_rule.name().to_string());
    if g.opening_rule != OpeningRule::None {
        let name =
            |seat: Seat| g.names[usize::from((seat == Seat::First) != g.first_black)].clone();
        s.first = Some(name(Seat::First));
        s.second = Some(name(Seat::Second));
        s.first_colour = Some(if g.first_black { "black" } else { "white" }.into());
        s.decisions = Some(
            g.steps
                .iter()
                .map(|step| saved_step(step, name(step.by)))
                .collect(),
        );
    }
    s
}

/// One opening decision as the results file keeps it, made by `engine`.
fn saved_step(s: &Step, engine: String) -> SavedStep {
    let mut out = SavedStep {
        by: s.by.name().to_string(),
        colour: if s.colour == Color::Black {
            "black"
        } else {
            "white"
        }
        .into(),
        engine,
        ms: s.ms,
        n: None,
        note: s.note.clone(),
        offers: None,
        step: s.label.to_string(),
        stones: None,
        swap: None,
        text: s.text(),
    };
    match &s.decision {
        Decision::Place(stones) => out.stones = Some(stones.clone()),
        Decision::Move4(p, n) => {
            out.stones = Some(vec![*p]);
            out.n = *n;
        }
        Decision::Swap(b) => out.swap = Some(*b),
        Decision::Offers(offers) => out.offers = Some(offers.clone()),
        Decision::Choice(p) => out.stones = Some(vec![*p]),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use kakugo::rules::Rule;

    fn game() -> GameRecord {
        GameRecord {
            names: ["A".into(), "B]".into()],
            rule: Rule::Renju,
            dims: Dims::square(15).unwrap(),
            moves: vec![
                (Pos::new(7, 7), 0),
                (Pos::new(8, 8), 0),
                (Pos::new(0, 14), 1234),
            ],
            opening_len: 2,
            opening_rule: OpeningRule::None,
            steps: Vec::new(),
            first_black: true,
            winner: Some(Color::Black),
            reason: "A made five".into(),
            interrupted: false,
        }
    }

    #[test]
    fn sgf_reads_back() {
        let mut g = game();
        g.reason = "a [bracket] \\ and (parens); here".into();
        let back = parse_sgf(&to_sgf(&g)).unwrap();
        let cells: Vec<Pos> = g.moves.iter().map(|m| m.0).collect();
        assert_eq!(
            (back.dims, back.moves, back.rule),
            (g.dims, cells, Some(Rule::Renju))
        );
        // Rectangular boards, the main line of variations, other programs' whitespace.
        let t = "(;GM[4]SZ[20:15]RU[bogus] ;B[jh] (;W[ki] ;B[lj]) (;W[aa]))";
        let back = parse_sgf(t).unwrap();
        assert_eq!(back.dims, Dims::new(20, 15).unwrap());
        assert_eq!(
            back.moves,
            [Pos::new(9, 7), Pos::new(10, 8), Pos::new(11, 9)]
        );
        assert_eq!(back.rule, None);
        for bad in [
            "",
            "hello",
            "(;SZ[15];B[hh];B[ii])",
            "(;SZ[15];B[zz])",
            "(;SZ[x])",
            "(;B[hh",
        ] {
            assert!(parse_sgf(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn psq_is_piskvork_style_and_reads_back() {
        let t = to_psq(&game());
        assert_eq!(
            t,
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n1,15,1234\nA\nB]\n0\n"
        );
        let g = parse_psq(&t).unwrap();
        assert_eq!(
            g.moves,
            vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(0, 14)]
        );
        assert_eq!(g.names, vec!["A", "B]"]);
        assert!(parse_psq("Piskvorky 15x15, 11:11, 0\n16,1,0\n").is_err());
    }

    #[test]
    fn sgf_and_json() {
        let s = to_sgf(&game());
        assert!(s.starts_with("(;FF[4]GM[4]"), "{s}");
        assert!(s.contains("SZ[15]RU[renju]PB[A]PW[B\\]]RE[B+]"), "{s}");
        assert!(
            s.ends_with(";B[hh]C[opening];W[ii]C[opening];B[ao]C[1234ms])\n"),
            "{s}"
        );
        let line = to_saved_game(3, &game()).to_line();
        assert_eq!(
            line,
            r#"{"black":"A","game":3,"moves":["7,7","8,8","0,14"],"opening":"h8i9","opening_rule":"none","reason":"A made five","result":"1-0","rule":"renju","size":[15,15],"stones":3,"times_ms":[0,0,1234],"white":"B]"}"#
        );
    }
}
