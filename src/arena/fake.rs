//! Small engines for testing the arena (`kakugo-arena fake MODE`): a sane one that plays legal
//! moves (it takes a five, blocks one, avoids renju fouls, else plays next to the stones), and
//! misbehaving ones: `hang` (never answers a move), `ignore-end` (keeps running after END and
//! EOF), `crash` (exits at the first move), `crash-start` (exits at once), `occupied` (plays on a
//! stone), `slow:MS` (sleeps before each move), `junk` (answers garbage), `noisy` (legal play
//! wrapped in MESSAGE/DEBUG lines, CRLF and stderr chatter), `silent` (never answers ABOUT).
//! With `KAKUGO_FAKE_PIDFILE` set, each appends its process id to that file at start.

use crate::board::{Board, Dims, Pos, Verdict};
use crate::rules::Rule;
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
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let eol = if mode == "noisy" { "\r\n" } else { "\n" };
    let mut say = |s: &str| {
        let _ = write!(out, "{s}{eol}");
        let _ = out.flush();
    };
    let mut rule = Rule::Freestyle;
    let mut dims = Dims::square(15).expect("valid");
    let mut board = Board::new(rule, dims);
    let mut rng = u64::from(std::process::id()) * 0x9E37_79B9_7F4A_7C15 + 1;
    let mut in_board: Option<Vec<(Pos, u8)>> = None;
    let mut lines = stdin.lock().lines();
    while let Some(Ok(raw)) = lines.next() {
        let line = raw.trim().to_string();
        let up = line.to_ascii_uppercase();
        if let Some(stones) = in_board.as_mut() {
            if up == "DONE" {
                let stones = in_board.take().unwrap_or_default();
                board = Board::new(rule, dims);
                for (p, _) in stones {
                    if board.is_empty(p) {
                        board.make(p);
                    }
                }
            } else {
                let f: Vec<usize> = line
                    .split(',')
                    .filter_map(|t| t.trim().parse().ok())
                    .collect();
                if f.len() == 3 && f[0] < dims.w && f[1] < dims.h {
                    stones.push((Pos::new(f[0], f[1]), f[2] as u8));
                }
                continue;
            }
        }
        let word = up.split_whitespace().next().unwrap_or("");
        let needs_move = match word {
            "ABOUT" if mode == "silent" => false,
            "ABOUT" => {
                say(&format!(
                    "name=\"fake-{mode}\", version=\"1\", author=\"kakugo\""
                ));
                false
            }
            "START" | "RECTSTART" => {
                let nums: Vec<usize> = line[word.len()..]
                    .split([',', ' '])
                    .filter_map(|t| t.trim().parse().ok())
                    .collect();
                let (w, h) = (
                    nums.first().copied().unwrap_or(15),
                    nums.get(1).or(nums.first()).copied().unwrap_or(15),
                );
                match Dims::new(w, h) {
                    Some(d) => {
                        dims = d;
                        board = Board::new(rule, dims);
                        say("OK");
                    }
                    None => say("ERROR unsupported size"),
                }
                false
            }
            "INFO" => {
                let f: Vec<&str> = line.split_whitespace().collect();
                if f.len() == 3 && f[1].eq_ignore_ascii_case("rule") {
                    rule = match f[2] {
                        "1" => Rule::Standard,
                        "4" => Rule::Renju,
                        "8" => Rule::Caro,
                        _ => Rule::Freestyle,
                    };
                    board = Board::new(rule, dims);
                }
                false
            }
            "BOARD" => {
                in_board = Some(Vec::new());
                false
            }
            "DONE" | "BEGIN" => true,
            "TURN" => {
                let f: Vec<usize> = line[4..]
                    .split(',')
                    .filter_map(|t| t.trim().parse().ok())
                    .collect();
                if f.len() == 2
                    && f[0] < dims.w
                    && f[1] < dims.h
                    && board.is_empty(Pos::new(f[0], f[1]))
                {
                    board.make(Pos::new(f[0], f[1]));
                }
                true
            }
            "END" => {
                if mode == "ignore-end" {
                    sleep_forever();
                }
                return;
            }
            _ => {
                say(&format!("UNKNOWN {line}"));
                false
            }
        };
        if !needs_move {
            continue;
        }
        match mode {
            "hang" => sleep_forever(),
            "crash" => std::process::exit(4),
            "junk" => {
                say("this is not a move");
                continue;
            }
            "occupied" => {
                if let Some(p) = board.last_move() {
                    say(&format!("{},{}", p.x(), p.y()));
                    continue;
                }
            }
            m if m.starts_with("slow:") => {
                let ms = m[5..].parse().unwrap_or(1000);
                std::thread::sleep(Duration::from_millis(ms));
            }
            _ => {}
        }
        if mode == "noisy" {
            eprintln!("3,3");
            say("MESSAGE thinking hard");
            say("DEBUG depth 1");
        }
        match choose(&mut board, &mut rng) {
            Some(p) => {
                board.make(p);
                say(&format!("{},{}", p.x(), p.y()));
            }
            None => say("ERROR board full"),
        }
    }
    if mode == "ignore-end" {
        sleep_forever();
    }
}
