// Your session: the data of the session whose cookie this browser sent (verified by its
// signature), and nobody else's: the dashboard never lists sessions.
import { jsonBlock } from "../html.js";
import type { Panel } from "../context.js";

export const sessionPanel: Panel = {
  id: "session",
  title: "Your session",
  summary: "the session of this browser (only yours)",
  async render(ctx, view) {
    const data = await ctx.session(view.req);
    if (data === null)
      return `<p class="muted">This browser has no session: no page has stored anything in the session scope for it yet.</p>`;
    return `<p>The session scope as this browser's pages see it (timeout ${ctx.config.sessionTimeoutMinutes} minutes, store ${ctx.config.session.store ?? "memory"}).</p>\n${jsonBlock(data)}`;
  },
};
