"use strict";
// Compiled by Quarry from "index.dbt".
let $row;
const L0 = {"file":"index.dbt","line":1,"column":1,"start":0,"end":25};
const L1 = {"file":"index.dbt","line":2,"column":1,"start":26,"end":70};
const L2 = {"file":"index.dbt","line":21,"column":1,"start":1430,"end":1474};
return async function render(ctx) {
let $o = "", $row;
try {
{ const $v0 = "Index"; rt.assign(ctx, "title", [], $v0, L0); }
{ const $before1 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before1, "_layout/header.dbt", L1); } catch ($e2) { $o = T.takeAborted($e2); throw $e2; } }
if (ctx.page.outputOnly === 0) $o += "<h1>Quarry sample site</h1>\n<p>Each page below reproduces one experiment of the papers Quarry's benchmarks come from.</p>\n<dl>\n<dt><a href=\"/fortunes\">/fortunes</a></dt>\n<dd>TechEmpower's Fortunes test: a query, one row added at request time, sorting, HTML escaping. It is the only page without this site's layout and stylesheet: it must stay TechEmpower's exact page, byte for byte, so benchmarks compare like with like.</dd>\n<dt><a href=\"/authors\">/authors</a></dt>\n<dd>Servlets vs CGI (seed 001): the 9 columns × 9 rows of the authors table.</dd>\n<dt><a href=\"/access-log\">/access-log</a></dt>\n<dd>RDBMS-WWW gateways under load (seed 000): total bytes per IP address for status 200 over a 50,000-row access log.</dd>\n<dt><a href=\"/personalised?user=1&amp;password=secret1&amp;file=1\">/personalised</a></dt>\n<dd>FastCGI's personalised content (seed 004): password check, user attributes, a 3,000-byte file with substitutions (cached with cachedwithin).</dd>\n<dt><a href=\"/board/\">/board/</a></dt>\n<dd>CSE's bulletin board (seed 003): create, read in batches of 10 with the session remembering the last one read, delete.</dd>\n<dt><a href=\"/cart\">/cart</a></dt>\n<dd>CSE's shopping cart (seed 003): a cart kept in the session.</dd>\n<dt><a href=\"/mandelbrot\">/mandelbrot</a></dt>\n<dd>CSE's Mandelbrot calculation (seed 003): CPU-bound template code.</dd>\n</dl>\n";
{ const $before3 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before3, "_layout/footer.dbt", L2); } catch ($e4) { $o = T.takeAborted($e4); throw $e4; } }
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};