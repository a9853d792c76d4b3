//! One engine as a child process, and the manager's side of the Piskvork protocol: spawning it in
//! its own process group, writing commands, reading reply lines with deadlines, suspending it while
//! the opponent thinks, and ending it (END, a short wait, then SIGKILL to the whole group), so that
//! no process is ever left behind.

use crate::reply::starts_with_word;
pub use crate::reply::{about_name, describe, is_noise, parse_xy, Failure};
use kakugo::board::Dims;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

/// Longest reply line kept; the rest of a longer line is dropped.
const MAX_LINE: usize = 4096;
/// How often a wait looks at the stop flag.
const POLL: Duration = Duration::from_millis(50);
/// How long an engine may take to exit after END before it is killed.
pub const END_GRACE: Duration = Duration::from_millis(500);

/// What the reader thread saw.
enum Event {
    Line(String),
    Eof,
}

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Event>,
    suspended: bool,
    reaped: bool,
    eof: bool,
}

impl Engine {
    /// Starts `cmd` through `sh -c 'exec CMD'` (so arguments and quotes work as in a shell), in a
    /// process group of its own, with stdin and stdout piped and stderr discarded.
    pub fn spawn(cmd: &str) -> std::io::Result<Engine> {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("exec {cmd}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0);
        // If the arena itself dies (even by SIGKILL), the kernel kills the engine too.
        #[cfg(target_os = "linux")]
        // SAFETY: prctl is async-signal-safe and touches only the new process.
        unsafe {
            command.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
        }
        let mut child = command.spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match r.by_ref().take(1 << 20).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send(Event::Eof);
                        return;
                    }
                    Ok(_) => {
                        buf.truncate(MAX_LINE);
                        let s = String::from_utf8_lossy(&buf);
                        let line = s.trim_end_matches(['\r', '\n']).trim().to_string();
                        if tx.send(Event::Line(line)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Ok(Engine {
            child,
            stdin,
            rx,
            suspended: false,
            reaped: false,
            eof: false,
        })
    }

    /// The process id (also the process group id).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends one command line; a write to an engine that has gone is ignored (the next read
    /// reports the crash).
    pub fn send(&mut self, line: &str) {
        if let Some(stdin) = self.stdin.as_mut() {
            let ok = stdin.write_all(line.as_bytes()).is_ok()
                && stdin.write_all(b"\n").is_ok()
                && stdin.flush().is_ok();
            if !ok {
                self.stdin = None;
            }
        }
    }

    /// The next reply line, waiting until `deadline` (`None`: no limit) or until `stop` is set.
    pub fn line(
        &mut self,
        deadline: Option<Instant>,
        stop: &AtomicBool,
    ) -> Result<String, Failure> {
        if self.eof {
            return Err(Failure::Crash);
        }
        loop {
            if stop.load(Ordering::SeqCst) {
                return Err(Failure::Interrupted);
            }
            let wait = match deadline {
                Some(d) => {
                    let now = Instant::now();
                    if now >= d {
                        return Err(Failure::Timeout);
                    }
                    (d - now).min(POLL)
                }
                None => POLL,
            };
            match self.rx.recv_timeout(wait) {
                Ok(Event::Line(l)) => return Ok(l),
                Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    self.eof = true;
                    return Err(Failure::Crash);
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// The next reply line if one has arrived, without waiting.
    pub fn try_line(&mut self) -> Option<Result<String, Failure>> {
        if self.eof {
            return Some(Err(Failure::Crash));
        }
        match self.rx.try_recv() {
            Ok(Event::Line(l)) => Some(Ok(l)),
            Ok(Event::Eof) | Err(TryRecvError::Disconnected) => {
                self.eof = true;
                Some(Err(Failure::Crash))
            }
            Err(TryRecvError::Empty) => None,
        }
    }

    /// Sends `lines` and hands each reply line but empty ones to `take` until it returns
    /// `Ok(true)` (complete) or an error (a bad answer), waiting until `deadline` at most: an
    /// opening step's exchange. The error says what went wrong in words.
    pub fn exchange(
        &mut self,
        lines: &[String],
        deadline: Option<Instant>,
        stop: &AtomicBool,
        take: &mut dyn FnMut(&str) -> Result<bool, String>,
    ) -> Result<(), String> {
        for line in lines {
            self.send(line);
        }
        loop {
            match self.line(deadline, stop) {
                Ok(line) if line.is_empty() => {}
                Ok(line) => match take(&line) {
                    Ok(true) => return Ok(()),
                    Ok(false) => {}
                    Err(why) => return Err(format!("gave a bad answer: {why}")),
                },
                Err(Failure::Timeout) => return Err("lost on time (no answer)".into()),
                Err(f) => return Err(describe(&f, "an opening step")),
            }
        }
    }

    /// Asks ABOUT and returns the reply line (`MESSAGE` and `DEBUG` lines skipped).
    pub fn about(
        &mut self,
        deadline: Option<Instant>,
        stop: &AtomicBool,
    ) -> Result<String, String> {
        self.send("ABOUT");
        loop {
            match self.line(deadline, stop) {
                Ok(l)
                    if l.is_empty()
                        || starts_with_word(&l, "MESSAGE")
                        || starts_with_word(&l, "DEBUG") => {}
                Ok(l) => return Ok(l),
                Err(f) => return Err(describe(&f, "ABOUT")),
            }
        }
    }

    /// Sends `START n` (or `RECTSTART w,h`) and waits for its `OK`.
    pub fn start_board(
        &mut self,
        dims: Dims,
        deadline: Option<Instant>,
        stop: &AtomicBool,
    ) -> Result<(), String> {
        let (w, h) = (dims.w, dims.h);
        self.send(&if w == h {
            format!("START {w}")
        } else {
            format!("RECTSTART {w},{h}")
        });
        loop {
            match self.line(deadline, stop) {
                Ok(l) if l.eq_ignore_ascii_case("OK") => return Ok(()),
                Ok(l)
                    if l.is_empty()
                        || starts_with_word(&l, "MESSAGE")
                        || starts_with_word(&l, "DEBUG") => {}
                Ok(l) => return Err(format!("refused START: {l}")),
                Err(f) => return Err(describe(&f, "START")),
            }
        }
    }

    /// Stops the engine's process group (SIGSTOP) while the opponent thinks.
    pub fn suspend(&mut self) {
        if !self.suspended && !self.reaped {
            self.signal(libc::SIGSTOP);
            self.suspended = true;
        }
    }

    /// Lets a suspended engine run again (SIGCONT).
    pub fn resume(&mut self) {
        if self.suspended && !self.reaped {
            self.signal(libc::SIGCONT);
            self.suspended = false;
        }
    }

    fn signal(&self, sig: libc::c_int) {
        let pgid = self.child.id() as libc::pid_t;
        // SAFETY: plain syscall on our own child's process group.
        unsafe {
            libc::kill(-pgid, sig);
        }
    }

    /// Sends END (after resuming the engine) without waiting.
    pub fn send_end(&mut self) {
        self.resume();
        self.send("END");
        // Closing stdin also tells engines that treat EOF as END.
        self.stdin = None;
    }

    /// Waits until `deadline` for the engine to exit by itself, then kills its whole process
    /// group and reaps it. Returns whether it had exited by itself.
    pub fn finish(mut self, deadline: Instant) -> bool {
        let mut exited = false;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => {
                    exited = true;
                    break;
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => break,
            }
        }
        self.kill();
        exited
    }

    /// Kills the process group (also any children the engine started) and reaps the engine.
    fn kill(&mut self) {
        if self.reaped {
            return;
        }
        self.signal(libc::SIGKILL);
        let _ = self.child.wait();
        self.reaped = true;
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.kill();
    }
}
