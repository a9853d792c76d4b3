//! A person at an opening step: the page is asked what an engine would be asked (`SWAP2BOARD`,
//! `yxsoosorvstep1..6`), in words, and its answer is turned into the reply lines an engine
//! would write, after the referee's own checks, so that a wrong click is refused and asked
//! again instead of losing the opening.

use super::super::opening_rule::{rif_opening, symmetric_offers};
use super::{parse_pos, pos_name};
use kakugo::board::{Board, Dims, Pos, Verdict};
use kakugo::rules::Rule;
use serde::Serialize;

/// What the page asks the person.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Prompt {
    /// The command it stands for (`swap2board`, `yxsoosorvstep3`, …).
    #[serde(skip)]
    pub step: String,
    /// The question in words.
    pub text: String,
    /// The stones on the board, in order, pos notation.
    pub stones: Vec<String>,
    /// The fewest and the most stones the answer places (0, 0: none).
    pub place: (usize, usize),
    /// Whether the answer may be a swap (a Swap button, or Yes / No).
    pub swap: bool,
    /// Whether a Yes / No answer is all that is asked.
    pub yes_no: bool,
    /// Whether the answer declares N, the number of fifth-move offers.
    pub ask_n: bool,
    /// The cells to choose among (White's choice of move 5).
    pub offers: Vec<String>,
    /// The N declared, where the step has one.
    pub n: usize,
}

/// The person's answer.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    /// Stones placed (or the offer chosen), pos notation.
    #[serde(default)]
    pub stones: Vec<String>,
    /// A swap (or Yes).
    #[serde(default)]
    pub swap: bool,
    /// The N declared with move 4.
    #[serde(default)]
    pub n: Option<usize>,
}

/// The stones listed in a step's lines (`x,y` lines between the command and `done`).
fn listed(lines: &[String], dims: Dims) -> Vec<Pos> {
    lines
        .iter()
        .skip(1)
        .filter_map(|l| {
            let (x, y) = l.split_once(',')?;
            dims.pos(x.trim().parse().ok()?, y.trim().parse().ok()?)
        })
        .collect()
}

/// The question for a step's lines.
pub fn prompt(lines: &[String], dims: Dims) -> Result<Prompt, String> {
    let head = lines.first().ok_or("an empty step")?.to_ascii_lowercase();
    let mut words = head.split_whitespace();
    let step = words.next().unwrap_or("").to_string();
    let n: usize = words.next().and_then(|w| w.parse().ok()).unwrap_or(0);
    let stones = listed(lines, dims);
    let names = |v: &[Pos]| v.iter().map(|&p| pos_name(p)).collect();
    let mut p = Prompt {
        step: step.clone(),
        text: String::new(),
        stones: names(&stones),
        place: (0, 0),
        swap: false,
        yes_no: false,
        ask_n: false,
        offers: Vec::new(),
        n,
    };
    match (step.as_str(), stones.len()) {
        ("swap2board", 0) => {
            p.text = "Swap2: place three stones (black, white, black).".into();
            p.place = (3, 3);
        }
        ("swap2board", 3) => {
            p.text = "Swap2: take Black (Swap), play White's 4th move (one stone), or place two \
                      more stones and let the opponent choose."
                .into();
            p.place = (1, 2);
            p.swap = true;
        }
        ("swap2board", 5) => {
            p.text = "Swap2: take Black (Swap) or play White's 6th move.".into();
            p.place = (1, 1);
            p.swap = true;
        }
        ("yxsoosorvstep1", _) => {
            p.text = "Opening: place one of the 26 RIF openings (black on the centre, white next \
                      to it, black within two of the centre)."
                .into();
            p.place = (3, 3);
        }
        ("yxsoosorvstep2", _) => {
            p.text = "Swap? Yes: you take Black. No: you stay White.".into();
            p.swap = true;
            p.yes_no = true;
        }
        ("yxsoosorvstep3", _) => {
            p.text =
                "Play White's 4th move and declare N, the number of fifth-move offers (1 to 8)."
                    .into();
            p.place = (1, 1);
            p.ask_n = true;
        }
        ("yxsoosorvstep4", _) => {
            p.text = format!(
                "Swap? Yes: you give Black away. No: you keep Black and offer {n} fifth moves."
            );
            p.swap = true;
            p.yes_no = true;
        }
        ("yxsoosorvstep5", _) => {
            p.text =
                format!("Offer {n} fifth moves for Black (no two symmetric); White chooses one.");
            p.place = (n, n);
        }
        ("yxsoosorvstep6", k) if k > 4 => {
            p.text = "Choose Black's 5th move among the offers.".into();
            p.stones = names(&stones[..4]);
            p.offers = names(&stones[4..]);
            p.place = (1, 1);
        }
        _ => return Err(format!("no question for {head:?}")),
    }
    Ok(p)
}

