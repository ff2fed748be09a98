//! A set of UIDs as one IMAP command names them (RFC 3501's
//! sequence-set): the inbox marks a batch's messages with one `UID STORE`.

/// The most UIDs one `UID STORE` names: a batch of the inbox's. At most
/// 100 numbers of ten digits keep the command near 1 kB, far below the
/// 8,192 bytes RFC 7162 (section 4) asks servers to accept in one line.
pub const MARK_AT_ONCE: usize = 100;

/// The IMAP sequence set of `sorted` (ascending, no repeats): runs of
/// consecutive UIDs as ranges, `1:3,5,7:9`.
pub fn uid_set(sorted: &[u32]) -> String {
    let mut set = String::new();
    let mut rest = sorted.iter().copied().peekable();
    while let Some(first) = rest.next() {
        let mut last = first;
        while let Some(&next) = rest.peek() {
            if last.checked_add(1) != Some(next) {
                break;
            }
            last = next;
            rest.next();
        }
        if !set.is_empty() {
            set.push(',');
        }
        match first == last {
            true => set.push_str(&first.to_string()),
            false => set.push_str(&format!("{first}:{last}")),
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_uid_set_writes_consecutive_uids_as_ranges() {
        assert_eq!(uid_set(&[]), "");
        assert_eq!(uid_set(&[7]), "7");
        assert_eq!(uid_set(&[1, 2, 3, 5, 7, 8, 9]), "1:3,5,7:9");
        assert_eq!(uid_set(&[4, 6, 8]), "4,6,8");
        assert_eq!(uid_set(&[u32::MAX - 1, u32::MAX]), "4294967294:4294967295");
        let hundred: Vec<u32> = (0..MARK_AT_ONCE as u32)
            .map(|n| 1_000_000_000 + 2 * n)
            .collect();
        assert!(uid_set(&hundred).len() < 1_200);
    }
}
