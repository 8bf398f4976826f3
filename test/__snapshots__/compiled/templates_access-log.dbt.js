"use strict";
// Compiled by Quarry from "access-log.dbt".
let $row;
const L0 = {"file":"access-log.dbt","line":2,"column":1,"start":104,"end":129};
const L1 = {"file":"access-log.dbt","line":9,"column":1,"start":255,"end":292};
const L2 = {"file":"access-log.dbt","line":10,"column":1,"start":293,"end":337};
const L3 = {"file":"access-log.dbt","line":15,"column":10,"start":471,"end":473};
const L4 = {"file":"access-log.dbt","line":15,"column":9,"start":470,"end":474};
const L5 = {"file":"access-log.dbt","line":15,"column":23,"start":484,"end":489};
const L6 = {"file":"access-log.dbt","line":15,"column":22,"start":483,"end":490};
const L7 = {"file":"access-log.dbt","line":14,"column":1,"start":434,"end":461};
const L8 = {"file":"access-log.dbt","line":14,"column":20,"start":453,"end":459};
const L9 = {"file":"access-log.dbt","line":18,"column":1,"start":524,"end":568};
return async function render(ctx) {
let $o = "", $row;
try {
await T.execQuery(ctx, "totals", undefined, undefined, undefined, undefined, undefined, undefined, undefined, async () => {
let $body0 = "";
const $saved1 = $o; $o = ""; ctx.page.captures++;
try {
$o += "\n  SELECT host(ip) AS ip, sum(bytes) AS bytes\n  FROM access_log\n  WHERE status = 200\n  GROUP BY ip\n  ORDER BY ip\n";
$body0 = $o;
} finally { $o = $saved1; ctx.page.captures--; }
return $body0;
}, L0);
{ const $v4 = "Access log report"; rt.assign(ctx, "title", [], $v4, L1); }
{ const $before5 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before5, "_layout/header.dbt", L2); } catch ($e6) { $o = T.takeAborted($e6); throw $e6; } }
if (ctx.page.outputOnly === 0) $o += "<h1>Bytes sent per address (status 200)</h1>\n<table>\n<tr><th>IP address</th><th>Bytes</th></tr>\n";
{ const $q14 = T.asQuery(rt.lookupName(ctx, "totals", L8), L8);
const [$s10, $e11] = T.rowRange($q14, undefined, undefined, L7);
const $f7 = { kind: "row", query: $q14, row: $s10, end: $e11 };
ctx.frames.push($f7);
try {
let $n12 = 0, $r13;
for (let $i8 = $s10, $j9; $i8 < $e11; $i8 = $j9) {
$j9 = $i8 + 1;
if ($o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, 0, $o.length, L7, true)) { await T.pause(ctx.page, L7); $r13 = $f7.query.rows[$f7.row]; }; }
$f7.row = $i8; $f7.end = $j9; $r13 = $f7.query.rows[$i8];
$o += "<tr><td>" + rt.esc(($r13 !== undefined && "ip" in $r13 ? $r13["ip"] ?? "" : T.col(ctx, $f7, "ip", L3)), L4) + "</td><td>" + rt.esc(($r13 !== undefined && "bytes" in $r13 ? $r13["bytes"] ?? "" : T.col(ctx, $f7, "bytes", L5)), L6) + "</td></tr>\n";
}
} finally { ctx.frames.pop(); }
}
if (ctx.page.outputOnly === 0) $o += "</table>\n";
{ const $before15 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before15, "_layout/footer.dbt", L9); } catch ($e16) { $o = T.takeAborted($e16); throw $e16; } }
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};