//! The connection under a mail client's session, plain or TLS, where every read
//! and write is bounded by one deadline: for the whole session in SMTP,
//! for each command in IMAP.
//!
//! A socket timeout bounds a single read; a server that sends one byte
//! every few seconds never trips it. Here the remaining time is set as the
//! socket's timeout before every system call and the deadline is checked
//! between them, so the session as a whole ends at the deadline whatever
//! the server does. TLS is driven record by record for the same reason
//! (rustls's own loops read until they have what they want).

use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::Duration;

use rustls::pki_types::ServerName;
use rustls::{ClientConfig, ClientConnection};

use super::deadline::Deadline;
use super::error::{TlsFault, WireError, io_error};

#[cfg(any(target_os = "linux", target_os = "android"))]
fn cork(socket: &TcpStream, on: bool) {
    let _ = socket2::SockRef::from(socket).set_tcp_cork(on);
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn cork(_socket: &TcpStream, _on: bool) {}

/// A connection to the server, plain or encrypted.
pub(crate) enum Wire {
    Plain(TcpStream),
    Tls(Box<ClientConnection>, TcpStream),
}

impl Wire {
    /// Connects to the first of `addrs` that answers within the deadline.
    pub(crate) fn connect(addrs: &[SocketAddr], deadline: Deadline) -> Result<Wire, WireError> {
        let mut last = WireError::Io(io::Error::other("no address to connect to"));
        for addr in addrs {
            match TcpStream::connect_timeout(addr, deadline.left()?) {
                Ok(socket) => {
                    // The last bytes of a message go out at once, not
                    // after the previous segment's acknowledgement.
                    let _ = socket.set_nodelay(true);
                    return Ok(Wire::Plain(socket));
                }
                Err(e) => last = io_error(e),
            }
        }
        Err(last)
    }

    fn socket(&self) -> &TcpStream {
        match self {
            Wire::Plain(s) | Wire::Tls(_, s) => s,
        }
    }

    /// Holds back partial segments until [`Wire::release`] (`TCP_CORK`;
    /// at most 200 ms, the system's ceiling). Best effort: without it the
    /// data just goes at once.
    pub(crate) fn hold(&self) {
        cork(self.socket(), true);
    }

    /// Drops what [`Wire::hold`] held back: the connection is reset when
    /// it closes, and the server never sees the end of the message.
    pub(crate) fn discard(&self) {
        let _ = socket2::SockRef::from(self.socket()).set_linger(Some(Duration::ZERO));
    }

    /// Sends what [`Wire::hold`] held back.
    pub(crate) fn release(&self) {
        cork(self.socket(), false);
    }

    /// Whether the connection is encrypted.
    pub(crate) fn is_tls(&self) -> bool {
        matches!(self, Wire::Tls(..))
    }

    fn bound(&self, deadline: Deadline) -> Result<(), WireError> {
        let left = deadline.left()?;
        let socket = self.socket();
        socket.set_read_timeout(Some(left)).map_err(io_error)?;
        socket.set_write_timeout(Some(left)).map_err(io_error)
    }

    /// Encrypts the connection (after STARTTLS, or at once for implicit
    /// TLS): the handshake, one record at a time, within the deadline.
    pub(crate) fn start_tls(
        self,
        config: Arc<ClientConfig>,
        name: ServerName<'static>,
        deadline: Deadline,
    ) -> Result<Wire, WireError> {
        let Wire::Plain(socket) = self else {
            return Ok(self);
        };
        let conn =
            ClientConnection::new(config, name).map_err(|e| WireError::Tls(TlsFault::of(&e)))?;
        let mut wire = Wire::Tls(Box::new(conn), socket);
        while let Wire::Tls(conn, _) = &wire
            && conn.is_handshaking()
        {
            wire.pump(deadline)?;
        }
        Ok(wire)
    }

    /// One step of TLS traffic: sends what rustls has to send, else reads
    /// one record's worth from the socket.
    fn pump(&mut self, deadline: Deadline) -> Result<(), WireError> {
        self.bound(deadline)?;
        let Wire::Tls(conn, socket) = self else {
            return Ok(());
        };
        // A signal during a socket call with a timeout interrupts it
        // (never restarted, signal(7)): try again, on the deadline.
        let interrupted = |e: &io::Error| e.kind() == io::ErrorKind::Interrupted;
        if conn.wants_write() {
            return match conn.write_tls(socket) {
                Err(e) if !interrupted(&e) => Err(io_error(e)),
                _ => Ok(()),
            };
        }
        let n = match conn.read_tls(socket) {
            Err(e) if interrupted(&e) => return Ok(()),
            read => read.map_err(io_error)?,
        };
        if n == 0 {
            return Err(WireError::Closed);
        }
        conn.process_new_packets()
            .map_err(|e| WireError::Tls(TlsFault::of(&e)))?;
        Ok(())
    }

    /// Reads what is available (at least one byte) within the deadline.
    pub(crate) fn read_some(
        &mut self,
        buf: &mut [u8],
        deadline: Deadline,
    ) -> Result<usize, WireError> {
        loop {
            match self {
                Wire::Plain(socket) => {
                    let left = deadline.left()?;
                    socket.set_read_timeout(Some(left)).map_err(io_error)?;
                    return match socket.read(buf) {
                        Ok(0) => Err(WireError::Closed),
                        Ok(n) => Ok(n),
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        Err(e) => Err(io_error(e)),
                    };
                }
                Wire::Tls(conn, _) => match conn.reader().read(buf) {
                    Ok(0) => return Err(WireError::Closed),
                    Ok(n) => return Ok(n),
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                    Err(e) => return Err(io_error(e)),
                },
            }
            self.pump(deadline)?;
        }
    }

    /// Writes all of `data` within the deadline.
    pub(crate) fn write_all(&mut self, data: &[u8], deadline: Deadline) -> Result<(), WireError> {
        match self {
            Wire::Plain(socket) => {
                let mut rest = data;
                while !rest.is_empty() {
                    let left = deadline.left()?;
                    socket.set_write_timeout(Some(left)).map_err(io_error)?;
                    match socket.write(rest) {
                        Ok(0) => return Err(WireError::Closed),
                        Ok(n) => rest = &rest[n..],
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(e) => return Err(io_error(e)),
                    }
                }
                Ok(())
            }
            Wire::Tls(..) => {
                // rustls takes only so much plaintext before its records
                // are sent (64 KiB by default): a message with a picture
                // is larger, so it goes in what rustls takes at a time,
                // each part sent before the next is given.
                let mut rest = data;
                while !rest.is_empty() {
                    if let Wire::Tls(conn, _) = self {
                        let n = conn.writer().write(rest).map_err(io_error)?;
                        if n == 0 && !conn.wants_write() {
                            return Err(WireError::Closed);
                        }
                        rest = &rest[n..];
                    }
                    while let Wire::Tls(conn, _) = self
                        && conn.wants_write()
                    {
                        self.pump(deadline)?;
                    }
                }
                Ok(())
            }
        }
    }

    /// Closes the connection at once, without waiting for anything.
    pub(crate) fn abort(&self) {
        let _ = self.socket().shutdown(std::net::Shutdown::Both);
    }
}
