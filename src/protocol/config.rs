//! The config file: settings for managers that never send them (Piskvork and GomocupJudge send
//! no `thread_num` nor `hash_size`). A file named [`FILE_NAME`] in the executable's folder is
//! read at start-up; `INFO` lines sent later override it, and a missing file is no error.
//!
//! One `key = value` a line, with the names and units of the `INFO` keys ([`FILE_KEYS`]);
//! `#` starts a comment, blank lines are skipped. A line that cannot be used is ignored and
//! named in a `MESSAGE` (`config line 3: unknown key foo`), written before the answer to the
//! first command that is not `INFO`.
//!
//! The file is read only if it is a regular file (or a link to one) of at most [`MAX_BYTES`]:
//! anything else (a folder, a device, a pipe, a file too large to be settings) is not opened,
//! and one `MESSAGE` says why. A UTF-8 byte-order mark at its start (Notepad's "UTF-8 with
//! BOM") is skipped, and a bad value is named by its first 40 characters.
//!
//! `INFO folder` is not searched for a config file: it arrives after `START` and the settings it
//! could change (the first move may already be asked for), Piskvork sends it only when a data
//! folder is configured and GomocupJudge gives every brain a fresh one; nor does the engine keep
//! anything between games that it could store there.

use super::command::clip;
use super::settings::Settings;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The config file's name, in the executable's folder.
pub const FILE_NAME: &str = "kakugo.ini";

/// The largest config file read: settings take a few hundred bytes, so a larger file is not one.
pub const MAX_BYTES: u64 = 64 << 10;

/// The keys a config file may set: the `INFO` keys that are settings, not game state.
pub const FILE_KEYS: [&str; 9] = [
    "thread_num",
    "hash_size",
    "max_memory",
    "timeout_turn",
    "timeout_match",
    "rule",
    "max_depth",
    "max_node",
    "show_detail",
];

/// Where the config file is looked for: next to the running executable.
pub fn path() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    Some(exe.parent()?.join(FILE_NAME))
}

/// Reads the config file at `path` into `settings`; the `MESSAGE` texts to write (what was
/// set, and every line not used). Nothing when there is no file.
pub fn load(path: &Path, settings: &mut Settings) -> Vec<String> {
    let text = match read(path) {
        Ok(Some(bytes)) => String::from_utf8_lossy(&bytes).into_owned(),
        Ok(None) => return Vec::new(),
        Err(why) => return vec![format!("config {}: {why}, not read", path.display())],
    };
    let (set, mut notes) = apply(&text, settings);
    let set = if set.is_empty() {
        "nothing set".to_string()
    } else {
        set.join(", ")
    };
    notes.insert(0, format!("config {}: {set}", path.display()));
    notes
}

/// The bytes of the config file at `path`; `None` when there is none, or why it is not read
/// (not a regular file, larger than [`MAX_BYTES`], unreadable). What the file is, is asked
/// before it is opened: opening a pipe would wait for a writer.
fn read(path: &Path) -> Result<Option<Vec<u8>>, String> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read it ({e})")),
    };
    let too_large = || format!("larger than {} KB", MAX_BYTES >> 10);
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    if meta.len() > MAX_BYTES {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("cannot read it ({e})"))?;
    // It may have grown since it was measured.
    if bytes.len() as u64 > MAX_BYTES {
        return Err(too_large());
    }
    Ok(Some(bytes))
}

/// Applies the lines of a config text to `settings`: what was set (`key value`), and a note
/// for every line not used.
pub fn apply(text: &str, settings: &mut Settings) -> (Vec<String>, Vec<String>) {
    let mut set = Vec::new();
    let mut notes = Vec::new();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let n = i + 1;
        let Some((key, value)) = line.split_once('=') else {
            notes.push(format!("config line {n}: expected key = value"));
            continue;
        };
        let (key, value) = (key.trim().to_ascii_lowercase(), value.trim());
        if !FILE_KEYS.contains(&key.as_str()) {
            notes.push(format!("config line {n}: unknown key {}", clip(&key)));
            continue;
        }
        match settings.try_apply(&key, value) {
            Ok(()) => set.push(format!("{key} {}", clip(value))),
            Err(why) => notes.push(format!("config line {n}: {why}")),
        }
    }
    (set, notes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    #[test]
    fn lines_keys_and_comments() {
        let mut s = Settings::default();
        let text = "# Kakugo\n\nthread_num = 2\r\nHASH_SIZE=65536 # 64 MB\nrule = 4\n\
                    time_left = 5\nfoo = 1\nmax_memory\nmax_depth = deep\n[engine]\n";
        let (set, notes) = apply(text, &mut s);
        assert_eq!(set, ["thread_num 2", "hash_size 65536", "rule 4"]);
        assert_eq!(
            notes,
            [
                "config line 6: unknown key time_left",
                "config line 7: unknown key foo",
                "config line 8: expected key = value",
                "config line 9: bad value \"deep\" for max_depth",
                "config line 10: expected key = value",
            ]
        );
        assert_eq!(
            (s.threads, s.hash_kb, s.rule),
            (2, Some(65536), Rule::Renju)
        );
        assert_eq!(s.max_depth, None);
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let mut s = Settings::default();
        let (set, notes) = apply("\u{feff}thread_num = 3\nmax_depth = 2\n", &mut s);
        assert_eq!(set, ["thread_num 3", "max_depth 2"]);
        assert!(notes.is_empty(), "{notes:?}");
        // Only at the start: elsewhere it is part of a key.
        let (_, notes) = apply("max_depth = 2\n\u{feff}thread_num = 3\n", &mut s);
        assert_eq!(notes, ["config line 2: unknown key \u{feff}thread_num"]);
    }

    #[test]
    fn long_values_are_cut_in_notes() {
        let mut s = Settings::default();
        let long = "7".repeat(5000);
        let (_, notes) = apply(&format!("max_depth = {long}\n{long} = 1\n"), &mut s);
        let cut = "7".repeat(40);
        assert_eq!(
            notes,
            [
                format!("config line 1: bad value \"{cut}\" for max_depth"),
                format!("config line 2: unknown key {cut}"),
            ]
        );
    }

    #[test]
    fn only_small_regular_files_are_read() {
        let dir = std::env::temp_dir().join(format!("kakugo-config-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(FILE_NAME);
        let mut s = Settings::default();
        // A folder of that name.
        std::fs::create_dir_all(&file).unwrap();
        let notes = load(&file, &mut s);
        assert_eq!(notes.len(), 1);
        assert!(
            notes[0].ends_with("not a regular file, not read"),
            "{notes:?}"
        );
        std::fs::remove_dir(&file).unwrap();
        // Exactly the limit is read; a byte more is not.
        let mut text = b"max_depth = 4\n".to_vec();
        text.resize(MAX_BYTES as usize, b' ');
        std::fs::write(&file, &text).unwrap();
        assert_eq!(load(&file, &mut s).len(), 1);
        assert_eq!(s.max_depth, Some(4));
        text.push(b'\n');
        std::fs::write(&file, &text).unwrap();
        let notes = load(&file, &mut s);
        assert!(
            notes[0].ends_with("larger than 64 KB, not read"),
            "{notes:?}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missing_file_is_fine() {
        let mut s = Settings::default();
        let none = Path::new("/nonexistent-kakugo-dir/kakugo.ini");
        assert!(load(none, &mut s).is_empty());
    }

    #[test]
    fn the_file_sits_next_to_the_executable() {
        let p = path().expect("a path");
        assert_eq!(p.file_name().and_then(|n| n.to_str()), Some(FILE_NAME));
    }
}
