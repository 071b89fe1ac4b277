#!/bin/sh
# `npm start`. The supervisor is compiled with the app (build/server/start.js), so no process it starts carries a
# TypeScript loader (docs/decisions/0018-every-process-runs-compiled-javascript.md): the first step builds it,
# with the app, when there is no build or a source is newer; then the supervisor takes this process's place.
# Arguments go to both (`npm start -- --build-log`).
set -e
node --import tsx server/build-if-needed.ts "$@"
exec node build/server/start.js "$@"
