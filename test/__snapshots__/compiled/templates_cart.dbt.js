"use strict";
// Compiled by Quarry from "cart.dbt".
let $row;
const L0 = {"file":"cart.dbt","line":5,"column":9,"start":339,"end":342};
const L1 = {"file":"cart.dbt","line":5,"column":12,"start":342,"end":357};
const L2 = {"file":"cart.dbt","line":5,"column":28,"start":358,"end":360};
const L3 = {"file":"cart.dbt","line":6,"column":3,"start":371,"end":433};
const L4 = {"file":"cart.dbt","line":7,"column":3,"start":436,"end":501};
const F0 = F["structKeyExists"];
const L5 = {"file":"cart.dbt","line":8,"column":15,"start":516,"end":548};
const L6 = {"file":"cart.dbt","line":8,"column":31,"start":532,"end":539};
const L7 = {"file":"cart.dbt","line":8,"column":11,"start":512,"end":548};
const L8 = {"file":"cart.dbt","line":9,"column":5,"start":554,"end":581};
const L9 = {"file":"cart.dbt","line":11,"column":20,"start":613,"end":615};
const L10 = {"file":"cart.dbt","line":11,"column":11,"start":604,"end":608};
const L11 = {"file":"cart.dbt","line":11,"column":15,"start":608,"end":612};
const L12 = {"file":"cart.dbt","line":12,"column":66,"start":684,"end":688};
const L13 = {"file":"cart.dbt","line":12,"column":70,"start":688,"end":692};
const L14 = {"file":"cart.dbt","line":12,"column":65,"start":683,"end":693};
const L15 = {"file":"cart.dbt","line":12,"column":5,"start":623,"end":649};
const L16 = {"file":"cart.dbt","line":13,"column":33,"start":738,"end":740};
const L17 = {"file":"cart.dbt","line":13,"column":13,"start":718,"end":725};
const L18 = {"file":"cart.dbt","line":13,"column":20,"start":725,"end":737};
const L19 = {"file":"cart.dbt","line":14,"column":59,"start":802,"end":823};
const L20 = {"file":"cart.dbt","line":14,"column":71,"start":814,"end":818};
const L21 = {"file":"cart.dbt","line":14,"column":75,"start":818,"end":822};
const L22 = {"file":"cart.dbt","line":14,"column":7,"start":750,"end":825};
const L23 = {"file":"cart.dbt","line":16,"column":110,"start":949,"end":950};
const L24 = {"file":"cart.dbt","line":16,"column":40,"start":879,"end":918};
const L25 = {"file":"cart.dbt","line":16,"column":56,"start":895,"end":902};
const L26 = {"file":"cart.dbt","line":16,"column":63,"start":902,"end":907};
const L27 = {"file":"cart.dbt","line":16,"column":70,"start":909,"end":913};
const L28 = {"file":"cart.dbt","line":16,"column":74,"start":913,"end":917};
const L29 = {"file":"cart.dbt","line":16,"column":82,"start":921,"end":928};
const L30 = {"file":"cart.dbt","line":16,"column":95,"start":934,"end":938};
const L31 = {"file":"cart.dbt","line":16,"column":99,"start":938,"end":942};
const L32 = {"file":"cart.dbt","line":16,"column":89,"start":928,"end":933};
const L33 = {"file":"cart.dbt","line":16,"column":94,"start":933,"end":943};
const L34 = {"file":"cart.dbt","line":16,"column":27,"start":866,"end":870};
const L35 = {"file":"cart.dbt","line":16,"column":31,"start":870,"end":874};
const L36 = {"file":"cart.dbt","line":16,"column":5,"start":844,"end":953};
const L37 = {"file":"cart.dbt","line":18,"column":23,"start":988,"end":990};
const L38 = {"file":"cart.dbt","line":18,"column":11,"start":976,"end":980};
const L39 = {"file":"cart.dbt","line":18,"column":15,"start":980,"end":987};
const L40 = {"file":"cart.dbt","line":18,"column":32,"start":997,"end":1039};
const L41 = {"file":"cart.dbt","line":18,"column":48,"start":1013,"end":1020};
const L42 = {"file":"cart.dbt","line":18,"column":55,"start":1020,"end":1025};
const L43 = {"file":"cart.dbt","line":18,"column":62,"start":1027,"end":1031};
const L44 = {"file":"cart.dbt","line":18,"column":66,"start":1031,"end":1038};
const F1 = F["structDelete"];
const L45 = {"file":"cart.dbt","line":19,"column":24,"start":1064,"end":1103};
const L46 = {"file":"cart.dbt","line":19,"column":37,"start":1077,"end":1084};
const L47 = {"file":"cart.dbt","line":19,"column":44,"start":1084,"end":1089};
const L48 = {"file":"cart.dbt","line":19,"column":51,"start":1091,"end":1095};
const L49 = {"file":"cart.dbt","line":19,"column":55,"start":1095,"end":1102};
const L50 = {"file":"cart.dbt","line":19,"column":5,"start":1045,"end":1104};
const L51 = {"file":"cart.dbt","line":21,"column":3,"start":1119,"end":1162};
const L52 = {"file":"cart.dbt","line":23,"column":17,"start":1189,"end":1221};
const L53 = {"file":"cart.dbt","line":23,"column":33,"start":1205,"end":1212};
const L54 = {"file":"cart.dbt","line":23,"column":52,"start":1224,"end":1231};
const L55 = {"file":"cart.dbt","line":23,"column":59,"start":1231,"end":1236};
const L56 = {"file":"cart.dbt","line":23,"column":1,"start":1173,"end":1242};
const B0 = () => "SELECT id, name, price FROM product ORDER BY id";
const L57 = {"file":"cart.dbt","line":24,"column":1,"start":1243,"end":1288};
const L58 = {"file":"cart.dbt","line":25,"column":1,"start":1348,"end":1381};
const L59 = {"file":"cart.dbt","line":26,"column":1,"start":1382,"end":1426};
const L60 = {"file":"cart.dbt","line":28,"column":1,"start":1450,"end":1469};
const L61 = {"file":"cart.dbt","line":32,"column":9,"start":1582,"end":1607};
const L62 = {"file":"cart.dbt","line":32,"column":25,"start":1598,"end":1602};
const L63 = {"file":"cart.dbt","line":32,"column":31,"start":1604,"end":1606};
const L64 = {"file":"cart.dbt","line":33,"column":24,"start":1632,"end":1633};
const L65 = {"file":"cart.dbt","line":33,"column":18,"start":1626,"end":1631};
const L66 = {"file":"cart.dbt","line":33,"column":32,"start":1640,"end":1641};
const L67 = {"file":"cart.dbt","line":33,"column":26,"start":1634,"end":1639};
const L68 = {"file":"cart.dbt","line":33,"column":34,"start":1642,"end":1646};
const L69 = {"file":"cart.dbt","line":33,"column":39,"start":1647,"end":1649};
const L70 = {"file":"cart.dbt","line":33,"column":38,"start":1646,"end":1650};
const L71 = {"file":"cart.dbt","line":33,"column":1,"start":1609,"end":1651};
const L72 = {"file":"cart.dbt","line":34,"column":10,"start":1661,"end":1665};
const L73 = {"file":"cart.dbt","line":34,"column":9,"start":1660,"end":1666};
const L74 = {"file":"cart.dbt","line":34,"column":25,"start":1676,"end":1680};
const L75 = {"file":"cart.dbt","line":34,"column":30,"start":1681,"end":1683};
const L76 = {"file":"cart.dbt","line":34,"column":29,"start":1680,"end":1684};
const L77 = {"file":"cart.dbt","line":34,"column":24,"start":1675,"end":1685};
const F2 = F["numberFormat"];
const L78 = {"file":"cart.dbt","line":34,"column":44,"start":1695,"end":1733};
const L79 = {"file":"cart.dbt","line":34,"column":63,"start":1714,"end":1715};
const L80 = {"file":"cart.dbt","line":34,"column":57,"start":1708,"end":1713};
const L81 = {"file":"cart.dbt","line":34,"column":65,"start":1716,"end":1720};
const L82 = {"file":"cart.dbt","line":34,"column":70,"start":1721,"end":1723};
const L83 = {"file":"cart.dbt","line":34,"column":69,"start":1720,"end":1724};
const L84 = {"file":"cart.dbt","line":34,"column":43,"start":1694,"end":1734};
const F3 = F["csrfField"];
const L85 = {"file":"cart.dbt","line":34,"column":113,"start":1764,"end":1775};
const L86 = {"file":"cart.dbt","line":34,"column":112,"start":1763,"end":1776};
const L87 = {"file":"cart.dbt","line":34,"column":155,"start":1806,"end":1808};
const L88 = {"file":"cart.dbt","line":34,"column":154,"start":1805,"end":1809};
const L89 = {"file":"cart.dbt","line":31,"column":1,"start":1544,"end":1573};
const L90 = {"file":"cart.dbt","line":31,"column":20,"start":1563,"end":1571};
const L91 = {"file":"cart.dbt","line":38,"column":24,"start":1900,"end":1927};
const L92 = {"file":"cart.dbt","line":38,"column":37,"start":1913,"end":1918};
const L93 = {"file":"cart.dbt","line":38,"column":23,"start":1899,"end":1928};
const F4 = F["structCount"];
const L94 = {"file":"cart.dbt","line":38,"column":55,"start":1931,"end":1948};
const L95 = {"file":"cart.dbt","line":38,"column":67,"start":1943,"end":1947};
const L96 = {"file":"cart.dbt","line":38,"column":54,"start":1930,"end":1949};
const L97 = {"file":"cart.dbt","line":42,"column":6,"start":2035,"end":2039};
const L98 = {"file":"cart.dbt","line":42,"column":5,"start":2034,"end":2040};
const L99 = {"file":"cart.dbt","line":42,"column":14,"start":2043,"end":2070};
const L100 = {"file":"cart.dbt","line":42,"column":27,"start":2056,"end":2061};
const L101 = {"file":"cart.dbt","line":42,"column":13,"start":2042,"end":2071};
const L102 = {"file":"cart.dbt","line":42,"column":64,"start":2093,"end":2104};
const L103 = {"file":"cart.dbt","line":42,"column":63,"start":2092,"end":2105};
const L104 = {"file":"cart.dbt","line":42,"column":103,"start":2132,"end":2134};
const L105 = {"file":"cart.dbt","line":42,"column":102,"start":2131,"end":2135};
const L106 = {"file":"cart.dbt","line":41,"column":1,"start":2000,"end":2029};
const L107 = {"file":"cart.dbt","line":41,"column":20,"start":2019,"end":2027};
const L108 = {"file":"cart.dbt","line":45,"column":1,"start":2190,"end":2234};
return async function render(ctx) {
let $o = "", $row;
let $x0, $x6, $x13, $x16, $x17, $x19, $x36, $x37, $x38, $x39, $x40, $x41, $x43, $x44, $x45;
try {
if ((($x0 = rt.field(ctx, (ctx.scopes.cgi ?? rt.base(ctx, "cgi", L0)), "request_method", L1)) === "POST" ? true : rt.eq($x0, "POST", L2))) {
T.checkParam(ctx, "form.add", "integer", true, "0", 0, undefined, undefined, L3);
T.checkParam(ctx, "form.remove", "integer", true, "0", 0, undefined, undefined, L4);
if (!rt.toBool(rt.call2(ctx, F0, L5, rt.lookup(ctx, "session", L6), "cart"), L7)) {
{ const $v5 = rt.struct([], []); rt.assign(ctx, "session", ["cart"], $v5, L8); }
}
if ((($x6 = rt.field(ctx, (ctx.scopes.form ?? rt.base(ctx, "form", L10)), "add", L11)), typeof $x6 === "number" && $x6 === $x6 ? $x6 > 0 : rt.gt($x6, 0, L9))) {
await T.execQuery(ctx, "product", undefined, undefined, undefined, undefined, undefined, undefined, undefined, async () => {
let $body7 = "";
const $saved8 = $o; $o = ""; ctx.page.captures++;
try {
$o += "SELECT id FROM product WHERE id = ";
{ const $r9 = T.queryParam(ctx, rt.field(ctx, (ctx.scopes.form ?? rt.base(ctx, "form", L12)), "add", L13), "", "form.add", undefined, undefined, undefined, undefined, L14); $o += $r9; }
$body7 = $o;
} finally { $o = $saved8; ctx.page.captures--; }
return $body7;
}, L15);
if ((($x13 = rt.field(ctx, rt.lookupName(ctx, "product", L17), "recordCount", L18)), typeof $x13 === "number" && $x13 === $x13 ? $x13 === 0 : rt.eq($x13, 0, L16))) {
T.throwError(ctx, rt.join(L19, "No product ", rt.field(ctx, (ctx.scopes.form ?? rt.base(ctx, "form", L20)), "add", L21)), "app.product", undefined, 404, L22);
}
{ const $v18 = (($x16 = (rt.toBool(rt.call2(ctx, F0, L24, rt.field(ctx, (ctx.scopes.session ?? rt.base(ctx, "session", L25)), "cart", L26), rt.field(ctx, (ctx.scopes.form ?? rt.base(ctx, "form", L27)), "add", L28)), L24) ? rt.memberIndex(ctx, (ctx.scopes.session ?? rt.base(ctx, "session", L29)), "cart", rt.field(ctx, (ctx.scopes.form ?? rt.base(ctx, "form", L30)), "add", L31), L32, L33) : 0)), typeof $x16 === "number" && ($x17 = $x16 + 1) === $x17 ? $x17 : rt.add($x16, 1, L23)); rt.assign(ctx, "session", ["cart", { index: rt.field(ctx, (ctx.scopes.form ?? rt.base(ctx, "form", L34)), "add", L35) }], $v18, L36); }
}
if (((($x19 = rt.field(ctx, (ctx.scopes.form ?? rt.base(ctx, "form", L38)), "remove", L39)), typeof $x19 === "number" && $x19 === $x19 ? $x19 > 0 : rt.gt($x19, 0, L37)) && rt.toBool(rt.call2(ctx, F0, L40, rt.field(ctx, (ctx.scopes.session ?? rt.base(ctx, "session", L41)), "cart", L42), rt.field(ctx, (ctx.scopes.form ?? rt.base(ctx, "form", L43)), "remove", L44)), L40))) {
{ const $v20 = rt.call2(ctx, F1, L45, rt.field(ctx, (ctx.scopes.session ?? rt.base(ctx, "session", L46)), "cart", L47), rt.field(ctx, (ctx.scopes.form ?? rt.base(ctx, "form", L48)), "remove", L49)); rt.assign(ctx, "removed", [], $v20, L50); }
}
T.setLocation(ctx, "/cart", 303, undefined, L51);
}
{ const $v23 = (rt.toBool(rt.call2(ctx, F0, L52, rt.lookup(ctx, "session", L53), "cart"), L52) ? rt.field(ctx, (ctx.scopes.session ?? rt.base(ctx, "session", L54)), "cart", L55) : rt.struct([], [])); rt.assign(ctx, "cart", [], $v23, L56); }
await T.execQuery(ctx, "products", undefined, undefined, undefined, undefined, undefined, "5m", undefined, B0, L57);
{ const $v26 = "Shopping cart"; rt.assign(ctx, "title", [], $v26, L58); }
{ const $before27 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before27, "_layout/header.dbt", L59); } catch ($e28) { $o = T.takeAborted($e28); throw $e28; } }
if (ctx.page.outputOnly === 0) $o += "<h1>Shopping cart</h1>\n";
{ const $v29 = 0; rt.assign(ctx, "total", [], $v29, L60); }
if (ctx.page.outputOnly === 0) $o += "<table>\n<tr><th>Product</th><th>Quantity</th><th>Price</th><th></th></tr>\n";
{ const $q46 = T.asQuery(rt.lookupName(ctx, "products", L90), L90);
const [$s33, $e34] = T.rowRange($q46, undefined, undefined, L89);
const $f30 = { kind: "row", query: $q46, row: $s33, end: $e34 };
ctx.frames.push($f30);
try {
let $n35 = 0;
for (let $i31 = $s33, $j32; $i31 < $e34; $i31 = $j32) {
$j32 = $i31 + 1;
if ($o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, 0, $o.length, L89, true)) await T.pause(ctx.page, L89); }
$f30.row = $i31; $f30.end = $j32;
if (rt.toBool(rt.call2(ctx, F0, L61, (($row = $f30.query.rows[$f30.row]) !== undefined && "cart" in $row ? $row["cart"] ?? "" : T.col(ctx, $f30, "cart", L62)), (($row = $f30.query.rows[$f30.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f30, "id", L63))), L61)) {
{ const $v42 = (($x36 = (($row = $f30.query.rows[$f30.row]) !== undefined && "total" in $row ? $row["total"] ?? "" : T.col(ctx, $f30, "total", L65))), ($x40 = (($x37 = (($row = $f30.query.rows[$f30.row]) !== undefined && "price" in $row ? $row["price"] ?? "" : T.col(ctx, $f30, "price", L67))), ($x38 = rt.index(ctx, (($row = $f30.query.rows[$f30.row]) !== undefined && "cart" in $row ? $row["cart"] ?? "" : T.col(ctx, $f30, "cart", L68)), (($row = $f30.query.rows[$f30.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f30, "id", L69)), L70)), typeof $x37 === "number" && typeof $x38 === "number" && ($x39 = $x37 * $x38) === $x39 ? $x39 : rt.mul($x37, $x38, L66))), typeof $x36 === "number" && ($x41 = $x36 + $x40) === $x41 ? $x41 : rt.add($x36, $x40, L64)); rt.assign(ctx, "total", [], $v42, L71); }
$o += "<tr><td>" + rt.esc((($row = $f30.query.rows[$f30.row]) !== undefined && "name" in $row ? $row["name"] ?? "" : T.col(ctx, $f30, "name", L72)), L73) + "</td><td>" + rt.esc(rt.index(ctx, (($row = $f30.query.rows[$f30.row]) !== undefined && "cart" in $row ? $row["cart"] ?? "" : T.col(ctx, $f30, "cart", L74)), (($row = $f30.query.rows[$f30.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f30, "id", L75)), L76), L77) + "</td><td>" + rt.esc(rt.call2(ctx, F2, L78, (($x43 = (($row = $f30.query.rows[$f30.row]) !== undefined && "price" in $row ? $row["price"] ?? "" : T.col(ctx, $f30, "price", L80))), ($x44 = rt.index(ctx, (($row = $f30.query.rows[$f30.row]) !== undefined && "cart" in $row ? $row["cart"] ?? "" : T.col(ctx, $f30, "cart", L81)), (($row = $f30.query.rows[$f30.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f30, "id", L82)), L83)), typeof $x43 === "number" && typeof $x44 === "number" && ($x45 = $x43 * $x44) === $x45 ? $x45 : rt.mul($x43, $x44, L79)), "0.00"), L84) + "</td><td><form method=\"post\">" + rt.esc(rt.call(ctx, F3, L85), L86) + "<button name=\"remove\" value=\"" + rt.esc((($row = $f30.query.rows[$f30.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f30, "id", L87)), L88) + "\">Remove</button></form></td></tr>\n";
}
}
} finally { ctx.frames.pop(); }
}
if (ctx.page.outputOnly === 0) $o += "</table>\n";
$o += "<p>Total: " + rt.esc(rt.call2(ctx, F2, L91, rt.lookupName(ctx, "total", L92), "0.00"), L93) + " (" + rt.esc(rt.call1(ctx, F4, L94, rt.lookupName(ctx, "cart", L95)), L96) + " products)</p>";
if (ctx.page.outputOnly === 0) $o += "\n<h2>Products</h2>\n<ul>\n";
{ const $q53 = T.asQuery(rt.lookupName(ctx, "products", L107), L107);
const [$s50, $e51] = T.rowRange($q53, undefined, undefined, L106);
const $f47 = { kind: "row", query: $q53, row: $s50, end: $e51 };
ctx.frames.push($f47);
try {
let $n52 = 0;
for (let $i48 = $s50, $j49; $i48 < $e51; $i48 = $j49) {
$j49 = $i48 + 1;
if ($o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, 0, $o.length, L106, true)) await T.pause(ctx.page, L106); }
$f47.row = $i48; $f47.end = $j49;
$o += "<li>" + rt.esc((($row = $f47.query.rows[$f47.row]) !== undefined && "name" in $row ? $row["name"] ?? "" : T.col(ctx, $f47, "name", L97)), L98) + ", " + rt.esc(rt.call2(ctx, F2, L99, (($row = $f47.query.rows[$f47.row]) !== undefined && "price" in $row ? $row["price"] ?? "" : T.col(ctx, $f47, "price", L100)), "0.00"), L101) + " <form method=\"post\">" + rt.esc(rt.call(ctx, F3, L102), L103) + "<button name=\"add\" value=\"" + rt.esc((($row = $f47.query.rows[$f47.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f47, "id", L104)), L105) + "\">Add to cart</button></form></li>\n";
}
} finally { ctx.frames.pop(); }
}
if (ctx.page.outputOnly === 0) $o += "</ul>\n";
{ const $before54 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before54, "_layout/footer.dbt", L108); } catch ($e55) { $o = T.takeAborted($e55); throw $e55; } }
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};