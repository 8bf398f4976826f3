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
let $x24, $x25, $x26, $F27 = 0, $x39, $x40, $x41, $x49, $x50, $x51, $x54, $x55, $x56, $x57, $x58;
try {
if (ctx.page.outputOnly === 0) $o += "<table>\n";
{ const $q59 = T.asQuery(rt.lookupName(ctx, "rows", L16), L16);
const [$s3, $e4] = T.rowRange($q59, undefined, undefined, L15);
const $f0 = { kind: "row", query: $q59, row: $s3, end: $e4 };
ctx.frames.push($f0);
try {
let $n5 = 0, $k6, $r7;
for (let $i1 = $s3, $j2; $i1 < $e4; $i1 = $j2) {
$j2 = $i1 + 1;
if ($o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, 0, $o.length, L15, true)) { yield L15; $k6 = undefined; $r7 = $f0.query.rows[$f0.row]; }; }
$f0.row = $i1; $f0.end = $j2; $r7 = $f0.query.rows[$i1];
$o += "<tr><td>" + rt.esc(($r7 !== undefined && "id" in $r7 ? $r7["id"] ?? "" : T.col(ctx, $f0, "id", L0)), L1) + "</td><td>" + rt.esc(($r7 !== undefined && "name" in $r7 ? $r7["name"] ?? "" : T.col(ctx, $f0, "name", L2)), L3) + "</td>";
{ const $vars8 = ctx.scopes.local ?? ctx.scopes.variables;
if ($k6 === undefined) { T.respell($vars8, "j"); $k6 = T.shadowedRows(ctx, $vars8, "j", $f0, $s3, $e4); }
const $slow9 = ctx.page.scopesShared || ctx.scopes.local !== undefined || $k6;
let $r10;
try {
let $done13 = false, $replay16 = false;
if (!$slow9) {
const $len14 = $o.length;
let $at12 = L4, $b11 = ctx.page.budget;
try {
{ let $s28 = false;
$F27 = 0; 
{ let $n31 = 0, $lim36 = 0, $k37 = 0, $i33 = 0, $rz29 = 0;
$lim36 = ctx.limits.maxIterations;
if (5 <= $lim36 && $b11 > 5) {
$n31 = 0; $i33 = 1;
$loop30: for (;;) {
if (!($i33 <= 5)) { $F27 = $i33; $s28 = true; break; }
++$n31; if ($o.length > ctx.limits.maxOutputLength) T.tick(ctx, $n31, $o.length, L4, true);
--$b11;
$F27 = $i33; $s28 = true;
$b38: {
$o += "<td>" + rt.numToStr((($x54 = ($r7 !== undefined && "id" in $r7 ? $r7["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x55 = $F27), typeof $x54 === "number" && ($x56 = $x54 * $x55) === $x56 ? $x56 : rt.mul($x54, $x55, L5))) + "</td>";
}
$i33 += 1;
}
} else
$re52: for (;;) {
$n31 = +$n31; $lim36 = +$lim36; $k37 = +$k37; $i33 = +$i33; $b11 = ctx.page.budget;
try {
if ($rz29 === 0) { $n31 = 0; $k37 = 0; $lim36 = ctx.limits.maxIterations; $i33 = 1;
}
$loop30: for (;;) {
if ($rz29 !== 0) { $rz29 = 0; }
else {
if (!($i33 <= 5)) { $F27 = $i33; $s28 = true; break; }
if (++$n31 > $lim36 || $o.length > ctx.limits.maxOutputLength || --$b11 <= 0) { ctx.page.budget = $b11; if (T.tick(ctx, $n31, $o.length, L4, true)) { $rz29 = 1; $at12 = L4; throw T.PAUSE; } $b11 = ctx.page.budget; }
}
$F27 = $i33; $s28 = true;
$b38: {
$o += "<td>" + rt.numToStr((($x39 = ($r7 !== undefined && "id" in $r7 ? $r7["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x40 = $F27), typeof $x39 === "number" && ($x41 = $x39 * $x40) === $x41 ? $x41 : rt.mul($x39, $x40, L5))) + "</td>";
}
$i33 += 1;
$k37 = Math.min($lim36 - $n31, $b11 - 1);
if ($k37 > 0) { let $brk46 = false; $n31 += $k37; $b11 -= $k37;
{ let $k47 = $k37, $i48 = $i33, $w42 = $F27, $f43 = false;
$run44: while ($k47 > 0 && $o.length <= ctx.limits.maxOutputLength && ($i48 <= 5)) {
$k47--;
$w42 = $i48; $f43 = true;
$b45: {
$o += "<td>" + rt.numToStr((($x49 = ($r7 !== undefined && "id" in $r7 ? $r7["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x50 = $w42), typeof $x49 === "number" && ($x51 = $x49 * $x50) === $x51 ? $x51 : rt.mul($x49, $x50, L5))) + "</td>";
}
$i48 += 1;
}
$k37 = $k47; $i33 = $i48; $F27 = $w42; if ($f43) $s28 = true;
}
$n31 -= $k37; $b11 += $k37; $k37 = 0;
if ($brk46) break $loop30;
}
}
break $re52;
} catch ($e53) {
if ($e53 !== T.PAUSE) throw $e53;
{ yield $at12;  $k6 = undefined; $r7 = $f0.query.rows[$f0.row]; };
}
}
}
ctx.page.budget = $b11; if ($s28) $r10 = $F27;
}
$done13 = true;
} catch ($e15) {
$o = $o.slice(0, $len14);
// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if ($e15?.catchable === false) throw $e15;
ctx.page.budget = $b11; ctx.page.replaying++; $replay16 = true;
}
}
if (!$done13) {
$r10 = $slow9 ? undefined : T.own($vars8, "j");
try {
{ let $n19 = 0, $i21;
$i21 = 1;
$loop18: for (; ; $i21 += 1) {
if (!($i21 <= 5)) { if ($slow9) $vars8["j"] = $i21; else $r10 = $i21; break; }
if (++$n19 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n19, $o.length, L4, true)) { yield L4;  $k6 = undefined; $r7 = $f0.query.rows[$f0.row]; }; }
if ($slow9) $vars8["j"] = $i21; else $r10 = $i21;
$o += "<td>" + rt.numToStr((($x24 = ($r7 !== undefined && "id" in $r7 ? $r7["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x25 = ($r10 !== undefined ? $r10 : rt.lookupName(ctx, "j", L7))), typeof $x24 === "number" && typeof $x25 === "number" && ($x26 = $x24 * $x25) === $x26 ? $x26 : rt.mul($x24, $x25, L5))) + "</td>";
}
}
} finally { if ($replay16) ctx.page.replaying--; }
}
} finally { if (!$slow9) { if ($r10 !== undefined) $vars8["j"] = $r10; } }
}
if ((($x58 = (($x57 = ($r7 !== undefined && "id" in $r7 ? $r7["id"] ?? "" : T.col(ctx, $f0, "id", L10))), typeof $x57 === "number" && $x57 === $x57 && 2 === 2 && 2 !== 0 ? $x57 % 2 : rt.mod($x57, 2, L9))), $x58 === $x58 ? $x58 === 0 : rt.eq($x58, 0, L8))) {
$o += "<td class=\"even\">" + rt.esc(($r7 !== undefined && "price" in $r7 ? $r7["price"] ?? "" : T.col(ctx, $f0, "price", L11)), L12) + "</td>";
} else {
$o += "<td>" + rt.esc(($r7 !== undefined && "price" in $r7 ? $r7["price"] ?? "" : T.col(ctx, $f0, "price", L13)), L14) + "</td>";
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