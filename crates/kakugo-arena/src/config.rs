//! Settings of a run: one `key = value` per line in a config file (`#` starts a comment), and the
//! same `key=value` pairs on the command line, applied in order (so later ones override, and
//! `config=FILE` reads a file in place). Repeated `engine=` keys add engines; `name=` names the
//! engine added last, and each `info=KEY VALUE` adds an `INFO KEY VALUE` line sent to it alone
//! after the common ones (for example `info=thread_num 2`).

use super::opening_rule::OpeningRule;
use kakugo::board::Dims;
use kakugo::rules::Rule;
use std::path::{Path, PathBuf};

/// One engine to play: a command line, an optional display name and its own `INFO` lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineSpec {
    /// The command, run through `sh -c`.
    pub cmd: String,
    /// The display name (else the ABOUT name, else the command).
    pub name: Option<String>,
    /// `KEY VALUE` pairs sent to this engine alone as `INFO KEY VALUE` at the start of every
    /// game, after the common `INFO` lines (so they may override one).
    pub info: Vec<String>,
}

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The first two engines against each other.
    Match,
    /// The first engine against each of the others.
    Gauntlet,
    /// Every engine against every other.
    RoundRobin,
}

/// Sequential probability ratio test settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtSpec {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// The clocks and protocol settings of every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Per-move limit in ms (0 = none).
    pub turn_ms: u64,
    /// Per-game limit per player in ms (0 = none).
    pub match_ms: u64,
    /// Slack after a limit before the answer counts as late, in ms.
    pub tolerance_ms: u64,
    /// How long ABOUT and START may take, in ms.
    pub startup_ms: u64,
    /// `INFO max_memory` in bytes (0 = none; sent, not enforced).
    pub max_memory: u64,
    /// `INFO max_node`: a node budget per move for engines that honour it (0 = not sent), so
    /// that two builds can be compared independently of the machine's load.
    pub max_node: u64,
    /// `INFO game_type`.
    pub game_type: u32,
    /// Stop the engine that is not on move (SIGSTOP/SIGCONT).
    pub suspend: bool,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            turn_ms: 5000,
            match_ms: 120_000,
            tolerance_ms: 1000,
            startup_ms: 5000,
            max_memory: 367_001_600,
            max_node: 0,
            game_type: 1,
            suspend: true,
        }
    }
}

/// Everything a run needs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The rule.
    pub rule: Rule,
    /// The board size.
    pub dims: Dims,
    /// Clocks and protocol settings.
    pub limits: Limits,
    /// Draw when this many stones are on the board (0 = only on a full board; renju defaults to
    /// `area − 25` as Gomocup plays it).
    pub draw_after: Option<usize>,
    /// Opening file (pos or offset lines); none = empty board.
    pub openings: Option<PathBuf>,
    /// The opening rule the engines play (not together with `openings`).
    pub opening_rule: OpeningRule,
    /// Games per pair (rounded up to even when openings are used, so each is played twice).
    pub games: usize,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Pairings.
    pub mode: Mode,
    /// The engines.
    pub engines: Vec<EngineSpec>,
    /// Stop when the SPRT decides (two engines only).
    pub sprt: Option<SprtSpec>,
    /// Output folder for games and results (none = nothing written).
    pub out: Option<PathBuf>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            rule: Rule::Freestyle,
            dims: Dims::square(15).expect("15 is a valid size"),
            limits: Limits::default(),
            draw_after: None,
            openings: None,
            opening_rule: OpeningRule::None,
            games: 2,
            concurrency: 1,
            mode: Mode::Match,
            engines: Vec::new(),
            sprt: None,
            out: None,
        }
    }
}

fn num<T: std::str::FromStr>(key: &str, v: &str) -> Result<T, String> {
    v.parse().map_err(|_| format!("{key}: bad number {v:?}"))
}

fn flag(key: &str, v: &str) -> Result<bool, String> {
    match v {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(format!("{key}: expected true or false, not {v:?}")),
    }
}

impl Config {
    /// The stone count at which a game is drawn (0 = only a full board).
    pub fn draw_limit(&self) -> usize {
        self.draw_after.unwrap_or(match self.rule {
            Rule::Renju => self.dims.area().saturating_sub(25),
            _ => 0,
        })
    }

