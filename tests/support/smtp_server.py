#!/usr/bin/env python3
"""A real SMTP server on loopback for dynamo's mail tests (and for trying
`dynamo mail` by hand).

Listens on 127.0.0.1 (port 0 = a free port unless --port is given), prints
the port on the first line of stdout, and saves every accepted message as
one JSON file in MAILDIR: {"mail_from", "rcpt_tos", "data", "tls", "auth"}.
A message file is complete before the server answers 250 to the DATA, so a
client that saw its message accepted finds the file already there.

Options:
  --starttls CERT KEY   offer and require STARTTLS with this certificate
  --make-cert DIR       write a self-signed certificate for localhost and
                        127.0.0.1 to DIR/cert.pem and DIR/key.pem, then use
                        it as with --starttls
  --implicit-tls        TLS from the first byte (as on port 465) instead of
                        STARTTLS; needs --make-cert or --starttls's files
  --auth USER:PASS      require AUTH (PLAIN or LOGIN) with these credentials
  --reject-rcpt ADDR    answer 550 to RCPT TO:<ADDR> (may repeat)
  --fault MODE          misbehave, for the tests of time limits:
                          drip: greet one byte every --drip-seconds
                          silent: accept connections, never say a word
                          no-quit: serve normally but never answer QUIT
                          silent-after-data: take the message, never reply
  --drip-seconds N      the pause between bytes of --fault drip (default 5)
  --connections FILE    append a line to FILE for every connection accepted
  --drop-after N        close a connection once it has carried N messages,
                        as a server with a limit of messages per session

The server stops when its standard input closes, so it never outlives the
test (or terminal) that started it.
"""

import argparse
import asyncio
import datetime
import ipaddress
import json
import logging
import os
import ssl
import sys
import warnings

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


class SaveHandler:
    def __init__(self, maildir, reject, drop_after=None):
        self.maildir = maildir
        self.reject = {a.lower() for a in reject}
        self.count = 0
        self.drop_after = drop_after

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower() in self.reject:
            return "550 5.1.1 No such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        record = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "data": envelope.original_content.decode("utf-8", "surrogateescape"),
            "tls": session.ssl is not None
            or server.transport.get_extra_info("ssl_object") is not None,
            "auth": auth_user(session),
        }
        name = os.path.join(self.maildir, f"{os.getpid()}-{self.count:04}.json")
        tmp = name + ".tmp"
        with open(tmp, "w", encoding="utf-8", errors="surrogateescape") as f:
            json.dump(record, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, name)
        if self.drop_after:
            session.dynamo_messages = getattr(session, "dynamo_messages", 0) + 1
            if session.dynamo_messages >= self.drop_after:
                # After the 250 below is written: close() flushes it first.
                asyncio.get_running_loop().call_soon(server.transport.close)
        return "250 2.0.0 Message accepted for delivery"


class NoQuitSMTP(SMTP):
    """Serves normally, but never answers QUIT."""

    async def smtp_QUIT(self, arg):
        await asyncio.sleep(3600)


class SilentAfterDataHandler(SaveHandler):
    """Takes the whole message, then never replies to it."""

    async def handle_DATA(self, server, session, envelope):
        await asyncio.sleep(3600)
        return "451 too late"


class Drip(asyncio.Protocol):
    """A greeting one byte at a time, never finished in useful time."""

    def __init__(self, seconds, loop):
        self.seconds = seconds
        self.loop = loop
        self.task = None

    def connection_made(self, transport):
        async def drip():
            greeting = b"220 dynamo-test drips its greeting one byte at a time ESMTP\r\n"
            for i in range(len(greeting)):
                if transport.is_closing():
                    return
                transport.write(greeting[i : i + 1])
                await asyncio.sleep(self.seconds)

        self.task = self.loop.create_task(drip())

    def connection_lost(self, exc):
        if self.task:
            self.task.cancel()


class Silent(asyncio.Protocol):
    """Accepts the connection and says nothing."""


def auth_user(session):
    data = getattr(session, "auth_data", None)
    if session.authenticated and isinstance(data, LoginPassword):
        return data.login.decode("utf-8", "replace")
    return None


def make_cert(folder):
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    os.makedirs(folder, exist_ok=True)
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=365))
        .add_extension(
            x509.SubjectAlternativeName(
                [
                    x509.DNSName("localhost"),
                    x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
                ]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False
        )
        .sign(key, hashes.SHA256())
    )
    cert_path = os.path.join(folder, "cert.pem")
    key_path = os.path.join(folder, "key.pem")
    with open(cert_path, "wb") as f:
        f.write(cert.public_bytes(serialization.Encoding.PEM))
    with open(key_path, "wb") as f:
        f.write(
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )
    return cert_path, key_path


def main():
    warnings.simplefilter("ignore", DeprecationWarning)
    # aiosmtpd logs a deprecation notice on every login, and a traceback
    # when a client rejects the certificate (as a test expects): quiet.
    logging.getLogger("mail.log").setLevel(logging.CRITICAL)
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("maildir")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--starttls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--make-cert", metavar="DIR")
    parser.add_argument("--implicit-tls", action="store_true")
    parser.add_argument("--auth", metavar="USER:PASS")
    parser.add_argument("--reject-rcpt", action="append", default=[], metavar="ADDR")
    parser.add_argument(
        "--fault", choices=["drip", "silent", "no-quit", "silent-after-data"]
    )
    parser.add_argument("--drip-seconds", type=float, default=5.0)
    parser.add_argument("--connections", metavar="FILE")
    parser.add_argument("--drop-after", type=int, metavar="N")
    args = parser.parse_args()

    os.makedirs(args.maildir, exist_ok=True)
    tls_files = args.starttls
    if args.make_cert:
        tls_files = make_cert(args.make_cert)
    context = None
    if tls_files:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(*tls_files)

    authenticator = None
    if args.auth:
        user, _, password = args.auth.partition(":")

        def authenticator(server, session, envelope, mechanism, auth_data):
            ok = (
                isinstance(auth_data, LoginPassword)
                and auth_data.login.decode() == user
                and auth_data.password.decode() == password
            )
            return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)

    handler_class = SilentAfterDataHandler if args.fault == "silent-after-data" else SaveHandler
    handler = handler_class(args.maildir, args.reject_rcpt, args.drop_after)
    smtp_class = NoQuitSMTP if args.fault == "no-quit" else SMTP

    def factory():
        if args.connections:
            with open(args.connections, "a", encoding="utf-8") as f:
                f.write("connection\n")
        if args.fault == "drip":
            return Drip(args.drip_seconds, loop)
        if args.fault == "silent":
            return Silent()
        return smtp_class(
            handler,
            hostname="dynamo-test-smtp",
            tls_context=None if args.implicit_tls else context,
            require_starttls=context is not None and not args.implicit_tls,
            authenticator=authenticator,
            auth_required=authenticator is not None,
            # With implicit TLS the whole session is encrypted already.
            auth_require_tls=context is not None and not args.implicit_tls,
        )

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    server_ssl = context if args.implicit_tls else None
    server = loop.run_until_complete(
        loop.create_server(factory, "127.0.0.1", args.port, ssl=server_ssl)
    )
    port = server.sockets[0].getsockname()[1]
    print(port, flush=True)

    async def wait_for_stdin_close():
        reader = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        while await reader.read(4096):
            pass

    try:
        loop.run_until_complete(wait_for_stdin_close())
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        loop.run_until_complete(server.wait_closed())


if __name__ == "__main__":
    main()
