//! What the kernel did for this process: minor page faults and system CPU
//! time, read before and after an operation. Fresh memory is where a large
//! in-memory output spends time outside the encoder, and these say how
//! much (Linux only; zero elsewhere).

/// The process's counters at one moment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OsCounters {
    /// Minor page faults so far.
    pub minor_faults: u64,
    /// System (kernel) CPU time so far, in nanoseconds.
    pub system_ns: u64,
}

impl OsCounters {
    /// The counters now.
    pub fn now() -> Self {
        OsCounters {
            minor_faults: minor_faults(),
            system_ns: system_ns(),
        }
    }

    /// What happened between `earlier` and `self`.
    pub fn since(self, earlier: OsCounters) -> OsCounters {
        OsCounters {
            minor_faults: self.minor_faults.saturating_sub(earlier.minor_faults),
            system_ns: self.system_ns.saturating_sub(earlier.system_ns),
        }
    }
}

/// Minor page faults of this process so far (0 where `/proc` is missing).
fn minor_faults() -> u64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0;
    };
    // Field 10 of the line, the 8th after the parenthesised command name.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    after
        .split_whitespace()
        .nth(7)
        .and_then(|f| f.parse().ok())
        .unwrap_or(0)
}

/// System CPU time of this process so far, from `getrusage`.
#[cfg(unix)]
fn system_ns() -> u64 {
    // SAFETY: an all-zero `rusage` is a valid value of the plain C struct,
    // and `getrusage` writes only into the one it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: RUSAGE_SELF with a valid pointer to a `rusage`.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return 0;
    }
    let t = usage.ru_stime;
    (t.tv_sec as u64) * 1_000_000_000 + (t.tv_usec as u64) * 1_000
}

#[cfg(not(unix))]
fn system_ns() -> u64 {
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn touching_fresh_pages_counts_faults() {
        let before = OsCounters::now();
        let mut v: Vec<u8> = Vec::with_capacity(64 << 20);
        for byte in v.spare_capacity_mut().iter_mut().step_by(4096) {
            byte.write(1);
        }
        std::hint::black_box(&mut v);
        let spent = OsCounters::now().since(before);
        // 16,384 pages of 4 KiB, fewer if the kernel backs them with huge
        // pages on its own (`transparent_hugepage` set to `always`).
        assert!(spent.minor_faults >= 32, "{spent:?}");
    }
}
