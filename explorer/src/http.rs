//! Just enough HTTP/1.1 for the Explorer, on `std::net` alone: read one request's head, answer
//! it, close the connection. A request that is not HTTP, too long, or too slow is answered with
//! a 4xx status (or dropped), never a panic.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// The longest request head read (the request line and the headers).
const MAX_HEAD: usize = 16 * 1024;

/// How long a client may take to send its request, or to take the answer.
const PATIENCE: Duration = Duration::from_secs(10);

/// A request: its method, its path and its query, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// `GET`, `HEAD`, ...
    pub method: String,
    /// The path, without the query (`/api/state`).
    pub path: String,
    /// The query's parameters, in order, percent-decoded.
    pub query: Vec<(String, String)>,
}

impl Request {
    /// The value of the query parameter `key`, if given.
    pub fn param(&self, key: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Reads a request line (`GET /api/state?path=0,1 HTTP/1.1`): `None` if it is not one.
    pub fn parse_line(line: &str) -> Option<Request> {
        let mut parts = line.split(' ');
        let (method, target, version) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || !version.starts_with("HTTP/") || method.is_empty() {
            return None;
        }
        let (path, query) = target.split_once('?').unwrap_or((target, ""));
        if !path.starts_with('/') {
            return None;
        }
        let query = query
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap_or((p, ""));
                Some((decode(k)?, decode(v)?))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Request {
            method: method.to_string(),
            path: decode(path)?,
            query,
        })
    }
}

/// Percent-decodes a part of a URL (`+` is a space in a query): `None` if an escape is broken
/// or the bytes are not UTF-8.
fn decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = s.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// An answer: a status, a content type and a body.
#[derive(Clone, Debug)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The body's media type.
    pub content_type: &'static str,
    /// The body.
    pub body: String,
}

impl Response {
    /// A 200 answer with a JSON body.
    pub fn json(value: &serde_json::Value) -> Response {
        Response {
            status: 200,
            content_type: "application/json; charset=utf-8",
            body: value.to_string(),
        }
    }

    /// A 4xx answer: `{"error": message}`.
    pub fn error(status: u16, message: impl Into<String>) -> Response {
        Response {
            status,
            content_type: "application/json; charset=utf-8",
            body: serde_json::json!({ "error": message.into() }).to_string(),
        }
    }

    /// The reason phrase of the status.
    fn reason(&self) -> &'static str {
        match self.status {
            200 => "OK",
            400 => "Bad Request",
            404 => "Not Found",
            405 => "Method Not Allowed",
            413 => "Request Header Fields Too Large",
            _ => "Error",
        }
    }

    /// Writes the answer, and the body unless `head_only`.
    fn write_to(&self, out: &mut impl Write, head_only: bool) -> std::io::Result<()> {
        let head = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: \
             no-store\r\nConnection: close\r\n\r\n",
            self.status,
            self.reason(),
            self.content_type,
            self.body.len()
        );
        out.write_all(head.as_bytes())?;
        if !head_only {
            out.write_all(self.body.as_bytes())?;
        }
        out.flush()
    }
}

/// Reads the head of a request from `input`: its request line, or the answer to give instead
/// (a head too long or not HTTP). `None` if the client went away or said nothing in time.
fn read_head(input: &mut impl Read) -> Option<Result<Request, Response>> {
    let mut head = Vec::new();
    let mut buf = [0u8; 2048];
    loop {
        let n = input.read(&mut buf).ok()?;
        if n == 0 {
            // The client closed before the head ended: answer what it did send, if anything.
            if head.is_empty() {
                return None;
            }
            break;
        }
        head.extend_from_slice(&buf[..n]);
        if head.windows(4).any(|w| w == b"\r\n\r\n") || head.windows(2).any(|w| w == b"\n\n") {
            break;
        }
        if head.len() > MAX_HEAD {
            return Some(Err(Response::error(413, "the request's head is too long")));
        }
    }
    let text = String::from_utf8_lossy(&head);
    let line = text.lines().next().unwrap_or("").trim_end_matches('\r');
    Some(Request::parse_line(line).ok_or_else(|| {
        Response::error(
            400,
            "not an HTTP request line: expected `GET /path?query HTTP/1.1`",
        )
    }))
}

/// Answers a connection that no thread can take now with 503, without reading it, and closes
/// it.
pub fn busy(mut stream: TcpStream) {
    let _ = stream.set_write_timeout(Some(Duration::from_millis(200)));
    let response = Response::error(503, "the Explorer is busy: try again in a moment");
    let _ = response.write_to(&mut stream, false);
    let _ = stream.shutdown(std::net::Shutdown::Both);
}

/// Serves one connection: reads its request, answers it with `handle`, closes it.
pub fn serve_one(mut stream: TcpStream, handle: impl Fn(&Request) -> Response) {
    let _ = stream.set_read_timeout(Some(PATIENCE));
    let _ = stream.set_write_timeout(Some(PATIENCE));
    let Some(read) = read_head(&mut stream) else {
        return;
    };
    let (response, head_only) = match read {
        Ok(request) => (handle(&request), request.method == "HEAD"),
        Err(refusal) => (refusal, false),
    };
    let _ = response.write_to(&mut stream, head_only);
    let _ = stream.shutdown(std::net::Shutdown::Write);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_lines_are_read_and_decoded() {
        let r = Request::parse_line("GET /api/state?path=0%2C1,2&refused=1 HTTP/1.1").unwrap();
        assert_eq!(r.method, "GET");
        assert_eq!(r.path, "/api/state");
        assert_eq!(r.param("path"), Some("0,1,2"));
        assert_eq!(r.param("refused"), Some("1"));
        assert_eq!(r.param("other"), None);
        let r = Request::parse_line("GET /api/state?path= HTTP/1.0").unwrap();
        assert_eq!(r.param("path"), Some(""));
        for bad in [
            "",
            "GET",
            "GET /",
            "GET / FTP/1.0",
            "GET nothing HTTP/1.1",
            "GET /?path=%zz HTTP/1.1",
            "GET /?path=%e2 HTTP/1.1",
            "GET / HTTP/1.1 extra",
        ] {
            assert_eq!(Request::parse_line(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_head_too_long_or_not_http_is_refused() {
        let long = vec![b'a'; MAX_HEAD + 10];
        let Some(Err(r)) = read_head(&mut &long[..]) else {
            panic!("a head too long is answered");
        };
        assert_eq!(r.status, 413);
        let Some(Err(r)) = read_head(&mut &b"hello\r\n\r\n"[..]) else {
            panic!("garbage is answered");
        };
        assert_eq!(r.status, 400);
        assert!(read_head(&mut &b""[..]).is_none());
        let Some(Ok(r)) = read_head(&mut &b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"[..]) else {
            panic!("a request is read");
        };
        assert_eq!(r.path, "/");
    }
}
