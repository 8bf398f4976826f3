// Runs in every test file: the sites a file made with site() go when the file is done, so a
// run's temp folder (see global-setup.ts, removed at the end) stays small while it runs.
import { afterAll } from "vitest";
import { removeSites } from "./helpers.js";

afterAll(removeSites);
