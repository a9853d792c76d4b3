//! The web board's server: `kakugo-arena web engine=CMD …` listens on 127.0.0.1, serves the
//! page's embedded files and one WebSocket per page, each carrying a [`Session`] whose engines
//! are child processes; a page that reloads or loses its connection gets its session back by its
//! id for [`PARKED_FOR`].

use super::link;
use super::session::Session;
use super::{assets, http};
use crate::config::Config;
use std::collections::HashMap;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tungstenite::protocol::{Role, WebSocketConfig};
use tungstenite::{Message, WebSocket};

/// How long a session without a page is kept for the page to come back.
pub const PARKED_FOR: Duration = Duration::from_secs(600);
/// The most pages connected at once.
const MAX_CONNECTIONS: usize = 16;
/// How often a session looks at its engines while the page is quiet.
const TICK: Duration = Duration::from_millis(20);
/// The largest WebSocket message or frame read; a larger one closes the connection (the page
/// comes back to its session).
const MAX_FRAME: usize = 1 << 20;

/// The web board's settings: where to listen, and the arena's own settings (engines, clocks).
struct WebConfig {
    host: IpAddr,
    port: u16,
    allow_hosts: Vec<String>,
    arena: Config,
}

fn parse_args(args: &[String]) -> Result<WebConfig, String> {
    let mut c = WebConfig {
        host: IpAddr::V4(Ipv4Addr::LOCALHOST),
        port: 8015,
        allow_hosts: Vec::new(),
        arena: Config::default(),
    };
    for a in args {
        match a.split_once('=') {
            Some(("host", v)) => {
                c.host = v
                    .parse()
                    .map_err(|_| format!("host={v}: not an IP address"))?
            }
            Some(("port", v)) => c.port = v.parse().map_err(|_| format!("port={v}: not a port"))?,
            Some(("allow_host", v)) => c.allow_hosts.push(v.to_ascii_lowercase()),
            _ => c.arena.set_arg(a)?,
        }
    }
    Ok(c)
}

/// A session by its id: served (with the flag that asks its connection to let it go), or
/// waiting for its page since a time.
enum Slot {
    Served(Arc<AtomicBool>),
    Parked(Box<Session>, Instant),
}

/// Every session by id.
type Parked = Arc<Mutex<HashMap<String, Slot>>>;

/// Takes the session `id` for a new connection: a parked one, or one served elsewhere (that
/// connection is asked to let it go: a reloaded page comes back before the old socket is
/// noticed closed); `None` if there is none. Marks it served with `kick`.
fn claim(parked: &Parked, id: &str, kick: Arc<AtomicBool>) -> Option<Session> {
    let end = Instant::now() + Duration::from_secs(2);
    loop {
        let mut map = parked.lock().unwrap_or_else(|e| e.into_inner());
        match map.remove(id) {
            Some(Slot::Parked(s, _)) => {
                map.insert(id.to_string(), Slot::Served(kick));
                return Some(*s);
            }
            Some(Slot::Served(old)) if Instant::now() < end => {
                old.store(true, Ordering::SeqCst);
                map.insert(id.to_string(), Slot::Served(old));
            }
            _ => {
                map.insert(id.to_string(), Slot::Served(kick));
                return None;
            }
        }
        drop(map);
        std::thread::sleep(TICK);
    }
}

/// Runs the web board until the process is stopped.
pub fn run(args: &[String]) -> Result<(), String> {
    let cfg = parse_args(args)?;
    let listener = TcpListener::bind(SocketAddr::new(cfg.host, cfg.port)).map_err(|e| {
        format!(
            "cannot listen on {}:{}: {e} (port=0 picks a free port)",
            cfg.host, cfg.port
        )
    })?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    let shown = if cfg.host.is_unspecified() {
        IpAddr::V4(Ipv4Addr::LOCALHOST)
    } else {
        cfg.host
    };
    let url = match shown {
        IpAddr::V6(a) => format!("http://[{a}]:{port}/"),
        IpAddr::V4(a) => format!("http://{a}:{port}/"),
    };
    let mut out = std::io::stdout();
    let _ = writeln!(out, "{url}");
    let _ = out.flush();
    let cfg = Arc::new(cfg);
    let parked: Parked = Arc::default();
    let live = Arc::new(AtomicUsize::new(0));
    {
        let parked = parked.clone();
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_secs(5));
            let old: Vec<Session> = {
                let mut map = parked.lock().unwrap_or_else(|e| e.into_inner());
                let gone: Vec<String> = map
                    .iter()
                    .filter(
                        |(_, slot)| matches!(slot, Slot::Parked(_, t) if t.elapsed() > PARKED_FOR),
                    )
                    .map(|(k, _)| k.clone())
                    .collect();
                gone.iter()
                    .filter_map(|k| match map.remove(k) {
                        Some(Slot::Parked(s, _)) => Some(*s),
                        _ => None,
                    })
                    .collect()
            };
            old.into_iter().for_each(Session::close);
        });
    }
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let (cfg, parked, live) = (cfg.clone(), parked.clone(), live.clone());
        std::thread::spawn(move || connection(stream, &cfg, &parked, &live, port));
    }
    Ok(())
}

