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
const $checked56 = function* checked56(ctx, $o, $r3, $r4) {
let $row;
let $F23 = 0, $F24 = 0, $x36, $x37, $x38, $x48, $x49, $x50;
let $at6 = L1, $b5 = ctx.page.budget;
try {
{ let $s25 = false;
$F23 = 0; $F24 = $r4; 
{ let $n28 = 0, $lim33 = 0, $k34 = 0, $i30 = 0, $rz26 = 0;
$re54: for (;;) {
$n28 = +$n28; $lim33 = +$lim33; $k34 = +$k34; $i30 = +$i30; $b5 = ctx.page.budget;
try {
if ($rz26 === 0) { $n28 = 0; $k34 = 0; $lim33 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; $i30 = 1;
}
$loop27: for (;;) {
if ($rz26 !== 0) { $rz26 = 0; }
else {
if (!($i30 <= 10000)) { $F23 = $i30; $s25 = true; break; }
if (++$n28 > $lim33 || --$b5 <= 0) { ctx.page.budget = $b5; if (T.tick(ctx, $n28, $o.length, L1, true)) { $rz26 = 1; $at6 = L1; throw T.PAUSE; } $b5 = ctx.page.budget; }
}
$F23 = $i30; $s25 = true;
$b35: {
{ const $v39 = (($x36 = $F24), ($x37 = $F23), ($x38 = $x36 + $x37) === $x38 ? $x38 : rt.add($x36, $x37, L2)); $F24 = $v39;
}
}
$i30 += 1;
$k34 = Math.min($lim33 - $n28, $b5 - 1);
if ($k34 > 0) { let $brk45 = false; $n28 += $k34; $b5 -= $k34;
{ let $k46 = $k34, $i47 = $i30, $w40 = $F23, $w41 = $F24, $f42 = false;
const $first53 = $i47, $end52 = Math.min(10000, $i47 + ($k46 - 1) * 1);
$run43: for (; $i47 <= $end52; $i47 += 1) {
$b44: {
{ const $v51 = (($x48 = $w41), ($x49 = $i47), ($x50 = $x48 + $x49) === $x50 ? $x50 : rt.add($x48, $x49, L2)); $w41 = $v51;
}
}
}
$k46 -= ($i47 - $first53) / 1;
if ($brk45 || $i47 !== $first53) { $w40 = $brk45 ? $i47 : $i47 - 1; $f42 = true; }
$k34 = $k46; $i30 = $i47; $F23 = $w40; $F24 = $w41; if ($f42) $s25 = true;
}
$n28 -= $k34; $b5 += $k34; $k34 = 0;
if ($brk45) break $loop27;
}
}
break $re54;
} catch ($e55) {
if ($e55 !== T.PAUSE) throw $e55;
{ yield $at6;  };
}
}
}
ctx.page.budget = $b5; if ($s25) $r3 = $F23; $r4 = $F24;
}
} catch ($e22) { if ($e22?.catchable !== false) ctx.page.budget = $b5; throw $e22; }
return [$o, $r3, $r4];
};
const $run = function* render(ctx) {
let $o = "", $row;
let $x18, $x19, $x20;
try {
{ const $v0 = 0; rt.assign(ctx, "n", [], $v0, L0); }
{ const $vars1 = ctx.scopes.local ?? ctx.scopes.variables;
T.respell($vars1, "i"); const $slow2 = ctx.page.scopesShared || ctx.scopes.local !== undefined || T.shadowed(ctx, $vars1, "i") || T.shadowed(ctx, $vars1, "n") || T.respelled($vars1, "n");
let $r3, $r4 = $slow2 ? undefined : T.own($vars1, "n");
try {
let $done7 = false, $replay10 = false;
if (!$slow2 && typeof $r4 === "number") {
try {
[$o, $r3, $r4] = yield* $checked56(ctx, $o, $r3, $r4);
$done7 = true;
} catch ($e9) {
// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if ($e9?.catchable === false) throw $e9;
ctx.page.replaying++; $replay10 = true;
}
}
if (!$done7) {
$r3 = $slow2 ? undefined : T.own($vars1, "i");
try {
{ let $n13 = 0, $i15;
$i15 = 1;
$loop12: for (; ; $i15 += 1) {
if (!($i15 <= 10000)) { if ($slow2) $vars1["i"] = $i15; else $r3 = $i15; break; }
if (++$n13 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n13, $o.length, L1, true)) { yield L1;  }; }
if ($slow2) $vars1["i"] = $i15; else $r3 = $i15;
{ const $v21 = (($x18 = ($r4 !== undefined ? $r4 : rt.lookupName(ctx, "n", L3))), ($x19 = ($r3 !== undefined ? $r3 : rt.lookupName(ctx, "i", L4))), typeof $x18 === "number" && typeof $x19 === "number" && ($x20 = $x18 + $x19) === $x20 ? $x20 : rt.add($x18, $x19, L2)); if ($slow2) rt.assign(ctx, "n", [], $v21, L5); else $r4 = $v21;
}
}
}
} finally { if ($replay10) ctx.page.replaying--; }
}
} finally { if (!$slow2) { if ($r3 !== undefined) $vars1["i"] = $r3; if ($r4 !== undefined) $vars1["n"] = $r4; } }
}
$o += rt.esc(rt.lookupName(ctx, "n", L6), L7);
if (ctx.page.outputOnly === 0) $o += "\n";
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};
return function render(ctx) { return rt.settle(ctx.page, $run(ctx)); };