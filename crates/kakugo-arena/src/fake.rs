//! Small engines for testing the arena (`kakugo-arena fake MODE`): a sane one that plays legal
//! moves (it takes a five, blocks one, avoids renju fouls, else plays next to the stones), and
//! misbehaving ones: `hang` (never answers a move), `ignore-end` (keeps running after END and
//! EOF), `crash` (exits at the first move), `crash-start` (exits at once), `occupied` (plays on a
//! stone), `slow:MS` (sleeps before each move), `junk` (answers garbage), `noisy` (legal play
//! wrapped in MESSAGE/DEBUG lines, CRLF and stderr chatter), `silent` (never answers ABOUT).
//! With `KAKUGO_FAKE_PIDFILE` set, each appends its process id to that file at start.
//!
//! Every mode but `hang` also answers the opening commands (`SWAP2BOARD`, `yxsoosorvstep1..6`)
//! with legal, simple choices: a random RIF opening, no swaps, a move 4 near the centre with a
//! random N, the nearest N pairwise non-symmetric fifth moves, the first offer; under Swap2 it
//! adds two stones and then plays move 6. Opening modes change one thing: `swapper` swaps at
//! every chance, `stay` answers Swap2's three stones with one, `bad-n` declares N = 9,
//! `symmetric-offers` (with its own symmetric opening and move 4) offers two symmetric fifth
//! moves, `bad-choice` chooses a fifth move that was not offered, `opening-hang` never answers
//! an opening command.

