//! The HTTP side of the web board: reading a request head (bounded in size and time), the
//! `Host` / `Origin` check that keeps other sites out (DNS rebinding), the few responses the
//! board sends, and the WebSocket upgrade handshake. Request heads are parsed by `httparse`;
//! bodies are never read (the page sends everything over the WebSocket).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// The longest request head read.
const MAX_HEAD: usize = 16 * 1024;
/// The most header lines a request may have.
const MAX_HEADERS: usize = 48;
/// How long a client may take to send its request head.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(5);

/// A request head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// `GET`, `POST`, …
    pub method: String,
    /// The path without the query.
    pub path: String,
    /// The query (after `?`), if any.
    pub query: String,
    /// Header names in lower case, with their values.
    pub headers: Vec<(String, String)>,
}

impl Request {
    /// The first header of that (lower-case) name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of `name` in the query (`?session=abc`), undecoded.
    pub fn query(&self, name: &str) -> Option<String> {
        self.query
            .split('&')
            .filter_map(|kv| kv.split_once('='))
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.to_string())
    }

    /// Whether the request asks for a WebSocket.
    pub fn is_upgrade(&self) -> bool {
        self.header("upgrade")
            .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
    }
}

/// Parses a complete request head.
pub fn parse_head(bytes: &[u8]) -> Result<Request, String> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut req = httparse::Request::new(&mut headers);
    match req.parse(bytes) {
        Ok(httparse::Status::Complete(_)) => {}
        Ok(httparse::Status::Partial) => return Err("incomplete request head".into()),
        Err(e) => return Err(format!("bad request head: {e}")),
    }
    let target = req.path.unwrap_or("/");
    let target = target.split('#').next().unwrap_or("/");
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    Ok(Request {
        method: req.method.unwrap_or("").to_string(),
        path: path.to_string(),
        query: query.to_string(),
        headers: req
            .headers
            .iter()
            .map(|h| {
                (
                    h.name.to_ascii_lowercase(),
                    String::from_utf8_lossy(h.value).trim().to_string(),
                )
            })
            .collect(),
    })
}

/// Reads one request head from a fresh connection: at most [`MAX_HEAD`] bytes, within
/// [`HEAD_TIMEOUT`]. Reads byte-wise past the head never happen: a WebSocket's first frame
/// stays in the stream.
pub fn read_head(stream: &mut TcpStream) -> Result<Request, String> {
    stream
        .set_read_timeout(Some(HEAD_TIMEOUT))
        .map_err(|e| e.to_string())?;
    let mut buf = Vec::with_capacity(1024);
    let mut byte = [0u8; 1];
    while !buf.ends_with(b"\r\n\r\n") {
        if buf.len() >= MAX_HEAD {
            return Err("request head too long".into());
        }
        match stream.read(&mut byte) {
            Ok(0) => return Err("connection closed".into()),
            Ok(_) => buf.push(byte[0]),
            Err(e) => return Err(format!("reading the request: {e}")),
        }
    }
    parse_head(&buf)
}

/// Whether a `Host` value names this server in a way no other site can borrow: an IP literal
/// (IPv4 or bracketed IPv6), `localhost`, or a name given with `allow_host=`, with the server's
/// port. A DNS name that merely resolves here (DNS rebinding) is refused.
pub fn host_allowed(host: &str, port: u16, allowed_names: &[String]) -> bool {
    let (name, p) = match host.rsplit_once(':') {
        Some((n, p)) if !n.is_empty() && (!n.contains(':') || n.ends_with(']')) => (n, p),
        _ => return false,
    };
    if p.parse::<u16>().ok() != Some(port) {
        return false;
    }
    let name = name.to_ascii_lowercase();
    let literal = match name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) {
        Some(v6) => v6.parse::<std::net::Ipv6Addr>().is_ok(),
        None => name.parse::<std::net::Ipv4Addr>().is_ok(),
    };
    literal || name == "localhost" || allowed_names.iter().any(|a| a.eq_ignore_ascii_case(&name))
}

