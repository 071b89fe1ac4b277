import { exitWithFailure } from "#platform/logger";
import { startWorker } from "./index";

startWorker()
  .then(({ close }) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      close().then(
        () => process.exit(0),
        (error: unknown) => exitWithFailure("worker", error),
      );
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
  })
  .catch((error: unknown) => exitWithFailure("worker", error));
