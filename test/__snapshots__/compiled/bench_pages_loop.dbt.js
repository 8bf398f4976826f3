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
let $x25, $x26, $x27, $x44, $x45, $x46, $x56, $x57, $x58, $F = [null, null];
try {
{ const $v0 = 0; rt.assign(ctx, "n", [], $v0, L0); }
{ const $vars1 = ctx.scopes.local ?? ctx.scopes.variables;
T.respell($vars1, "i"); const $slow2 = ctx.page.scopesShared || ctx.scopes.local !== undefined || T.shadowed(ctx, $vars1, "i") || T.shadowed(ctx, $vars1, "n") || T.respelled($vars1, "n");
let $r3, $r4 = $slow2 ? undefined : T.own($vars1, "n");
try {
let $done12 = false, $replay15;
if (!$slow2 && typeof $r4 === "number") {
const $len13 = $o.length;
let $at11 = L1, $b6 = ctx.page.budget;
try {
{ let $cl10 = 0, $c7, $c8, $c9, $s5 = false;
$F[0] = 0; $F[1] = $r4; 
{ let $n30 = 0, $again38 = false, $due39 = false, $last40 = -1, $k42 = 0, $lim32 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations;
let $i33 = 1;
$re37: for (;;) {
$n30 = +$n30; $lim32 = +$lim32; $i33 = +$i33; $b6 = ctx.page.budget;
try {
$loop29: for (;;) {
if ($again38) $again38 = false;
else {
if (!($i33 <= 10000)) break;
if (++$n30 > $lim32 || --$b6 <= 0) { ctx.page.budget = $b6; $due39 = T.tickDue(ctx, $n30, $o.length, L1); $b6 = ctx.page.budget; }
}
$F[0] = $i33; $s5 = true;
if ($due39) { $c7 = $F[0]; $c8 = $F[1]; $c9 = $s5; $cl10 = $o.length;
$at11 = L1; throw T.PAUSE; }
$b43: {
{ const $v47 = (($x44 = $F[1]), ($x45 = $F[0]), ($x46 = $x44 + $x45) === $x46 ? $x46 : rt.add($x44, $x45, L2)); $F[1] = $v47;
}
}
$i33 += 1;
$k42 = Math.min($lim32 - $n30, $b6 - 1);
if ($k42 > 0) { let $brk53 = false; $n30 += $k42; $b6 -= $k42;
{ let $k54 = $k42, $i55 = $i33, $w48 = $F[0], $w49 = $F[1], $f50 = false;
const $first61 = $i55, $end60 = Math.min(10000, $i55 + ($k54 - 1) * 1);
$run51: for (; $i55 <= $end60; $i55 += 1) {
$b52: {
{ const $v59 = (($x56 = $w49), ($x57 = $i55), ($x58 = $x56 + $x57) === $x58 ? $x58 : rt.add($x56, $x57, L2)); $w49 = $v59;
}
}
}
$k54 -= ($i55 - $first61) / 1;
if ($brk53 || $i55 !== $first61) { $w48 = $brk53 ? $i55 : $i55 - 1; $f50 = true; }
$k42 = $k54; $i33 = $i55; $F[0] = $w48; $F[1] = $w49; if ($f50) $s5 = true;
}
$n30 -= $k42; $b6 += $k42; $k42 = 0;
if ($brk53) break $loop29;
}
}
break $re37;
} catch ($e41) {
if ($e41 !== T.PAUSE) throw $e41;
if (!$due39) { if ($last40 === $n30) throw $e41; $last40 = $n30; }
$due39 = false;
$F[0] = $c7; $F[1] = $c8; $s5 = $c9; $o = $o.slice(0, $cl10);
{ yield $at11;  };
$again38 = true;
}
}
}
ctx.page.budget = $b6; if ($s5) $r3 = $F[0]; $r4 = $F[1];
}
$done12 = true;
} catch ($e14) {
$o = $o.slice(0, $len13);
// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if ($e14?.catchable === false) throw $e14;
if ($e14 === T.PAUSE) { { yield $at11;  }; } else { $replay15 = $b6; ctx.page.budget = Infinity; }
}
}
if (!$done12) {
$r3 = $slow2 ? undefined : T.own($vars1, "i");
try {
{ let $n18 = 0; $loop17: for (let $i21 = 1; $i21 <= 10000; $i21 += 1) {
if (++$n18 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tickDue(ctx, $n18, $o.length, L1)) { yield L1;  }; }
if ($slow2) $vars1["i"] = $i21; else $r3 = $i21;
{ const $v28 = (($x25 = ($r4 !== undefined ? $r4 : rt.lookupName(ctx, "n", L3))), ($x26 = ($r3 !== undefined ? $r3 : rt.lookupName(ctx, "i", L4))), typeof $x25 === "number" && typeof $x26 === "number" && ($x27 = $x25 + $x26) === $x27 ? $x27 : rt.add($x25, $x26, L2)); if ($slow2) rt.assign(ctx, "n", [], $v28, L5); else $r4 = $v28;
}
}
}
} finally { if ($replay15 !== undefined) ctx.page.budget = $replay15; }
}
} finally { if (!$slow2) { if ($r3 !== undefined) $vars1["i"] = $r3; if ($r4 !== undefined) $vars1["n"] = $r4; } }
}
$o += rt.esc(rt.lookupName(ctx, "n", L6), L7);
if (ctx.page.outputOnly === 0) $o += "\n";
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};
return function render(ctx) { return rt.settle(ctx.page, $run(ctx)); };