/// Checks a request's `Host` and, when the browser sent one, its `Origin` (which must be this
/// very host over http): the reason it is refused, if it is.
pub fn check_origin(req: &Request, port: u16, allowed_names: &[String]) -> Result<(), String> {
    let host = req.header("host").ok_or("no Host header")?;
    if !host_allowed(host, port, allowed_names) {
        return Err(format!("Host {host:?} is not this server"));
    }
    if let Some(origin) = req.header("origin") {
        if origin != format!("http://{host}") {
            return Err(format!("Origin {origin:?} is not this page"));
        }
    }
    Ok(())
}

/// Writes a complete response and ends the exchange (`Connection: close`).
pub fn respond(stream: &mut TcpStream, status: &str, content_type: &str, body: &[u8]) {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
         Content-Security-Policy: default-src 'self'; img-src 'self' data:; connect-src 'self'\r\n\
         Connection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body);
    let _ = stream.flush();
}

/// Answers a WebSocket upgrade request with `101 Switching Protocols`, or says why it cannot.
pub fn accept_upgrade(stream: &mut TcpStream, req: &Request) -> Result<(), String> {
    if req.method != "GET" {
        return Err("a WebSocket is opened with GET".into());
    }
    if req.header("sec-websocket-version") != Some("13") {
        return Err("WebSocket version 13 only".into());
    }
    let key = req
        .header("sec-websocket-key")
        .ok_or("no Sec-WebSocket-Key")?;
    let accept = tungstenite::handshake::derive_accept_key(key.as_bytes());
    let head = format!(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Accept: {accept}\r\n\r\n"
    );
    stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.flush())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(host: &str, origin: Option<&str>) -> Request {
        let mut headers = vec![("host".to_string(), host.to_string())];
        if let Some(o) = origin {
            headers.push(("origin".into(), o.into()));
        }
        Request {
            method: "GET".into(),
            path: "/".into(),
            query: String::new(),
            headers,
        }
    }

    #[test]
    fn hosts_and_origins() {
        let none: Vec<String> = Vec::new();
        for ok in [
            "127.0.0.1:8015",
            "localhost:8015",
            "[::1]:8015",
            "192.168.1.9:8015",
        ] {
            assert!(host_allowed(ok, 8015, &none), "{ok}");
        }
        for bad in [
            "evil.example:8015",
            "127.0.0.1:80",
            "127.0.0.1",
            "localhost",
            ":8015",
            "127.0.0.1.nip.io:8015",
            "[::1:8015",
        ] {
            assert!(!host_allowed(bad, 8015, &none), "{bad}");
        }
        assert!(host_allowed(
            "board.lan:8015",
            8015,
            &["board.lan".to_string()]
        ));
        assert!(check_origin(&req("127.0.0.1:9", None), 9, &none).is_ok());
        assert!(check_origin(&req("127.0.0.1:9", Some("http://127.0.0.1:9")), 9, &none).is_ok());
        assert!(check_origin(&req("127.0.0.1:9", Some("http://evil.example")), 9, &none).is_err());
        assert!(check_origin(
            &req("evil.example:9", Some("http://evil.example:9")),
            9,
            &none
        )
        .is_err());
    }

    #[test]
    fn request_heads() {
        let r = parse_head(
            b"GET /app.js?v=1 HTTP/1.1\r\nHost: 127.0.0.1:5\r\nUpgrade: WebSocket\r\n\r\n",
        )
        .unwrap();
        assert_eq!(r.path, "/app.js");
        assert_eq!(r.query("v").as_deref(), Some("1"));
        assert_eq!(r.header("host"), Some("127.0.0.1:5"));
        assert!(r.is_upgrade());
        assert!(parse_head(b"GET / HTTP/1.1\r\nHost").is_err());
        assert!(parse_head(b"\x00\x01garbage\r\n\r\n").is_err());
    }
}
