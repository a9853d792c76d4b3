//! The manager's reading of an engine's reply lines, wherever the engine runs (a child process
//! or a Web Worker): which lines a manager skips, a move `x,y`, the name in an ABOUT line, and
//! why an engine gave no usable answer, in words.

/// Why an engine did not give a usable answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No answer before the deadline.
    Timeout,
    /// The engine exited (or closed its output).
    Crash,
    /// The run is being stopped.
    Interrupted,
}

/// Whether `line` starts with `word`, in any case.
pub fn starts_with_word(line: &str, word: &str) -> bool {
    line.get(..word.len())
        .is_some_and(|h| h.eq_ignore_ascii_case(word))
}

/// A failure in words, `what` naming the command it answered.
pub fn describe(f: &Failure, what: &str) -> String {
    match f {
        Failure::Timeout => format!("no answer to {what} in time"),
        Failure::Crash => format!("crashed (exited at {what})"),
        Failure::Interrupted => "interrupted".into(),
    }
}

/// Whether a reply line is one a manager skips while waiting for an answer.
pub fn is_noise(line: &str) -> bool {
    let head: String = line
        .chars()
        .take(8)
        .collect::<String>()
        .to_ascii_uppercase();
    line.is_empty()
        || ["MESSAGE", "DEBUG", "UNKNOWN", "ERROR"]
            .iter()
            .any(|p| head.starts_with(p))
}

/// Parses a move reply `x,y` (spaces around the numbers tolerated).
pub fn parse_xy(line: &str) -> Option<(i64, i64)> {
    let (a, b) = line.split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// Reads `name="…"` from an ABOUT reply.
pub fn about_name(line: &str) -> Option<String> {
    let i = line.find("name=\"")? + 6;
    let rest = &line[i..];
    let j = rest.find('"')?;
    Some(rest[..j].to_string()).filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reply_parsing() {
        assert!(is_noise("MESSAGE hello"));
        assert!(is_noise("debug x"));
        assert!(is_noise("Error: 3,4"));
        assert!(!is_noise("7,7"));
        assert!(!is_noise("OK"));
        assert_eq!(parse_xy("7,8"), Some((7, 8)));
        assert_eq!(parse_xy(" 7 , 8 "), Some((7, 8)));
        assert_eq!(parse_xy("7;8"), None);
        assert_eq!(parse_xy("a,8"), None);
        assert_eq!(
            about_name(r#"name="Kakugo", version="0.1""#).as_deref(),
            Some("Kakugo")
        );
        assert_eq!(about_name("version=1"), None);
    }
}
