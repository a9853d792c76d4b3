//! What the machine offers the engine: its physical memory still available and its hardware
//! threads. Read once at start-up; settings are held to them (a table the machine cannot hold,
//! more search threads than it can run at once).
//!
//! Linux reads `MemAvailable` from `/proc/meminfo`; Windows asks `GlobalMemoryStatusEx`;
//! elsewhere the memory is unknown and not bounded.
//!
//! Also how the process gets large blocks from the system ([`hand_back_large_blocks`]): a table
//! dropped when `max_memory` falls must leave the process's resident memory, not stay in the
//! allocator's heap.

/// The machine: free memory in bytes (if known) and hardware threads (at least 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Machine {
    /// Physical memory available to a new process, in bytes.
    pub memory: Option<u64>,
    /// Threads that can run at once.
    pub threads: usize,
}

impl Machine {
    /// Reads this machine.
    pub fn read() -> Machine {
        Machine {
            memory: available_memory(),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }

    /// A machine with no memory bound and `threads` threads (tests).
    pub fn unbounded(threads: usize) -> Machine {
        Machine {
            memory: None,
            threads: threads.max(1),
        }
    }
}

/// Blocks of this size or more come from the system on their own and go back to it when freed.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const OWN_MAPPING: i32 = 1 << 20;

/// Makes every block of [`OWN_MAPPING`] bytes or more a mapping of its own, returned to the
/// system when freed. glibc starts at 128 KB but raises that threshold to the size of each mapped
/// block freed (up to 32 MB): after a game's hash table is dropped, the solver tables (up to
/// 33 MB) went to the heap, whose freed middle glibc keeps, so a `max_memory` sent after `START`
/// found them still resident. A fixed threshold turns that adjustment off. Windows and musl give
/// large blocks back on their own.
pub fn hand_back_large_blocks() {
    // SAFETY: `mallopt` only sets a parameter of the allocator; it is called before the
    // worker threads start.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, OWN_MAPPING);
    }
}

#[cfg(target_os = "linux")]
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    meminfo_available(&text)
}

/// `MemAvailable` of a `/proc/meminfo` text, in bytes.
#[cfg(any(target_os = "linux", test))]
fn meminfo_available(text: &str) -> Option<u64> {
    let kb = text
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse::<u64>()
        .ok()?;
    Some(kb * 1024)
}

#[cfg(windows)]
fn available_memory() -> Option<u64> {
    /// `MEMORYSTATUSEX` of the Windows API.
    #[repr(C)]
    struct MemoryStatusEx {
        length: u32,
        memory_load: u32,
        total_phys: u64,
        avail_phys: u64,
        total_page_file: u64,
        avail_page_file: u64,
        total_virtual: u64,
        avail_virtual: u64,
        avail_extended_virtual: u64,
    }
    #[link(name = "kernel32")]
    extern "system" {
        fn GlobalMemoryStatusEx(status: *mut MemoryStatusEx) -> i32;
    }
    let mut s = MemoryStatusEx {
        length: std::mem::size_of::<MemoryStatusEx>() as u32,
        memory_load: 0,
        total_phys: 0,
        avail_phys: 0,
        total_page_file: 0,
        avail_page_file: 0,
        total_virtual: 0,
        avail_virtual: 0,
        avail_extended_virtual: 0,
    };
    // SAFETY: `s` is a MEMORYSTATUSEX with its length set, as the call requires.
    let ok = unsafe { GlobalMemoryStatusEx(&mut s) } != 0;
    ok.then_some(s.avail_phys)
}

#[cfg(not(any(target_os = "linux", windows)))]
fn available_memory() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_meminfo() {
        let text =
            "MemTotal:       24684096 kB\nMemFree:  20080256 kB\nMemAvailable:   23294156 kB\n";
        assert_eq!(meminfo_available(text), Some(23_294_156 * 1024));
        assert_eq!(meminfo_available("MemTotal: 1 kB\n"), None);
    }

    #[test]
    fn this_machine() {
        let m = Machine::read();
        assert!(m.threads >= 1);
        #[cfg(target_os = "linux")]
        assert!(m.memory.is_some_and(|b| b > 0));
    }
}
