"use strict";
// Compiled by Quarry from "loop.dbt".
let $row;
const L0 = {"file":"loop.dbt","line":1,"column":1,"start":0,"end":15};
const L1 = {"file":"loop.dbt","line":1,"column":16,"start":15,"end":55};
const L2 = {"file":"loop.dbt","line":1,"column":71,"start":70,"end":71};
const L3 = {"file":"loop.dbt","line":1,"column":69,"start":68,"end":69};
const L4 = {"file":"loop.dbt","line":1,"column":73,"start":72,"end":73};
const L5 = {"file":"loop.dbt","line":1,"column":56,"start":55,"end":74};
const L6 = {"file":"loop.dbt","line":1,"column":99,"start":98,"end":99};
const L7 = {"file":"loop.dbt","line":1,"column":98,"start":97,"end":100};
const $run = function* render(ctx) {
let $o = "", $row;
let $x19, $x20, $x21, $x33, $x34, $x35, $x45, $x46, $x47, $F = [null, null];
try {
{ const $v0 = 0; rt.assign(ctx, "n", [], $v0, L0); }
{ const $vars1 = ctx.scopes.local ?? ctx.scopes.variables;
T.respell($vars1, "i"); const $slow2 = ctx.page.scopesShared || ctx.scopes.local !== undefined || T.shadowed(ctx, $vars1, "i") || T.shadowed(ctx, $vars1, "n") || T.respelled($vars1, "n");
let $r3, $r4 = $slow2 ? undefined : T.own($vars1, "n");
try {
let $done8 = false, $replay11 = false;
if (!$slow2 && typeof $r4 === "number") {
const $len9 = $o.length;
let $at7 = L1, $b6 = ctx.page.budget;
try {
{ let $s5 = false;
$F[0] = 0; $F[1] = $r4; 
{ let $n25 = 0, $lim30 = 0, $k31 = 0, $i27 = 0, $rz23 = 0;
$re51: for (;;) {
$n25 = +$n25; $lim30 = +$lim30; $k31 = +$k31; $i27 = +$i27; $b6 = ctx.page.budget;
try {
if ($rz23 === 0) { $n25 = 0; $k31 = 0; $lim30 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; $i27 = 1;
}
$loop24: for (;;) {
if ($rz23 !== 0) { $rz23 = 0; }
else {
if (!($i27 <= 10000)) { $F[0] = $i27; $s5 = true; break; }
if (++$n25 > $lim30 || --$b6 <= 0) { ctx.page.budget = $b6; if (T.tick(ctx, $n25, $o.length, L1, true)) { $rz23 = 1; $at7 = L1; throw T.PAUSE; } $b6 = ctx.page.budget; }
}
$F[0] = $i27; $s5 = true;
$b32: {
{ const $v36 = (($x33 = $F[1]), ($x34 = $F[0]), ($x35 = $x33 + $x34) === $x35 ? $x35 : rt.add($x33, $x34, L2)); $F[1] = $v36;
}
}
$i27 += 1;
$k31 = Math.min($lim30 - $n25, $b6 - 1);
if ($k31 > 0) { let $brk42 = false; $n25 += $k31; $b6 -= $k31;
{ let $k43 = $k31, $i44 = $i27, $w37 = $F[0], $w38 = $F[1], $f39 = false;
const $first50 = $i44, $end49 = Math.min(10000, $i44 + ($k43 - 1) * 1);
$run40: for (; $i44 <= $end49; $i44 += 1) {
$b41: {
{ const $v48 = (($x45 = $w38), ($x46 = $i44), ($x47 = $x45 + $x46) === $x47 ? $x47 : rt.add($x45, $x46, L2)); $w38 = $v48;
}
}
}
$k43 -= ($i44 - $first50) / 1;
if ($brk42 || $i44 !== $first50) { $w37 = $brk42 ? $i44 : $i44 - 1; $f39 = true; }
$k31 = $k43; $i27 = $i44; $F[0] = $w37; $F[1] = $w38; if ($f39) $s5 = true;
}
$n25 -= $k31; $b6 += $k31; $k31 = 0;
if ($brk42) break $loop24;
}
}
break $re51;
} catch ($e52) {
if ($e52 !== T.PAUSE) throw $e52;
{ yield $at7;  };
}
}
}
ctx.page.budget = $b6; if ($s5) $r3 = $F[0]; $r4 = $F[1];
}
$done8 = true;
} catch ($e10) {
$o = $o.slice(0, $len9);
// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if ($e10?.catchable === false) throw $e10;
ctx.page.budget = $b6; ctx.page.replaying++; $replay11 = true;
}
}
if (!$done8) {
$r3 = $slow2 ? undefined : T.own($vars1, "i");
try {
{ let $n14 = 0, $i16;
$i16 = 1;
$loop13: for (; ; $i16 += 1) {
if (!($i16 <= 10000)) { if ($slow2) $vars1["i"] = $i16; else $r3 = $i16; break; }
if (++$n14 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n14, $o.length, L1, true)) { yield L1;  }; }
if ($slow2) $vars1["i"] = $i16; else $r3 = $i16;
{ const $v22 = (($x19 = ($r4 !== undefined ? $r4 : rt.lookupName(ctx, "n", L3))), ($x20 = ($r3 !== undefined ? $r3 : rt.lookupName(ctx, "i", L4))), typeof $x19 === "number" && typeof $x20 === "number" && ($x21 = $x19 + $x20) === $x21 ? $x21 : rt.add($x19, $x20, L2)); if ($slow2) rt.assign(ctx, "n", [], $v22, L5); else $r4 = $v22;
}
}
}
} finally { if ($replay11) ctx.page.replaying--; }
}
} finally { if (!$slow2) { if ($r3 !== undefined) $vars1["i"] = $r3; if ($r4 !== undefined) $vars1["n"] = $r4; } }
}
$o += rt.esc(rt.lookupName(ctx, "n", L6), L7);
if (ctx.page.outputOnly === 0) $o += "\n";
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};
return function render(ctx) { return rt.settle(ctx.page, $run(ctx)); };