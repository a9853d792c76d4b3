//! Argument types shared by the subcommands: rule names, `K/N` shards, `NAME=on|off` search
//! switches and the worker count. Each parses strictly: a value it does not know is an error,
//! which clap reports with the usage line (exit code 2).

use crate::Failure;
use kakugo::rules::Rule;
use kakugo::search::Searcher;
use std::str::FromStr;

/// A rule name as the engine writes it (`freestyle`, `standard`, `renju`, `caro`).
pub fn rule(s: &str) -> Result<Rule, String> {
    Rule::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Rule::ALL.iter().map(|r| r.name()).collect();
        format!("unknown rule {s} (one of {})", names.join(", "))
    })
}

/// One part of a job split between processes: the games whose index modulo `of` is `part`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This process's part, `0..of`.
    pub part: usize,
    /// Number of parts.
    pub of: usize,
}

impl Shard {
    /// Whether game number `index` belongs to this part.
    pub fn takes(self, index: usize) -> bool {
        index % self.of == self.part
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("bad shard {s}: want K/N with K < N");
        let (a, b) = s.split_once('/').ok_or_else(bad)?;
        let (part, of) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
        if part < of {
            Ok(Shard { part, of })
        } else {
            Err(bad())
        }
    }
}

/// A search switch, `NAME=on` or `NAME=off` (the names `Searcher::set_feature` knows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Switch {
    /// The switch's name.
    pub name: String,
    /// On or off.
    pub on: bool,
}

impl Switch {
    /// The switch `name` turned off.
    pub fn off(name: &str) -> Switch {
        Switch {
            name: name.into(),
            on: false,
        }
    }
}

impl FromStr for Switch {
    type Err = String;

    fn from_str(s: &str) -> Result<Switch, String> {
        match s.split_once('=') {
            Some((n, "on")) => Ok(Switch {
                name: n.into(),
                on: true,
            }),
            Some((n, "off")) => Ok(Switch {
                name: n.into(),
                on: false,
            }),
            _ => Err(format!("bad switch {s}: want NAME=on|off")),
        }
    }
}

/// Sets `switches` on `s`, or names the first one it does not know (a usage error).
pub fn apply(s: &mut Searcher, switches: &[Switch]) -> Result<(), Failure> {
    for w in switches {
        if !s.set_feature(&w.name, w.on) {
            return Err(Failure::Usage(format!("unknown search switch {}", w.name)));
        }
    }
    Ok(())
}

/// The number of workers when none is given: every core.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_and_switches_parse_strictly() {
        assert_eq!("1/3".parse(), Ok(Shard { part: 1, of: 3 }));
        assert!("3/3".parse::<Shard>().is_err());
        assert!("1-3".parse::<Shard>().is_err());
        assert!(Shard { part: 1, of: 3 }.takes(4));
        assert!(!Shard { part: 1, of: 3 }.takes(3));
        assert_eq!(
            "late=off".parse(),
            Ok(Switch {
                name: "late".into(),
                on: false
            })
        );
        assert!("late".parse::<Switch>().is_err());
        assert!("late=yes".parse::<Switch>().is_err());
        assert!(rule("renju").is_ok());
        assert!(rule("gomoku").unwrap_err().contains("freestyle"));
    }
}
