//! The engine's clock: the monotonic [`Instant`] every deadline and elapsed time is measured
//! with, and [`wall_nanos`], the wall clock that seeds varying openings. Natively these are the
//! standard library's; in the browser (`wasm32-unknown-unknown`, where `std::time::Instant::now`
//! panics) they are an `Instant` of the same shape over the page's `performance.now()` and
//! `Date.now()`. Nothing else in the engine reads a clock.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use web::Instant;

/// Nanoseconds since the Unix epoch (0 if the clock is before it).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub fn wall_nanos() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |t| t.as_nanos() as u64)
}

/// Nanoseconds since the Unix epoch, from `Date.now()` (millisecond steps).
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub fn wall_nanos() -> u64 {
    (web::date_now().max(0.0) * 1e6) as u64
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod web {
    use std::ops::{Add, AddAssign, Sub, SubAssign};
    use std::time::Duration;
    use wasm_bindgen::prelude::wasm_bindgen;

    #[wasm_bindgen]
    extern "C" {
        /// `performance.now()`: milliseconds since the page or worker began, monotonic.
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        fn performance_now() -> f64;
        /// `Date.now()`: milliseconds since the Unix epoch.
        #[wasm_bindgen(js_namespace = Date, js_name = now)]
        pub(super) fn date_now() -> f64;
    }

    /// A point in time: the time since the worker's time origin.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Instant(Duration);

    impl Instant {
        /// Now. `performance.now()` never goes back; the fraction of a millisecond is kept.
        pub fn now() -> Instant {
            Instant(Duration::from_secs_f64(performance_now().max(0.0) / 1000.0))
        }

        /// The time since `earlier` (zero if `earlier` is later).
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }

        /// The time since `earlier`, zero if `earlier` is later.
        pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            self.0.saturating_sub(earlier.0)
        }

        /// The time since `earlier`, `None` if `earlier` is later.
        pub fn checked_duration_since(&self, earlier: Instant) -> Option<Duration> {
            self.0.checked_sub(earlier.0)
        }

        /// The time since this instant.
        pub fn elapsed(&self) -> Duration {
            Instant::now().saturating_duration_since(*self)
        }

        /// This instant moved later by `d`.
        pub fn checked_add(&self, d: Duration) -> Option<Instant> {
            self.0.checked_add(d).map(Instant)
        }

        /// This instant moved earlier by `d`; `None` before the time origin.
        pub fn checked_sub(&self, d: Duration) -> Option<Instant> {
            self.0.checked_sub(d).map(Instant)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d)
        }
    }

    impl AddAssign<Duration> for Instant {
        fn add_assign(&mut self, d: Duration) {
            self.0 += d;
        }
    }

    impl Sub<Duration> for Instant {
        type Output = Instant;
        fn sub(self, d: Duration) -> Instant {
            Instant(self.0.saturating_sub(d))
        }
    }

    impl SubAssign<Duration> for Instant {
        fn sub_assign(&mut self, d: Duration) {
            self.0 = self.0.saturating_sub(d);
        }
    }

    impl Sub<Instant> for Instant {
        type Output = Duration;
        fn sub(self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }
    }
}
