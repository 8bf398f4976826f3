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
let $x28, $x29, $x30, $x46, $x47, $x48, $x56, $x57, $x58, $x59, $x60, $F = [null];
try {
if (ctx.page.outputOnly === 0) $o += "<table>\n";
{ const $q61 = T.asQuery(rt.lookupName(ctx, "rows", L16), L16);
const [$s3, $e4] = T.rowRange($q61, undefined, undefined, L15);
const $f0 = { kind: "row", query: $q61, row: $s3, end: $e4 };
ctx.frames.push($f0);
try {
let $n5 = 0;
for (let $i1 = $s3, $j2; $i1 < $e4; $i1 = $j2) {
$j2 = $i1 + 1;
if ($o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tickDue(ctx, 0, $o.length, L15)) yield L15; }
$f0.row = $i1; $f0.end = $j2;
$o += "<tr><td>" + rt.esc((($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L0)), L1) + "</td><td>" + rt.esc((($row = $f0.query.rows[$f0.row]) !== undefined && "name" in $row ? $row["name"] ?? "" : T.col(ctx, $f0, "name", L2)), L3) + "</td>";
{ const $vars6 = ctx.scopes.local ?? ctx.scopes.variables;
T.respell($vars6, "j"); const $slow7 = ctx.page.scopesShared || ctx.scopes.local !== undefined || T.shadowed(ctx, $vars6, "j");
let $r8;
try {
let $done15 = false, $replay18;
if (!$slow7) {
const $len16 = $o.length;
let $at14 = L4, $b10 = ctx.page.budget;
try {
{ let $cl13 = 0, $c11, $c12, $s9 = false;
$F[0] = 0; 
{ let $n32 = 0, $again40 = false, $due41 = false, $last42 = -1, $k44 = 0, $lim34 = ctx.limits.maxIterations;
let $i35 = 1;
$re39: for (;;) {
$n32 = +$n32; $lim34 = +$lim34; $i35 = +$i35; $b10 = ctx.page.budget;
try {
$loop31: for (;;) {
if ($again40) $again40 = false;
else {
if (!($i35 <= 5)) break;
if (++$n32 > $lim34 || $o.length > ctx.limits.maxOutputLength || --$b10 <= 0) { ctx.page.budget = $b10; $due41 = T.tickDue(ctx, $n32, $o.length, L4); $b10 = ctx.page.budget; }
}
$F[0] = $i35; $s9 = true;
if ($due41) { $c11 = $F[0]; $c12 = $s9; $cl13 = $o.length;
$at14 = L4; throw T.PAUSE; }
$b45: {
$o += "<td>" + rt.numToStr((($x46 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x47 = $F[0]), typeof $x46 === "number" && ($x48 = $x46 * $x47) === $x48 ? $x48 : rt.mul($x46, $x47, L5))) + "</td>";
}
$i35 += 1;
$k44 = Math.min($lim34 - $n32, $b10 - 1);
if ($k44 > 0) { let $brk53 = false; $n32 += $k44; $b10 -= $k44;
{ let $k54 = $k44, $i55 = $i35, $w49 = $F[0], $f50 = false;
$run51: while ($k54 > 0 && $o.length <= ctx.limits.maxOutputLength && ($i55 <= 5)) {
$k54--;
$w49 = $i55; $f50 = true;
$b52: {
$o += "<td>" + rt.numToStr((($x56 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x57 = $w49), typeof $x56 === "number" && ($x58 = $x56 * $x57) === $x58 ? $x58 : rt.mul($x56, $x57, L5))) + "</td>";
}
$i55 += 1;
}
$k44 = $k54; $i35 = $i55; $F[0] = $w49; if ($f50) $s9 = true;
}
$n32 -= $k44; $b10 += $k44; $k44 = 0;
if ($brk53) break $loop31;
}
}
break $re39;
} catch ($e43) {
if ($e43 !== T.PAUSE) throw $e43;
if (!$due41) { if ($last42 === $n32) throw $e43; $last42 = $n32; }
$due41 = false;
$F[0] = $c11; $s9 = $c12; $o = $o.slice(0, $cl13);
{ yield $at14;  };
$again40 = true;
}
}
}
ctx.page.budget = $b10; if ($s9) $r8 = $F[0];
}
$done15 = true;
} catch ($e17) {
$o = $o.slice(0, $len16);
// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if ($e17?.catchable === false) throw $e17;
if ($e17 === T.PAUSE) { { yield $at14;  }; } else { $replay18 = $b10; ctx.page.budget = Infinity; }
}
}
if (!$done15) {
$r8 = $slow7 ? undefined : T.own($vars6, "j");
try {
{ let $n21 = 0; $loop20: for (let $i24 = 1; $i24 <= 5; $i24 += 1) {
if (++$n21 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tickDue(ctx, $n21, $o.length, L4)) { yield L4;  }; }
if ($slow7) $vars6["j"] = $i24; else $r8 = $i24;
$o += "<td>" + rt.numToStr((($x28 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L6))), ($x29 = ($r8 !== undefined ? $r8 : rt.lookupName(ctx, "j", L7))), typeof $x28 === "number" && typeof $x29 === "number" && ($x30 = $x28 * $x29) === $x30 ? $x30 : rt.mul($x28, $x29, L5))) + "</td>";
}
}
} finally { if ($replay18 !== undefined) ctx.page.budget = $replay18; }
}
} finally { if (!$slow7) { if ($r8 !== undefined) $vars6["j"] = $r8; } }
}
if ((($x60 = (($x59 = (($row = $f0.query.rows[$f0.row]) !== undefined && "id" in $row ? $row["id"] ?? "" : T.col(ctx, $f0, "id", L10))), typeof $x59 === "number" && $x59 === $x59 && 2 === 2 && 2 !== 0 ? $x59 % 2 : rt.mod($x59, 2, L9))), $x60 === $x60 ? $x60 === 0 : rt.eq($x60, 0, L8))) {
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