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
let $x23, $x24, $x25, $F26 = 0, $x38, $x39, $x40, $x48, $x49, $x50, $x53, $x54;
try {
if (ctx.page.outputOnly === 0) $o += "<table>\n";
{ const $q55 = T.asQuery(rt.lookupName(ctx, "rows", L16), L16);
const [$s3, $e4] = T.rowRange($q55, undefined, undefined, L15);
const $f0 = { kind: "row", query: $q55, row: $s3, end: $e4 };
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
{ let $s27 = false;
$F26 = 0; 
{ let $n30 = 0, $lim35 = 0, $k36 = 0, $i32 = 0, $rz28 = 0;
$re51: for (;;) {
$n30 = +$n30; $lim35 = +$lim35; $k36 = +$k36; $i32 = +$i32; $b10 = ctx.page.budget;
try {
if ($rz28 === 0) { $n30 = 0; $k36 = 0; $lim35 = ctx.limits.maxIterations; $i32 = 1;
}
$loop29: for (;;) {
if ($rz28 !== 0) { $rz28 = 0; }
else {
if (!($i32 <= 5)) { $F26 = $i32; $s27 = true; break; }
if (++$n30 > $lim35 || $o.length > ctx.limits.maxOutputLength || --$b10 <= 0) { ctx.page.budget = $b10; if (T.tick(ctx, $n30, $o.length, L4, true)) { $rz28 = 1; $at11 = L4; throw T.PAUSE; } $b10 = ctx.page.budget; }
}
$F26 = $i32; $s27 = true;
$b37: {
$o += "<td>" + rt.numToStr((($x38 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x39 = $F26), typeof $x38 === "number" && ($x40 = $x38 * $x39) === $x40 ? $x40 : rt.mul($x38, $x39, L5))) + "</td>";
}
$i32 += 1;
$k36 = Math.min($lim35 - $n30, $b10 - 1);
if ($k36 > 0) { let $brk45 = false; $n30 += $k36; $b10 -= $k36;
{ let $k46 = $k36, $i47 = $i32, $w41 = $F26, $f42 = false;
$run43: while ($k46 > 0 && $o.length <= ctx.limits.maxOutputLength && ($i47 <= 5)) {
$k46--;
$w41 = $i47; $f42 = true;
$b44: {
$o += "<td>" + rt.numToStr((($x48 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x49 = $w41), typeof $x48 === "number" && ($x50 = $x48 * $x49) === $x50 ? $x50 : rt.mul($x48, $x49, L5))) + "</td>";
}
$i47 += 1;
}
$k36 = $k46; $i32 = $i47; $F26 = $w41; if ($f42) $s27 = true;
}
$n30 -= $k36; $b10 += $k36; $k36 = 0;
if ($brk45) break $loop29;
}
}
break $re51;
} catch ($e52) {
if ($e52 !== T.PAUSE) throw $e52;
{ yield $at11;  $k6 = undefined; };
}
}
}
ctx.page.budget = $b10; if ($s27) $r9 = $F26;
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
if ((($x54 = (($x53 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L10))), typeof $x53 === "number" && $x53 === $x53 && 2 === 2 && 2 !== 0 ? $x53 % 2 : rt.mod($x53, 2, L9))), $x54 === $x54 ? $x54 === 0 : rt.eq($x54, 0, L8))) {
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