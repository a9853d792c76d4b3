//! Parsing protocol lines into commands: case-insensitive command words, `x,y` coordinates,
//! `x,y[,f]` block lines. Pure functions of one line; nothing here knows the position.
//!
//! Coordinates are parsed as plain integers (`i64`) and checked against the board later, so that
//! an off-board cell and a malformed number give different error messages.

use crate::analysis::balance::MAX_TARGET;
use crate::opening::renju::MAX_OFFERS;

/// One command line, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START n` or `START w h` (Yixin-Board): a new game on an empty board.
    Start(i64, i64),
    /// `RECTSTART w,h`.
    RectStart(i64, i64),
    /// `RESTART`: the same board size, empty.
    Restart,
    /// `BEGIN`: move first on the empty board.
    Begin,
    /// `TURN x,y`: the opponent's move; answer ours.
    Turn(i64, i64),
    /// `BOARD`: a position follows, then think.
    Board,
    /// `YXBOARD`: a position follows; do not think.
    YxBoard,
    /// `SWAP2BOARD`: an opening follows; answer the swap2 decision.
    Swap2Board,
    /// `DONE` outside a block.
    Done,
    /// `INFO key value` (key lower-cased, value the rest of the line).
    Info(String, String),
    /// `END`.
    End,
    /// `ABOUT`.
    About,
    /// `TAKEBACK x,y`.
    Takeback(i64, i64),
    /// `PLAY x,y`.
    Play(i64, i64),
    /// `STOP` or `YXSTOP`.
    Stop,
    /// `YXSHOWFORBID`.
    YxShowForbid,
    /// `YXHASHCLEAR`.
    YxHashClear,
    /// `YXNBEST n`.
    YxNBest(u32),
    /// `YXSHOWINFO`.
    YxShowInfo,
    /// `YXBLOCK`: cells follow, to exclude from the root moves.
    YxBlock,
    /// `YXBLOCKUNDO`: cells follow, to allow again.
    YxBlockUndo,
    /// `YXBLOCKRESET`: allow every cell again.
    YxBlockReset,
    /// `YXBALANCEONE s` (1 stone) or `YXBALANCETWO s` (2): the stones after which the side to
    /// move's value is closest to `s`.
    YxBalance(usize, i32),
    /// `YXSEARCHDEFEND`: the moves that hold against the opponent's threat.
    YxSearchDefend,
    /// `YXBLOCKPATH` (false) or `YXBLOCKPATHUNDO` (true): a move sequence follows, to exclude
    /// (or allow again) as a line of play. Not supported: the block is read and answered with
    /// one `UNKNOWN`.
    YxBlockPath(bool),
    /// `YXSWAP2STEP1`..`3`: Yixin-Board's Swap2 steps (step 1 on an empty board, steps 2 and 3
    /// on the position set before by `YXBOARD`).
    YxSwap2Step(u8),
    /// `YXSOOSORVSTEP1`..`6` (steps 4 and 5 with the number of offers N, 1 to 8): Yixin-Board's
    /// Soosõrv-8 steps; from step 2 on a bare move list follows. The N, or why the argument is
    /// bad: reported at the list's `DONE`, so that the list is still read whole.
    YxSoosorvStep(u8, Result<usize, String>),
    /// `YXQUERYDATABASEALL`: a bare move list follows, read and ignored.
    YxQueryDatabaseAll,
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The command word is not one we know (answer `UNKNOWN`).
    Unknown,
    /// A known command with bad arguments (answer `ERROR`).
    Bad(String),
}

/// Every command word, upper case.
const WORDS: [&str; 37] = [
    "START",
    "RECTSTART",
    "RESTART",
    "BEGIN",
    "TURN",
    "BOARD",
    "YXBOARD",
    "SWAP2BOARD",
    "DONE",
    "INFO",
    "END",
    "ABOUT",
    "TAKEBACK",
    "PLAY",
    "STOP",
    "YXSTOP",
    "YXSHOWFORBID",
    "YXHASHCLEAR",
    "YXNBEST",
    "YXBLOCK",
    "YXBLOCKUNDO",
    "YXBLOCKRESET",
    "YXBALANCEONE",
    "YXBALANCETWO",
    "YXSEARCHDEFEND",
    "YXBLOCKPATH",
    "YXBLOCKPATHUNDO",
    "YXSWAP2STEP1",
    "YXSWAP2STEP2",
    "YXSWAP2STEP3",
    "YXSOOSORVSTEP1",
    "YXSOOSORVSTEP2",
    "YXSOOSORVSTEP3",
    "YXSOOSORVSTEP4",
    "YXSOOSORVSTEP5",
    "YXSOOSORVSTEP6",
    "YXQUERYDATABASEALL",
];

