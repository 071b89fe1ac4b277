/**
 * One clock for every process of the benchmark. performance.now() counts from each process's own start, so
 * times taken in the mock vendor's process and in the client could not be compared; process.hrtime reads
 * CLOCK_MONOTONIC, which is one system-wide clock on Linux, at nanosecond resolution.
 */
export const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;
