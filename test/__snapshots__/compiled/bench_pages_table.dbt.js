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
let $x22, $x23, $x24, $x35, $x36, $x37, $x45, $x46, $x47, $x50, $x51, $F = [null];
try {
if (ctx.page.outputOnly === 0) $o += "<table>\n";
{ const $q52 = T.asQuery(rt.lookupName(ctx, "rows", L16), L16);
const [$s3, $e4] = T.rowRange($q52, undefined, undefined, L15);
const $f0 = { kind: "row", query: $q52, row: $s3, end: $e4 };
ctx.frames.push($f0);
try {
let $n5 = 0;
for (let $i1 = $s3, $j2; $i1 < $e4; $i1 = $j2) {
$j2 = $i1 + 1;
if ($o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, 0, $o.length, L15, true)) yield L15; }
$f0.row = $i1; $f0.end = $j2;
$o += "<tr><td>" + rt.esc((($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L0)), L1) + "</td><td>" + rt.esc((($row = $f0.query.rows[$f0.row]) !== undefined && "name" in $row ? $row["name"] ?? "" : T.col(ctx, $f0, "name", L2)), L3) + "</td>";
{ const $vars6 = ctx.scopes.local ?? ctx.scopes.variables;
T.respell($vars6, "j"); const $slow7 = ctx.page.scopesShared || ctx.scopes.local !== undefined || T.shadowed(ctx, $vars6, "j");
let $r8;
try {
let $done12 = false;
if (!$slow7) {
const $len13 = $o.length;
let $at11 = L4, $b10 = ctx.page.budget;
try {
{ let $s9 = false;
$F[0] = 0; 
{ let $n27 = 0, $lim32 = 0, $k33 = 0, $i29 = 0, $rz25 = 0;
$re48: for (;;) {
$n27 = +$n27; $lim32 = +$lim32; $k33 = +$k33; $i29 = +$i29; $b10 = ctx.page.budget;
try {
if ($rz25 === 0) { $n27 = 0; $k33 = 0; $lim32 = ctx.limits.maxIterations; $i29 = 1;
}
$loop26: for (;;) {
if ($rz25 !== 0) { $rz25 = 0; }
else {
if (!($i29 <= 5)) { $F[0] = $i29; $s9 = true; break; }
if (++$n27 > $lim32 || $o.length > ctx.limits.maxOutputLength || --$b10 <= 0) { ctx.page.budget = $b10; if (T.tick(ctx, $n27, $o.length, L4, true)) { $rz25 = 1; $at11 = L4; throw T.PAUSE; } $b10 = ctx.page.budget; }
}
$F[0] = $i29; $s9 = true;
$b34: {
$o += "<td>" + rt.numToStr((($x35 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x36 = $F[0]), typeof $x35 === "number" && ($x37 = $x35 * $x36) === $x37 ? $x37 : rt.mul($x35, $x36, L5))) + "</td>";
}
$i29 += 1;
$k33 = Math.min($lim32 - $n27, $b10 - 1);
if ($k33 > 0) { let $brk42 = false; $n27 += $k33; $b10 -= $k33;
{ let $k43 = $k33, $i44 = $i29, $w38 = $F[0], $f39 = false;
$run40: while ($k43 > 0 && $o.length <= ctx.limits.maxOutputLength && ($i44 <= 5)) {
$k43--;
$w38 = $i44; $f39 = true;
$b41: {
$o += "<td>" + rt.numToStr((($x45 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x46 = $w38), typeof $x45 === "number" && ($x47 = $x45 * $x46) === $x47 ? $x47 : rt.mul($x45, $x46, L5))) + "</td>";
}
$i44 += 1;
}
$k33 = $k43; $i29 = $i44; $F[0] = $w38; if ($f39) $s9 = true;
}
$n27 -= $k33; $b10 += $k33; $k33 = 0;
if ($brk42) break $loop26;
}
}
break $re48;
} catch ($e49) {
if ($e49 !== T.PAUSE) throw $e49;
{ yield $at11;  };
}
}
}
ctx.page.budget = $b10; if ($s9) $r8 = $F[0];
}
$done12 = true;
} catch ($e14) {
$o = $o.slice(0, $len13);
// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if ($e14?.catchable === false) throw $e14;
ctx.page.budget = $b10;
}
}
if (!$done12) {
$r8 = $slow7 ? undefined : T.own($vars6, "j");
{ let $n17 = 0, $i19;
$i19 = 1;
$loop16: for (; ; $i19 += 1) {
if (!($i19 <= 5)) { if ($slow7) $vars6["j"] = $i19; else $r8 = $i19; break; }
if (++$n17 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n17, $o.length, L4, true)) { yield L4;  }; }
if ($slow7) $vars6["j"] = $i19; else $r8 = $i19;
$o += "<td>" + rt.numToStr((($x22 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x23 = ($r8 !== undefined ? $r8 : rt.lookupName(ctx, "j", L7))), typeof $x22 === "number" && typeof $x23 === "number" && ($x24 = $x22 * $x23) === $x24 ? $x24 : rt.mul($x22, $x23, L5))) + "</td>";
}
}
}
} finally { if (!$slow7) { if ($r8 !== undefined) $vars6["j"] = $r8; } }
}
if ((($x51 = (($x50 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L10))), typeof $x50 === "number" && $x50 === $x50 && 2 === 2 && 2 !== 0 ? $x50 % 2 : rt.mod($x50, 2, L9))), $x51 === $x51 ? $x51 === 0 : rt.eq($x51, 0, L8))) {
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