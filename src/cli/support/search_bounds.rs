//! What `analyse` and `solve` accept of time, threads and table memory:
//! `--time`'s reading, the largest `--threads` and `--hash`, and the
//! machine's memory, read before any table is made (docs/reference.md,
//! "Exit codes"; docs/director.md, "Problems and analysis").

use std::time::Duration;

use crate::exit::{Exit, Failure};

/// The most threads a search takes: the solver shares first moves
/// between them (a position has a few hundred at most) and the analysis
/// engine's helpers only help up to the cores; more would be threads
/// that wait. The same bound as `--jobs`.
pub(crate) const MAX_THREADS: u16 = 256;

/// The largest table a search takes, in MB (64 GiB), whatever the
/// machine: beyond it no search here gains anything.
pub(crate) const MAX_HASH_MB: usize = 65_536;

/// `--time SECONDS`: decimals allowed, above 0.
pub(crate) fn seconds(t: f64) -> Result<Duration, Failure> {
    if !(t.is_finite() && t > 0.0 && t < 1e9) {
        return Err(Failure::new(
            Exit::Usage,
            format!("--time: {t} is not a number of seconds above 0"),
        ));
    }
    Ok(Duration::from_secs_f64(t))
}

/// `--hash MB` for `tables` tables of that size: refused (2) above
/// [`MAX_HASH_MB`] in all, or above the memory the machine has available
/// now (`MemAvailable` of /proc/meminfo, where there is one), the
/// message giving the most it takes.
pub(crate) fn check_hash(mb: usize, tables: usize) -> Result<(), Failure> {
    let wanted = mb.saturating_mul(tables);
    let (most, why) = match available_mb() {
        Some(free) if free < MAX_HASH_MB => (free, "the memory this machine has available now"),
        _ => (MAX_HASH_MB, "the largest table a search takes"),
    };
    if wanted <= most {
        return Ok(());
    }
    let asked = if tables > 1 {
        format!("--hash {mb} for each of {tables} threads: {wanted} MB in all,")
    } else {
        format!("--hash {mb}:")
    };
    Err(Failure::new(
        Exit::Usage,
        format!(
            "{asked} more than {most} MB, {why}; give at most {}",
            most / tables.max(1)
        ),
    ))
}

/// A table the allocator refused (the memory went between the check and
/// the allocation): refused as [`check_hash`] refuses, never an abort.
pub(crate) fn refused_table(mb: usize, e: std::collections::TryReserveError) -> Failure {
    Failure::new(
        Exit::Usage,
        format!("--hash {mb}: the machine could not give the table ({e}); give less"),
    )
}

/// The memory available to a new process now, in MB, from
/// /proc/meminfo; `None` where there is no such file.
fn available_mb() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_over_the_machine_or_the_maximum_is_refused_with_the_most_it_takes() {
        assert!(check_hash(1, 1).is_ok());
        let refused = check_hash(MAX_HASH_MB + 1, 1).expect_err("over the maximum");
        assert_eq!(refused.exit, Exit::Usage);
        assert!(
            refused.message.contains("give at most"),
            "{}",
            refused.message
        );
        let refused = check_hash(MAX_HASH_MB, 2).expect_err("two tables");
        assert!(
            refused
                .message
                .contains("each of 2 threads: 131072 MB in all"),
            "{}",
            refused.message
        );
        assert!(seconds(0.0).is_err() && seconds(f64::NAN).is_err());
        assert_eq!(seconds(0.5).ok(), Some(Duration::from_millis(500)));
    }
}
