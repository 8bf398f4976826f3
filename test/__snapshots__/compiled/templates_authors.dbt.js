"use strict";
// Compiled by Quarry from "authors.dbt".
let $row;
const L0 = {"file":"authors.dbt","line":1,"column":1,"start":0,"end":27};
const L1 = {"file":"authors.dbt","line":2,"column":1,"start":28,"end":72};
const B0 = () => "\n  SELECT au_id, au_fname, au_lname, phone, address, city, state, zip, contract\n  FROM author ORDER BY au_id\n";
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
await T.execQuery(ctx, "authors", undefined, undefined, undefined, undefined, undefined, undefined, undefined, B0, L2);
if (ctx.page.outputOnly === 0) $o += "<h1>Authors</h1>\n<table>\n<tr><th>ID</th><th>First name</th><th>Last name</th><th>Phone</th><th>Address</th><th>City</th><th>State</th><th>Zip</th><th>Contract</th></tr>\n";
{ const $q12 = T.asQuery(rt.lookupName(ctx, "authors", L23), L23);
const [$s8, $e9] = T.rowRange($q12, undefined, undefined, L22);
const $f5 = { kind: "row", query: $q12, row: $s8, end: $e9 };
ctx.frames.push($f5);
try {
let $n10 = 0, $r11;
for (let $i6 = $s8, $j7; $i6 < $e9; $i6 = $j7) {
$j7 = $i6 + 1;
if ($o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, 0, $o.length, L22, true)) { await T.pause(ctx.page, L22); $r11 = $f5.query.rows[$f5.row]; }; }
$f5.row = $i6; $f5.end = $j7; $r11 = $f5.query.rows[$i6];
$o += "<tr><td>" + rt.esc(($r11 !== undefined && "au_id" in $r11 ? $r11["au_id"] ?? "" : T.col(ctx, $f5, "au_id", L3)), L4) + "</td><td>" + rt.esc(($r11 !== undefined && "au_fname" in $r11 ? $r11["au_fname"] ?? "" : T.col(ctx, $f5, "au_fname", L5)), L6) + "</td><td>" + rt.esc(($r11 !== undefined && "au_lname" in $r11 ? $r11["au_lname"] ?? "" : T.col(ctx, $f5, "au_lname", L7)), L8) + "</td><td>" + rt.esc(($r11 !== undefined && "phone" in $r11 ? $r11["phone"] ?? "" : T.col(ctx, $f5, "phone", L9)), L10) + "</td><td>" + rt.esc(($r11 !== undefined && "address" in $r11 ? $r11["address"] ?? "" : T.col(ctx, $f5, "address", L11)), L12) + "</td><td>" + rt.esc(($r11 !== undefined && "city" in $r11 ? $r11["city"] ?? "" : T.col(ctx, $f5, "city", L13)), L14) + "</td><td>" + rt.esc(($r11 !== undefined && "state" in $r11 ? $r11["state"] ?? "" : T.col(ctx, $f5, "state", L15)), L16) + "</td><td>" + rt.esc(($r11 !== undefined && "zip" in $r11 ? $r11["zip"] ?? "" : T.col(ctx, $f5, "zip", L17)), L18) + "</td><td>" + rt.esc(rt.call1(ctx, F0, L19, ($r11 !== undefined && "contract" in $r11 ? $r11["contract"] ?? "" : T.col(ctx, $f5, "contract", L20))), L21) + "</td></tr>\n";
}
} finally { ctx.frames.pop(); }
}
if (ctx.page.outputOnly === 0) $o += "</table>\n";
{ const $before13 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before13, "_layout/footer.dbt", L24); } catch ($e14) { $o = T.takeAborted($e14); throw $e14; } }
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};