/// One HTTP request: a file of the page, or the page's WebSocket.
fn connection(
    mut stream: TcpStream,
    cfg: &WebConfig,
    parked: &Parked,
    live: &AtomicUsize,
    port: u16,
) {
    let req = match http::read_head(&mut stream) {
        Ok(r) => r,
        Err(why) => {
            return http::respond(&mut stream, "400 Bad Request", "text/plain", why.as_bytes())
        }
    };
    if let Err(why) = http::check_origin(&req, port, &cfg.allow_hosts) {
        return http::respond(&mut stream, "403 Forbidden", "text/plain", why.as_bytes());
    }
    if req.method != "GET" && req.method != "HEAD" {
        return http::respond(
            &mut stream,
            "405 Method Not Allowed",
            "text/plain",
            b"GET only",
        );
    }
    if req.path != "/ws" {
        return match assets::find(&req.path) {
            Some((mime, body)) => http::respond(&mut stream, "200 OK", mime, body),
            None => http::respond(&mut stream, "404 Not Found", "text/plain", b"not found"),
        };
    }
    if !req.is_upgrade() {
        return http::respond(
            &mut stream,
            "400 Bad Request",
            "text/plain",
            b"WebSocket only",
        );
    }
    let id = req.query("session").unwrap_or_default();
    if id.len() < 8 || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return http::respond(
            &mut stream,
            "400 Bad Request",
            "text/plain",
            b"bad session id",
        );
    }
    if live.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
        live.fetch_sub(1, Ordering::SeqCst);
        return http::respond(
            &mut stream,
            "503 Service Unavailable",
            "text/plain",
            b"too many pages",
        );
    }
    if http::accept_upgrade(&mut stream, &req).is_ok() {
        let kick = Arc::new(AtomicBool::new(false));
        let session = match claim(parked, &id, kick.clone()) {
            Some(mut s) => {
                s.resend();
                s
            }
            None => {
                let a = &cfg.arena;
                Session::new(
                    a.engines.clone(),
                    a.limits,
                    a.rule,
                    a.dims,
                    link::processes(),
                )
            }
        };
        let session = serve(stream, session, &kick);
        let old = parked
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, Slot::Parked(Box::new(session), Instant::now()));
        if let Some(Slot::Parked(s, _)) = old {
            s.close();
        }
    }
    live.fetch_sub(1, Ordering::SeqCst);
}

/// Drives a session over its WebSocket until the page goes; returns the session to park.
fn serve(stream: TcpStream, mut session: Session, kick: &AtomicBool) -> Session {
    if stream.set_read_timeout(Some(TICK)).is_err() {
        return session;
    }
    let _ = stream.set_nodelay(true);
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_FRAME))
        .max_frame_size(Some(MAX_FRAME));
    let mut ws = WebSocket::from_raw_socket(stream, Role::Server, Some(config));
    while !kick.load(Ordering::SeqCst) {
        match ws.read() {
            Ok(Message::Text(t)) => session.handle(t.as_str()),
            Ok(Message::Binary(_)) => session.handle("binary"),
            Ok(Message::Close(_)) => break,
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(tungstenite::Error::Capacity(e)) => {
                let msg =
                    serde_json::json!({ "t": "error", "msg": format!("message refused: {e}") });
                let _ = ws.send(Message::text(msg.to_string()));
                break;
            }
            Err(_) => break,
        }
        session.tick();
        for m in session.take_output() {
            if ws.write(Message::text(m)).is_err() {
                return session;
            }
        }
        match ws.flush() {
            Ok(()) => {}
            Err(tungstenite::Error::Io(e)) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(_) => return session,
        }
    }
    let _ = ws.close(None);
    let _ = ws.flush();
    session
}
