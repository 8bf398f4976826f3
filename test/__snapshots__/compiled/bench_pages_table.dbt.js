"use strict";
// Compiled by Quarry from "table.dbt".
let $row;
const L0 = {"file":"table.dbt","line":2,"column":35,"start":42,"end":44};
const L1 = {"file":"table.dbt","line":2,"column":34,"start":41,"end":45};
const L2 = {"file":"table.dbt","line":2,"column":48,"start":55,"end":59};
const L3 = {"file":"table.dbt","line":2,"column":47,"start":54,"end":60};
const L4 = {"file":"table.dbt","line":2,"column":58,"start":65,"end":101};
const L5 = {"file":"table.dbt","line":2,"column":102,"start":109,"end":110};
const L6 = {"file":"table.dbt","line":2,"column":99,"start":106,"end":108};
const L7 = {"file":"table.dbt","line":2,"column":104,"start":111,"end":112};
const L8 = {"file":"table.dbt","line":2,"column":139,"start":146,"end":148};
const L9 = {"file":"table.dbt","line":2,"column":133,"start":140,"end":143};
const L10 = {"file":"table.dbt","line":2,"column":130,"start":137,"end":139};
const L11 = {"file":"table.dbt","line":2,"column":162,"start":169,"end":174};
const L12 = {"file":"table.dbt","line":2,"column":161,"start":168,"end":175};
const L13 = {"file":"table.dbt","line":2,"column":188,"start":195,"end":200};
const L14 = {"file":"table.dbt","line":2,"column":187,"start":194,"end":201};
const L15 = {"file":"table.dbt","line":2,"column":1,"start":8,"end":33};
const L16 = {"file":"table.dbt","line":2,"column":20,"start":27,"end":31};
const $run = function* render(ctx) {
let $o = "", $row;
let $x23, $x24, $x25, $x37, $x38, $x39, $x47, $x48, $x49, $x52, $x53, $F = [null];
try {
if (ctx.page.outputOnly === 0) $o += "<table>\n";
{ const $q54 = T.asQuery(rt.lookupName(ctx, "rows", L16), L16);
const [$s3, $e4] = T.rowRange($q54, undefined, undefined, L15);
const $f0 = { kind: "row", query: $q54, row: $s3, end: $e4 };
ctx.frames.push($f0);
try {
let $n5 = 0, $k6;
for (let $i1 = $s3, $j2; $i1 < $e4; $i1 = $j2) {
$j2 = $i1 + 1;
if ($o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, 0, $o.length, L15, true)) { yield L15; $k6 = undefined; }; }
$f0.row = $i1; $f0.end = $j2;
$o += "<tr><td>" + rt.esc((($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L0)), L1) + "</td><td>" + rt.esc((($row = $f0.query.rows[$f0.row]) !== undefined && "name" in $row ? $row["name"] ?? "" : T.col(ctx, $f0, "name", L2)), L3) + "</td>";
{ const $vars7 = ctx.scopes.local ?? ctx.scopes.variables;
if ($k6 === undefined) { T.respell($vars7, "j"); $k6 = T.shadowedRows(ctx, $vars7, "j", $f0, $s3, $e4); }
const $slow8 = ctx.page.scopesShared || ctx.scopes.local !== undefined || $k6;
let $r9;
try {
let $done12 = false, $replay15 = false;
if (!$slow8) {
const $len13 = $o.length;
let $at11 = L4, $b10 = ctx.page.budget;
try {
{ let $s26 = false;
$F[0] = 0; 
{ let $n29 = 0, $lim34 = 0, $k35 = 0, $i31 = 0, $rz27 = 0;
$re50: for (;;) {
$n29 = +$n29; $lim34 = +$lim34; $k35 = +$k35; $i31 = +$i31; $b10 = ctx.page.budget;
try {
if ($rz27 === 0) { $n29 = 0; $k35 = 0; $lim34 = ctx.limits.maxIterations; $i31 = 1;
}
$loop28: for (;;) {
if ($rz27 !== 0) { $rz27 = 0; }
else {
if (!($i31 <= 5)) { $F[0] = $i31; $s26 = true; break; }
if (++$n29 > $lim34 || $o.length > ctx.limits.maxOutputLength || --$b10 <= 0) { ctx.page.budget = $b10; if (T.tick(ctx, $n29, $o.length, L4, true)) { $rz27 = 1; $at11 = L4; throw T.PAUSE; } $b10 = ctx.page.budget; }
}
$F[0] = $i31; $s26 = true;
$b36: {
$o += "<td>" + rt.numToStr((($x37 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x38 = $F[0]), typeof $x37 === "number" && ($x39 = $x37 * $x38) === $x39 ? $x39 : rt.mul($x37, $x38, L5))) + "</td>";
}
$i31 += 1;
$k35 = Math.min($lim34 - $n29, $b10 - 1);
if ($k35 > 0) { let $brk44 = false; $n29 += $k35; $b10 -= $k35;
{ let $k45 = $k35, $i46 = $i31, $w40 = $F[0], $f41 = false;
$run42: while ($k45 > 0 && $o.length <= ctx.limits.maxOutputLength && ($i46 <= 5)) {
$k45--;
$w40 = $i46; $f41 = true;
$b43: {
$o += "<td>" + rt.numToStr((($x47 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x48 = $w40), typeof $x47 === "number" && ($x49 = $x47 * $x48) === $x49 ? $x49 : rt.mul($x47, $x48, L5))) + "</td>";
}
$i46 += 1;
}
$k35 = $k45; $i31 = $i46; $F[0] = $w40; if ($f41) $s26 = true;
}
$n29 -= $k35; $b10 += $k35; $k35 = 0;
if ($brk44) break $loop28;
}
}
break $re50;
} catch ($e51) {
if ($e51 !== T.PAUSE) throw $e51;
{ yield $at11;  $k6 = undefined; };
}
}
}
ctx.page.budget = $b10; if ($s26) $r9 = $F[0];
}
$done12 = true;
} catch ($e14) {
$o = $o.slice(0, $len13);
// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if ($e14?.catchable === false) throw $e14;
ctx.page.budget = $b10; ctx.page.replaying++; $replay15 = true;
}
}
if (!$done12) {
$r9 = $slow8 ? undefined : T.own($vars7, "j");
try {
{ let $n18 = 0, $i20;
$i20 = 1;
$loop17: for (; ; $i20 += 1) {
if (!($i20 <= 5)) { if ($slow8) $vars7["j"] = $i20; else $r9 = $i20; break; }
if (++$n18 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n18, $o.length, L4, true)) { yield L4;  $k6 = undefined; }; }
if ($slow8) $vars7["j"] = $i20; else $r9 = $i20;
$o += "<td>" + rt.numToStr((($x23 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x24 = ($r9 !== undefined ? $r9 : rt.lookupName(ctx, "j", L7))), typeof $x23 === "number" && typeof $x24 === "number" && ($x25 = $x23 * $x24) === $x25 ? $x25 : rt.mul($x23, $x24, L5))) + "</td>";
}
}
} finally { if ($replay15) ctx.page.replaying--; }
}
} finally { if (!$slow8) { if ($r9 !== undefined) $vars7["j"] = $r9; } }
}
if ((($x53 = (($x52 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L10))), typeof $x52 === "number" && $x52 === $x52 && 2 === 2 && 2 !== 0 ? $x52 % 2 : rt.mod($x52, 2, L9))), $x53 === $x53 ? $x53 === 0 : rt.eq($x53, 0, L8))) {
$o += "<td class=\"even\">" + rt.esc((($row = $f0.query.rows[$f0.row]) !== undefined && "price" in $row ? $row["price"] ?? "" : T.col(ctx, $f0, "price", L11)), L12) + "</td>";
} else {
$o += "<td>" + rt.esc((($row = $f0.query.rows[$f0.row]) !== undefined && "price" in $row ? $row["price"] ?? "" : T.col(ctx, $f0, "price", L13)), L14) + "</td>";
}
$o += "</tr>\n";
}
} finally { ctx.frames.pop(); }
}
if (ctx.page.outputOnly === 0) $o += "</table>\n";
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};
return function render(ctx) { return rt.settle(ctx.page, $run(ctx)); };