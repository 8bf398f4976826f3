"use strict";
// Compiled by Quarry from "access-log.dbt".
let $row;
const B0 = () => "\n  SELECT host(ip) AS ip, sum(bytes) AS bytes\n  FROM access_log\n  WHERE status = 200\n  GROUP BY ip\n  ORDER BY ip\n";
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
await T.execQuery(ctx, "totals", undefined, undefined, undefined, undefined, undefined, undefined, undefined, B0, L0);
{ const $v2 = "Access log report"; rt.assign(ctx, "title", [], $v2, L1); }
{ const $before3 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before3, "_layout/header.dbt", L2); } catch ($e4) { $o = T.takeAborted($e4); throw $e4; } }
if (ctx.page.outputOnly === 0) $o += "<h1>Bytes sent per address (status 200)</h1>\n<table>\n<tr><th>IP address</th><th>Bytes</th></tr>\n";
{ const $q12 = T.asQuery(rt.lookupName(ctx, "totals", L8), L8);
const [$s8, $e9] = T.rowRange($q12, undefined, undefined, L7);
const $f5 = { kind: "row", query: $q12, row: $s8, end: $e9 };
ctx.frames.push($f5);
try {
let $n10 = 0, $r11;
for (let $i6 = $s8, $j7; $i6 < $e9; $i6 = $j7) {
$j7 = $i6 + 1;
if ($o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, 0, $o.length, L7, true)) { await T.pause(ctx.page, L7); $r11 = $f5.query.rows[$f5.row]; }; }
$f5.row = $i6; $f5.end = $j7; $r11 = $f5.query.rows[$i6];
$o += "<tr><td>" + rt.esc(($r11 !== undefined && "ip" in $r11 ? $r11["ip"] ?? "" : T.col(ctx, $f5, "ip", L3)), L4) + "</td><td>" + rt.esc(($r11 !== undefined && "bytes" in $r11 ? $r11["bytes"] ?? "" : T.col(ctx, $f5, "bytes", L5)), L6) + "</td></tr>\n";
}
} finally { ctx.frames.pop(); }
}
if (ctx.page.outputOnly === 0) $o += "</table>\n";
{ const $before13 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before13, "_layout/footer.dbt", L9); } catch ($e14) { $o = T.takeAborted($e14); throw $e14; } }
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};