//! Saving games: Piskvork's PSQ format (header `Piskvorky WxH, 11:11, 0`, then `x,y,time_ms`
//! lines with 1-based coordinates, the two player names and a closing status line), SGF
//! (`GM[4]`, letters `a` = 0, x then y; an opening rule's decisions in the root comment) and one
//! JSON object per game for the results file (with the opening rule, every decision and the
//! final colours); and reading PSQ back for pictures.

use super::opening_rule::{Decision, OpeningRule, Seat};
use super::referee::GameRecord;
use kakugo::board::{Dims, Pos};
use kakugo::rules::{Color, Rule};

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

/// The result as one JSON object (for a JSON-lines results file).
pub fn to_json(index: usize, g: &GameRecord) -> serde_json::Value {
    let moves: Vec<String> = g
        .moves
        .iter()
        .map(|(p, _)| format!("{},{}", p.x(), p.y()))
        .collect();
    let times: Vec<u64> = g.moves.iter().map(|&(_, t)| t).collect();
    let mut j = serde_json::json!({
        "game": index,
        "black": g.names[0],
        "white": g.names[1],
        "rule": g.rule.name(),
        "size": [g.dims.w, g.dims.h],
        "result": match g.winner { Some(Color::Black) => "1-0", Some(Color::White) => "0-1", None => "1/2-1/2" },
        "reason": g.reason,
        "opening": kakugo::board::notation::format_moves(&g.moves[..g.opening_len].iter().map(|m| m.0).collect::<Vec<_>>()),
        "moves": moves,
        "times_ms": times,
        "stones": g.moves.len(),
        "opening_rule": g.opening_rule.name(),
    });
    if g.opening_rule != OpeningRule::None {
        let xy = |p: &Pos| format!("{},{}", p.x(), p.y());
        let name = |s: Seat| g.names[usize::from((s == Seat::First) != g.first_black)].clone();
        let steps: Vec<serde_json::Value> = g
            .steps
            .iter()
            .map(|s| {
                let mut o = serde_json::json!({
                    "by": s.by.name(),
                    "engine": name(s.by),
                    "colour": if s.colour == Color::Black { "black" } else { "white" },
                    "step": s.label,
                    "ms": s.ms,
                    "text": s.text(),
                });
                if let Some(n) = &s.note {
                    o["note"] = n.clone().into();
                }
                match &s.decision {
                    Decision::Place(st) => o["stones"] = st.iter().map(xy).collect(),
                    Decision::Move4(p, n) => {
                        o["stones"] = vec![xy(p)].into();
                        o["n"] = (*n).into();
                    }
                    Decision::Swap(b) => o["swap"] = (*b).into(),
                    Decision::Offers(st) => o["offers"] = st.iter().map(xy).collect(),
                    Decision::Choice(p) => o["stones"] = vec![xy(p)].into(),
                }
                o
            })
            .collect();
        j["first"] = name(Seat::First).into();
        j["second"] = name(Seat::Second).into();
        j["first_colour"] = if g.first_black { "black" } else { "white" }.into();
        j["decisions"] = steps.into();
    }
    j
}

/// The protocol's `INFO rule` code of a rule.
pub fn rule_code(r: Rule) -> u32 {
    match r {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 4,
        Rule::Caro => 8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let j = to_json(3, &game());
        assert_eq!(j["result"], "1-0");
        assert_eq!(j["opening"], "h8i9");
        assert_eq!(j["moves"][2], "0,14");
        assert_eq!(rule_code(Rule::Caro), 8);
    }
}
