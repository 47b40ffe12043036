//! How busy the machine was during a run: the CPU time other processes
//! took, from the kernel's counters (Linux only; `None` elsewhere). The
//! 1-minute load average lags by a minute or so, so right after a build it
//! reads high on a machine that has gone quiet; the counters measure the
//! run itself, and count the time a hypervisor stole from the guest.

/// CPU time so far, in clock ticks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CpuTimes {
    /// Every CPU's busy time (user, nice, system, irq, softirq, steal).
    pub busy: u64,
    /// Every CPU's time, busy or idle.
    pub total: u64,
    /// This process's user and system time, all its threads.
    pub own: u64,
}

impl CpuTimes {
    /// The counters now, if `/proc` has them.
    pub fn now() -> Option<Self> {
        let stat = std::fs::read_to_string("/proc/stat").ok()?;
        let own = std::fs::read_to_string("/proc/self/stat").ok()?;
        let (busy, total) = parse_proc_stat(&stat)?;
        Some(CpuTimes {
            busy,
            total,
            own: parse_own_ticks(&own)?,
        })
    }

    /// The cores' worth of CPU that other processes used between
    /// `earlier` and `self`, on a machine of `cores` cores: 0 when this
    /// process had them to itself, `cores` when the others kept every core
    /// busy besides.
    pub fn others_since(self, earlier: CpuTimes, cores: usize) -> Option<f64> {
        let total = self.total.checked_sub(earlier.total)?;
        if total == 0 {
            return None;
        }
        let busy = self.busy.saturating_sub(earlier.busy);
        let own = self.own.saturating_sub(earlier.own);
        Some(busy.saturating_sub(own) as f64 / total as f64 * cores as f64)
    }
}

/// Busy and total ticks of all CPUs from `/proc/stat`'s first line:
/// `cpu user nice system idle iowait irq softirq steal ...` (guest time
/// is already part of user time).
fn parse_proc_stat(stat: &str) -> Option<(u64, u64)> {
    let line = stat.lines().find(|l| l.starts_with("cpu "))?;
    let f: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .take(8)
        .map(|x| x.parse().ok())
        .collect::<Option<_>>()?;
    let at = |i: usize| f.get(i).copied().unwrap_or(0);
    let busy = at(0) + at(1) + at(2) + at(5) + at(6) + at(7);
    let total = busy + at(3) + at(4);
    Some((busy, total))
}

/// This process's user + system ticks from `/proc/self/stat`: fields 14
/// and 15, the 12th and 13th after the parenthesised command name.
fn parse_own_ticks(stat: &str) -> Option<u64> {
    let (_, rest) = stat.rsplit_once(')')?;
    let mut f = rest.split_whitespace().skip(11);
    let user: u64 = f.next()?.parse().ok()?;
    let system: u64 = f.next()?.parse().ok()?;
    Some(user + system)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_proc_stat() {
        let stat = "cpu  100 5 20 800 30 1 2 40 0 0\ncpu0 50 2 10 400 15 0 1 20 0 0\nintr 1 2\n";
        assert_eq!(parse_proc_stat(stat), Some((168, 998)));
        assert_eq!(parse_proc_stat("intr 1\n"), None);
        // Older kernels end the line before steal.
        assert_eq!(parse_proc_stat("cpu 1 2 3 4 5 6 7\n"), Some((19, 28)));
    }

    #[test]
    fn parses_own_ticks() {
        // The command name may hold spaces and parentheses.
        let stat = "4242 (json (bench) x) R 1 4242 1 0 -1 4194304 900 0 0 0 1234 56 0 0 20 0 3 0";
        assert_eq!(parse_own_ticks(stat), Some(1290));
        assert_eq!(parse_own_ticks("4242 (x) R 1"), None);
    }

    #[test]
    fn others_share() {
        let at = |busy, total, own| CpuTimes { busy, total, own };
        // 2 cores, 1000 ticks of wall time each: we used 1000, others 500.
        let others = at(1500, 2000, 1000).others_since(at(0, 0, 0), 2);
        assert_eq!(others, Some(0.5));
        // Alone: nothing for the others.
        assert_eq!(at(1000, 2000, 1000).others_since(at(0, 0, 0), 2), Some(0.0));
        assert_eq!(at(5, 5, 5).others_since(at(5, 5, 5), 2), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn reads_this_machine() {
        let before = CpuTimes::now().expect("/proc/stat");
        let spin = std::time::Instant::now();
        while spin.elapsed() < std::time::Duration::from_millis(50) {
            std::hint::black_box(0);
        }
        let after = CpuTimes::now().expect("/proc/stat");
        assert!(after.total >= before.total && after.own >= before.own);
        let others = after.others_since(before, 2);
        if let Some(o) = others {
            assert!((0.0..=2.0).contains(&o), "{o}");
        }
    }
}