    /// Applies one setting; `base` is the folder relative paths in it are taken from.
    pub fn set(&mut self, key: &str, value: &str, base: &Path) -> Result<(), String> {
        let v = value.trim();
        let l = &mut self.limits;
        match key.trim() {
            "config" => self.load(&base.join(v))?,
            "rule" => {
                self.rule = Rule::from_name(v)
                    .or_else(|| v.parse().ok().and_then(Rule::from_info_code))
                    .ok_or_else(|| format!("rule: unknown rule {v:?}"))?
            }
            "size" => {
                let (w, h) = v.split_once('x').unwrap_or((v, v));
                self.dims = Dims::new(num(key, w)?, num(key, h)?)
                    .ok_or_else(|| format!("size: {v} is not within 5..=32"))?;
            }
            "timeout_turn" => l.turn_ms = num(key, v)?,
            "timeout_match" => l.match_ms = num(key, v)?,
            "tolerance" => l.tolerance_ms = num(key, v)?,
            "startup" => l.startup_ms = num(key, v)?,
            "max_memory" => l.max_memory = num(key, v)?,
            "max_node" => l.max_node = num(key, v)?,
            "game_type" => l.game_type = num(key, v)?,
            "suspend" => l.suspend = flag(key, v)?,
            "draw_after" => self.draw_after = Some(num(key, v)?),
            "openings" => self.openings = (!v.is_empty()).then(|| base.join(v)),
            "opening_rule" => {
                self.opening_rule = OpeningRule::from_name(v).ok_or_else(|| {
                    format!("opening_rule: expected none, swap2, soosorv8 or rif, not {v:?}")
                })?
            }
            "games" => self.games = num(key, v)?,
            "concurrency" => self.concurrency = num::<usize>(key, v)?.max(1),
            "mode" => {
                self.mode = match v {
                    "match" => Mode::Match,
                    "gauntlet" => Mode::Gauntlet,
                    "roundrobin" | "round-robin" | "rr" => Mode::RoundRobin,
                    _ => {
                        return Err(format!(
                            "mode: expected match, gauntlet or roundrobin, not {v:?}"
                        ))
                    }
                }
            }
            "engine" => self.engines.push(EngineSpec {
                cmd: v.to_string(),
                ..EngineSpec::default()
            }),
            "name" => {
                let e = self
                    .engines
                    .last_mut()
                    .ok_or("name: comes after the engine= it names")?;
                e.name = Some(v.to_string());
            }
            "info" => {
                let e = self
                    .engines
                    .last_mut()
                    .ok_or("info: comes after the engine= it is sent to")?;
                let line = v.split_whitespace().collect::<Vec<_>>().join(" ");
                if line.split(' ').count() != 2 {
                    return Err(format!("info: expected KEY VALUE, not {v:?}"));
                }
                e.info.push(line);
            }
            "sprt" => {
                self.sprt = if v.is_empty() {
                    None
                } else {
                    Some(parse_sprt(v)?)
                }
            }
            "out" => self.out = (!v.is_empty()).then(|| PathBuf::from(v)),
            k => return Err(format!("unknown setting {k:?}")),
        }
        Ok(())
    }

    /// Applies a `key=value` argument (paths relative to the current folder).
    pub fn set_arg(&mut self, arg: &str) -> Result<(), String> {
        let (k, v) = arg
            .split_once('=')
            .ok_or_else(|| format!("expected key=value, not {arg:?}"))?;
        self.set(k, v, Path::new(""))
    }

    /// Reads a config file; relative paths in it are taken from the current folder, as the
    /// presets in `tournaments/` expect to be run from the repository root.
    pub fn load(&mut self, path: &Path) -> Result<(), String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let (k, v) = line
                .split_once('=')
                .ok_or_else(|| format!("{}:{}: expected key = value", path.display(), i + 1))?;
            self.set(k, v, Path::new(""))
                .map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
        }
        Ok(())
    }
}

/// Parses `elo0,elo1[,alpha[,beta]]`.
pub fn parse_sprt(v: &str) -> Result<SprtSpec, String> {
    let xs: Vec<f64> = v
        .split(',')
        .map(|t| num("sprt", t.trim()))
        .collect::<Result<_, _>>()?;
    if xs.len() < 2 || xs.len() > 4 {
        return Err("sprt: expected elo0,elo1[,alpha[,beta]]".into());
    }
    let s = SprtSpec {
        elo0: xs[0],
        elo1: xs[1],
        alpha: xs.get(2).copied().unwrap_or(0.05),
        beta: xs.get(3).copied().unwrap_or(0.05),
    };
    if s.elo1 <= s.elo0 || !(0.0..0.5).contains(&s.alpha) || !(0.0..0.5).contains(&s.beta) {
        return Err("sprt: need elo0 < elo1 and 0 < alpha, beta < 0.5".into());
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_apply_in_order() {
        let mut c = Config::default();
        for a in [
            "rule=renju",
            "size=15",
            "engine=./a -x 1",
            "name=A",
            "engine=./b",
            "timeout_turn=200",
            "sprt=0,5",
            "mode=gauntlet",
            "max_node=100000",
            "info=thread_num  2",
            "info=hash_size 4096",
        ] {
            c.set_arg(a).unwrap();
        }
        assert_eq!(c.rule, Rule::Renju);
        assert_eq!(c.draw_limit(), 200);
        assert_eq!(c.engines[0].name.as_deref(), Some("A"));
        assert_eq!(c.engines[1].cmd, "./b");
        assert!(c.engines[0].info.is_empty());
        assert_eq!(c.engines[1].info, ["thread_num 2", "hash_size 4096"]);
        assert_eq!(c.limits.turn_ms, 200);
        assert_eq!(c.limits.max_node, 100_000);
        assert_eq!(Config::default().limits.max_node, 0);
        assert_eq!(c.mode, Mode::Gauntlet);
        assert_eq!(c.opening_rule, OpeningRule::None);
        c.set_arg("opening_rule=soosorv8").unwrap();
        assert_eq!(c.opening_rule, OpeningRule::Soosorv8);
        assert!(c.set_arg("opening_rule=yamaguchi").is_err());
        assert_eq!(c.sprt.unwrap().beta, 0.05);
        assert!(c.set_arg("size=40").is_err());
        assert!(c.set_arg("colour=red").is_err());
        assert!(c.set_arg("sprt=5,0").is_err());
        assert!(c.set_arg("info=thread_num").is_err());
        assert!(Config::default().set_arg("info=thread_num 2").is_err());
        // A rule by its `INFO rule` code too.
        c.set_arg("rule=8").unwrap();
        assert_eq!(c.rule, Rule::Caro);
        assert!(c.set_arg("rule=16").is_err());
        c.set_arg("size=20x15").unwrap();
        assert_eq!((c.dims.w, c.dims.h), (20, 15));
    }
}