use super::opening_rule::symmetric_offers;
use kakugo::board::symmetry;
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
    /// An opening command (upper-cased) and the `x,y` lines read after it, until DONE.
    list: Option<(String, Vec<Pos>)>,
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
        if let Some((cmd, stones)) = self.list.as_mut() {
            if up != "DONE" {
                let f = numbers(line);
                if f.len() == 2 && f[0] < self.dims.w && f[1] < self.dims.h {
                    stones.push(Pos::new(f[0], f[1]));
                }
                return false;
            }
            let (cmd, stones) = (cmd.clone(), stones.clone());
            self.list = None;
            self.opening(&cmd, &stones, say);
            return false;
        }
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
            "YXSOOSORVSTEP1" => self.opening(&up, &[], say),
            "SWAP2BOARD" | "YXSOOSORVSTEP2" | "YXSOOSORVSTEP3" | "YXSOOSORVSTEP4"
            | "YXSOOSORVSTEP5" | "YXSOOSORVSTEP6" => self.list = Some((up.clone(), Vec::new())),
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

    /// A board of the fake's rule with `stones` played in order.
    fn position(&self, stones: &[Pos]) -> Board {
        let mut b = Board::new(self.rule, self.dims);
        for &p in stones {
            if b.is_empty(p) {
                b.make(p);
            }
        }
        b
    }

    /// Empty non-foul cells of `b`, nearest the centre first (ties at random).
    fn near_centre(&mut self, b: &mut Board) -> Vec<Pos> {
        let c = self.dims.centre();
        let mut r = Rng(self.rng | 1);
        let mut v: Vec<Pos> = self
            .dims
            .cells()
            .filter(|&p| b.is_empty(p) && b.judge(p) == Verdict::Normal)
            .collect();
        v.sort_by_cached_key(|&p| (p.distance(c), r.next() % 1000));
        self.rng = r.next();
        v
    }

    /// Answers an opening command (upper-cased, with the stones listed after it).
    fn opening(&mut self, cmd: &str, stones: &[Pos], say: &mut dyn FnMut(&str)) {
        let mode = self.mode.clone();
        if mode == "opening-hang" {
            return;
        }
        if mode == "noisy" {
            say("MESSAGE thinking about the opening");
            say("DEBUG opening");
        }
        let swapper = mode == "swapper";
        let yn = if swapper { "YES" } else { "NO" };
        let c = self.dims.centre();
        let at =
            |dx: i64, dy: i64| Pos::new((c.x() as i64 + dx) as usize, (c.y() as i64 + dy) as usize);
        let xy = |p: Pos| format!("{},{}", p.x(), p.y());
        let mut word = cmd.split_whitespace();
        let step = word.next().unwrap_or("");
        let n: usize = word.next().and_then(|t| t.parse().ok()).unwrap_or(2);
        match step {
            "YXSOOSORVSTEP1" => {
                let three = if mode == "symmetric-offers" {
                    [c, at(0, -1), at(0, -2)]
                } else {
                    let mut r = Rng(self.rng | 1);
                    let second = loop {
                        let p = at((r.next() % 3) as i64 - 1, (r.next() % 3) as i64 - 1);
                        if p != c {
                            break p;
                        }
                    };
                    let third = loop {
                        let p = at((r.next() % 5) as i64 - 2, (r.next() % 5) as i64 - 2);
                        if p != c && p != second {
                            break p;
                        }
                    };
                    self.rng = r.next();
                    [c, second, third]
                };
                for (i, p) in three.iter().enumerate() {
                    say(&format!(
                        "MESSAGE SOOSORV MOVE{} {} {}",
                        i + 1,
                        p.x(),
                        p.y()
                    ));
                }
            }
            "YXSOOSORVSTEP2" => say(&format!("MESSAGE SOOSORV SWAP1 {yn}")),
            "YXSOOSORVSTEP4" => say(&format!("MESSAGE SOOSORV SWAP2 {yn}")),
            "YXSOOSORVSTEP3" => {
                let mut b = self.position(stones);
                let (p, n) = match mode.as_str() {
                    "symmetric-offers" => (at(0, 2), 2),
                    "bad-n" => (self.near_centre(&mut b)[0], 9),
                    _ => (self.near_centre(&mut b)[0], 1 + self.rng % 8),
                };
                say(&format!("MESSAGE SOOSORV MOVE4 {} {} {n}", p.x(), p.y()));
            }
            "YXSOOSORVSTEP5" => {
                let mut b = self.position(stones);
                let cells = self.near_centre(&mut b);
                let mut offers: Vec<Pos> = Vec::new();
                if mode == "symmetric-offers" {
                    if let Some((p, q)) = cells.iter().find_map(|&p| {
                        let twin = symmetry::orbit(&b, p).into_iter().find(|&q| q != p);
                        twin.map(|q| (p, q))
                    }) {
                        offers = vec![p, q];
                    }
                }
                for p in cells {
                    if offers.len() >= n {
                        break;
                    }
                    let mut with = offers.clone();
                    with.push(p);
                    if symmetric_offers(&b, &with).is_none() {
                        offers = with;
                    }
                }
                say("MESSAGE SOOSORV MOVE5 REFRESH");
                for p in offers {
                    say(&format!("MESSAGE SOOSORV MOVE5 {} {}", p.x(), p.y()));
                }
                say("MESSAGE SOOSORV MOVE5 DONE");
            }
            "YXSOOSORVSTEP6" => {
                let offers = stones.get(4..).unwrap_or(&[]);
                let p = if mode == "bad-choice" {
                    let mut b = self.position(&stones[..4.min(stones.len())]);
                    let cells = self.near_centre(&mut b);
                    cells.into_iter().find(|p| !offers.contains(p)).unwrap_or(c)
                } else {
                    offers.first().copied().unwrap_or(c)
                };
                say(&format!("MESSAGE SOOSORV MOVE5C {} {}", p.x(), p.y()));
            }
            "SWAP2BOARD" => {
                let mut b = self.position(stones);
                let put = match (stones.len(), swapper, mode.as_str()) {
                    (0, _, _) => 3,
                    (_, true, _) => return say("SWAP"),
                    (3, _, "stay") => 1,
                    (3, _, _) => 2,
                    _ => 1,
                };
                if stones.is_empty() {
                    b.make(c);
                }
                let mut out = if stones.is_empty() {
                    vec![xy(c)]
                } else {
                    Vec::new()
                };
                while out.len() < put {
                    match choose(&mut b, &mut self.rng) {
                        Some(p) => {
                            b.make(p);
                            out.push(xy(p));
                        }
                        None => break,
                    }
                }
                say(&out.join(" "));
            }
            _ => say(&format!("UNKNOWN {cmd}")),
        }
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
        list: None,
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
