// npm run test:browser: the dev dashboard and the dev error page in a real browser (Debian's
// chromium driven by playwright-core), against a real `quarry dev` process. Not part of
// `npm test` (a browser is a system package); .ci/run runs it as a stage of its own.
import { join } from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: join(import.meta.dirname, "..", ".."),
    include: ["test/browser/**/*.browser.ts"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/cleanup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: "silent" },
  },
});
