//! Generates the line-pattern tables from the rule definitions in `src/rules/line.rs`, and the
//! `ABOUT` line: `KAKUGO_VERSION` (the package version and, when built from a git checkout, the
//! commit: `0.2.0 (a1b2c3d4e)`, `-dirty` with uncommitted changes) and `KAKUGO_ABOUT`, the whole
//! line, with author, country and www from `[package.metadata.about]` in `Cargo.toml` (a field
//! left empty there is left out).
#[path = "src/rules/line.rs"]
#[allow(dead_code)]
mod line;

use std::{env, fs, path::PathBuf, process::Command};

fn main() {
    println!("cargo:rerun-if-changed=src/rules/line.rs");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=Cargo.toml");
    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    for (name, sem) in [
        ("free", line::Semantics::Free),
        ("exact", line::Semantics::Exact),
        ("caro", line::Semantics::Caro),
    ] {
        let table = line::build_table(sem);
        fs::write(out.join(format!("line_{name}.bin")), table).expect("write table");
    }
    about();
}

/// The `ABOUT` fields as compile-time environment variables.
fn about() {
    let version = env::var("CARGO_PKG_VERSION").expect("CARGO_PKG_VERSION");
    let version = match git_commit() {
        Some(c) => format!("{version} ({c})"),
        None => version,
    };
    println!("cargo:rustc-env=KAKUGO_VERSION={version}");
    let manifest = fs::read_to_string("Cargo.toml").unwrap_or_default();
    let mut about = format!("name=\"Kakugo\", version=\"{version}\"");
    for key in ["author", "country", "www"] {
        if let Some(value) = metadata(&manifest, key).filter(|v| !v.is_empty()) {
            about.push_str(&format!(", {key}=\"{value}\""));
        }
    }
    println!("cargo:rustc-env=KAKUGO_ABOUT={about}");
}

/// The commit of the checkout (`git describe --always --dirty`), if git and a repository are
/// there; the build watches `HEAD` and the index so that the version follows commits.
fn git_commit() -> Option<String> {
    let dir = Command::new("git")
        .args(["rev-parse", "--git-dir"])
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    let dir = String::from_utf8(dir.stdout).ok()?;
    let dir = PathBuf::from(dir.trim());
    for f in ["HEAD", "index"] {
        println!("cargo:rerun-if-changed={}", dir.join(f).display());
    }
    let out = Command::new("git")
        .args(["describe", "--always", "--dirty", "--abbrev=9"])
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    let s = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!s.is_empty() && s.chars().all(|c| c.is_ascii_graphic())).then_some(s)
}

/// `key = "value"` of the `[package.metadata.about]` table of a manifest (quotes and
/// backslashes dropped: the value goes into a quoted `ABOUT` field).
fn metadata(manifest: &str, key: &str) -> Option<String> {
    let mut inside = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == "[package.metadata.about]";
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            continue;
        };
        if inside && k.trim() == key {
            let v: String = v
                .trim()
                .chars()
                .filter(|&c| c != '"' && c != '\\')
                .collect();
            return Some(v);
        }
    }
    None
}