/// Splits a line into its upper-cased first word and the trimmed rest.
pub fn split_word(line: &str) -> (String, &str) {
    let line = line.trim();
    match line.find(char::is_whitespace) {
        Some(i) => (line[..i].to_ascii_uppercase(), line[i..].trim()),
        None => (line.to_ascii_uppercase(), ""),
    }
}

/// Whether the line starts with a command word (used to notice a block that lost its `DONE`).
pub fn starts_with_command(line: &str) -> bool {
    let (w, _) = split_word(line);
    WORDS.contains(&w.as_str()) || w == "YXSHOWINFO"
}

/// Parses one (non-empty) line.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let (word, rest) = split_word(line);
    let no_args = |c: Command| Ok(c);
    match word.as_str() {
        "START" => parse_start(rest),
        "RECTSTART" => {
            let (w, h) = parse_pair(rest).map_err(|e| bad("RECTSTART", &e))?;
            Ok(Command::RectStart(w, h))
        }
        "RESTART" => no_args(Command::Restart),
        "BEGIN" => no_args(Command::Begin),
        "TURN" => xy(rest, "TURN").map(|(x, y)| Command::Turn(x, y)),
        "TAKEBACK" => xy(rest, "TAKEBACK").map(|(x, y)| Command::Takeback(x, y)),
        "PLAY" => xy(rest, "PLAY").map(|(x, y)| Command::Play(x, y)),
        "BOARD" => no_args(Command::Board),
        "YXBOARD" => no_args(Command::YxBoard),
        "SWAP2BOARD" => no_args(Command::Swap2Board),
        "DONE" => no_args(Command::Done),
        "INFO" => {
            let (key, value) = split_word(rest);
            Ok(Command::Info(key.to_ascii_lowercase(), value.to_string()))
        }
        "END" => no_args(Command::End),
        "ABOUT" => no_args(Command::About),
        "STOP" | "YXSTOP" => no_args(Command::Stop),
        "YXSHOWFORBID" => no_args(Command::YxShowForbid),
        "YXHASHCLEAR" => no_args(Command::YxHashClear),
        "YXSHOWINFO" => no_args(Command::YxShowInfo),
        "YXNBEST" => match parse_int(rest) {
            Some(n) if (1..=1000).contains(&n) => Ok(Command::YxNBest(n as u32)),
            _ => Err(bad("YXNBEST", "needs a count from 1 to 1000")),
        },
        "YXBLOCK" => no_args(Command::YxBlock),
        "YXBLOCKUNDO" => no_args(Command::YxBlockUndo),
        "YXBLOCKRESET" => no_args(Command::YxBlockReset),
        "YXBALANCEONE" | "YXBALANCETWO" => {
            let count = if word == "YXBALANCEONE" { 1 } else { 2 };
            // Yixin-Board always sends the target (0 when the user gives none); so may we.
            let target = if rest.is_empty() {
                Some(0)
            } else {
                parse_int(rest)
            };
            match target {
                Some(t) if t.abs() <= MAX_TARGET => Ok(Command::YxBalance(count, t as i32)),
                _ => Err(bad(
                    &word,
                    &format!("needs a target value from -{MAX_TARGET} to {MAX_TARGET}"),
                )),
            }
        }
        "YXSEARCHDEFEND" => no_args(Command::YxSearchDefend),
        "YXBLOCKPATH" => no_args(Command::YxBlockPath(false)),
        "YXBLOCKPATHUNDO" => no_args(Command::YxBlockPath(true)),
        "YXQUERYDATABASEALL" => no_args(Command::YxQueryDatabaseAll),
        w => match step_of(w) {
            Some(("YXSWAP2STEP", k @ 1..=3)) if rest.is_empty() => Ok(Command::YxSwap2Step(k)),
            Some(("YXSWAP2STEP", 1..=3)) => Err(bad(w, "takes no argument")),
            Some(("YXSOOSORVSTEP", 1)) if !rest.is_empty() => Err(bad(w, "takes no argument")),
            Some(("YXSOOSORVSTEP", k @ 1..=6)) => Ok(Command::YxSoosorvStep(k, soosorv_n(k, rest))),
            _ => Err(ParseError::Unknown),
        },
    }
}

/// Splits `YXSWAP2STEP2` into its stem and its one-digit step number.
fn step_of(word: &str) -> Option<(&str, u8)> {
    let stem = word.strip_suffix(|c: char| c.is_ascii_digit())?;
    let k = word[stem.len()..].parse().ok()?;
    ["YXSWAP2STEP", "YXSOOSORVSTEP"]
        .contains(&stem)
        .then_some((stem, k))
}

