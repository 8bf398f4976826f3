// Migrations: every _db/*.sql file and what the default datasource's database recorded of it
// (applied, adopted, pending, changed, missing), and a button that applies the pending ones —
// what quarry dev does on start and when a _db/*.sql file is saved (server/database.ts migrate).
import { join } from "node:path";
import { migrationStatus } from "../../migrations.js";
import { QuarryError } from "../../../engine/errors.js";
import { actionForm, esc, table } from "../html.js";
import { redactText } from "../redact.js";
import type { Panel } from "../context.js";

const STATE: Record<string, string> = {
  applied: "applied",
  adopted: "adopted (found in place, recorded without running)",
  pending: "pending",
  changed: "changed since applied: put the change in a new file",
  missing: "recorded, but the file is gone",
};

export const migrationsPanel: Panel = {
  id: "migrations",
  title: "Migrations",
  summary: "the _db/*.sql files with their status, and a button to apply the pending ones",
  async render(ctx, view) {
    const url = ctx.database.url;
    if (!url) return `<p class="muted">The host app gave this site its database: its migrations are not run here.</p>`;
    let list;
    try {
      list = await migrationStatus(url, join(ctx.root, "_db"));
    } catch (err) {
      return `<p class="failed">${esc(redactText(err instanceof Error ? err.message : String(err)))}</p>`;
    }
    if (list.length === 0) return `<p class="muted">No migrations: the site has no _db/*.sql files.</p>`;
    const pending = list.filter((m) => m.state === "pending").length;
    const rows = list.map((m) => [
      `<code>${esc(m.name)}</code>`,
      esc(STATE[m.state] ?? m.state),
      m.appliedAt ? esc(m.appliedAt.toISOString()) : "",
    ]);
    const apply = ctx.database.migrate
      ? actionForm(view.token, "migrations", "apply", pending ? `Apply ${pending} pending` : "Apply pending")
      : "";
    return `<p>${pending} pending of ${list.length}. ${apply}</p>\n${table(["file", "status", "applied at"], rows)}`;
  },
  actions: {
    async apply(ctx) {
      if (!ctx.database.migrate)
        return { ok: false, text: "The host app gave this site its database: nothing is applied here" };
      try {
        const r = await ctx.database.migrate();
        // As on a saved _db/ file: cached results may belong to the old schema.
        ctx.database.datasources.flushCache();
        ctx.fragments.clear();
        ctx.objects.clear();
        const text =
          r.applied.length === 0 && r.adopted.length === 0
            ? "Nothing to apply: the database is up to date"
            : [
                r.applied.length ? `Applied ${r.applied.join(", ")}` : "",
                r.adopted.length ? `Adopted ${r.adopted.join(", ")}` : "",
              ]
                .filter(Boolean)
                .join("; ");
        ctx.log(`dashboard: ${text}`);
        return { ok: true, text };
      } catch (err) {
        const text = err instanceof QuarryError ? err.message : String(err);
        return { ok: false, text: redactText(text) };
      }
    },
  },
};
