// The dashboard's panels, in the order of its navigation: one module each, a Panel
// (../context.ts) with its page and its actions. A new panel is a module here and one line
// in PANELS.
import type { Panel } from "../context.js";
import { pagesPanel } from "./pages.js";
import { datasourcesPanel } from "./datasources.js";
import { migrationsPanel } from "./migrations.js";
import { requestsPanel } from "./requests.js";
import { cachesPanel } from "./caches.js";
import { sessionPanel } from "./session.js";
import { configPanel } from "./config.js";
import { mailPanel } from "./mail.js";
import { schedulePanel } from "./schedule.js";

export const PANELS: readonly Panel[] = [
  pagesPanel,
  datasourcesPanel,
  migrationsPanel,
  requestsPanel,
  cachesPanel,
  sessionPanel,
  configPanel,
  mailPanel,
  schedulePanel,
];
