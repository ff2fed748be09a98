//! The certificates TLS trusts, for the SMTP client and the IMAP client
//! alike: the system's, plus a PEM file the environment may name.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use rustls::{ClientConfig, RootCertStore};

/// A PEM file of extra trusted certificates, added to the system's: for a
/// self-hosted server with its own certificate authority, and for tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaFile {
    /// The environment variable it is known by, for messages.
    var: &'static str,
    path: PathBuf,
}

impl CaFile {
    /// The file named by the environment variable `var`, when it is set
    /// and not empty.
    pub fn from_env(var: &'static str) -> Option<CaFile> {
        std::env::var_os(var)
            .filter(|v| !v.is_empty())
            .map(|path| CaFile::new(var, path))
    }

    /// The file at `path`, spoken of as the value of `var`.
    pub fn new(var: &'static str, path: impl Into<PathBuf>) -> CaFile {
        CaFile {
            var,
            path: path.into(),
        }
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn add_to(&self, roots: &mut RootCertStore) -> Result<(), String> {
        let named = format!("{}={}", self.var, self.path.display());
        let pem = std::fs::read(&self.path).map_err(|e| format!("{named}: {e}"))?;
        let mut added = 0;
        for cert in CertificateDer::pem_slice_iter(&pem) {
            let cert = cert.map_err(|e| format!("{named}: not PEM certificates: {e}"))?;
            roots.add(cert).map_err(|e| format!("{named}: {e}"))?;
            added += 1;
        }
        if added == 0 {
            return Err(format!("{named}: no certificate in the file"));
        }
        Ok(())
    }
}

/// The TLS client settings: the system's trusted certificates plus those
/// of `extra`. The error says what is wrong, naming the file.
pub fn client_config(extra: Option<&CaFile>) -> Result<Arc<ClientConfig>, String> {
    let mut roots = RootCertStore::empty();
    let native = rustls_native_certs::load_native_certs();
    roots.add_parsable_certificates(native.certs);
    if let Some(file) = extra {
        file.add_to(&mut roots)?;
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS setup: {e}"))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ca_file_that_is_not_pem_is_named_in_the_error() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("ca.pem");
        std::fs::write(&path, "not a certificate\n").expect("write");
        let err = client_config(Some(&CaFile::new("DYNAMO_X_CA_FILE", &path)))
            .expect_err("no certificate");
        assert!(err.starts_with("DYNAMO_X_CA_FILE="), "{err}");
        assert!(err.contains("no certificate"), "{err}");
    }
}