/// The argument of `YXSOOSORVSTEPk`: N from 1 to 8 for steps 4 and 5, nothing for the others.
fn soosorv_n(step: u8, rest: &str) -> Result<usize, String> {
    if !matches!(step, 4 | 5) {
        return match rest.is_empty() {
            true => Ok(0),
            false => Err("takes no argument".into()),
        };
    }
    match parse_int(rest) {
        Some(n) if (1..=MAX_OFFERS as i64).contains(&n) => Ok(n as usize),
        _ => Err(format!(
            "needs a number of offers from 1 to {MAX_OFFERS}, got {:?}",
            clip(rest)
        )),
    }
}

fn bad(cmd: &str, why: &str) -> ParseError {
    ParseError::Bad(format!("{cmd}: {why}"))
}

/// `START n`, `START w h`, `START w,h`.
fn parse_start(rest: &str) -> Result<Command, ParseError> {
    let nums: Vec<&str> = rest
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    let parsed: Option<Vec<i64>> = nums.iter().map(|s| parse_int(s)).collect();
    match parsed.as_deref() {
        Some([n]) => Ok(Command::Start(*n, *n)),
        Some([w, h]) => Ok(Command::Start(*w, *h)),
        _ => Err(bad("START", "expected a board size")),
    }
}

fn xy(rest: &str, cmd: &str) -> Result<(i64, i64), ParseError> {
    parse_pair(rest).map_err(|e| bad(cmd, &e))
}

/// Parses `a,b` (spaces around the numbers allowed) into two integers.
pub fn parse_pair(s: &str) -> Result<(i64, i64), String> {
    let parts: Vec<&str> = s.split(',').collect();
    match parts.as_slice() {
        [a, b] => match (parse_int(a), parse_int(b)) {
            (Some(a), Some(b)) => Ok((a, b)),
            _ => Err(format!("bad coordinates {:?}", clip(s))),
        },
        _ => Err(format!("expected x,y, got {:?}", clip(s))),
    }
}

/// Parses a block line `x,y` or `x,y,f` into its numbers.
pub fn parse_stone(s: &str) -> Result<(i64, i64, Option<i64>), String> {
    let parts: Vec<&str> = s.split(',').collect();
    let nums: Option<Vec<i64>> = parts.iter().map(|p| parse_int(p)).collect();
    match nums.as_deref() {
        Some([x, y]) => Ok((*x, *y, None)),
        Some([x, y, f]) => Ok((*x, *y, Some(*f))),
        _ => Err(format!("bad board line {:?}", clip(s))),
    }
}

