//! Generates the line-pattern tables from the rule definitions in `src/rules/line.rs`.
#[path = "src/rules/line.rs"]
#[allow(dead_code)]
mod line;

use std::{env, fs, path::PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=src/rules/line.rs");
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    for (name, sem) in [
        ("free", line::Semantics::Free),
        ("exact", line::Semantics::Exact),
        ("caro", line::Semantics::Caro),
    ] {
        let table = line::build_table(sem);
        fs::write(out.join(format!("line_{name}.bin")), table).expect("write table");
    }
}
