// Functions that act on the served request: CSRF tokens for forms, and turning the session
// over at login and logout. The server lends them through PageState.hooks; a render with no
// server behind it (quarry render, a test's render) gets QRY_ERR_SESSION.
import { category } from "./define.js";
import type { RenderContext } from "../context.js";
import type { RequestHooks } from "../page.js";
import { RuntimeError, codes } from "../errors.js";
import { SafeString, escapeHtml } from "../values.js";

function hooks(ctx: RenderContext, fn: string): RequestHooks {
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
    (ctx) => hooks(ctx, "csrfToken").csrfToken(),
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
      new SafeString(`<input type="hidden" name="_csrf" value="${escapeHtml(hooks(ctx, "csrfField").csrfToken())}">`),
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
      hooks(ctx, "sessionRotate").sessionRotate();
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
      hooks(ctx, "sessionInvalidate").sessionInvalidate();
      return "";
    },
  ],
});
