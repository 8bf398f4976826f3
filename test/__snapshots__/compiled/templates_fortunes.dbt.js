"use strict";
// Compiled by Quarry from "fortunes.dbt".
let $row;
const B0 = () => "SELECT id, message FROM fortune";
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
await T.execQuery(ctx, "fortunes", undefined, undefined, undefined, undefined, undefined, undefined, undefined, B0, L0);
{ const $v2 = rt.call2(ctx, F0, L1, rt.lookupName(ctx, "fortunes", L2), rt.struct(["id","message"], [0, "Additional fortune added at request time."])); rt.assign(ctx, "rows", [], $v2, L3); }
{ const $v3 = rt.call(ctx, F1, L4, rt.lookupName(ctx, "fortunes", L5), "message", "asc", "text"); rt.assign(ctx, "fortunes", [], $v3, L6); }
if (ctx.page.outputOnly === 0) $o += "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>";
{ const $q11 = T.asQuery(rt.lookupName(ctx, "fortunes", L12), L12);
const [$s7, $e8] = T.rowRange($q11, undefined, undefined, L11);
const $f4 = { kind: "row", query: $q11, row: $s7, end: $e8 };
ctx.frames.push($f4);
try {
let $n9 = 0, $r10;
for (let $i5 = $s7, $j6; $i5 < $e8; $i5 = $j6) {
$j6 = $i5 + 1;
if ($o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, 0, $o.length, L11, true)) { await T.pause(ctx.page, L11); $r10 = $f4.query.rows[$f4.row]; }; }
$f4.row = $i5; $f4.end = $j6; $r10 = $f4.query.rows[$i5];
$o += "<tr><td>" + rt.esc(($r10 !== undefined && "id" in $r10 ? $r10["id"] ?? "" : T.col(ctx, $f4, "id", L7)), L8) + "</td><td>" + rt.esc(($r10 !== undefined && "message" in $r10 ? $r10["message"] ?? "" : T.col(ctx, $f4, "message", L9)), L10) + "</td></tr>";
}
} finally { ctx.frames.pop(); }
}
if (ctx.page.outputOnly === 0) $o += "</table></body></html>\n";
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};