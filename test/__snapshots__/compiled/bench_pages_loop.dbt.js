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
const $checked54 = function* checked54(ctx, $o, $r3, $r4) {
let $row;
let $x34, $x35, $x36, $x46, $x47, $x48, $F = [null, null];
let $at6 = L1, $b5 = ctx.page.budget;
try {
{ let $s23 = false;
$F[0] = 0; $F[1] = $r4; 
{ let $n26 = 0, $lim31 = 0, $k32 = 0, $i28 = 0, $rz24 = 0;
$re52: for (;;) {
$n26 = +$n26; $lim31 = +$lim31; $k32 = +$k32; $i28 = +$i28; $b5 = ctx.page.budget;
try {
if ($rz24 === 0) { $n26 = 0; $k32 = 0; $lim31 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; $i28 = 1;
}
$loop25: for (;;) {
if ($rz24 !== 0) { $rz24 = 0; }
else {
if (!($i28 <= 10000)) { $F[0] = $i28; $s23 = true; break; }
if (++$n26 > $lim31 || --$b5 <= 0) { ctx.page.budget = $b5; if (T.tick(ctx, $n26, $o.length, L1, true)) { $rz24 = 1; $at6 = L1; throw T.PAUSE; } $b5 = ctx.page.budget; }
}
$F[0] = $i28; $s23 = true;
$b33: {
{ const $v37 = (($x34 = $F[1]), ($x35 = $F[0]), ($x36 = $x34 + $x35) === $x36 ? $x36 : rt.add($x34, $x35, L2)); $F[1] = $v37;
}
}
$i28 += 1;
$k32 = Math.min($lim31 - $n26, $b5 - 1);
if ($k32 > 0) { let $brk43 = false; $n26 += $k32; $b5 -= $k32;
{ let $k44 = $k32, $i45 = $i28, $w38 = $F[0], $w39 = $F[1], $f40 = false;
const $first51 = $i45, $end50 = Math.min(10000, $i45 + ($k44 - 1) * 1);
$run41: for (; $i45 <= $end50; $i45 += 1) {
$b42: {
{ const $v49 = (($x46 = $w39), ($x47 = $i45), ($x48 = $x46 + $x47) === $x48 ? $x48 : rt.add($x46, $x47, L2)); $w39 = $v49;
}
}
}
$k44 -= ($i45 - $first51) / 1;
if ($brk43 || $i45 !== $first51) { $w38 = $brk43 ? $i45 : $i45 - 1; $f40 = true; }
$k32 = $k44; $i28 = $i45; $F[0] = $w38; $F[1] = $w39; if ($f40) $s23 = true;
}
$n26 -= $k32; $b5 += $k32; $k32 = 0;
if ($brk43) break $loop25;
}
}
break $re52;
} catch ($e53) {
if ($e53 !== T.PAUSE) throw $e53;
{ yield $at6;  };
}
}
}
ctx.page.budget = $b5; if ($s23) $r3 = $F[0]; $r4 = $F[1];
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
[$o, $r3, $r4] = yield* $checked54(ctx, $o, $r3, $r4);
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