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
let $x22, $x23, $x24, $x36, $x37, $x38, $x46, $x47, $x48, $x51, $x52, $F = [null];
try {
if (ctx.page.outputOnly === 0) $o += "<table>\n";
{ const $q53 = T.asQuery(rt.lookupName(ctx, "rows", L16), L16);
const [$s3, $e4] = T.rowRange($q53, undefined, undefined, L15);
const $f0 = { kind: "row", query: $q53, row: $s3, end: $e4 };
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
let $done11 = false, $replay14 = false;
if (!$slow7) {
const $len12 = $o.length;
let $at10 = L4, $b9 = ctx.page.budget;
try {
{ let $s25 = false;
$F[0] = 0; 
{ let $n28 = 0, $lim33 = 0, $k34 = 0, $i30 = 0, $rz26 = 0;
$re49: for (;;) {
$n28 = +$n28; $lim33 = +$lim33; $k34 = +$k34; $i30 = +$i30; $b9 = ctx.page.budget;
try {
if ($rz26 === 0) { $n28 = 0; $k34 = 0; $lim33 = ctx.limits.maxIterations; $i30 = 1;
}
$loop27: for (;;) {
if ($rz26 !== 0) { $rz26 = 0; }
else {
if (!($i30 <= 5)) { $F[0] = $i30; $s25 = true; break; }
if (++$n28 > $lim33 || $o.length > ctx.limits.maxOutputLength || --$b9 <= 0) { ctx.page.budget = $b9; if (T.tick(ctx, $n28, $o.length, L4, true)) { $rz26 = 1; $at10 = L4; throw T.PAUSE; } $b9 = ctx.page.budget; }
}
$F[0] = $i30; $s25 = true;
$b35: {
$o += "<td>" + rt.numToStr((($x36 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x37 = $F[0]), typeof $x36 === "number" && ($x38 = $x36 * $x37) === $x38 ? $x38 : rt.mul($x36, $x37, L5))) + "</td>";
}
$i30 += 1;
$k34 = Math.min($lim33 - $n28, $b9 - 1);
if ($k34 > 0) { let $brk43 = false; $n28 += $k34; $b9 -= $k34;
{ let $k44 = $k34, $i45 = $i30, $w39 = $F[0], $f40 = false;
$run41: while ($k44 > 0 && $o.length <= ctx.limits.maxOutputLength && ($i45 <= 5)) {
$k44--;
$w39 = $i45; $f40 = true;
$b42: {
$o += "<td>" + rt.numToStr((($x46 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x47 = $w39), typeof $x46 === "number" && ($x48 = $x46 * $x47) === $x48 ? $x48 : rt.mul($x46, $x47, L5))) + "</td>";
}
$i45 += 1;
}
$k34 = $k44; $i30 = $i45; $F[0] = $w39; if ($f40) $s25 = true;
}
$n28 -= $k34; $b9 += $k34; $k34 = 0;
if ($brk43) break $loop27;
}
}
break $re49;
} catch ($e50) {
if ($e50 !== T.PAUSE) throw $e50;
{ yield $at10;  };
}
}
}
ctx.page.budget = $b9; if ($s25) $r8 = $F[0];
}
$done11 = true;
} catch ($e13) {
$o = $o.slice(0, $len12);
// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if ($e13?.catchable === false) throw $e13;
ctx.page.budget = $b9; ctx.page.replaying++; $replay14 = true;
}
}
if (!$done11) {
$r8 = $slow7 ? undefined : T.own($vars6, "j");
try {
{ let $n17 = 0, $i19;
$i19 = 1;
$loop16: for (; ; $i19 += 1) {
if (!($i19 <= 5)) { if ($slow7) $vars6["j"] = $i19; else $r8 = $i19; break; }
if (++$n17 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n17, $o.length, L4, true)) { yield L4;  }; }
if ($slow7) $vars6["j"] = $i19; else $r8 = $i19;
$o += "<td>" + rt.numToStr((($x22 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x23 = ($r8 !== undefined ? $r8 : rt.lookupName(ctx, "j", L7))), typeof $x22 === "number" && typeof $x23 === "number" && ($x24 = $x22 * $x23) === $x24 ? $x24 : rt.mul($x22, $x23, L5))) + "</td>";
}
}
} finally { if ($replay14) ctx.page.replaying--; }
}
} finally { if (!$slow7) { if ($r8 !== undefined) $vars6["j"] = $r8; } }
}
if ((($x52 = (($x51 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L10))), typeof $x51 === "number" && $x51 === $x51 && 2 === 2 && 2 !== 0 ? $x51 % 2 : rt.mod($x51, 2, L9))), $x52 === $x52 ? $x52 === 0 : rt.eq($x52, 0, L8))) {
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