// Functions that act on the served request: CSRF tokens for forms, turning the session over at
// login and logout, and flash messages that a later page shows once. The server lends them through PageState.hooks; a render with no
// server behind it (quarry render, a test's render) gets QRY_ERR_SESSION.
import { argError, category, str } from "./define.js";
import type { RenderContext } from "../context.js";
import type { RequestHooks } from "../page.js";
import { RuntimeError, codes } from "../errors.js";
import { SafeString, escapeHtml } from "../values.js";
import { isForbiddenKey } from "../runtime.js";
import { keyOf } from "../keys.js";

/** A flash message's name: text, not empty, not a key no struct may have. */
function flashName(v: unknown, fn: string): string {
  const name = str(v);
  if (name === "") throw argError(`The name given to ${fn}() is empty`);
  if (isForbiddenKey(name)) throw argError(`Access to "${name}" is not allowed`);
  return name;
}

/** The served request's hooks, or the error that `fn` needs a page the Quarry server serves. */
export function requestHooks(ctx: RenderContext, fn: string): RequestHooks {
  const h = ctx.page.hooks;
  if (!h)
    throw new RuntimeError(
      codes.SESSION,
      `${fn}() needs a page served by the Quarry server (there is no request here)`,
      null,
    );
  return h;
}

export default category("session", {
  csrfToken: [
    {
      params: "",
      doc: "The CSRF token a form posts back as the field `_csrf` (or a script as the header `X-CSRF-Token`); POSTs without a valid one get 403.",
      example: "csrfToken()",
      result: "(a token such as 3xK9aQ2b-…)",
      server: true,
    },
    (ctx) => requestHooks(ctx, "csrfToken").csrfToken(),
  ],
  csrfField: [
    {
      params: "",
      doc: 'The hidden form field holding csrfToken(): `<input type="hidden" name="_csrf" value="…">`, printed unescaped.',
      example: "csrfField()",
      result: '<input type="hidden" name="_csrf" value="3xK9aQ2b-…">',
      server: true,
    },
    (ctx) =>
      new SafeString(
        `<input type="hidden" name="_csrf" value="${escapeHtml(requestHooks(ctx, "csrfField").csrfToken())}">`,
      ),
  ],
  sessionRotate: [
    {
      params: "",
      doc: "Gives the session a new id and keeps its data (call it at login, against session fixation); the old id stops working. Returns an empty string.",
      example: "sessionRotate()",
      result: "",
      server: true,
    },
    (ctx) => {
      requestHooks(ctx, "sessionRotate").sessionRotate();
      return "";
    },
  ],
  sessionInvalidate: [
    {
      params: "",
      doc: "Ends the session (call it at logout): its data is deleted and the cookie cleared; the session scope is empty afterwards. Returns an empty string.",
      example: "sessionInvalidate()",
      result: "",
      server: true,
    },
    (ctx) => {
      requestHooks(ctx, "sessionInvalidate").sessionInvalidate();
      return "";
    },
  ],
  flash: [
    {
      params: "name, value",
      doc: 'Keeps a message in the session for a later page to show once, usually the page a dbt:location after a posted form leads to ("Saved", "Signed out"). The page reads it with getFlash(); a name set again replaces the message. Starts a session if the visitor has none. Returns an empty string.',
      example: 'flash("notice", "Saved")',
      result: "",
      server: true,
    },
    (ctx, name: unknown, value: unknown) => {
      const n = flashName(name, "flash");
      requestHooks(ctx, "flash").flash(n, value);
      return "";
    },
  ],
  getFlash: [
    {
      params: "[name]",
      doc: "The flash messages earlier requests set with flash(), as a struct (empty when there are none); with a name, that message or an empty string. Reading them removes them from the session once this page is done, so they show once (a page that fails keeps them).",
      example: 'getFlash("notice")',
      result: "Saved",
      server: true,
    },
    (ctx, name?: unknown) => {
      const n = name === undefined ? undefined : flashName(name, "getFlash");
      const all = requestHooks(ctx, "getFlash").getFlash();
      if (n === undefined) return all;
      const k = keyOf(all, n);
      return k === undefined ? "" : all[k];
    },
  ],
});
