/**
 * Loaded into the web and worker processes (NODE_OPTIONS `--import`) when a run includes the "memory" scenario.
 * On SIGUSR2 the process collects all its garbage and appends one line of JSON to
 * `$BENCH_HEAP_DIR/heap-<pid>.jsonl`: what it holds live at that moment, which peak RSS cannot say (RSS also
 * counts garbage not yet collected and heap V8 keeps after a collection).
 */
import { appendFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

/** Part of process.memoryUsage() right after the collection, bytes (external includes array buffers). */
export interface HeapSample {
  rss: number;
  heapUsed: number;
  external: number;
}

export const heapSampleFile = (dir: string, pid: number) => path.join(dir, `heap-${pid}.jsonl`);

const dir = process.env.BENCH_HEAP_DIR;

if (dir) {
  let session: Session | undefined;
  process.on("SIGUSR2", () => {
    if (!session) {
      session = new Session();
      session.connect();
    }
    // An in-process session runs the collection before it calls back: the usage read after it is what is live.
    session.post("HeapProfiler.collectGarbage", (error) => {
      if (error) throw error;
      const { rss, heapUsed, external } = process.memoryUsage();
      const sample: HeapSample = { rss, heapUsed, external };
      appendFileSync(heapSampleFile(dir, process.pid), `${JSON.stringify(sample)}\n`);
    });
  });
}
