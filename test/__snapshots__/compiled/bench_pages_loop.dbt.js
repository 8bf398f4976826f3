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
let $x18, $x19, $x20, $x32, $x33, $x34, $x44, $x45, $x46, $F = [null, null];
try {
{ const $v0 = 0; rt.assign(ctx, "n", [], $v0, L0); }
{ const $vars1 = ctx.scopes.local ?? ctx.scopes.variables;
T.respell($vars1, "i"); const $slow2 = ctx.page.scopesShared || ctx.scopes.local !== undefined || T.shadowed(ctx, $vars1, "i") || T.shadowed(ctx, $vars1, "n") || T.respelled($vars1, "n");
let $r3, $r4 = $slow2 ? undefined : T.own($vars1, "n");
try {
let $done8 = false;
if (!$slow2 && typeof $r4 === "number") {
const $len9 = $o.length;
let $at7 = L1, $b6 = ctx.page.budget;
try {
{ let $s5 = false;
$F[0] = 0; $F[1] = $r4; 
{ let $n24 = 0, $lim29 = 0, $k30 = 0, $i26 = 0, $rz22 = 0;
$re50: for (;;) {
$n24 = +$n24; $lim29 = +$lim29; $k30 = +$k30; $i26 = +$i26; $b6 = ctx.page.budget;
try {
if ($rz22 === 0) { $n24 = 0; $k30 = 0; $lim29 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; $i26 = 1;
}
$loop23: for (;;) {
if ($rz22 !== 0) { $rz22 = 0; }
else {
if (!($i26 <= 10000)) { $F[0] = $i26; $s5 = true; break; }
if (++$n24 > $lim29 || --$b6 <= 0) { ctx.page.budget = $b6; if (T.tick(ctx, $n24, $o.length, L1, true)) { $rz22 = 1; $at7 = L1; throw T.PAUSE; } $b6 = ctx.page.budget; }
}
$F[0] = $i26; $s5 = true;
$b31: {
{ const $v35 = (($x32 = $F[1]), ($x33 = $F[0]), ($x34 = $x32 + $x33) === $x34 ? $x34 : rt.add($x32, $x33, L2)); $F[1] = $v35;
}
}
$i26 += 1;
$k30 = Math.min($lim29 - $n24, $b6 - 1);
if ($k30 > 0) { let $brk41 = false; $n24 += $k30; $b6 -= $k30;
{ let $k42 = $k30, $i43 = $i26, $w36 = $F[0], $w37 = $F[1], $f38 = false;
const $first49 = $i43, $end48 = Math.min(10000, $i43 + ($k42 - 1) * 1);
$run39: for (; $i43 <= $end48; $i43 += 1) {
$b40: {
{ const $v47 = (($x44 = $w37), ($x45 = $i43), ($x46 = $x44 + $x45) === $x46 ? $x46 : rt.add($x44, $x45, L2)); $w37 = $v47;
}
}
}
$k42 -= ($i43 - $first49) / 1;
if ($brk41 || $i43 !== $first49) { $w36 = $brk41 ? $i43 : $i43 - 1; $f38 = true; }
$k30 = $k42; $i26 = $i43; $F[0] = $w36; $F[1] = $w37; if ($f38) $s5 = true;
}
$n24 -= $k30; $b6 += $k30; $k30 = 0;
if ($brk41) break $loop23;
}
}
break $re50;
} catch ($e51) {
if ($e51 !== T.PAUSE) throw $e51;
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
ctx.page.budget = $b6;
}
}
if (!$done8) {
$r3 = $slow2 ? undefined : T.own($vars1, "i");
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
}
} finally { if (!$slow2) { if ($r3 !== undefined) $vars1["i"] = $r3; if ($r4 !== undefined) $vars1["n"] = $r4; } }
}
$o += rt.esc(rt.lookupName(ctx, "n", L6), L7);
if (ctx.page.outputOnly === 0) $o += "\n";
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};
return function render(ctx) { return rt.settle(ctx.page, $run(ctx)); };