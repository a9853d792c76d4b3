//! Small engines for testing the arena (`kakugo-arena fake MODE`): a sane one that plays legal
//! moves (it takes a five, blocks one, avoids renju fouls, else plays next to the stones), and
//! misbehaving ones: `hang` (never answers a move), `ignore-end` (keeps running after END and
//! EOF), `crash` (exits at the first move), `crash-start` (exits at once), `occupied` (plays on a
//! stone), `slow:MS` (sleeps before each move), `junk` (answers garbage), `noisy` (legal play
//! wrapped in MESSAGE/DEBUG lines, CRLF and stderr chatter), `silent` (never answers ABOUT).
//! With `KAKUGO_FAKE_PIDFILE` set, each appends its process id to that file at start.

use kakugo::board::{Board, Dims, Pos, Verdict};
use kakugo::rules::Rule;
use std::io::{BufRead, Write};
use std::time::Duration;

fn sleep_forever() -> ! {
    loop {
        std::thread::sleep(Duration::from_secs(3600));
    }
}

/// A small deterministic-per-process random source (xorshift), seeded from the process id.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The sane engine's choice: a winning move, else a block of the opponent's five, else a
/// non-foul cell next to the stones (nearest the last move, ties at random).
pub fn choose(b: &mut Board, rng: &mut u64) -> Option<Pos> {
    let dims = b.dims();
    let me = b.side_to_move();
    let cells: Vec<Pos> = dims.cells().filter(|&p| b.is_empty(p)).collect();
    if let Some(&p) = cells.iter().find(|&&p| b.judge(p) == Verdict::Win) {
        return Some(p);
    }
    let mut ok: Vec<Pos> = cells
        .iter()
        .copied()
        .filter(|&p| !matches!(b.judge(p), Verdict::Foul(_)))
        .collect();
    if let Some(&p) = ok.iter().find(|&&p| b.is_win_move(p, me.opp())) {
        return Some(p);
    }
    let anchor = b.last_move().unwrap_or(dims.centre());
    let mut r = Rng(*rng | 1);
    ok.sort_by_cached_key(|&p| (p.distance(anchor), r.next() % 1000));
    *rng = r.next();
    ok.first().copied().or(cells.first().copied())
}

/// The state of a fake engine.
struct Fake {
    mode: String,
    rule: Rule,
    dims: Dims,
    board: Board,
    rng: u64,
    /// Stones read since BOARD, until DONE.
    stones: Option<Vec<Pos>>,
}

/// Reads `x,y` or `x,y,f` numbers from a command argument.
fn numbers(s: &str) -> Vec<usize> {
    s.split([',', ' '])
        .filter_map(|t| t.trim().parse().ok())
        .collect()
}

impl Fake {
    fn cell(&self, f: &[usize]) -> Option<Pos> {
        (f.len() >= 2 && f[0] < self.dims.w && f[1] < self.dims.h).then(|| Pos::new(f[0], f[1]))
    }

    /// Handles one command; returns whether a move is due.
    fn command(&mut self, line: &str, say: &mut dyn FnMut(&str)) -> bool {
        let up = line.to_ascii_uppercase();
        if self.stones.is_some() {
            if up != "DONE" {
                let f = numbers(line);
                if let (3, Some(p)) = (f.len(), self.cell(&f)) {
                    self.stones.as_mut().expect("in BOARD").push(p);
                }
                return false;
            }
            let stones = self.stones.take().unwrap_or_default();
            self.board = Board::new(self.rule, self.dims);
            for p in stones {
                if self.board.is_empty(p) {
                    self.board.make(p);
                }
            }
            return true;
        }
        let word = up.split_whitespace().next().unwrap_or("");
        let rest = &line[word.len()..];
        match word {
            "ABOUT" if self.mode == "silent" => {}
            "ABOUT" => say(&format!(
                "name=\"fake-{}\", version=\"1\", author=\"kakugo\"",
                self.mode
            )),
            "START" | "RECTSTART" => {
                let n = numbers(rest);
                let w = n.first().copied().unwrap_or(15);
                match Dims::new(w, n.get(1).copied().unwrap_or(w)) {
                    Some(d) => {
                        self.dims = d;
                        self.board = Board::new(self.rule, d);
                        say("OK");
                    }
                    None => say("ERROR unsupported size"),
                }
            }
            "INFO" => {
                let f: Vec<&str> = line.split_whitespace().collect();
                if f.len() == 3 && f[1].eq_ignore_ascii_case("rule") {
                    self.rule = match f[2] {
                        "1" => Rule::Standard,
                        "4" => Rule::Renju,
                        "8" => Rule::Caro,
                        _ => Rule::Freestyle,
                    };
                    self.board = Board::new(self.rule, self.dims);
                }
            }
            "BOARD" => self.stones = Some(Vec::new()),
            "BEGIN" => return true,
            "TURN" => {
                if let Some(p) = self
                    .cell(&numbers(rest))
                    .filter(|&p| self.board.is_empty(p))
                {
                    self.board.make(p);
                }
                return true;
            }
            _ => say(&format!("UNKNOWN {line}")),
        }
        false
    }

    /// Answers a move request the way the mode says.
    fn answer(&mut self, say: &mut dyn FnMut(&str)) {
        match self.mode.as_str() {
            "hang" => sleep_forever(),
            "crash" => std::process::exit(4),
            "junk" => return say("this is not a move"),
            "occupied" => {
                if let Some(p) = self.board.last_move() {
                    return say(&format!("{},{}", p.x(), p.y()));
                }
            }
            "noisy" => {
                eprintln!("3,3");
                say("MESSAGE thinking hard");
                say("DEBUG depth 1");
            }
            m => {
                if let Some(ms) = m.strip_prefix("slow:") {
                    std::thread::sleep(Duration::from_millis(ms.parse().unwrap_or(1000)));
                }
            }
        }
        match choose(&mut self.board, &mut self.rng) {
            Some(p) => {
                self.board.make(p);
                say(&format!("{},{}", p.x(), p.y()));
            }
            None => say("ERROR board full"),
        }
    }
}

/// Runs a fake engine on stdin/stdout until END (or never, for the misbehaving modes).
pub fn run(mode: &str) {
    if let Ok(path) = std::env::var("KAKUGO_FAKE_PIDFILE") {
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
        {
            let _ = writeln!(f, "{}", std::process::id());
        }
    }
    if mode == "crash-start" {
        std::process::exit(3);
    }
    let mut out = std::io::stdout();
    let eol = if mode == "noisy" { "\r\n" } else { "\n" };
    let mut say = |s: &str| {
        let _ = write!(out, "{s}{eol}");
        let _ = out.flush();
    };
    let dims = Dims::square(15).expect("valid");
    let mut fake = Fake {
        mode: mode.to_string(),
        rule: Rule::Freestyle,
        dims,
        board: Board::new(Rule::Freestyle, dims),
        rng: u64::from(std::process::id()).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
        stones: None,
    };
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        if line.eq_ignore_ascii_case("END") {
            break;
        }
        if fake.command(line, &mut say) {
            fake.answer(&mut say);
        }
    }
    if mode == "ignore-end" {
        sleep_forever();
    }
}
