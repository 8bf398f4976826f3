"use strict";
// Compiled by Quarry from "fortunes.dbt".
let $row;
const L0 = {"file":"fortunes.dbt","line":2,"column":39,"start":145,"end":147};
const L1 = {"file":"fortunes.dbt","line":2,"column":38,"start":144,"end":148};
const L2 = {"file":"fortunes.dbt","line":2,"column":52,"start":158,"end":165};
const L3 = {"file":"fortunes.dbt","line":2,"column":51,"start":157,"end":166};
const L4 = {"file":"fortunes.dbt","line":2,"column":1,"start":107,"end":136};
const L5 = {"file":"fortunes.dbt","line":2,"column":20,"start":126,"end":134};
const $run = function* render(ctx) {
let $o = "", $row;
try {
if (ctx.page.outputOnly === 0) $o += "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>\n";
{ const $q7 = T.asQuery(rt.lookupName(ctx, "fortunes", L5), L5);
const [$s3, $e4] = T.rowRange($q7, undefined, undefined, L4);
const $f0 = { kind: "row", query: $q7, row: $s3, end: $e4 };
ctx.frames.push($f0);
try {
let $n5 = 0, $r6;
for (let $i1 = $s3, $j2; $i1 < $e4; $i1 = $j2) {
$j2 = $i1 + 1;
if ($o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, 0, $o.length, L4, true)) { yield L4; $r6 = $f0.query.rows[$f0.row]; }; }
$f0.row = $i1; $f0.end = $j2; $r6 = $f0.query.rows[$i1];
$o += "<tr><td>" + rt.esc(($r6 !== undefined && "id" in $r6 ? $r6["id"] ?? "" : T.col(ctx, $f0, "id", L0)), L1) + "</td><td>" + rt.esc(($r6 !== undefined && "message" in $r6 ? $r6["message"] ?? "" : T.col(ctx, $f0, "message", L2)), L3) + "</td></tr>";
}
} finally { ctx.frames.pop(); }
}
if (ctx.page.outputOnly === 0) $o += "\n</table></body></html>\n";
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};
return function render(ctx) { return rt.settle(ctx.page, $run(ctx)); };