/// Places `p` for the side to move on `board`, or says why not.
fn place(board: &mut Board, p: Pos) -> Result<(), String> {
    let name = pos_name(p);
    match board.judge(p) {
        Verdict::Normal => {
            board.make(p);
            Ok(())
        }
        Verdict::Illegal => Err(format!("{name} is taken")),
        Verdict::Win => Err(format!("{name} makes five in the opening")),
        Verdict::Foul(f) => Err(format!("{name} is forbidden for Black ({})", f.name())),
    }
}

/// Checks the person's answer against the rules and turns it into an engine's reply lines.
pub fn reply(p: &Prompt, a: &Answer, rule: Rule, dims: Dims) -> Result<Vec<String>, String> {
    let cells = |names: &[String]| -> Result<Vec<Pos>, String> {
        names.iter().map(|s| parse_pos(s, dims)).collect()
    };
    let before = cells(&p.stones)?;
    let mut board = Board::new(rule, dims);
    for &s in &before {
        board.make(s);
    }
    let xy = |q: Pos| format!("{},{}", q.x(), q.y());
    let sxy = |q: Pos| format!("{} {}", q.x(), q.y());
    if p.yes_no {
        let key = if p.step == "yxsoosorvstep2" {
            "SWAP1"
        } else {
            "SWAP2"
        };
        let word = if a.swap { "YES" } else { "NO" };
        return Ok(vec![format!("MESSAGE SOOSORV {key} {word}")]);
    }
    if p.swap && a.swap {
        return Ok(vec!["SWAP".into()]);
    }
    let stones = cells(&a.stones)?;
    let (lo, hi) = p.place;
    if stones.len() < lo || stones.len() > hi {
        return Err(if lo == hi {
            format!("place {lo} stone(s), not {}", stones.len())
        } else {
            format!("place {lo} to {hi} stones, not {}", stones.len())
        });
    }
    match p.step.as_str() {
        "swap2board" => {
            for &s in &stones {
                place(&mut board, s)?;
            }
            Ok(vec![stones
                .iter()
                .map(|&s| xy(s))
                .collect::<Vec<_>>()
                .join(" ")])
        }
        "yxsoosorvstep1" => {
            rif_opening(dims, &stones)?;
            for &s in &stones {
                place(&mut board, s)?;
            }
            Ok(stones
                .iter()
                .enumerate()
                .map(|(i, &s)| format!("MESSAGE SOOSORV MOVE{} {}", i + 1, sxy(s)))
                .collect())
        }
        "yxsoosorvstep3" => {
            let n = a.n.unwrap_or(2);
            if !(1..=8).contains(&n) {
                return Err(format!("N must be 1 to 8, not {n}"));
            }
            place(&mut board, stones[0])?;
            Ok(vec![format!(
                "MESSAGE SOOSORV MOVE4 {} {n}",
                sxy(stones[0])
            )])
        }
        "yxsoosorvstep5" => {
            for (i, &s) in stones.iter().enumerate() {
                let name = pos_name(s);
                if stones[..i].contains(&s) {
                    return Err(format!("{name} is offered twice"));
                }
                match board.judge(s) {
                    Verdict::Normal | Verdict::Win => {}
                    Verdict::Illegal => return Err(format!("{name} is taken")),
                    Verdict::Foul(f) => {
                        return Err(format!("{name} is forbidden for Black ({})", f.name()))
                    }
                }
            }
            if let Some((x, y)) = symmetric_offers(&board, &stones) {
                return Err(format!(
                    "{} and {} are the same move by symmetry",
                    pos_name(x),
                    pos_name(y)
                ));
            }
            let mut lines: Vec<String> = stones
                .iter()
                .map(|&s| format!("MESSAGE SOOSORV MOVE5 {}", sxy(s)))
                .collect();
            lines.push("MESSAGE SOOSORV MOVE5 DONE".into());
            Ok(lines)
        }
        "yxsoosorvstep6" => {
            let offers = cells(&p.offers)?;
            if !offers.contains(&stones[0]) {
                return Err(format!("{} was not offered", a.stones[0]));
            }
            Ok(vec![format!("MESSAGE SOOSORV MOVE5C {}", sxy(stones[0]))])
        }
        other => Err(format!("no answer for {other}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    fn answer(stones: &[&str], swap: bool, n: Option<usize>) -> Answer {
        Answer {
            stones: stones.iter().map(|s| s.to_string()).collect(),
            swap,
            n,
        }
    }

    #[test]
    fn soosorv_steps() {
        let d = Dims::square(15).unwrap();
        let p = prompt(&lines(&["yxsoosorvstep1"]), d).unwrap();
        assert_eq!(p.place, (3, 3));
        // h8, h7 (White), j10? not within the 5x5 of a canonical opening only if off; i9 is fine.
        let ok = reply(
            &p,
            &answer(&["h8", "h7", "i9"], false, None),
            Rule::Renju,
            d,
        )
        .unwrap();
        assert_eq!(ok[0], "MESSAGE SOOSORV MOVE1 7 7");
        assert_eq!(ok.len(), 3);
        assert!(reply(
            &p,
            &answer(&["h8", "h7", "l12"], false, None),
            Rule::Renju,
            d
        )
        .is_err());
        assert!(reply(&p, &answer(&["h8", "h7"], false, None), Rule::Renju, d).is_err());
        let p = prompt(&lines(&["yxsoosorvstep2", "7,7", "7,6", "8,8", "done"]), d).unwrap();
        assert!(p.yes_no);
        assert_eq!(
            reply(&p, &answer(&[], true, None), Rule::Renju, d).unwrap(),
            ["MESSAGE SOOSORV SWAP1 YES"]
        );
        let p = prompt(&lines(&["yxsoosorvstep3", "7,7", "7,6", "8,8", "done"]), d).unwrap();
        assert!(reply(&p, &answer(&["h8"], false, Some(2)), Rule::Renju, d).is_err());
        assert!(reply(&p, &answer(&["g9"], false, Some(9)), Rule::Renju, d).is_err());
        assert_eq!(
            reply(&p, &answer(&["g9"], false, Some(3)), Rule::Renju, d).unwrap(),
            ["MESSAGE SOOSORV MOVE4 6 8 3"]
        );
        // Offers: h8 h7 i9 g9 on the board; two offers symmetric about the h8-i9 diagonal refused.
        let p = prompt(
            &lines(&["yxsoosorvstep5 2", "7,7", "7,6", "8,8", "6,8", "done"]),
            d,
        )
        .unwrap();
        assert_eq!(p.place, (2, 2));
        assert!(reply(&p, &answer(&["j8", "j8"], false, None), Rule::Renju, d).is_err());
        let good = reply(&p, &answer(&["j8", "g6"], false, None), Rule::Renju, d).unwrap();
        assert_eq!(good.last().unwrap(), "MESSAGE SOOSORV MOVE5 DONE");
        let p = prompt(
            &lines(&[
                "yxsoosorvstep6",
                "7,7",
                "7,6",
                "8,8",
                "6,8",
                "9,7",
                "6,5",
                "done",
            ]),
            d,
        )
        .unwrap();
        assert_eq!(p.offers, ["j8", "g6"]);
        assert!(reply(&p, &answer(&["k11"], false, None), Rule::Renju, d).is_err());
        assert_eq!(
            reply(&p, &answer(&["g6"], false, None), Rule::Renju, d).unwrap(),
            ["MESSAGE SOOSORV MOVE5C 6 5"]
        );
    }

    #[test]
    fn swap2_steps() {
        let d = Dims::square(15).unwrap();
        let p = prompt(&lines(&["SWAP2BOARD", "DONE"]), d).unwrap();
        assert_eq!(
            reply(
                &p,
                &answer(&["h8", "h9", "i9"], false, None),
                Rule::Standard,
                d
            )
            .unwrap(),
            ["7,7 7,8 8,8"]
        );
        assert!(reply(
            &p,
            &answer(&["h8", "h8", "i9"], false, None),
            Rule::Standard,
            d
        )
        .is_err());
        let p = prompt(&lines(&["SWAP2BOARD", "7,7", "7,8", "8,8", "DONE"]), d).unwrap();
        assert_eq!(
            reply(&p, &answer(&[], true, None), Rule::Standard, d).unwrap(),
            ["SWAP"]
        );
        assert!(reply(&p, &answer(&[], false, None), Rule::Standard, d).is_err());
        assert_eq!(
            reply(&p, &answer(&["j10", "k11"], false, None), Rule::Standard, d).unwrap(),
            ["9,9 10,10"]
        );
    }
}
