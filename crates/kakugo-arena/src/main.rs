//! `kakugo-arena`: the match runner (see the library, `kakugo_arena`, and the README).
//!
//! Usage:
//!   kakugo-arena [config=FILE] [key=value ...]   play a match, gauntlet or round robin
//!   kakugo-arena render GAME.psq                 print an SVG of the game's final position
//!   kakugo-arena rif26                           print the 26 RIF openings (pos file)
//!   kakugo-arena fake MODE                       run a small test engine
//!   kakugo-arena web engine=CMD ... [port=N]     the board in the browser

use kakugo_arena::{config::Config, fake, interrupt, openings, record, svg, tournament, web};
use std::process::ExitCode;

const HELP: &str = "kakugo-arena: a match runner for Piskvork-protocol engines

usage:
  kakugo-arena [config=FILE] key=value ...   play games (settings apply in order)
  kakugo-arena render GAME.psq               SVG of a game's final position on stdout
  kakugo-arena rif26                         the 26 RIF renju openings as a pos file
  kakugo-arena web engine=CMD [name=NAME] ... [port=N] [host=IP] [allow_host=NAME]
                                             a board in the browser with these engines;
                                             prints its address first (port=0: any free
                                             port; 127.0.0.1:8015 by default)
  kakugo-arena fake MODE                     a test engine (legal, hang, ignore-end, crash,
                                             crash-start, occupied, slow:MS, junk, noisy, silent;
                                             openings: swapper, stay, bad-n, symmetric-offers,
                                             bad-choice, opening-hang)

settings (config files hold the same keys, one `key = value` a line):
  engine=CMD name=NAME      add an engine (repeat); name= names the last one
  info=KEY VALUE            an INFO line for the last engine alone (repeat), e.g. thread_num 2
  mode=match|gauntlet|roundrobin   games=N (per pair)   concurrency=N
  rule=freestyle|standard|renju|caro (or its INFO rule code)   size=N or WxH   draw_after=STONES
  timeout_turn=MS timeout_match=MS tolerance=MS startup=MS max_memory=BYTES
  max_node=N (sent as INFO max_node: node-limited games, independent of load)
  game_type=N suspend=true|false   openings=FILE (pos or offset lines)
  opening_rule=none|swap2|soosorv8|rif   the engines make the opening (SWAP2BOARD,
                            yxsoosorvstep1..6); pairs are first/second player, colours
                            are decided in the game; not with openings=
  sprt=ELO0,ELO1[,ALPHA,BETA]   out=DIR (games/*.psq, *.sgf, results.jsonl, summary.txt)
";

fn render(path: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let g = record::parse_psq(&text)?;
    let title = match g.names.as_slice() {
        [a, b, ..] => format!("{a} (black) vs {b} (white), {} stones", g.moves.len()),
        _ => format!("{} stones", g.moves.len()),
    };
    print!("{}", svg::render(g.dims, &g.moves, &title));
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        None | Some("-h" | "--help" | "help") => {
            print!("{HELP}");
            Ok(())
        }
        Some("render") => match args.get(1) {
            Some(p) => render(p),
            None => Err("usage: kakugo-arena render GAME.psq".into()),
        },
        Some("rif26") => {
            print!("{}", openings::rif26_file());
            Ok(())
        }
        Some("web") => web::run(&args[1..]),
        Some("fake") => {
            fake::run(args.get(1).map_or("legal", String::as_str));
            Ok(())
        }
        Some(_) => {
            let mut cfg = Config::default();
            args.iter().try_for_each(|a| cfg.set_arg(a)).and_then(|()| {
                interrupt::install();
                tournament::run(&cfg).map(|_| ())
            })
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kakugo-arena: {e}");
            ExitCode::FAILURE
        }
    }
}
