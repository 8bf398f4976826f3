// The resolved config: every setting as the site runs with it (the file, DATABASE_URL and the
// other environment variables, the defaults), with secrets and passwords shown as "***".
import { esc, jsonBlock } from "../html.js";
import { redactValue } from "../redact.js";
import type { Panel } from "../context.js";

export const configPanel: Panel = {
  id: "config",
  title: "Config",
  summary: "the settings in force, defaults filled in, secrets hidden",
  render(ctx) {
    return `<p>Site <code>${esc(ctx.root)}</code>, ${esc(ctx.mode)} mode, Node ${esc(process.version)}. A changed quarry.config.json applies once quarry dev is restarted.</p>\n${jsonBlock(redactValue(ctx.config))}`;
  },
};
