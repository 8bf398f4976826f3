"use strict";
// Compiled by Quarry from "authors.dbt".
let $row;
const L0 = {"file":"authors.dbt","line":1,"column":1,"start":0,"end":27};
const L1 = {"file":"authors.dbt","line":2,"column":1,"start":28,"end":72};
const L2 = {"file":"authors.dbt","line":3,"column":1,"start":73,"end":99};
const L3 = {"file":"authors.dbt","line":11,"column":10,"start":428,"end":433};
const L4 = {"file":"authors.dbt","line":11,"column":9,"start":427,"end":434};
const L5 = {"file":"authors.dbt","line":11,"column":26,"start":444,"end":452};
const L6 = {"file":"authors.dbt","line":11,"column":25,"start":443,"end":453};
const L7 = {"file":"authors.dbt","line":11,"column":45,"start":463,"end":471};
const L8 = {"file":"authors.dbt","line":11,"column":44,"start":462,"end":472};
const L9 = {"file":"authors.dbt","line":11,"column":64,"start":482,"end":487};
const L10 = {"file":"authors.dbt","line":11,"column":63,"start":481,"end":488};
const L11 = {"file":"authors.dbt","line":11,"column":80,"start":498,"end":505};
const L12 = {"file":"authors.dbt","line":11,"column":79,"start":497,"end":506};
const L13 = {"file":"authors.dbt","line":11,"column":98,"start":516,"end":520};
const L14 = {"file":"authors.dbt","line":11,"column":97,"start":515,"end":521};
const L15 = {"file":"authors.dbt","line":11,"column":113,"start":531,"end":536};
const L16 = {"file":"authors.dbt","line":11,"column":112,"start":530,"end":537};
const L17 = {"file":"authors.dbt","line":11,"column":129,"start":547,"end":550};
const L18 = {"file":"authors.dbt","line":11,"column":128,"start":546,"end":551};
const F0 = F["yesNoFormat"];
const L19 = {"file":"authors.dbt","line":11,"column":143,"start":561,"end":582};
const L20 = {"file":"authors.dbt","line":11,"column":155,"start":573,"end":581};
const L21 = {"file":"authors.dbt","line":11,"column":142,"start":560,"end":583};
const L22 = {"file":"authors.dbt","line":10,"column":1,"start":390,"end":418};
const L23 = {"file":"authors.dbt","line":10,"column":20,"start":409,"end":416};
const L24 = {"file":"authors.dbt","line":14,"column":1,"start":617,"end":661};
return async function render(ctx) {
let $o = "", $row;
try {
{ const $v0 = "Authors"; rt.assign(ctx, "title", [], $v0, L0); }
{ const $before1 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before1, "_layout/header.dbt", L1); } catch ($e2) { $o = T.takeAborted($e2); throw $e2; } }
await T.execQuery(ctx, "authors", undefined, undefined, undefined, undefined, undefined, undefined, undefined, async () => {
let $body3 = "";
const $saved4 = $o; $o = ""; ctx.page.captures++;
try {
$o += "\n  SELECT au_id, au_fname, au_lname, phone, address, city, state, zip, contract\n  FROM author ORDER BY au_id\n";
$body3 = $o;
} finally { $o = $saved4; ctx.page.captures--; }
return $body3;
}, L2);
if (ctx.page.outputOnly === 0) $o += "<h1>Authors</h1>\n<table>\n<tr><th>ID</th><th>First name</th><th>Last name</th><th>Phone</th><th>Address</th><th>City</th><th>State</th><th>Zip</th><th>Contract</th></tr>\n";
{ const $q14 = T.asQuery(rt.lookupName(ctx, "authors", L23), L23);
const [$s10, $e11] = T.rowRange($q14, undefined, undefined, L22);
const $f7 = { kind: "row", query: $q14, row: $s10, end: $e11 };
ctx.frames.push($f7);
try {
let $n12 = 0, $r13;
for (let $i8 = $s10, $j9; $i8 < $e11; $i8 = $j9) {
$j9 = $i8 + 1;
if ($o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, 0, $o.length, L22, true)) { await T.pause(ctx.page, L22); $r13 = $f7.query.rows[$f7.row]; }; }
$f7.row = $i8; $f7.end = $j9; $r13 = $f7.query.rows[$i8];
$o += "<tr><td>" + rt.esc(($r13 !== undefined && "au_id" in $r13 ? $r13["au_id"] ?? "" : T.col(ctx, $f7, "au_id", L3)), L4) + "</td><td>" + rt.esc(($r13 !== undefined && "au_fname" in $r13 ? $r13["au_fname"] ?? "" : T.col(ctx, $f7, "au_fname", L5)), L6) + "</td><td>" + rt.esc(($r13 !== undefined && "au_lname" in $r13 ? $r13["au_lname"] ?? "" : T.col(ctx, $f7, "au_lname", L7)), L8) + "</td><td>" + rt.esc(($r13 !== undefined && "phone" in $r13 ? $r13["phone"] ?? "" : T.col(ctx, $f7, "phone", L9)), L10) + "</td><td>" + rt.esc(($r13 !== undefined && "address" in $r13 ? $r13["address"] ?? "" : T.col(ctx, $f7, "address", L11)), L12) + "</td><td>" + rt.esc(($r13 !== undefined && "city" in $r13 ? $r13["city"] ?? "" : T.col(ctx, $f7, "city", L13)), L14) + "</td><td>" + rt.esc(($r13 !== undefined && "state" in $r13 ? $r13["state"] ?? "" : T.col(ctx, $f7, "state", L15)), L16) + "</td><td>" + rt.esc(($r13 !== undefined && "zip" in $r13 ? $r13["zip"] ?? "" : T.col(ctx, $f7, "zip", L17)), L18) + "</td><td>" + rt.esc(rt.call1(ctx, F0, L19, ($r13 !== undefined && "contract" in $r13 ? $r13["contract"] ?? "" : T.col(ctx, $f7, "contract", L20))), L21) + "</td></tr>\n";
}
} finally { ctx.frames.pop(); }
}
if (ctx.page.outputOnly === 0) $o += "</table>\n";
{ const $before15 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before15, "_layout/footer.dbt", L24); } catch ($e16) { $o = T.takeAborted($e16); throw $e16; } }
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};