/// A plain decimal integer with an optional sign, surrounding spaces allowed.
pub fn parse_int(s: &str) -> Option<i64> {
    let t = s.trim();
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    if digits.is_empty() || digits.len() > 18 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// The start of a long text, for error messages (at most 40 characters).
pub fn clip(s: &str) -> String {
    s.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_case_insensitive_and_trimmed() {
        assert_eq!(parse("  start 15 "), Ok(Command::Start(15, 15)));
        assert_eq!(parse("START 20 15"), Ok(Command::Start(20, 15)));
        assert_eq!(parse("Turn 7,8"), Ok(Command::Turn(7, 8)));
        assert_eq!(parse("turn 7 , 8"), Ok(Command::Turn(7, 8)));
        assert_eq!(parse("yxstop"), Ok(Command::Stop));
        assert_eq!(parse("RECTSTART 20,15"), Ok(Command::RectStart(20, 15)));
        assert_eq!(parse("yxnbest 3"), Ok(Command::YxNBest(3)));
        assert_eq!(parse("yxblock"), Ok(Command::YxBlock));
        assert_eq!(parse("YXBLOCKUNDO"), Ok(Command::YxBlockUndo));
        assert_eq!(parse("yxblockreset"), Ok(Command::YxBlockReset));
        assert_eq!(parse("yxsearchdefend"), Ok(Command::YxSearchDefend));
    }

    #[test]
    fn balance_targets() {
        assert_eq!(parse("yxbalanceone 0"), Ok(Command::YxBalance(1, 0)));
        assert_eq!(parse("YXBALANCETWO -150"), Ok(Command::YxBalance(2, -150)));
        assert_eq!(parse("yxbalanceone"), Ok(Command::YxBalance(1, 0)));
        assert_eq!(
            parse("yxbalancetwo 1000000"),
            Ok(Command::YxBalance(2, 1_000_000))
        );
        for bad_line in [
            "yxbalanceone x",
            "yxbalanceone 1 2",
            "yxbalancetwo 1000001",
            "yxbalanceone 99999999999999999999",
        ] {
            assert!(
                matches!(parse(bad_line), Err(ParseError::Bad(_))),
                "{bad_line}"
            );
        }
        assert_eq!(parse("yxbalancethree 1"), Err(ParseError::Unknown));
    }

    #[test]
    fn info_keeps_the_rest_of_the_line() {
        assert_eq!(
            parse("INFO folder C:\\My Brains\\x"),
            Ok(Command::Info("folder".into(), "C:\\My Brains\\x".into()))
        );
        assert_eq!(
            parse("info Timeout_Turn 500"),
            Ok(Command::Info("timeout_turn".into(), "500".into()))
        );
    }

    #[test]
    fn bad_arguments_and_unknown_words() {
        assert_eq!(parse("HELLO"), Err(ParseError::Unknown));
        assert!(matches!(parse("TURN 7"), Err(ParseError::Bad(_))));
        assert!(matches!(parse("TURN 7,x"), Err(ParseError::Bad(_))));
        assert!(matches!(parse("TURN 7,8,9"), Err(ParseError::Bad(_))));
        assert!(matches!(parse("START"), Err(ParseError::Bad(_))));
        assert!(matches!(parse("START 1 2 3"), Err(ParseError::Bad(_))));
        assert!(matches!(
            parse("TURN 99999999999999999999,1"),
            Err(ParseError::Bad(_))
        ));
        assert!(matches!(parse("YXNBEST 0"), Err(ParseError::Bad(_))));
    }

    #[test]
    fn stones_and_integers() {
        assert_eq!(parse_stone("7,7,1"), Ok((7, 7, Some(1))));
        assert_eq!(parse_stone("-1,-1,2"), Ok((-1, -1, Some(2))));
        assert_eq!(parse_stone(" 3 , 4 "), Ok((3, 4, None)));
        assert!(parse_stone("3,4,1,1").is_err());
        assert!(parse_stone("a,b").is_err());
        assert_eq!(parse_int("+5"), Some(5));
        assert_eq!(parse_int("--5"), None);
        assert_eq!(parse_int(""), None);
    }

    #[test]
    fn opening_steps() {
        assert_eq!(parse("yxswap2step1"), Ok(Command::YxSwap2Step(1)));
        assert_eq!(parse("YXSWAP2STEP3"), Ok(Command::YxSwap2Step(3)));
        assert_eq!(
            parse("yxsoosorvstep1"),
            Ok(Command::YxSoosorvStep(1, Ok(0)))
        );
        assert_eq!(
            parse("yxsoosorvstep6"),
            Ok(Command::YxSoosorvStep(6, Ok(0)))
        );
        assert_eq!(
            parse("yxsoosorvstep4 3"),
            Ok(Command::YxSoosorvStep(4, Ok(3)))
        );
        assert_eq!(
            parse("yxsoosorvstep5 8"),
            Ok(Command::YxSoosorvStep(5, Ok(8)))
        );
        assert_eq!(parse("yxquerydatabaseall"), Ok(Command::YxQueryDatabaseAll));
        // A bad N still opens the list (the error comes at its DONE).
        for line in [
            "yxsoosorvstep4 0",
            "yxsoosorvstep5 9",
            "yxsoosorvstep4",
            "yxsoosorvstep5 x",
        ] {
            assert!(
                matches!(parse(line), Ok(Command::YxSoosorvStep(_, Err(_)))),
                "{line}"
            );
        }
        assert!(matches!(
            parse("yxsoosorvstep3 2"),
            Ok(Command::YxSoosorvStep(3, Err(_)))
        ));
        assert!(matches!(parse("yxswap2step1 7"), Err(ParseError::Bad(_))));
        assert!(matches!(parse("yxsoosorvstep1 7"), Err(ParseError::Bad(_))));
        for word in [
            "yxswap2step0",
            "yxswap2step4",
            "yxsoosorvstep7",
            "yxswap2step",
            "yxswap2step11",
        ] {
            assert_eq!(parse(word), Err(ParseError::Unknown), "{word}");
        }
        assert!(starts_with_command("yxsoosorvstep2"));
        assert!(starts_with_command("yxquerydatabaseall"));
    }

    #[test]
    fn command_words_inside_blocks() {
        assert!(starts_with_command("turn 1,2"));
        assert!(starts_with_command("DONE"));
        assert!(starts_with_command("yxblockreset"));
        assert!(!starts_with_command("7,7,1"));
    }
}
