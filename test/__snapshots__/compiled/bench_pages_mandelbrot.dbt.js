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
let $x41, $x42, $x43, $x45, $x46, $x48, $x49, $x50, $x51, $x52, $x53, $x54, $x55, $x56, $x57, $x58, $x59, $x60, $x70, $x71, $x72, $x74, $x75, $x77, $x78, $x79, $x80, $x81, $x82, $x83, $x84, $x85, $x86, $x87, $x88, $x89, $x97, $x99, $x100, $x101, $x102, $x103, $x104, $x105, $x106, $x107, $x108, $x109, $x110, $x111, $x112, $x113, $x114, $x115, $x116, $x117, $x118, $x119, $x120, $x121, $x122, $x124, $x125, $x126, $x127, $x128, $x129, $x130, $x131, $x134, $x135, $x137, $x138, $x139, $x140, $x141, $x143, $x144, $x145, $x146, $x147, $x148, $x149, $x150, $x152, $x153, $x154, $x155, $x164, $x165, $x169, $x170, $x171, $x172, $x173, $x174, $x175, $x176, $x177, $x178, $x179, $x188, $x189, $x193, $x194, $x195, $x196, $x197, $x198, $x199, $x200, $x201, $x202, $x203, $x211, $x212, $x213, $x214, $x215, $x216, $x217, $x218, $x219, $x220, $x221, $x222, $x223, $x227, $x228, $x229, $x230, $x231, $x232, $x233, $x234, $x235, $x236, $x237, $x238, $x239, $x241, $x242, $x243, $x244, $x245, $x246, $x247, $x248, $x249, $x252, $x253, $x269, $x270, $x271, $x272, $x273, $x274, $x275, $x276, $x277, $x278, $x279, $x280, $x281, $x283, $x284, $x285, $x286, $x287, $x288, $x289, $x290, $x291, $x294, $x295, $x297, $x298, $x299, $x300, $x301, $x302, $x303, $x304, $x305, $x306, $x307, $x308, $x309, $x310, $x311, $x312, $x314, $x315, $x316, $x317, $x318, $x319, $x320, $x322, $x323, $x324, $x325, $F = [null, null, null, null, null, null, null, null, null];
try {
{ const $v0 = " .:-=+*#%@"; rt.assign(ctx, "palette", [], $v0, L0); }
{ const $v1 = 0; rt.assign(ctx, "inside", [], $v1, L1); }
{ const $v2 = ""; rt.assign(ctx, "art", [], $v2, L2); }
{ const $vars3 = ctx.scopes.local ?? ctx.scopes.variables;
T.respell($vars3, "row"); T.respell($vars3, "col"); const $slow4 = ctx.page.scopesShared || ctx.scopes.local !== undefined || T.shadowed(ctx, $vars3, "row") || T.shadowed(ctx, $vars3, "m") || T.shadowed(ctx, $vars3, "cy") || T.shadowed(ctx, $vars3, "line") || T.shadowed(ctx, $vars3, "col") || T.shadowed(ctx, $vars3, "cx") || T.shadowed(ctx, $vars3, "zx") || T.shadowed(ctx, $vars3, "zy") || T.shadowed(ctx, $vars3, "n") || T.shadowed(ctx, $vars3, "t") || T.shadowed(ctx, $vars3, "inside") || T.shadowed(ctx, $vars3, "palette") || T.shadowed(ctx, $vars3, "art") || T.respelled($vars3, "m") || T.respelled($vars3, "cy") || T.respelled($vars3, "line") || T.respelled($vars3, "cx") || T.respelled($vars3, "zx") || T.respelled($vars3, "zy") || T.respelled($vars3, "n") || T.respelled($vars3, "t") || T.respelled($vars3, "inside") || T.respelled($vars3, "palette") || T.respelled($vars3, "art");
let $r5, $r6 = $slow4 ? undefined : T.own($vars3, "m"), $r7, $r8 = $slow4 ? undefined : T.own($vars3, "line"), $r9, $r10, $r11, $r12, $r13, $r14, $r15 = $slow4 ? undefined : T.own($vars3, "inside"), $r16 = $slow4 ? undefined : T.own($vars3, "palette"), $r17 = $slow4 ? undefined : T.own($vars3, "art"), $h40 = undefined, $h44 = undefined, $h47 = undefined, $h69 = undefined, $h73 = undefined, $h76 = undefined, $h98 = undefined;
try {
let $done30 = false;
if (!$slow4 && $r6 !== undefined && typeof $r15 === "number" && $r16 !== undefined && $r17 !== undefined) {
const $len31 = $o.length;
let $at29 = L3, $b28 = ctx.page.budget;
try {
{ let $s20 = false, $s21 = false, $s22 = false, $s23 = false, $s24 = false, $s25 = false, $s26 = false, $s27 = false, $u18 = $r8, $u19 = $r17;
$F[0] = 0; $F[1] = 0; $F[2] = 0; $F[3] = 0; $F[4] = 0; $F[5] = 0; $F[6] = 0; $F[7] = 0; $F[8] = $r15; 
{ let $n209 = 0, $lim224 = 0, $k225 = 0, $n183 = 0, $lim190 = 0, $k191 = 0, $i185 = 0, $to186 = 0, $step187 = 0, $n159 = 0, $lim166 = 0, $k167 = 0, $i161 = 0, $to162 = 0, $step163 = 0, $rz157 = 0;
$re327: for (;;) {
$n209 = +$n209; $lim224 = +$lim224; $k225 = +$k225; $n183 = +$n183; $lim190 = +$lim190; $k191 = +$k191; $i185 = +$i185; $to186 = +$to186; $step187 = +$step187; $n159 = +$n159; $lim166 = +$lim166; $k167 = +$k167; $i161 = +$i161; $to162 = +$to162; $step163 = +$step163; $b28 = ctx.page.budget;
try {
if ($rz157 === 0) { $n159 = 0; $k167 = 0; $lim166 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; [$i161, $to162, $step163] = T.range(0, (($x164 = ($h40 !== undefined ? $h40 : ($h40 = rt.field(ctx, $r6, "height", L6)))), typeof $x164 === "number" && ($x165 = $x164 - 1) === $x165 ? $x165 : rt.sub($x164, 1, L4)), undefined, L3);
}
$loop158: for (;;) {
if ($rz157 !== 0) { if ($rz157 === 1) $rz157 = 0; }
else {
if (!(($step163 > 0 ? $i161 <= $to162 : $i161 >= $to162))) { $F[0] = $i161; $s20 = true; break; }
if (++$n159 > $lim166 || --$b28 <= 0) { ctx.page.budget = $b28; if (T.tick(ctx, $n159, $o.length, L3, true)) { $rz157 = 1; $at29 = L3; throw T.PAUSE; } $b28 = ctx.page.budget; }
}
$F[0] = $i161; $s20 = true;
$b168: {
if ($rz157 === 0) {
{ const $v180 = (($x169 = ($h44 !== undefined ? $h44 : ($h44 = rt.field(ctx, $r6, "y0", L9)))), ($x178 = (($x176 = (($x173 = (($x170 = ($h47 !== undefined ? $h47 : ($h47 = rt.field(ctx, $r6, "y1", L14)))), ($x171 = ($h44 !== undefined ? $h44 : ($h44 = rt.field(ctx, $r6, "y0", L16)))), typeof $x170 === "number" && typeof $x171 === "number" && ($x172 = $x170 - $x171) === $x172 ? $x172 : rt.sub($x170, $x171, L12))), ($x174 = $F[0]), ($x175 = $x173 * $x174) === $x175 ? $x175 : rt.mul($x173, $x174, L11))), ($x177 = ($h40 !== undefined ? $h40 : ($h40 = rt.field(ctx, $r6, "height", L19)))), typeof $x177 === "number" && $x176 === $x176 && $x177 === $x177 && $x177 !== 0 ? $x176 / $x177 : rt.div($x176, $x177, L10))), typeof $x169 === "number" && ($x179 = $x169 + $x178) === $x179 ? $x179 : rt.add($x169, $x178, L7)); $F[1] = $v180; $s21 = true;
}
{ const $v181 = ""; $u18 = (typeof $v181 === "number" ? $v181 : rt.checkSize(ctx, $v181, L21));
}
}
if ($rz157 === 0 || ($rz157 >= 2 && $rz157 <= 3)) {
{ if ($rz157 === 0) { $n183 = 0; $k191 = 0; $lim190 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; [$i185, $to186, $step187] = T.range(0, (($x188 = ($h69 !== undefined ? $h69 : ($h69 = rt.field(ctx, $r6, "width", L25)))), typeof $x188 === "number" && ($x189 = $x188 - 1) === $x189 ? $x189 : rt.sub($x188, 1, L23)), undefined, L22);
}
$loop182: for (;;) {
if ($rz157 !== 0) { if ($rz157 === 2) $rz157 = 0; }
else {
if (!(($step187 > 0 ? $i185 <= $to186 : $i185 >= $to186))) { $F[2] = $i185; $s22 = true; break; }
if (++$n183 > $lim190 || --$b28 <= 0) { ctx.page.budget = $b28; if (T.tick(ctx, $n183, $o.length, L22, true)) { $rz157 = 2; $at29 = L22; throw T.PAUSE; } $b28 = ctx.page.budget; }
}
$F[2] = $i185; $s22 = true;
$b192: {
if ($rz157 === 0) {
{ const $v204 = (($x193 = ($h73 !== undefined ? $h73 : ($h73 = rt.field(ctx, $r6, "x0", L28)))), ($x202 = (($x200 = (($x197 = (($x194 = ($h76 !== undefined ? $h76 : ($h76 = rt.field(ctx, $r6, "x1", L33)))), ($x195 = ($h73 !== undefined ? $h73 : ($h73 = rt.field(ctx, $r6, "x0", L35)))), typeof $x194 === "number" && typeof $x195 === "number" && ($x196 = $x194 - $x195) === $x196 ? $x196 : rt.sub($x194, $x195, L31))), ($x198 = $F[2]), ($x199 = $x197 * $x198) === $x199 ? $x199 : rt.mul($x197, $x198, L30))), ($x201 = ($h69 !== undefined ? $h69 : ($h69 = rt.field(ctx, $r6, "width", L38)))), typeof $x201 === "number" && $x200 === $x200 && $x201 === $x201 && $x201 !== 0 ? $x200 / $x201 : rt.div($x200, $x201, L29))), typeof $x193 === "number" && ($x203 = $x193 + $x202) === $x203 ? $x203 : rt.add($x193, $x202, L26)); $F[3] = $v204; $s23 = true;
}
{ const $v205 = 0; $F[4] = $v205; $s24 = true;
}
{ const $v206 = 0; $F[5] = $v206; $s25 = true;
}
{ const $v207 = 0; $F[6] = $v207; $s26 = true;
}
}
if ($rz157 === 0 || $rz157 === 3) {
{ if ($rz157 === 0) { $n209 = 0; $k225 = 0; $lim224 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; }
$loop208: for (;;) {
if ($rz157 !== 0) { $rz157 = 0; }
else {
if (!(((($x211 = $F[6]), ($x212 = ($h98 !== undefined ? $h98 : ($h98 = rt.field(ctx, $r6, "maxiter", L47)))), typeof $x212 === "number" && $x211 === $x211 && $x212 === $x212 ? $x211 < $x212 : rt.lt($x211, $x212, L44)) && (($x223 = (($x213 = (($F[4] * $F[4]) + ($F[5] * $F[5]))) === $x213 ? $x213 : (($x217 = (($x214 = $F[4]), ($x215 = $F[4]), ($x216 = $x214 * $x215) === $x216 ? $x216 : rt.mul($x214, $x215, L50))), ($x221 = (($x218 = $F[5]), ($x219 = $F[5]), ($x220 = $x218 * $x219) === $x220 ? $x220 : rt.mul($x218, $x219, L53))), ($x222 = $x217 + $x221) === $x222 ? $x222 : rt.add($x217, $x221, L49)))), $x223 === $x223 ? $x223 <= 4 : rt.lte($x223, 4, L48))))) break;
if (++$n209 > $lim224 || --$b28 <= 0) { ctx.page.budget = $b28; if (T.tick(ctx, $n209, $o.length, L43, true)) { $rz157 = 3; $at29 = L43; throw T.PAUSE; } $b28 = ctx.page.budget; }
}
$b226: {
{ const $v240 = (($x227 = ((($F[4] * $F[4]) - ($F[5] * $F[5])) + $F[3])) === $x227 ? $x227 : (($x237 = (($x231 = (($x228 = $F[4]), ($x229 = $F[4]), ($x230 = $x228 * $x229) === $x230 ? $x230 : rt.mul($x228, $x229, L58))), ($x235 = (($x232 = $F[5]), ($x233 = $F[5]), ($x234 = $x232 * $x233) === $x234 ? $x234 : rt.mul($x232, $x233, L61))), ($x236 = $x231 - $x235) === $x236 ? $x236 : rt.sub($x231, $x235, L57))), ($x238 = $F[3]), ($x239 = $x237 + $x238) === $x239 ? $x239 : rt.add($x237, $x238, L56))); $F[7] = $v240; $s27 = true;
}
{ const $v250 = (($x241 = (((2 * $F[4]) * $F[5]) + $F[1])) === $x241 ? $x241 : (($x247 = (($x244 = (($x242 = $F[4]), ($x243 = 2 * $x242) === $x243 ? $x243 : rt.mul(2, $x242, L68))), ($x245 = $F[5]), ($x246 = $x244 * $x245) === $x246 ? $x246 : rt.mul($x244, $x245, L67))), ($x248 = $F[1]), ($x249 = $x247 + $x248) === $x249 ? $x249 : rt.add($x247, $x248, L66))); $F[5] = $v250; $s25 = true;
}
{ const $v251 = $F[7]; $F[4] = $v251; $s24 = true;
}
{ const $v254 = (($x252 = $F[6]), ($x253 = $x252 + 1) === $x253 ? $x253 : rt.add($x252, 1, L75)); $F[6] = $v254; $s26 = true;
}
}
$k225 = typeof $h98 === "number" && $h98 === $h98 ? Math.min($lim224 - $n209, $b28 - 1) : 0;
if ($k225 > 0) { let $brk267 = false; $n209 += $k225; $b28 -= $k225;
{ let $k268 = $k225, $w255 = $F[6], $w256 = $F[4], $w257 = $F[5], $w258 = $F[7], $w259 = $F[3], $w260 = $F[1], $f261 = false, $f262 = false, $f263 = false, $f264 = false;
$run265: while ($k268 > 0 && (((($x297 = $w255), $x297 === $x297 ? $x297 < $h98 : rt.lt($x297, $h98, L44)) && (($x308 = (($x298 = (($w256 * $w256) + ($w257 * $w257))) === $x298 ? $x298 : (($x302 = (($x299 = $w256), ($x300 = $w256), ($x301 = $x299 * $x300) === $x301 ? $x301 : rt.mul($x299, $x300, L50))), ($x306 = (($x303 = $w257), ($x304 = $w257), ($x305 = $x303 * $x304) === $x305 ? $x305 : rt.mul($x303, $x304, L53))), ($x307 = $x302 + $x306) === $x307 ? $x307 : rt.add($x302, $x306, L49)))), $x308 === $x308 ? $x308 <= 4 : rt.lte($x308, 4, L48))))) {
$k268--;
$b266: {
{ const $v282 = (($x269 = ((($w256 * $w256) - ($w257 * $w257)) + $w259)) === $x269 ? $x269 : (($x279 = (($x273 = (($x270 = $w256), ($x271 = $w256), ($x272 = $x270 * $x271) === $x272 ? $x272 : rt.mul($x270, $x271, L58))), ($x277 = (($x274 = $w257), ($x275 = $w257), ($x276 = $x274 * $x275) === $x276 ? $x276 : rt.mul($x274, $x275, L61))), ($x278 = $x273 - $x277) === $x278 ? $x278 : rt.sub($x273, $x277, L57))), ($x280 = $w259), ($x281 = $x279 + $x280) === $x281 ? $x281 : rt.add($x279, $x280, L56))); $w258 = $v282; $f264 = true;
}
{ const $v292 = (($x283 = (((2 * $w256) * $w257) + $w260)) === $x283 ? $x283 : (($x289 = (($x286 = (($x284 = $w256), ($x285 = 2 * $x284) === $x285 ? $x285 : rt.mul(2, $x284, L68))), ($x287 = $w257), ($x288 = $x286 * $x287) === $x288 ? $x288 : rt.mul($x286, $x287, L67))), ($x290 = $w260), ($x291 = $x289 + $x290) === $x291 ? $x291 : rt.add($x289, $x290, L66))); $w257 = $v292; $f263 = true;
}
{ const $v293 = $w258; $w256 = $v293; $f262 = true;
}
{ const $v296 = (($x294 = $w255), ($x295 = $x294 + 1) === $x295 ? $x295 : rt.add($x294, 1, L75)); $w255 = $v296; $f261 = true;
}
}
}
$k225 = $k268; $F[6] = $w255; $F[4] = $w256; $F[5] = $w257; $F[7] = $w258; if ($f261) $s26 = true; if ($f262) $s24 = true; if ($f263) $s25 = true; if ($f264) $s27 = true;
}
$n209 -= $k225; $b28 += $k225; $k225 = 0;
if ($brk267) break $loop208;
}
}
}
}
if ($rz157 === 0) {
if ((($x309 = $F[6]), ($x310 = ($h98 !== undefined ? $h98 : ($h98 = rt.field(ctx, $r6, "maxiter", L81)))), typeof $x310 === "number" && $x309 === $x309 && $x310 === $x310 ? $x309 === $x310 : rt.eq($x309, $x310, L78))) {
{ const $v313 = (($x311 = $F[8]), ($x312 = $x311 + 1) === $x312 ? $x312 : rt.add($x311, 1, L82)); $F[8] = $v313;
}
}
{ const $v321 = (($x314 = $u18), ($x315 = ((($x316 = $F[6]), ($x317 = ($h98 !== undefined ? $h98 : ($h98 = rt.field(ctx, $r6, "maxiter", L90)))), typeof $x317 === "number" && $x316 === $x316 && $x317 === $x317 ? $x316 === $x317 : rt.eq($x316, $x317, L87)) ? "@" : rt.call(ctx, F0, L91, $r16, (($x319 = (($x318 = $F[6]), $x318 === $x318 && 9 === 9 && 9 !== 0 ? $x318 % 9 : rt.mod($x318, 9, L94))), ($x320 = 1 + $x319) === $x320 ? $x320 : rt.add(1, $x319, L93)), 1))), typeof $x314 === "string" && typeof $x315 === "string" && $x314.length + $x315.length <= ctx.limits.maxStringLength ? $x314 + $x315 : rt.concat(ctx, $x314, $x315, L85)); $u18 = (typeof $v321 === "number" ? $v321 : rt.checkSize(ctx, $v321, L96));
}
}
}
$i185 += $step187;
}
}
}
if ($rz157 === 0) {
{ const $v326 = (($x322 = (($x324 = $u19), ($x325 = $u18), typeof $x324 === "string" && typeof $x325 === "string" && $x324.length + $x325.length <= ctx.limits.maxStringLength ? $x324 + $x325 : rt.concat(ctx, $x324, $x325, L98))), ($x323 = rt.call(ctx, F1, L101, 10)), typeof $x322 === "string" && typeof $x323 === "string" && $x322.length + $x323.length <= ctx.limits.maxStringLength ? $x322 + $x323 : rt.concat(ctx, $x322, $x323, L97)); $u19 = (typeof $v326 === "number" ? $v326 : rt.checkSize(ctx, $v326, L102));
}
}
}
$i161 += $step163;
}
break $re327;
} catch ($e328) {
if ($e328 !== T.PAUSE) throw $e328;
{ yield $at29; $h40 = $h44 = $h47 = $h69 = $h73 = $h76 = $h98 = undefined; };
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
ctx.page.budget = $b28;
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
{ let $n35 = 0, $i37, $to38, $step39;
[$i37, $to38, $step39] = T.range(0, (($x42 = ($h40 !== undefined ? $h40 : (($x41 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L5)), "height", L6)), $slow4 || ($h40 = $x41), $x41))), typeof $x42 === "number" && ($x43 = $x42 - 1) === $x43 ? $x43 : rt.sub($x42, 1, L4)), undefined, L3);
$loop34: for (; ; $i37 += $step39) {
if (!(($step39 > 0 ? $i37 <= $to38 : $i37 >= $to38))) { if ($slow4) $vars3["row"] = $i37; else $r5 = $i37; break; }
if (++$n35 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n35, $o.length, L3, true)) { yield L3; $h40 = $h44 = $h47 = $h69 = $h73 = $h76 = $h98 = undefined; }; }
if ($slow4) $vars3["row"] = $i37; else $r5 = $i37;
{ const $v61 = (($x46 = ($h44 !== undefined ? $h44 : (($x45 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L8)), "y0", L9)), $slow4 || ($h44 = $x45), $x45))), ($x59 = (($x56 = (($x53 = (($x49 = ($h47 !== undefined ? $h47 : (($x48 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L13)), "y1", L14)), $slow4 || ($h47 = $x48), $x48))), ($x51 = ($h44 !== undefined ? $h44 : (($x50 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L15)), "y0", L16)), $slow4 || ($h44 = $x50), $x50))), typeof $x49 === "number" && typeof $x51 === "number" && ($x52 = $x49 - $x51) === $x52 ? $x52 : rt.sub($x49, $x51, L12))), ($x54 = ($r5 !== undefined ? $r5 : rt.lookupName(ctx, "row", L17))), typeof $x54 === "number" && ($x55 = $x53 * $x54) === $x55 ? $x55 : rt.mul($x53, $x54, L11))), ($x58 = ($h40 !== undefined ? $h40 : (($x57 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L18)), "height", L19)), $slow4 || ($h40 = $x57), $x57))), typeof $x58 === "number" && $x56 === $x56 && $x58 === $x58 && $x58 !== 0 ? $x56 / $x58 : rt.div($x56, $x58, L10))), typeof $x46 === "number" && ($x60 = $x46 + $x59) === $x60 ? $x60 : rt.add($x46, $x59, L7)); if ($slow4) rt.assign(ctx, "cy", [], $v61, L20); else $r7 = $v61;
}
{ const $v62 = ""; if ($slow4) rt.assign(ctx, "line", [], $v62, L21); else $r8 = (typeof $v62 === "number" ? $v62 : rt.checkSize(ctx, $v62, L21));
}
{ let $n64 = 0, $i66, $to67, $step68;
[$i66, $to67, $step68] = T.range(0, (($x71 = ($h69 !== undefined ? $h69 : (($x70 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L24)), "width", L25)), $slow4 || ($h69 = $x70), $x70))), typeof $x71 === "number" && ($x72 = $x71 - 1) === $x72 ? $x72 : rt.sub($x71, 1, L23)), undefined, L22);
$loop63: for (; ; $i66 += $step68) {
if (!(($step68 > 0 ? $i66 <= $to67 : $i66 >= $to67))) { if ($slow4) $vars3["col"] = $i66; else $r9 = $i66; break; }
if (++$n64 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n64, $o.length, L22, true)) { yield L22; $h40 = $h44 = $h47 = $h69 = $h73 = $h76 = $h98 = undefined; }; }
if ($slow4) $vars3["col"] = $i66; else $r9 = $i66;
{ const $v90 = (($x75 = ($h73 !== undefined ? $h73 : (($x74 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L27)), "x0", L28)), $slow4 || ($h73 = $x74), $x74))), ($x88 = (($x85 = (($x82 = (($x78 = ($h76 !== undefined ? $h76 : (($x77 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L32)), "x1", L33)), $slow4 || ($h76 = $x77), $x77))), ($x80 = ($h73 !== undefined ? $h73 : (($x79 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L34)), "x0", L35)), $slow4 || ($h73 = $x79), $x79))), typeof $x78 === "number" && typeof $x80 === "number" && ($x81 = $x78 - $x80) === $x81 ? $x81 : rt.sub($x78, $x80, L31))), ($x83 = ($r9 !== undefined ? $r9 : rt.lookupName(ctx, "col", L36))), typeof $x83 === "number" && ($x84 = $x82 * $x83) === $x84 ? $x84 : rt.mul($x82, $x83, L30))), ($x87 = ($h69 !== undefined ? $h69 : (($x86 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L37)), "width", L38)), $slow4 || ($h69 = $x86), $x86))), typeof $x87 === "number" && $x85 === $x85 && $x87 === $x87 && $x87 !== 0 ? $x85 / $x87 : rt.div($x85, $x87, L29))), typeof $x75 === "number" && ($x89 = $x75 + $x88) === $x89 ? $x89 : rt.add($x75, $x88, L26)); if ($slow4) rt.assign(ctx, "cx", [], $v90, L39); else $r10 = $v90;
}
{ const $v91 = 0; if ($slow4) rt.assign(ctx, "zx", [], $v91, L40); else $r11 = $v91;
}
{ const $v92 = 0; if ($slow4) rt.assign(ctx, "zy", [], $v92, L41); else $r12 = $v92;
}
{ const $v93 = 0; if ($slow4) rt.assign(ctx, "n", [], $v93, L42); else $r13 = $v93;
}
{ let $n95 = 0;
$loop94: for (; ((($x97 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L45))), ($x100 = ($h98 !== undefined ? $h98 : (($x99 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L46)), "maxiter", L47)), $slow4 || ($h98 = $x99), $x99))), typeof $x97 === "number" && typeof $x100 === "number" && $x97 === $x97 && $x100 === $x100 ? $x97 < $x100 : rt.lt($x97, $x100, L44)) && (($x110 = (($x104 = (($x101 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L51))), ($x102 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L52))), typeof $x101 === "number" && typeof $x102 === "number" && ($x103 = $x101 * $x102) === $x103 ? $x103 : rt.mul($x101, $x102, L50))), ($x108 = (($x105 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L54))), ($x106 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L55))), typeof $x105 === "number" && typeof $x106 === "number" && ($x107 = $x105 * $x106) === $x107 ? $x107 : rt.mul($x105, $x106, L53))), ($x109 = $x104 + $x108) === $x109 ? $x109 : rt.add($x104, $x108, L49))), $x110 === $x110 ? $x110 <= 4 : rt.lte($x110, 4, L48))); ) {
if (++$n95 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n95, $o.length, L43, true)) { yield L43; $h40 = $h44 = $h47 = $h69 = $h73 = $h76 = $h98 = undefined; }; }
{ const $v123 = (($x120 = (($x114 = (($x111 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L59))), ($x112 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L60))), typeof $x111 === "number" && typeof $x112 === "number" && ($x113 = $x111 * $x112) === $x113 ? $x113 : rt.mul($x111, $x112, L58))), ($x118 = (($x115 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L62))), ($x116 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L63))), typeof $x115 === "number" && typeof $x116 === "number" && ($x117 = $x115 * $x116) === $x117 ? $x117 : rt.mul($x115, $x116, L61))), ($x119 = $x114 - $x118) === $x119 ? $x119 : rt.sub($x114, $x118, L57))), ($x121 = ($r10 !== undefined ? $r10 : rt.lookupName(ctx, "cx", L64))), typeof $x121 === "number" && ($x122 = $x120 + $x121) === $x122 ? $x122 : rt.add($x120, $x121, L56)); if ($slow4) rt.assign(ctx, "t", [], $v123, L65); else $r14 = $v123;
}
{ const $v132 = (($x129 = (($x126 = (($x124 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L69))), typeof $x124 === "number" && ($x125 = 2 * $x124) === $x125 ? $x125 : rt.mul(2, $x124, L68))), ($x127 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L70))), typeof $x127 === "number" && ($x128 = $x126 * $x127) === $x128 ? $x128 : rt.mul($x126, $x127, L67))), ($x130 = ($r7 !== undefined ? $r7 : rt.lookupName(ctx, "cy", L71))), typeof $x130 === "number" && ($x131 = $x129 + $x130) === $x131 ? $x131 : rt.add($x129, $x130, L66)); if ($slow4) rt.assign(ctx, "zy", [], $v132, L72); else $r12 = $v132;
}
{ const $v133 = ($r14 !== undefined ? $r14 : rt.lookupName(ctx, "t", L73)); if ($slow4) rt.assign(ctx, "zx", [], $v133, L74); else $r11 = (typeof $v133 === "number" ? $v133 : rt.checkSize(ctx, $v133, L74));
}
{ const $v136 = (($x134 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L76))), typeof $x134 === "number" && ($x135 = $x134 + 1) === $x135 ? $x135 : rt.add($x134, 1, L75)); if ($slow4) rt.assign(ctx, "n", [], $v136, L77); else $r13 = $v136;
}
}
}
if ((($x137 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L79))), ($x139 = ($h98 !== undefined ? $h98 : (($x138 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L80)), "maxiter", L81)), $slow4 || ($h98 = $x138), $x138))), typeof $x137 === "number" && typeof $x139 === "number" && $x137 === $x137 && $x139 === $x139 ? $x137 === $x139 : rt.eq($x137, $x139, L78))) {
{ const $v142 = (($x140 = ($r15 !== undefined ? $r15 : rt.lookupName(ctx, "inside", L83))), typeof $x140 === "number" && ($x141 = $x140 + 1) === $x141 ? $x141 : rt.add($x140, 1, L82)); if ($slow4) rt.assign(ctx, "inside", [], $v142, L84); else $r15 = $v142;
}
}
{ const $v151 = (($x143 = ($r8 !== undefined ? $r8 : rt.lookupName(ctx, "line", L86))), ($x144 = ((($x145 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L88))), ($x147 = ($h98 !== undefined ? $h98 : (($x146 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L89)), "maxiter", L90)), $slow4 || ($h98 = $x146), $x146))), typeof $x145 === "number" && typeof $x147 === "number" && $x145 === $x145 && $x147 === $x147 ? $x145 === $x147 : rt.eq($x145, $x147, L87)) ? "@" : rt.call(ctx, F0, L91, ($r16 !== undefined ? $r16 : rt.lookupName(ctx, "palette", L92)), (($x149 = (($x148 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L95))), typeof $x148 === "number" && $x148 === $x148 && 9 === 9 && 9 !== 0 ? $x148 % 9 : rt.mod($x148, 9, L94))), ($x150 = 1 + $x149) === $x150 ? $x150 : rt.add(1, $x149, L93)), 1))), typeof $x143 === "string" && typeof $x144 === "string" && $x143.length + $x144.length <= ctx.limits.maxStringLength ? $x143 + $x144 : rt.concat(ctx, $x143, $x144, L85)); if ($slow4) rt.assign(ctx, "line", [], $v151, L96); else $r8 = (typeof $v151 === "number" ? $v151 : rt.checkSize(ctx, $v151, L96));
}
}
}
{ const $v156 = (($x152 = (($x154 = ($r17 !== undefined ? $r17 : rt.lookupName(ctx, "art", L99))), ($x155 = ($r8 !== undefined ? $r8 : rt.lookupName(ctx, "line", L100))), typeof $x154 === "string" && typeof $x155 === "string" && $x154.length + $x155.length <= ctx.limits.maxStringLength ? $x154 + $x155 : rt.concat(ctx, $x154, $x155, L98))), ($x153 = rt.call(ctx, F1, L101, 10)), typeof $x152 === "string" && typeof $x153 === "string" && $x152.length + $x153.length <= ctx.limits.maxStringLength ? $x152 + $x153 : rt.concat(ctx, $x152, $x153, L97)); if ($slow4) rt.assign(ctx, "art", [], $v156, L102); else $r17 = (typeof $v156 === "number" ? $v156 : rt.checkSize(ctx, $v156, L102));
}
}
}
}
} finally { if (!$slow4) { if ($r5 !== undefined) $vars3["row"] = $r5; if ($r7 !== undefined) $vars3["cy"] = $r7; if ($r8 !== undefined) $vars3["line"] = $r8; if ($r9 !== undefined) $vars3["col"] = $r9; if ($r10 !== undefined) $vars3["cx"] = $r10; if ($r11 !== undefined) $vars3["zx"] = $r11; if ($r12 !== undefined) $vars3["zy"] = $r12; if ($r13 !== undefined) $vars3["n"] = $r13; if ($r14 !== undefined) $vars3["t"] = $r14; if ($r15 !== undefined) $vars3["inside"] = $r15; if ($r17 !== undefined) $vars3["art"] = $r17; } }
}
$o += "<p>" + rt.esc(rt.lookupName(ctx, "inside", L103), L104) + " points in the set.</p>\n<pre>" + rt.esc(rt.lookupName(ctx, "art", L105), L106) + "</pre>";
if (ctx.page.outputOnly === 0) $o += "\n";
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};
return function render(ctx) { return rt.settle(ctx.page, $run(ctx)); };