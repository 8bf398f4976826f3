"use strict";
// Compiled by Quarry from "mandelbrot.dbt".
let $row;
const L0 = {"file":"mandelbrot.dbt","line":1,"column":1,"start":0,"end":33};
const L1 = {"file":"mandelbrot.dbt","line":2,"column":1,"start":34,"end":54};
const L2 = {"file":"mandelbrot.dbt","line":3,"column":1,"start":55,"end":73};
const L3 = {"file":"mandelbrot.dbt","line":4,"column":1,"start":74,"end":125};
const L4 = {"file":"mandelbrot.dbt","line":4,"column":34,"start":107,"end":108};
const L5 = {"file":"mandelbrot.dbt","line":4,"column":25,"start":98,"end":99};
const L6 = {"file":"mandelbrot.dbt","line":4,"column":26,"start":99,"end":106};
const L7 = {"file":"mandelbrot.dbt","line":5,"column":22,"start":147,"end":148};
const L8 = {"file":"mandelbrot.dbt","line":5,"column":17,"start":142,"end":143};
const L9 = {"file":"mandelbrot.dbt","line":5,"column":18,"start":143,"end":146};
const L10 = {"file":"mandelbrot.dbt","line":5,"column":44,"start":169,"end":170};
const L11 = {"file":"mandelbrot.dbt","line":5,"column":38,"start":163,"end":164};
const L12 = {"file":"mandelbrot.dbt","line":5,"column":30,"start":155,"end":156};
const L13 = {"file":"mandelbrot.dbt","line":5,"column":25,"start":150,"end":151};
const L14 = {"file":"mandelbrot.dbt","line":5,"column":26,"start":151,"end":154};
const L15 = {"file":"mandelbrot.dbt","line":5,"column":32,"start":157,"end":158};
const L16 = {"file":"mandelbrot.dbt","line":5,"column":33,"start":158,"end":161};
const L17 = {"file":"mandelbrot.dbt","line":5,"column":40,"start":165,"end":168};
const L18 = {"file":"mandelbrot.dbt","line":5,"column":46,"start":171,"end":172};
const L19 = {"file":"mandelbrot.dbt","line":5,"column":47,"start":172,"end":179};
const L20 = {"file":"mandelbrot.dbt","line":5,"column":3,"start":128,"end":180};
const L21 = {"file":"mandelbrot.dbt","line":6,"column":3,"start":183,"end":202};
const L22 = {"file":"mandelbrot.dbt","line":7,"column":3,"start":205,"end":255};
const L23 = {"file":"mandelbrot.dbt","line":7,"column":35,"start":237,"end":238};
const L24 = {"file":"mandelbrot.dbt","line":7,"column":27,"start":229,"end":230};
const L25 = {"file":"mandelbrot.dbt","line":7,"column":28,"start":230,"end":236};
const L26 = {"file":"mandelbrot.dbt","line":8,"column":24,"start":279,"end":280};
const L27 = {"file":"mandelbrot.dbt","line":8,"column":19,"start":274,"end":275};
const L28 = {"file":"mandelbrot.dbt","line":8,"column":20,"start":275,"end":278};
const L29 = {"file":"mandelbrot.dbt","line":8,"column":46,"start":301,"end":302};
const L30 = {"file":"mandelbrot.dbt","line":8,"column":40,"start":295,"end":296};
const L31 = {"file":"mandelbrot.dbt","line":8,"column":32,"start":287,"end":288};
const L32 = {"file":"mandelbrot.dbt","line":8,"column":27,"start":282,"end":283};
const L33 = {"file":"mandelbrot.dbt","line":8,"column":28,"start":283,"end":286};
const L34 = {"file":"mandelbrot.dbt","line":8,"column":34,"start":289,"end":290};
const L35 = {"file":"mandelbrot.dbt","line":8,"column":35,"start":290,"end":293};
const L36 = {"file":"mandelbrot.dbt","line":8,"column":42,"start":297,"end":300};
const L37 = {"file":"mandelbrot.dbt","line":8,"column":48,"start":303,"end":304};
const L38 = {"file":"mandelbrot.dbt","line":8,"column":49,"start":304,"end":310};
const L39 = {"file":"mandelbrot.dbt","line":8,"column":5,"start":260,"end":311};
const L40 = {"file":"mandelbrot.dbt","line":9,"column":5,"start":316,"end":332};
const L41 = {"file":"mandelbrot.dbt","line":10,"column":5,"start":337,"end":353};
const L42 = {"file":"mandelbrot.dbt","line":11,"column":5,"start":358,"end":373};
const L43 = {"file":"mandelbrot.dbt","line":12,"column":5,"start":378,"end":443};
const L44 = {"file":"mandelbrot.dbt","line":12,"column":28,"start":401,"end":403};
const L45 = {"file":"mandelbrot.dbt","line":12,"column":26,"start":399,"end":400};
const L46 = {"file":"mandelbrot.dbt","line":12,"column":31,"start":404,"end":405};
const L47 = {"file":"mandelbrot.dbt","line":12,"column":32,"start":405,"end":413};
const L48 = {"file":"mandelbrot.dbt","line":12,"column":63,"start":436,"end":439};
const L49 = {"file":"mandelbrot.dbt","line":12,"column":53,"start":426,"end":427};
const L50 = {"file":"mandelbrot.dbt","line":12,"column":48,"start":421,"end":422};
const L51 = {"file":"mandelbrot.dbt","line":12,"column":45,"start":418,"end":420};
const L52 = {"file":"mandelbrot.dbt","line":12,"column":50,"start":423,"end":425};
const L53 = {"file":"mandelbrot.dbt","line":12,"column":58,"start":431,"end":432};
const L54 = {"file":"mandelbrot.dbt","line":12,"column":55,"start":428,"end":430};
const L55 = {"file":"mandelbrot.dbt","line":12,"column":60,"start":433,"end":435};
const L56 = {"file":"mandelbrot.dbt","line":13,"column":38,"start":481,"end":482};
const L57 = {"file":"mandelbrot.dbt","line":13,"column":28,"start":471,"end":472};
const L58 = {"file":"mandelbrot.dbt","line":13,"column":23,"start":466,"end":467};
const L59 = {"file":"mandelbrot.dbt","line":13,"column":20,"start":463,"end":465};
const L60 = {"file":"mandelbrot.dbt","line":13,"column":25,"start":468,"end":470};
const L61 = {"file":"mandelbrot.dbt","line":13,"column":33,"start":476,"end":477};
const L62 = {"file":"mandelbrot.dbt","line":13,"column":30,"start":473,"end":475};
const L63 = {"file":"mandelbrot.dbt","line":13,"column":35,"start":478,"end":480};
const L64 = {"file":"mandelbrot.dbt","line":13,"column":40,"start":483,"end":485};
const L65 = {"file":"mandelbrot.dbt","line":13,"column":7,"start":450,"end":486};
const L66 = {"file":"mandelbrot.dbt","line":14,"column":33,"start":519,"end":520};
const L67 = {"file":"mandelbrot.dbt","line":14,"column":28,"start":514,"end":515};
const L68 = {"file":"mandelbrot.dbt","line":14,"column":23,"start":509,"end":510};
const L69 = {"file":"mandelbrot.dbt","line":14,"column":25,"start":511,"end":513};
const L70 = {"file":"mandelbrot.dbt","line":14,"column":30,"start":516,"end":518};
const L71 = {"file":"mandelbrot.dbt","line":14,"column":35,"start":521,"end":523};
const L72 = {"file":"mandelbrot.dbt","line":14,"column":7,"start":493,"end":524};
const L73 = {"file":"mandelbrot.dbt","line":15,"column":21,"start":545,"end":546};
const L74 = {"file":"mandelbrot.dbt","line":15,"column":7,"start":531,"end":547};
const L75 = {"file":"mandelbrot.dbt","line":16,"column":22,"start":569,"end":570};
const L76 = {"file":"mandelbrot.dbt","line":16,"column":20,"start":567,"end":568};
const L77 = {"file":"mandelbrot.dbt","line":16,"column":7,"start":554,"end":573};
const L78 = {"file":"mandelbrot.dbt","line":18,"column":15,"start":604,"end":606};
const L79 = {"file":"mandelbrot.dbt","line":18,"column":13,"start":602,"end":603};
const L80 = {"file":"mandelbrot.dbt","line":18,"column":18,"start":607,"end":608};
const L81 = {"file":"mandelbrot.dbt","line":18,"column":19,"start":608,"end":616};
const L82 = {"file":"mandelbrot.dbt","line":19,"column":32,"start":649,"end":650};
const L83 = {"file":"mandelbrot.dbt","line":19,"column":25,"start":642,"end":648};
const L84 = {"file":"mandelbrot.dbt","line":19,"column":7,"start":624,"end":653};
const L85 = {"file":"mandelbrot.dbt","line":21,"column":26,"start":693,"end":694};
const L86 = {"file":"mandelbrot.dbt","line":21,"column":21,"start":688,"end":692};
const L87 = {"file":"mandelbrot.dbt","line":21,"column":31,"start":698,"end":700};
const L88 = {"file":"mandelbrot.dbt","line":21,"column":29,"start":696,"end":697};
const L89 = {"file":"mandelbrot.dbt","line":21,"column":34,"start":701,"end":702};
const L90 = {"file":"mandelbrot.dbt","line":21,"column":35,"start":702,"end":710};
const F0 = F["mid"];
const L91 = {"file":"mandelbrot.dbt","line":21,"column":52,"start":719,"end":747};
const L92 = {"file":"mandelbrot.dbt","line":21,"column":56,"start":723,"end":730};
const L93 = {"file":"mandelbrot.dbt","line":21,"column":67,"start":734,"end":735};
const L94 = {"file":"mandelbrot.dbt","line":21,"column":71,"start":738,"end":741};
const L95 = {"file":"mandelbrot.dbt","line":21,"column":69,"start":736,"end":737};
const L96 = {"file":"mandelbrot.dbt","line":21,"column":5,"start":672,"end":749};
const L97 = {"file":"mandelbrot.dbt","line":23,"column":29,"start":792,"end":793};
const L98 = {"file":"mandelbrot.dbt","line":23,"column":22,"start":785,"end":786};
const L99 = {"file":"mandelbrot.dbt","line":23,"column":18,"start":781,"end":784};
const L100 = {"file":"mandelbrot.dbt","line":23,"column":24,"start":787,"end":791};
const F1 = F["chr"];
const L101 = {"file":"mandelbrot.dbt","line":23,"column":31,"start":794,"end":801};
const L102 = {"file":"mandelbrot.dbt","line":23,"column":3,"start":766,"end":802};
const L103 = {"file":"mandelbrot.dbt","line":25,"column":17,"start":831,"end":837};
const L104 = {"file":"mandelbrot.dbt","line":25,"column":16,"start":830,"end":838};
const L105 = {"file":"mandelbrot.dbt","line":26,"column":7,"start":868,"end":871};
const L106 = {"file":"mandelbrot.dbt","line":26,"column":6,"start":867,"end":872};
const $run = function* render(ctx) {
let $o = "", $row;
let $x42, $x43, $x44, $x46, $x47, $x49, $x50, $x51, $x52, $x53, $x54, $x55, $x56, $x57, $x58, $x59, $x60, $x61, $x71, $x72, $x73, $x75, $x76, $x78, $x79, $x80, $x81, $x82, $x83, $x84, $x85, $x86, $x87, $x88, $x89, $x90, $x98, $x100, $x101, $x102, $x103, $x104, $x105, $x106, $x107, $x108, $x109, $x110, $x111, $x112, $x113, $x114, $x115, $x116, $x117, $x118, $x119, $x120, $x121, $x122, $x123, $x125, $x126, $x127, $x128, $x129, $x130, $x131, $x132, $x135, $x136, $x138, $x139, $x140, $x141, $x142, $x144, $x145, $x146, $x147, $x148, $x149, $x150, $x151, $x153, $x154, $x155, $x156, $x165, $x166, $x170, $x171, $x172, $x173, $x174, $x175, $x176, $x177, $x178, $x179, $x180, $x189, $x190, $x194, $x195, $x196, $x197, $x198, $x199, $x200, $x201, $x202, $x203, $x204, $x212, $x213, $x214, $x215, $x216, $x217, $x218, $x219, $x220, $x221, $x222, $x223, $x224, $x228, $x229, $x230, $x231, $x232, $x233, $x234, $x235, $x236, $x237, $x238, $x239, $x240, $x242, $x243, $x244, $x245, $x246, $x247, $x248, $x249, $x250, $x253, $x254, $x270, $x271, $x272, $x273, $x274, $x275, $x276, $x277, $x278, $x279, $x280, $x281, $x282, $x284, $x285, $x286, $x287, $x288, $x289, $x290, $x291, $x292, $x295, $x296, $x298, $x299, $x300, $x301, $x302, $x303, $x304, $x305, $x306, $x307, $x308, $x309, $x310, $x311, $x312, $x313, $x315, $x316, $x317, $x318, $x319, $x320, $x321, $x323, $x324, $x325, $x326, $F = [null, null, null, null, null, null, null, null, null];
try {
{ const $v0 = " .:-=+*#%@"; rt.assign(ctx, "palette", [], $v0, L0); }
{ const $v1 = 0; rt.assign(ctx, "inside", [], $v1, L1); }
{ const $v2 = ""; rt.assign(ctx, "art", [], $v2, L2); }
{ const $vars3 = ctx.scopes.local ?? ctx.scopes.variables;
T.respell($vars3, "row"); T.respell($vars3, "col"); const $slow4 = ctx.page.scopesShared || ctx.scopes.local !== undefined || T.shadowed(ctx, $vars3, "row") || T.shadowed(ctx, $vars3, "m") || T.shadowed(ctx, $vars3, "cy") || T.shadowed(ctx, $vars3, "line") || T.shadowed(ctx, $vars3, "col") || T.shadowed(ctx, $vars3, "cx") || T.shadowed(ctx, $vars3, "zx") || T.shadowed(ctx, $vars3, "zy") || T.shadowed(ctx, $vars3, "n") || T.shadowed(ctx, $vars3, "t") || T.shadowed(ctx, $vars3, "inside") || T.shadowed(ctx, $vars3, "palette") || T.shadowed(ctx, $vars3, "art") || T.respelled($vars3, "m") || T.respelled($vars3, "cy") || T.respelled($vars3, "line") || T.respelled($vars3, "cx") || T.respelled($vars3, "zx") || T.respelled($vars3, "zy") || T.respelled($vars3, "n") || T.respelled($vars3, "t") || T.respelled($vars3, "inside") || T.respelled($vars3, "palette") || T.respelled($vars3, "art");
let $r5, $r6 = $slow4 ? undefined : T.own($vars3, "m"), $r7, $r8 = $slow4 ? undefined : T.own($vars3, "line"), $r9, $r10, $r11, $r12, $r13, $r14, $r15 = $slow4 ? undefined : T.own($vars3, "inside"), $r16 = $slow4 ? undefined : T.own($vars3, "palette"), $r17 = $slow4 ? undefined : T.own($vars3, "art"), $h41 = undefined, $h45 = undefined, $h48 = undefined, $h70 = undefined, $h74 = undefined, $h77 = undefined, $h99 = undefined;
try {
let $done30 = false, $replay33 = false;
if (!$slow4 && $r6 !== undefined && typeof $r15 === "number" && $r16 !== undefined && $r17 !== undefined) {
const $len31 = $o.length;
let $at29 = L3, $b28 = ctx.page.budget;
try {
{ let $s20 = false, $s21 = false, $s22 = false, $s23 = false, $s24 = false, $s25 = false, $s26 = false, $s27 = false, $u18 = $r8, $u19 = $r17;
$F[0] = 0; $F[1] = 0; $F[2] = 0; $F[3] = 0; $F[4] = 0; $F[5] = 0; $F[6] = 0; $F[7] = 0; $F[8] = $r15; 
{ let $n210 = 0, $lim225 = 0, $k226 = 0, $n184 = 0, $lim191 = 0, $k192 = 0, $i186 = 0, $to187 = 0, $step188 = 0, $n160 = 0, $lim167 = 0, $k168 = 0, $i162 = 0, $to163 = 0, $step164 = 0, $rz158 = 0;
$re328: for (;;) {
$n210 = +$n210; $lim225 = +$lim225; $k226 = +$k226; $n184 = +$n184; $lim191 = +$lim191; $k192 = +$k192; $i186 = +$i186; $to187 = +$to187; $step188 = +$step188; $n160 = +$n160; $lim167 = +$lim167; $k168 = +$k168; $i162 = +$i162; $to163 = +$to163; $step164 = +$step164; $b28 = ctx.page.budget;
try {
if ($rz158 === 0) { $n160 = 0; $k168 = 0; $lim167 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; [$i162, $to163, $step164] = T.range(0, (($x165 = ($h41 !== undefined ? $h41 : ($h41 = rt.field(ctx, $r6, "height", L6)))), typeof $x165 === "number" && ($x166 = $x165 - 1) === $x166 ? $x166 : rt.sub($x165, 1, L4)), undefined, L3);
}
$loop159: for (;;) {
if ($rz158 !== 0) { if ($rz158 === 1) $rz158 = 0; }
else {
if (!(($step164 > 0 ? $i162 <= $to163 : $i162 >= $to163))) { $F[0] = $i162; $s20 = true; break; }
if (++$n160 > $lim167 || --$b28 <= 0) { ctx.page.budget = $b28; if (T.tick(ctx, $n160, $o.length, L3, true)) { $rz158 = 1; $at29 = L3; throw T.PAUSE; } $b28 = ctx.page.budget; }
}
$F[0] = $i162; $s20 = true;
$b169: {
if ($rz158 === 0) {
{ const $v181 = (($x170 = ($h45 !== undefined ? $h45 : ($h45 = rt.field(ctx, $r6, "y0", L9)))), ($x179 = (($x177 = (($x174 = (($x171 = ($h48 !== undefined ? $h48 : ($h48 = rt.field(ctx, $r6, "y1", L14)))), ($x172 = ($h45 !== undefined ? $h45 : ($h45 = rt.field(ctx, $r6, "y0", L16)))), typeof $x171 === "number" && typeof $x172 === "number" && ($x173 = $x171 - $x172) === $x173 ? $x173 : rt.sub($x171, $x172, L12))), ($x175 = $F[0]), ($x176 = $x174 * $x175) === $x176 ? $x176 : rt.mul($x174, $x175, L11))), ($x178 = ($h41 !== undefined ? $h41 : ($h41 = rt.field(ctx, $r6, "height", L19)))), typeof $x178 === "number" && $x177 === $x177 && $x178 === $x178 && $x178 !== 0 ? $x177 / $x178 : rt.div($x177, $x178, L10))), typeof $x170 === "number" && ($x180 = $x170 + $x179) === $x180 ? $x180 : rt.add($x170, $x179, L7)); $F[1] = $v181; $s21 = true;
}
{ const $v182 = ""; $u18 = (typeof $v182 === "number" ? $v182 : rt.checkSize(ctx, $v182, L21));
}
}
if ($rz158 === 0 || ($rz158 >= 2 && $rz158 <= 3)) {
{ if ($rz158 === 0) { $n184 = 0; $k192 = 0; $lim191 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; [$i186, $to187, $step188] = T.range(0, (($x189 = ($h70 !== undefined ? $h70 : ($h70 = rt.field(ctx, $r6, "width", L25)))), typeof $x189 === "number" && ($x190 = $x189 - 1) === $x190 ? $x190 : rt.sub($x189, 1, L23)), undefined, L22);
}
$loop183: for (;;) {
if ($rz158 !== 0) { if ($rz158 === 2) $rz158 = 0; }
else {
if (!(($step188 > 0 ? $i186 <= $to187 : $i186 >= $to187))) { $F[2] = $i186; $s22 = true; break; }
if (++$n184 > $lim191 || --$b28 <= 0) { ctx.page.budget = $b28; if (T.tick(ctx, $n184, $o.length, L22, true)) { $rz158 = 2; $at29 = L22; throw T.PAUSE; } $b28 = ctx.page.budget; }
}
$F[2] = $i186; $s22 = true;
$b193: {
if ($rz158 === 0) {
{ const $v205 = (($x194 = ($h74 !== undefined ? $h74 : ($h74 = rt.field(ctx, $r6, "x0", L28)))), ($x203 = (($x201 = (($x198 = (($x195 = ($h77 !== undefined ? $h77 : ($h77 = rt.field(ctx, $r6, "x1", L33)))), ($x196 = ($h74 !== undefined ? $h74 : ($h74 = rt.field(ctx, $r6, "x0", L35)))), typeof $x195 === "number" && typeof $x196 === "number" && ($x197 = $x195 - $x196) === $x197 ? $x197 : rt.sub($x195, $x196, L31))), ($x199 = $F[2]), ($x200 = $x198 * $x199) === $x200 ? $x200 : rt.mul($x198, $x199, L30))), ($x202 = ($h70 !== undefined ? $h70 : ($h70 = rt.field(ctx, $r6, "width", L38)))), typeof $x202 === "number" && $x201 === $x201 && $x202 === $x202 && $x202 !== 0 ? $x201 / $x202 : rt.div($x201, $x202, L29))), typeof $x194 === "number" && ($x204 = $x194 + $x203) === $x204 ? $x204 : rt.add($x194, $x203, L26)); $F[3] = $v205; $s23 = true;
}
{ const $v206 = 0; $F[4] = $v206; $s24 = true;
}
{ const $v207 = 0; $F[5] = $v207; $s25 = true;
}
{ const $v208 = 0; $F[6] = $v208; $s26 = true;
}
}
if ($rz158 === 0 || $rz158 === 3) {
{ if ($rz158 === 0) { $n210 = 0; $k226 = 0; $lim225 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; }
$loop209: for (;;) {
if ($rz158 !== 0) { $rz158 = 0; }
else {
if (!(((($x212 = $F[6]), ($x213 = ($h99 !== undefined ? $h99 : ($h99 = rt.field(ctx, $r6, "maxiter", L47)))), typeof $x213 === "number" && $x212 === $x212 && $x213 === $x213 ? $x212 < $x213 : rt.lt($x212, $x213, L44)) && (($x224 = (($x214 = (($F[4] * $F[4]) + ($F[5] * $F[5]))) === $x214 ? $x214 : (($x218 = (($x215 = $F[4]), ($x216 = $F[4]), ($x217 = $x215 * $x216) === $x217 ? $x217 : rt.mul($x215, $x216, L50))), ($x222 = (($x219 = $F[5]), ($x220 = $F[5]), ($x221 = $x219 * $x220) === $x221 ? $x221 : rt.mul($x219, $x220, L53))), ($x223 = $x218 + $x222) === $x223 ? $x223 : rt.add($x218, $x222, L49)))), $x224 === $x224 ? $x224 <= 4 : rt.lte($x224, 4, L48))))) break;
if (++$n210 > $lim225 || --$b28 <= 0) { ctx.page.budget = $b28; if (T.tick(ctx, $n210, $o.length, L43, true)) { $rz158 = 3; $at29 = L43; throw T.PAUSE; } $b28 = ctx.page.budget; }
}
$b227: {
{ const $v241 = (($x228 = ((($F[4] * $F[4]) - ($F[5] * $F[5])) + $F[3])) === $x228 ? $x228 : (($x238 = (($x232 = (($x229 = $F[4]), ($x230 = $F[4]), ($x231 = $x229 * $x230) === $x231 ? $x231 : rt.mul($x229, $x230, L58))), ($x236 = (($x233 = $F[5]), ($x234 = $F[5]), ($x235 = $x233 * $x234) === $x235 ? $x235 : rt.mul($x233, $x234, L61))), ($x237 = $x232 - $x236) === $x237 ? $x237 : rt.sub($x232, $x236, L57))), ($x239 = $F[3]), ($x240 = $x238 + $x239) === $x240 ? $x240 : rt.add($x238, $x239, L56))); $F[7] = $v241; $s27 = true;
}
{ const $v251 = (($x242 = (((2 * $F[4]) * $F[5]) + $F[1])) === $x242 ? $x242 : (($x248 = (($x245 = (($x243 = $F[4]), ($x244 = 2 * $x243) === $x244 ? $x244 : rt.mul(2, $x243, L68))), ($x246 = $F[5]), ($x247 = $x245 * $x246) === $x247 ? $x247 : rt.mul($x245, $x246, L67))), ($x249 = $F[1]), ($x250 = $x248 + $x249) === $x250 ? $x250 : rt.add($x248, $x249, L66))); $F[5] = $v251; $s25 = true;
}
{ const $v252 = $F[7]; $F[4] = $v252; $s24 = true;
}
{ const $v255 = (($x253 = $F[6]), ($x254 = $x253 + 1) === $x254 ? $x254 : rt.add($x253, 1, L75)); $F[6] = $v255; $s26 = true;
}
}
$k226 = typeof $h99 === "number" && $h99 === $h99 ? Math.min($lim225 - $n210, $b28 - 1) : 0;
if ($k226 > 0) { let $brk268 = false; $n210 += $k226; $b28 -= $k226;
{ let $k269 = $k226, $w256 = $F[6], $w257 = $F[4], $w258 = $F[5], $w259 = $F[7], $w260 = $F[3], $w261 = $F[1], $f262 = false, $f263 = false, $f264 = false, $f265 = false;
$run266: while ($k269 > 0 && (((($x298 = $w256), $x298 === $x298 ? $x298 < $h99 : rt.lt($x298, $h99, L44)) && (($x309 = (($x299 = (($w257 * $w257) + ($w258 * $w258))) === $x299 ? $x299 : (($x303 = (($x300 = $w257), ($x301 = $w257), ($x302 = $x300 * $x301) === $x302 ? $x302 : rt.mul($x300, $x301, L50))), ($x307 = (($x304 = $w258), ($x305 = $w258), ($x306 = $x304 * $x305) === $x306 ? $x306 : rt.mul($x304, $x305, L53))), ($x308 = $x303 + $x307) === $x308 ? $x308 : rt.add($x303, $x307, L49)))), $x309 === $x309 ? $x309 <= 4 : rt.lte($x309, 4, L48))))) {
$k269--;
$b267: {
{ const $v283 = (($x270 = ((($w257 * $w257) - ($w258 * $w258)) + $w260)) === $x270 ? $x270 : (($x280 = (($x274 = (($x271 = $w257), ($x272 = $w257), ($x273 = $x271 * $x272) === $x273 ? $x273 : rt.mul($x271, $x272, L58))), ($x278 = (($x275 = $w258), ($x276 = $w258), ($x277 = $x275 * $x276) === $x277 ? $x277 : rt.mul($x275, $x276, L61))), ($x279 = $x274 - $x278) === $x279 ? $x279 : rt.sub($x274, $x278, L57))), ($x281 = $w260), ($x282 = $x280 + $x281) === $x282 ? $x282 : rt.add($x280, $x281, L56))); $w259 = $v283; $f265 = true;
}
{ const $v293 = (($x284 = (((2 * $w257) * $w258) + $w261)) === $x284 ? $x284 : (($x290 = (($x287 = (($x285 = $w257), ($x286 = 2 * $x285) === $x286 ? $x286 : rt.mul(2, $x285, L68))), ($x288 = $w258), ($x289 = $x287 * $x288) === $x289 ? $x289 : rt.mul($x287, $x288, L67))), ($x291 = $w261), ($x292 = $x290 + $x291) === $x292 ? $x292 : rt.add($x290, $x291, L66))); $w258 = $v293; $f264 = true;
}
{ const $v294 = $w259; $w257 = $v294; $f263 = true;
}
{ const $v297 = (($x295 = $w256), ($x296 = $x295 + 1) === $x296 ? $x296 : rt.add($x295, 1, L75)); $w256 = $v297; $f262 = true;
}
}
}
$k226 = $k269; $F[6] = $w256; $F[4] = $w257; $F[5] = $w258; $F[7] = $w259; if ($f262) $s26 = true; if ($f263) $s24 = true; if ($f264) $s25 = true; if ($f265) $s27 = true;
}
$n210 -= $k226; $b28 += $k226; $k226 = 0;
if ($brk268) break $loop209;
}
}
}
}
if ($rz158 === 0) {
if ((($x310 = $F[6]), ($x311 = ($h99 !== undefined ? $h99 : ($h99 = rt.field(ctx, $r6, "maxiter", L81)))), typeof $x311 === "number" && $x310 === $x310 && $x311 === $x311 ? $x310 === $x311 : rt.eq($x310, $x311, L78))) {
{ const $v314 = (($x312 = $F[8]), ($x313 = $x312 + 1) === $x313 ? $x313 : rt.add($x312, 1, L82)); $F[8] = $v314;
}
}
{ const $v322 = (($x315 = $u18), ($x316 = ((($x317 = $F[6]), ($x318 = ($h99 !== undefined ? $h99 : ($h99 = rt.field(ctx, $r6, "maxiter", L90)))), typeof $x318 === "number" && $x317 === $x317 && $x318 === $x318 ? $x317 === $x318 : rt.eq($x317, $x318, L87)) ? "@" : rt.call(ctx, F0, L91, $r16, (($x320 = (($x319 = $F[6]), $x319 === $x319 && 9 === 9 && 9 !== 0 ? $x319 % 9 : rt.mod($x319, 9, L94))), ($x321 = 1 + $x320) === $x321 ? $x321 : rt.add(1, $x320, L93)), 1))), typeof $x315 === "string" && typeof $x316 === "string" && $x315.length + $x316.length <= ctx.limits.maxStringLength ? $x315 + $x316 : rt.concat(ctx, $x315, $x316, L85)); $u18 = (typeof $v322 === "number" ? $v322 : rt.checkSize(ctx, $v322, L96));
}
}
}
$i186 += $step188;
}
}
}
if ($rz158 === 0) {
{ const $v327 = (($x323 = (($x325 = $u19), ($x326 = $u18), typeof $x325 === "string" && typeof $x326 === "string" && $x325.length + $x326.length <= ctx.limits.maxStringLength ? $x325 + $x326 : rt.concat(ctx, $x325, $x326, L98))), ($x324 = rt.call(ctx, F1, L101, 10)), typeof $x323 === "string" && typeof $x324 === "string" && $x323.length + $x324.length <= ctx.limits.maxStringLength ? $x323 + $x324 : rt.concat(ctx, $x323, $x324, L97)); $u19 = (typeof $v327 === "number" ? $v327 : rt.checkSize(ctx, $v327, L102));
}
}
}
$i162 += $step164;
}
break $re328;
} catch ($e329) {
if ($e329 !== T.PAUSE) throw $e329;
{ yield $at29; $h41 = $h45 = $h48 = $h70 = $h74 = $h77 = $h99 = undefined; };
}
}
}
ctx.page.budget = $b28; if ($s20) $r5 = $F[0]; if ($s21) $r7 = $F[1]; $r8 = $u18; if ($s22) $r9 = $F[2]; if ($s23) $r10 = $F[3]; if ($s24) $r11 = $F[4]; if ($s25) $r12 = $F[5]; if ($s26) $r13 = $F[6]; if ($s27) $r14 = $F[7]; $r15 = $F[8]; $r17 = $u19;
}
$done30 = true;
} catch ($e32) {
$o = $o.slice(0, $len31);
// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if ($e32?.catchable === false) throw $e32;
ctx.page.budget = $b28; ctx.page.replaying++; $replay33 = true;
}
}
if (!$done30) {
$r5 = $slow4 ? undefined : T.own($vars3, "row");
$r7 = $slow4 ? undefined : T.own($vars3, "cy");
$r9 = $slow4 ? undefined : T.own($vars3, "col");
$r10 = $slow4 ? undefined : T.own($vars3, "cx");
$r11 = $slow4 ? undefined : T.own($vars3, "zx");
$r12 = $slow4 ? undefined : T.own($vars3, "zy");
$r13 = $slow4 ? undefined : T.own($vars3, "n");
$r14 = $slow4 ? undefined : T.own($vars3, "t");
try {
{ let $n36 = 0, $i38, $to39, $step40;
[$i38, $to39, $step40] = T.range(0, (($x43 = ($h41 !== undefined ? $h41 : (($x42 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L5)), "height", L6)), $slow4 || ($h41 = $x42), $x42))), typeof $x43 === "number" && ($x44 = $x43 - 1) === $x44 ? $x44 : rt.sub($x43, 1, L4)), undefined, L3);
$loop35: for (; ; $i38 += $step40) {
if (!(($step40 > 0 ? $i38 <= $to39 : $i38 >= $to39))) { if ($slow4) $vars3["row"] = $i38; else $r5 = $i38; break; }
if (++$n36 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n36, $o.length, L3, true)) { yield L3; $h41 = $h45 = $h48 = $h70 = $h74 = $h77 = $h99 = undefined; }; }
if ($slow4) $vars3["row"] = $i38; else $r5 = $i38;
{ const $v62 = (($x47 = ($h45 !== undefined ? $h45 : (($x46 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L8)), "y0", L9)), $slow4 || ($h45 = $x46), $x46))), ($x60 = (($x57 = (($x54 = (($x50 = ($h48 !== undefined ? $h48 : (($x49 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L13)), "y1", L14)), $slow4 || ($h48 = $x49), $x49))), ($x52 = ($h45 !== undefined ? $h45 : (($x51 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L15)), "y0", L16)), $slow4 || ($h45 = $x51), $x51))), typeof $x50 === "number" && typeof $x52 === "number" && ($x53 = $x50 - $x52) === $x53 ? $x53 : rt.sub($x50, $x52, L12))), ($x55 = ($r5 !== undefined ? $r5 : rt.lookupName(ctx, "row", L17))), typeof $x55 === "number" && ($x56 = $x54 * $x55) === $x56 ? $x56 : rt.mul($x54, $x55, L11))), ($x59 = ($h41 !== undefined ? $h41 : (($x58 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L18)), "height", L19)), $slow4 || ($h41 = $x58), $x58))), typeof $x59 === "number" && $x57 === $x57 && $x59 === $x59 && $x59 !== 0 ? $x57 / $x59 : rt.div($x57, $x59, L10))), typeof $x47 === "number" && ($x61 = $x47 + $x60) === $x61 ? $x61 : rt.add($x47, $x60, L7)); if ($slow4) rt.assign(ctx, "cy", [], $v62, L20); else $r7 = $v62;
}
{ const $v63 = ""; if ($slow4) rt.assign(ctx, "line", [], $v63, L21); else $r8 = (typeof $v63 === "number" ? $v63 : rt.checkSize(ctx, $v63, L21));
}
{ let $n65 = 0, $i67, $to68, $step69;
[$i67, $to68, $step69] = T.range(0, (($x72 = ($h70 !== undefined ? $h70 : (($x71 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L24)), "width", L25)), $slow4 || ($h70 = $x71), $x71))), typeof $x72 === "number" && ($x73 = $x72 - 1) === $x73 ? $x73 : rt.sub($x72, 1, L23)), undefined, L22);
$loop64: for (; ; $i67 += $step69) {
if (!(($step69 > 0 ? $i67 <= $to68 : $i67 >= $to68))) { if ($slow4) $vars3["col"] = $i67; else $r9 = $i67; break; }
if (++$n65 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n65, $o.length, L22, true)) { yield L22; $h41 = $h45 = $h48 = $h70 = $h74 = $h77 = $h99 = undefined; }; }
if ($slow4) $vars3["col"] = $i67; else $r9 = $i67;
{ const $v91 = (($x76 = ($h74 !== undefined ? $h74 : (($x75 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L27)), "x0", L28)), $slow4 || ($h74 = $x75), $x75))), ($x89 = (($x86 = (($x83 = (($x79 = ($h77 !== undefined ? $h77 : (($x78 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L32)), "x1", L33)), $slow4 || ($h77 = $x78), $x78))), ($x81 = ($h74 !== undefined ? $h74 : (($x80 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L34)), "x0", L35)), $slow4 || ($h74 = $x80), $x80))), typeof $x79 === "number" && typeof $x81 === "number" && ($x82 = $x79 - $x81) === $x82 ? $x82 : rt.sub($x79, $x81, L31))), ($x84 = ($r9 !== undefined ? $r9 : rt.lookupName(ctx, "col", L36))), typeof $x84 === "number" && ($x85 = $x83 * $x84) === $x85 ? $x85 : rt.mul($x83, $x84, L30))), ($x88 = ($h70 !== undefined ? $h70 : (($x87 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L37)), "width", L38)), $slow4 || ($h70 = $x87), $x87))), typeof $x88 === "number" && $x86 === $x86 && $x88 === $x88 && $x88 !== 0 ? $x86 / $x88 : rt.div($x86, $x88, L29))), typeof $x76 === "number" && ($x90 = $x76 + $x89) === $x90 ? $x90 : rt.add($x76, $x89, L26)); if ($slow4) rt.assign(ctx, "cx", [], $v91, L39); else $r10 = $v91;
}
{ const $v92 = 0; if ($slow4) rt.assign(ctx, "zx", [], $v92, L40); else $r11 = $v92;
}
{ const $v93 = 0; if ($slow4) rt.assign(ctx, "zy", [], $v93, L41); else $r12 = $v93;
}
{ const $v94 = 0; if ($slow4) rt.assign(ctx, "n", [], $v94, L42); else $r13 = $v94;
}
{ let $n96 = 0;
$loop95: for (; ((($x98 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L45))), ($x101 = ($h99 !== undefined ? $h99 : (($x100 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L46)), "maxiter", L47)), $slow4 || ($h99 = $x100), $x100))), typeof $x98 === "number" && typeof $x101 === "number" && $x98 === $x98 && $x101 === $x101 ? $x98 < $x101 : rt.lt($x98, $x101, L44)) && (($x111 = (($x105 = (($x102 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L51))), ($x103 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L52))), typeof $x102 === "number" && typeof $x103 === "number" && ($x104 = $x102 * $x103) === $x104 ? $x104 : rt.mul($x102, $x103, L50))), ($x109 = (($x106 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L54))), ($x107 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L55))), typeof $x106 === "number" && typeof $x107 === "number" && ($x108 = $x106 * $x107) === $x108 ? $x108 : rt.mul($x106, $x107, L53))), ($x110 = $x105 + $x109) === $x110 ? $x110 : rt.add($x105, $x109, L49))), $x111 === $x111 ? $x111 <= 4 : rt.lte($x111, 4, L48))); ) {
if (++$n96 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n96, $o.length, L43, true)) { yield L43; $h41 = $h45 = $h48 = $h70 = $h74 = $h77 = $h99 = undefined; }; }
{ const $v124 = (($x121 = (($x115 = (($x112 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L59))), ($x113 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L60))), typeof $x112 === "number" && typeof $x113 === "number" && ($x114 = $x112 * $x113) === $x114 ? $x114 : rt.mul($x112, $x113, L58))), ($x119 = (($x116 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L62))), ($x117 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L63))), typeof $x116 === "number" && typeof $x117 === "number" && ($x118 = $x116 * $x117) === $x118 ? $x118 : rt.mul($x116, $x117, L61))), ($x120 = $x115 - $x119) === $x120 ? $x120 : rt.sub($x115, $x119, L57))), ($x122 = ($r10 !== undefined ? $r10 : rt.lookupName(ctx, "cx", L64))), typeof $x122 === "number" && ($x123 = $x121 + $x122) === $x123 ? $x123 : rt.add($x121, $x122, L56)); if ($slow4) rt.assign(ctx, "t", [], $v124, L65); else $r14 = $v124;
}
{ const $v133 = (($x130 = (($x127 = (($x125 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L69))), typeof $x125 === "number" && ($x126 = 2 * $x125) === $x126 ? $x126 : rt.mul(2, $x125, L68))), ($x128 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L70))), typeof $x128 === "number" && ($x129 = $x127 * $x128) === $x129 ? $x129 : rt.mul($x127, $x128, L67))), ($x131 = ($r7 !== undefined ? $r7 : rt.lookupName(ctx, "cy", L71))), typeof $x131 === "number" && ($x132 = $x130 + $x131) === $x132 ? $x132 : rt.add($x130, $x131, L66)); if ($slow4) rt.assign(ctx, "zy", [], $v133, L72); else $r12 = $v133;
}
{ const $v134 = ($r14 !== undefined ? $r14 : rt.lookupName(ctx, "t", L73)); if ($slow4) rt.assign(ctx, "zx", [], $v134, L74); else $r11 = (typeof $v134 === "number" ? $v134 : rt.checkSize(ctx, $v134, L74));
}
{ const $v137 = (($x135 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L76))), typeof $x135 === "number" && ($x136 = $x135 + 1) === $x136 ? $x136 : rt.add($x135, 1, L75)); if ($slow4) rt.assign(ctx, "n", [], $v137, L77); else $r13 = $v137;
}
}
}
if ((($x138 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L79))), ($x140 = ($h99 !== undefined ? $h99 : (($x139 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L80)), "maxiter", L81)), $slow4 || ($h99 = $x139), $x139))), typeof $x138 === "number" && typeof $x140 === "number" && $x138 === $x138 && $x140 === $x140 ? $x138 === $x140 : rt.eq($x138, $x140, L78))) {
{ const $v143 = (($x141 = ($r15 !== undefined ? $r15 : rt.lookupName(ctx, "inside", L83))), typeof $x141 === "number" && ($x142 = $x141 + 1) === $x142 ? $x142 : rt.add($x141, 1, L82)); if ($slow4) rt.assign(ctx, "inside", [], $v143, L84); else $r15 = $v143;
}
}
{ const $v152 = (($x144 = ($r8 !== undefined ? $r8 : rt.lookupName(ctx, "line", L86))), ($x145 = ((($x146 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L88))), ($x148 = ($h99 !== undefined ? $h99 : (($x147 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L89)), "maxiter", L90)), $slow4 || ($h99 = $x147), $x147))), typeof $x146 === "number" && typeof $x148 === "number" && $x146 === $x146 && $x148 === $x148 ? $x146 === $x148 : rt.eq($x146, $x148, L87)) ? "@" : rt.call(ctx, F0, L91, ($r16 !== undefined ? $r16 : rt.lookupName(ctx, "palette", L92)), (($x150 = (($x149 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L95))), typeof $x149 === "number" && $x149 === $x149 && 9 === 9 && 9 !== 0 ? $x149 % 9 : rt.mod($x149, 9, L94))), ($x151 = 1 + $x150) === $x151 ? $x151 : rt.add(1, $x150, L93)), 1))), typeof $x144 === "string" && typeof $x145 === "string" && $x144.length + $x145.length <= ctx.limits.maxStringLength ? $x144 + $x145 : rt.concat(ctx, $x144, $x145, L85)); if ($slow4) rt.assign(ctx, "line", [], $v152, L96); else $r8 = (typeof $v152 === "number" ? $v152 : rt.checkSize(ctx, $v152, L96));
}
}
}
{ const $v157 = (($x153 = (($x155 = ($r17 !== undefined ? $r17 : rt.lookupName(ctx, "art", L99))), ($x156 = ($r8 !== undefined ? $r8 : rt.lookupName(ctx, "line", L100))), typeof $x155 === "string" && typeof $x156 === "string" && $x155.length + $x156.length <= ctx.limits.maxStringLength ? $x155 + $x156 : rt.concat(ctx, $x155, $x156, L98))), ($x154 = rt.call(ctx, F1, L101, 10)), typeof $x153 === "string" && typeof $x154 === "string" && $x153.length + $x154.length <= ctx.limits.maxStringLength ? $x153 + $x154 : rt.concat(ctx, $x153, $x154, L97)); if ($slow4) rt.assign(ctx, "art", [], $v157, L102); else $r17 = (typeof $v157 === "number" ? $v157 : rt.checkSize(ctx, $v157, L102));
}
}
}
} finally { if ($replay33) ctx.page.replaying--; }
}
} finally { if (!$slow4) { if ($r5 !== undefined) $vars3["row"] = $r5; if ($r7 !== undefined) $vars3["cy"] = $r7; if ($r8 !== undefined) $vars3["line"] = $r8; if ($r9 !== undefined) $vars3["col"] = $r9; if ($r10 !== undefined) $vars3["cx"] = $r10; if ($r11 !== undefined) $vars3["zx"] = $r11; if ($r12 !== undefined) $vars3["zy"] = $r12; if ($r13 !== undefined) $vars3["n"] = $r13; if ($r14 !== undefined) $vars3["t"] = $r14; if ($r15 !== undefined) $vars3["inside"] = $r15; if ($r17 !== undefined) $vars3["art"] = $r17; } }
}
$o += "<p>" + rt.esc(rt.lookupName(ctx, "inside", L103), L104) + " points in the set.</p>\n<pre>" + rt.esc(rt.lookupName(ctx, "art", L105), L106) + "</pre>";
if (ctx.page.outputOnly === 0) $o += "\n";
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};
return function render(ctx) { return rt.settle(ctx.page, $run(ctx)); };