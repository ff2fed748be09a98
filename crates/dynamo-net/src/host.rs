//! A server's host as the config gives it (a name, an address, an IPv6
//! address bracketed or not): looked up within a deadline, written with
//! its port for messages, the name TLS checks, and the loopback rule.

use std::io;
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::sync::mpsc;

use rustls::pki_types::ServerName;

use super::deadline::Deadline;
use super::error::WireError;

/// `host` without the brackets of an IPv6 address.
fn bare(host: &str) -> &str {
    host.trim_start_matches('[').trim_end_matches(']')
}

/// The addresses of `host`, looked up within the deadline. A literal
/// address needs no lookup; a name is resolved on a helper thread that is
/// left behind if the resolver hangs (it holds nothing of ours).
pub(crate) fn resolve(
    host: &str,
    port: u16,
    deadline: Deadline,
) -> Result<Vec<SocketAddr>, WireError> {
    let bare = bare(host);
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return Ok(vec![SocketAddr::new(ip, port)]);
    }
    let (tell, hear) = mpsc::channel();
    let name = bare.to_string();
    std::thread::spawn(move || {
        let _ = tell.send((name.as_str(), port).to_socket_addrs().map(Vec::from_iter));
    });
    match hear.recv_timeout(deadline.left()?) {
        Ok(Ok(addrs)) if !addrs.is_empty() => Ok(addrs),
        Ok(Ok(_)) => Err(WireError::Io(io::Error::other(format!(
            "{bare} has no address"
        )))),
        Ok(Err(e)) => Err(WireError::Io(e)),
        Err(_) => Err(WireError::Timeout),
    }
}

/// Whether a server at `host:port` accepts a connection within `limit`
/// (looked up and connected as the mail clients do, then closed): what
/// `dynamo config --check` asks of each server. The error says why not.
pub fn reachable(host: &str, port: u16, limit: std::time::Duration) -> Result<(), String> {
    let deadline = Deadline::after(limit);
    resolve(host, port, deadline)
        .and_then(|addrs| super::wire::Wire::connect(&addrs, deadline))
        .map(drop)
        .map_err(|e| e.to_string())
}

/// `host:port`, for messages (an IPv6 address in brackets).
pub fn host_and_port(host: &str, port: u16) -> String {
    if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    }
}

/// The name the server's certificate must bear; the error says why
/// `host` cannot be one, naming it (the caller names its key first).
pub fn tls_name(host: &str) -> Result<ServerName<'static>, String> {
    let bare = bare(host);
    ServerName::try_from(bare.to_string())
        .map_err(|e| format!("{bare:?} cannot be checked by TLS: {e}"))
}

/// Whether `host` is this machine (`localhost` or a loopback address,
/// bracketed or not): the only host a connection without TLS may go to.
pub fn is_loopback(host: &str) -> bool {
    let bare = bare(host);
    bare.eq_ignore_ascii_case("localhost")
        || bare.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts() {
        for host in [
            "localhost",
            "LocalHost",
            "127.0.0.1",
            "::1",
            "[::1]",
            "127.3.4.5",
        ] {
            assert!(is_loopback(host), "{host}");
        }
        for host in [
            "mail.example.org",
            "10.0.0.1",
            "0.0.0.0",
            "localhost.example.org",
        ] {
            assert!(!is_loopback(host), "{host}");
        }
    }

    #[test]
    fn hosts_with_their_port() {
        assert_eq!(
            host_and_port("mail.example.org", 587),
            "mail.example.org:587"
        );
        assert_eq!(host_and_port("::1", 143), "[::1]:143");
        assert_eq!(host_and_port("[::1]", 143), "[::1]:143");
    }

    #[test]
    fn tls_names_without_brackets() {
        assert!(tls_name("[::1]").is_ok());
        assert!(tls_name("mail.example.org").is_ok());
        let err = tls_name("not a host").expect_err("spaces");
        assert!(
            err.starts_with("\"not a host\" cannot be checked by TLS"),
            "{err}"
        );
    }
}
