import { ConfigError } from "../db/env";
import { startWorker } from "./index";

startWorker()
  .then(({ close }) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
  })
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
