//! Work spread over a fixed number of threads with its output kept in input order: the
//! subcommands that play or label many games run them on a rayon pool a few at a time and print
//! each batch as it completes, in the order the games came in, so a run is reproducible and its
//! output appears as it goes.

use rayon::prelude::*;

/// Runs `work` on every item with `jobs` threads, each thread keeping its own `init()` state
/// (a searcher), and hands the results to `emit` in the items' order, a batch at a time; stops at
/// the first error of `emit`.
pub fn ordered<T, S, R>(
    items: &[T],
    jobs: usize,
    init: impl Fn() -> S + Sync + Send,
    work: impl Fn(&mut S, &T) -> R + Sync + Send,
    mut emit: impl FnMut(R) -> Result<(), String>,
) -> Result<(), String>
where
    T: Sync,
    R: Send,
{
    let jobs = jobs.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| format!("cannot start {jobs} threads: {e}"))?;
    for batch in items.chunks(jobs * 4) {
        let out: Vec<R> = pool.install(|| batch.par_iter().map_init(&init, &work).collect());
        out.into_iter().try_for_each(&mut emit)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_come_in_input_order() {
        let items: Vec<u64> = (0..100).collect();
        let mut seen = Vec::new();
        let square = |calls: &mut u64, &x: &u64| {
            *calls += 1;
            x * x
        };
        super::ordered(
            &items,
            3,
            || 0u64,
            square,
            |r| {
                seen.push(r);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(seen, items.iter().map(|x| x * x).collect::<Vec<_>>());
    }
}
