//! A child's peak resident memory, read from the kernel while it runs:
//! what the memory figures of the benches are made of.

use std::process::{Child, Output};
use std::time::Duration;

/// Waits for `child`, reading its high-water mark of resident memory
/// (`VmHWM`, in kB) every `poll`; its output and that peak. A child too
/// short to be seen once reports 0.
pub fn wait_with_peak(mut child: Child, poll: Duration) -> (Output, u64) {
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    while child.try_wait().expect("waiting").is_none() {
        if let Ok(text) = std::fs::read_to_string(&status) {
            let hwm = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok());
            peak = peak.max(hwm.unwrap_or(0));
        }
        std::thread::sleep(poll);
    }
    (child.wait_with_output().expect("its output"), peak)
}
