//! `kakugo-tools`: Kakugo's tools as subcommands of one binary — the training pipeline
//! (`gendata`, `label`, `tune`, `policy`), analysis (`wins`, `blunders`, `think`, `openings`), the threat
//! solvers (`solve`, `solve --bench`) and two micro-benchmarks (`makeunmake`, `startup`).
//!
//! Arguments are parsed strictly: an unknown argument, rule or value is an error with the
//! usage line and exit code 2. Game records and position files are read and written by
//! [`records`] for every subcommand; the ones that play or label many games spread them over
//! threads with [`parallel`].

mod args;
mod blunders;
mod children;
mod dataset;
mod gendata;
mod label;
mod micro;
mod openings;
mod parallel;
mod policy;
mod records;
mod solve;
mod think;
mod train;
mod tune;
mod wins;

use clap::error::{ContextKind, ContextValue};
use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// Kakugo's tools: training, analysis, solvers and micro-benchmarks.
#[derive(Parser)]
#[command(name = "kakugo-tools", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Self-play training games at a fixed node budget, one game record a line on stdout.
    Gendata(gendata::Args),
    /// Search scores of positions of game records, one labelled position a line on stdout.
    Label(label::Args),
    /// Fit the evaluation tables to game results and labels; prints the tables.
    Tune(tune::Args),
    /// Fit the evaluation network to games with scores (`gendata --out`); writes its weights.
    Train(train::Args),
    /// Fit the move-ordering table to the moves played; prints the table.
    Policy(policy::Args),
    /// Nodes the search needs to announce a known win, over a position file.
    Wins(wins::Args),
    /// Where the games an engine lost were lost: its last saving chance in each.
    Blunders(blunders::Args),
    /// How often renju opening decisions agree with a search ten times longer.
    Openings(openings::Args),
    /// Think about one position under a clock and print every report.
    Think(think::Args),
    /// Run the VCF/VCT solvers on a position, or over puzzle files (`--bench DIR`).
    Solve(solve::Args),
    /// Make+unmake pairs over random games (repeatable under callgrind).
    Makeunmake(micro::MakeUnmakeArgs),
    /// Time to build the first board of each rule (table generation included).
    Startup,
}

/// Why a subcommand failed.
pub enum Failure {
    /// Its arguments were wrong (exit code 2, with the usage line).
    Usage(String),
    /// It could not do its work (exit code 1).
    Run(String),
}

impl From<String> for Failure {
    fn from(e: String) -> Failure {
        Failure::Run(e)
    }
}

/// What a subcommand returns: its exit code, or why it failed.
pub type Outcome = Result<u8, Failure>;

/// The arguments, or their error (with the usage line of the subcommand) and exit code 2.
fn parse() -> Cli {
    Cli::try_parse().unwrap_or_else(|mut e| {
        if e.get(ContextKind::Usage).is_none() {
            let mut cmd = Cli::command();
            cmd.build();
            let name = std::env::args().nth(1).unwrap_or_default();
            let usage = match cmd.find_subcommand_mut(&name) {
                Some(sub) => sub.render_usage(),
                None => cmd.render_usage(),
            };
            e.insert(ContextKind::Usage, ContextValue::StyledStr(usage));
        }
        e.exit()
    })
}

fn main() -> ExitCode {
    let cli = parse();
    let (name, result) = match cli.command {
        Command::Gendata(a) => ("gendata", gendata::run(a)),
        Command::Label(a) => ("label", label::run(a)),
        Command::Tune(a) => ("tune", tune::run(a)),
        Command::Train(a) => ("train", train::run(a)),
        Command::Policy(a) => ("policy", policy::run(a)),
        Command::Wins(a) => ("wins", wins::run(a)),
        Command::Blunders(a) => ("blunders", blunders::run(a)),
        Command::Think(a) => ("think", think::run(a)),
        Command::Openings(a) => ("openings", openings::run(a)),
        Command::Solve(a) => ("solve", solve::run(a)),
        Command::Makeunmake(a) => ("makeunmake", micro::make_unmake(a)),
        Command::Startup => ("startup", micro::startup()),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(Failure::Usage(e)) => {
            let mut cmd = Cli::command();
            cmd.build();
            let sub = cmd.find_subcommand_mut(name).expect("a known subcommand");
            sub.error(clap::error::ErrorKind::ValueValidation, e).exit()
        }
        Err(Failure::Run(e)) => {
            eprintln!("kakugo-tools {name}: {e}");
            ExitCode::FAILURE
        }
    }
}
