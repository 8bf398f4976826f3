"use strict";
// Compiled by Quarry from "fortunes.dbt".
let $row;
const L0 = {"file":"fortunes.dbt","line":2,"column":1,"start":99,"end":126};
const F0 = F["queryAddRow"];
const L1 = {"file":"fortunes.dbt","line":3,"column":17,"start":186,"end":270};
const L2 = {"file":"fortunes.dbt","line":3,"column":29,"start":198,"end":206};
const L3 = {"file":"fortunes.dbt","line":3,"column":1,"start":170,"end":271};
const F1 = F["querySort"];
const L4 = {"file":"fortunes.dbt","line":4,"column":21,"start":292,"end":337};
const L5 = {"file":"fortunes.dbt","line":4,"column":31,"start":302,"end":310};
const L6 = {"file":"fortunes.dbt","line":4,"column":1,"start":272,"end":338};
const L7 = {"file":"fortunes.dbt","line":5,"column":145,"start":483,"end":485};
const L8 = {"file":"fortunes.dbt","line":5,"column":144,"start":482,"end":486};
const L9 = {"file":"fortunes.dbt","line":5,"column":158,"start":496,"end":503};
const L10 = {"file":"fortunes.dbt","line":5,"column":157,"start":495,"end":504};
const L11 = {"file":"fortunes.dbt","line":5,"column":107,"start":445,"end":474};
const L12 = {"file":"fortunes.dbt","line":5,"column":126,"start":464,"end":472};
return async function render(ctx) {
let $o = "", $row;
try {
await T.execQuery(ctx, "fortunes", undefined, undefined, undefined, undefined, undefined, undefined, undefined, async () => {
let $body0 = "";
const $saved1 = $o; $o = ""; ctx.page.captures++;
try {
$o += "SELECT id, message FROM fortune";
$body0 = $o;
} finally { $o = $saved1; ctx.page.captures--; }
return $body0;
}, L0);
{ const $v4 = rt.call2(ctx, F0, L1, rt.lookupName(ctx, "fortunes", L2), rt.struct(["id","message"], [0, "Additional fortune added at request time."])); rt.assign(ctx, "rows", [], $v4, L3); }
{ const $v5 = rt.call(ctx, F1, L4, rt.lookupName(ctx, "fortunes", L5), "message", "asc", "text"); rt.assign(ctx, "fortunes", [], $v5, L6); }
if (ctx.page.outputOnly === 0) $o += "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>";
{ const $q13 = T.asQuery(rt.lookupName(ctx, "fortunes", L12), L12);
const [$s9, $e10] = T.rowRange($q13, undefined, undefined, L11);
const $f6 = { kind: "row", query: $q13, row: $s9, end: $e10 };
ctx.frames.push($f6);
try {
let $n11 = 0, $r12;
for (let $i7 = $s9, $j8; $i7 < $e10; $i7 = $j8) {
$j8 = $i7 + 1;
if ($o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, 0, $o.length, L11, true)) { await T.pause(ctx.page, L11); $r12 = $f6.query.rows[$f6.row]; }; }
$f6.row = $i7; $f6.end = $j8; $r12 = $f6.query.rows[$i7];
$o += "<tr><td>" + rt.esc(($r12 !== undefined && "id" in $r12 ? $r12["id"] ?? "" : T.col(ctx, $f6, "id", L7)), L8) + "</td><td>" + rt.esc(($r12 !== undefined && "message" in $r12 ? $r12["message"] ?? "" : T.col(ctx, $f6, "message", L9)), L10) + "</td></tr>";
}
} finally { ctx.frames.pop(); }
}
if (ctx.page.outputOnly === 0) $o += "</table></body></html>\n";
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};