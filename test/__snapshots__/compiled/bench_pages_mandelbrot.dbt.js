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
let $x64, $x65, $x66, $x68, $x69, $x71, $x72, $x73, $x74, $x75, $x76, $x77, $x78, $x79, $x80, $x81, $x82, $x83, $x95, $x96, $x97, $x99, $x100, $x102, $x103, $x104, $x105, $x106, $x107, $x108, $x109, $x110, $x111, $x112, $x113, $x114, $x123, $x125, $x126, $x127, $x128, $x129, $x130, $x131, $x132, $x133, $x134, $x135, $x136, $x137, $x138, $x139, $x140, $x141, $x142, $x143, $x144, $x145, $x146, $x147, $x148, $x150, $x151, $x152, $x153, $x154, $x155, $x156, $x157, $x160, $x161, $x163, $x164, $x165, $x166, $x167, $x169, $x170, $x171, $x172, $x173, $x174, $x175, $x176, $x178, $x179, $x180, $x181, $x191, $x192, $x200, $x201, $x202, $x203, $x204, $x205, $x206, $x207, $x208, $x209, $x210, $x221, $x222, $x223, $x224, $x225, $x226, $x227, $x228, $x229, $x230, $x231, $x232, $x233, $x245, $x246, $x247, $x248, $x249, $x250, $x251, $x252, $x253, $x254, $x255, $x256, $x257, $x258, $x259, $x260, $x261, $x262, $x263, $x264, $x265, $x266, $x267, $x268, $x269, $x270, $x272, $x273, $x274, $x275, $x276, $x277, $x278, $x279, $x280, $x283, $x284, $x300, $x301, $x302, $x303, $x304, $x305, $x306, $x307, $x308, $x309, $x310, $x311, $x312, $x314, $x315, $x316, $x317, $x318, $x319, $x320, $x321, $x322, $x325, $x326, $x328, $x329, $x330, $x331, $x332, $x333, $x334, $x335, $x336, $x337, $x338, $x339, $x340, $x341, $x342, $x343, $x345, $x346, $x347, $x348, $x349, $x350, $x351, $x353, $x354, $x355, $x356, $F = [null, null, null, null, null, null, null, null, null];
try {
{ const $v0 = " .:-=+*#%@"; rt.assign(ctx, "palette", [], $v0, L0); }
{ const $v1 = 0; rt.assign(ctx, "inside", [], $v1, L1); }
{ const $v2 = ""; rt.assign(ctx, "art", [], $v2, L2); }
{ const $vars3 = ctx.scopes.local ?? ctx.scopes.variables;
T.respell($vars3, "row"); T.respell($vars3, "col"); const $slow4 = ctx.page.scopesShared || ctx.scopes.local !== undefined || T.shadowed(ctx, $vars3, "row") || T.shadowed(ctx, $vars3, "m") || T.shadowed(ctx, $vars3, "cy") || T.shadowed(ctx, $vars3, "line") || T.shadowed(ctx, $vars3, "col") || T.shadowed(ctx, $vars3, "cx") || T.shadowed(ctx, $vars3, "zx") || T.shadowed(ctx, $vars3, "zy") || T.shadowed(ctx, $vars3, "n") || T.shadowed(ctx, $vars3, "t") || T.shadowed(ctx, $vars3, "inside") || T.shadowed(ctx, $vars3, "palette") || T.shadowed(ctx, $vars3, "art") || T.respelled($vars3, "m") || T.respelled($vars3, "cy") || T.respelled($vars3, "line") || T.respelled($vars3, "cx") || T.respelled($vars3, "zx") || T.respelled($vars3, "zy") || T.respelled($vars3, "n") || T.respelled($vars3, "t") || T.respelled($vars3, "inside") || T.respelled($vars3, "palette") || T.respelled($vars3, "art");
let $r5, $r6 = $slow4 ? undefined : T.own($vars3, "m"), $r7, $r8 = $slow4 ? undefined : T.own($vars3, "line"), $r9, $r10, $r11, $r12, $r13, $r14, $r15 = $slow4 ? undefined : T.own($vars3, "inside"), $r16 = $slow4 ? undefined : T.own($vars3, "palette"), $r17 = $slow4 ? undefined : T.own($vars3, "art"), $h63 = undefined, $h67 = undefined, $h70 = undefined, $h94 = undefined, $h98 = undefined, $h101 = undefined, $h124 = undefined;
try {
let $done50 = false, $replay53;
if (!$slow4 && $r6 !== undefined && typeof $r15 === "number" && $r16 !== undefined && $r17 !== undefined) {
const $len51 = $o.length;
let $at49 = L3, $b28 = ctx.page.budget;
try {
{ let $cl48 = 0, $c29, $c30, $c31, $c32, $c33, $c34, $c35, $c36, $c37, $c38, $c39, $c40, $c41, $c42, $c43, $c44, $c45, $c46, $c47, $s20 = false, $s21 = false, $s22 = false, $s23 = false, $s24 = false, $s25 = false, $s26 = false, $s27 = false, $u18 = $r8, $u19 = $r17;
$F[0] = 0; $F[1] = 0; $F[2] = 0; $F[3] = 0; $F[4] = 0; $F[5] = 0; $F[6] = 0; $F[7] = 0; $F[8] = $r15; 
{ let $n184 = 0, $again194 = false, $due195 = false, $last196 = -1, $k198 = 0, $lim186 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations;
let [$from188, $to189, $step190] = T.range(0, (($x191 = ($h63 !== undefined ? $h63 : ($h63 = rt.field(ctx, $r6, "height", L6)))), typeof $x191 === "number" && ($x192 = $x191 - 1) === $x192 ? $x192 : rt.sub($x191, 1, L4)), undefined, L3);
let $i187 = $from188;
$re193: for (;;) {
$n184 = +$n184; $lim186 = +$lim186; $i187 = +$i187; $to189 = +$to189; $step190 = +$step190; $b28 = ctx.page.budget;
try {
$loop183: for (;; $i187 += $step190) {
if ($again194) $again194 = false;
else {
if (!($step190 > 0 ? $i187 <= $to189 : $i187 >= $to189)) break;
if (++$n184 > $lim186 || --$b28 <= 0) { ctx.page.budget = $b28; $due195 = T.tickDue(ctx, $n184, $o.length, L3); $b28 = ctx.page.budget; }
}
$F[0] = $i187; $s20 = true;
$c29 = $F[0]; $c30 = $F[1]; $c31 = $u18; $c32 = $F[2]; $c33 = $F[3]; $c34 = $F[4]; $c35 = $F[5]; $c36 = $F[6]; $c37 = $F[7]; $c38 = $F[8]; $c39 = $u19; $c40 = $s20; $c41 = $s21; $c42 = $s22; $c43 = $s23; $c44 = $s24; $c45 = $s25; $c46 = $s26; $c47 = $s27; $cl48 = $o.length;
if ($due195) { $at49 = L3; throw T.PAUSE; }
{ const $v211 = (($x200 = ($h67 !== undefined ? $h67 : ($h67 = rt.field(ctx, $r6, "y0", L9)))), ($x209 = (($x207 = (($x204 = (($x201 = ($h70 !== undefined ? $h70 : ($h70 = rt.field(ctx, $r6, "y1", L14)))), ($x202 = ($h67 !== undefined ? $h67 : ($h67 = rt.field(ctx, $r6, "y0", L16)))), typeof $x201 === "number" && typeof $x202 === "number" && ($x203 = $x201 - $x202) === $x203 ? $x203 : rt.sub($x201, $x202, L12))), ($x205 = $F[0]), ($x206 = $x204 * $x205) === $x206 ? $x206 : rt.mul($x204, $x205, L11))), ($x208 = ($h63 !== undefined ? $h63 : ($h63 = rt.field(ctx, $r6, "height", L19)))), typeof $x208 === "number" && $x207 === $x207 && $x208 === $x208 && $x208 !== 0 ? $x207 / $x208 : rt.div($x207, $x208, L10))), typeof $x200 === "number" && ($x210 = $x200 + $x209) === $x210 ? $x210 : rt.add($x200, $x209, L7)); $F[1] = $v211; $s21 = true;
}
{ const $v212 = ""; $u18 = (typeof $v212 === "number" ? $v212 : rt.checkSize(ctx, $v212, L21));
}
{ let $n214 = 0; const $lim216 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations;
const [$from218, $to219, $step220] = T.range(0, (($x221 = ($h94 !== undefined ? $h94 : ($h94 = rt.field(ctx, $r6, "width", L25)))), typeof $x221 === "number" && ($x222 = $x221 - 1) === $x222 ? $x222 : rt.sub($x221, 1, L23)), undefined, L22);
$loop213: for (let $i217 = $from218; $step220 > 0 ? $i217 <= $to219 : $i217 >= $to219; $i217 += $step220) {
if (++$n214 > $lim216 || --$b28 <= 0) { ctx.page.budget = $b28; if (T.tickDue(ctx, $n214, $o.length, L22)) { $at49 = L22; throw T.PAUSE; } $b28 = ctx.page.budget; }
$F[2] = $i217; $s22 = true;
{ const $v234 = (($x223 = ($h98 !== undefined ? $h98 : ($h98 = rt.field(ctx, $r6, "x0", L28)))), ($x232 = (($x230 = (($x227 = (($x224 = ($h101 !== undefined ? $h101 : ($h101 = rt.field(ctx, $r6, "x1", L33)))), ($x225 = ($h98 !== undefined ? $h98 : ($h98 = rt.field(ctx, $r6, "x0", L35)))), typeof $x224 === "number" && typeof $x225 === "number" && ($x226 = $x224 - $x225) === $x226 ? $x226 : rt.sub($x224, $x225, L31))), ($x228 = $F[2]), ($x229 = $x227 * $x228) === $x229 ? $x229 : rt.mul($x227, $x228, L30))), ($x231 = ($h94 !== undefined ? $h94 : ($h94 = rt.field(ctx, $r6, "width", L38)))), typeof $x231 === "number" && $x230 === $x230 && $x231 === $x231 && $x231 !== 0 ? $x230 / $x231 : rt.div($x230, $x231, L29))), typeof $x223 === "number" && ($x233 = $x223 + $x232) === $x233 ? $x233 : rt.add($x223, $x232, L26)); $F[3] = $v234; $s23 = true;
}
{ const $v235 = 0; $F[4] = $v235; $s24 = true;
}
{ const $v236 = 0; $F[5] = $v236; $s25 = true;
}
{ const $v237 = 0; $F[6] = $v237; $s26 = true;
}
{ let $n239 = 0, $k243 = 0; const $lim241 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations;
$loop242: for (;;) {
if (!(((($x245 = $F[6]), ($x246 = ($h124 !== undefined ? $h124 : ($h124 = rt.field(ctx, $r6, "maxiter", L47)))), typeof $x246 === "number" && $x245 === $x245 && $x246 === $x246 ? $x245 < $x246 : rt.lt($x245, $x246, L44)) && (($x257 = (($x247 = (($F[4] * $F[4]) + ($F[5] * $F[5]))) === $x247 ? $x247 : (($x251 = (($x248 = $F[4]), ($x249 = $F[4]), ($x250 = $x248 * $x249) === $x250 ? $x250 : rt.mul($x248, $x249, L50))), ($x255 = (($x252 = $F[5]), ($x253 = $F[5]), ($x254 = $x252 * $x253) === $x254 ? $x254 : rt.mul($x252, $x253, L53))), ($x256 = $x251 + $x255) === $x256 ? $x256 : rt.add($x251, $x255, L49)))), $x257 === $x257 ? $x257 <= 4 : rt.lte($x257, 4, L48))))) break;
if (++$n239 > $lim241 || --$b28 <= 0) { ctx.page.budget = $b28; if (T.tickDue(ctx, $n239, $o.length, L43)) { $at49 = L43; throw T.PAUSE; } $b28 = ctx.page.budget; }
$b244: {
{ const $v271 = (($x258 = ((($F[4] * $F[4]) - ($F[5] * $F[5])) + $F[3])) === $x258 ? $x258 : (($x268 = (($x262 = (($x259 = $F[4]), ($x260 = $F[4]), ($x261 = $x259 * $x260) === $x261 ? $x261 : rt.mul($x259, $x260, L58))), ($x266 = (($x263 = $F[5]), ($x264 = $F[5]), ($x265 = $x263 * $x264) === $x265 ? $x265 : rt.mul($x263, $x264, L61))), ($x267 = $x262 - $x266) === $x267 ? $x267 : rt.sub($x262, $x266, L57))), ($x269 = $F[3]), ($x270 = $x268 + $x269) === $x270 ? $x270 : rt.add($x268, $x269, L56))); $F[7] = $v271; $s27 = true;
}
{ const $v281 = (($x272 = (((2 * $F[4]) * $F[5]) + $F[1])) === $x272 ? $x272 : (($x278 = (($x275 = (($x273 = $F[4]), ($x274 = 2 * $x273) === $x274 ? $x274 : rt.mul(2, $x273, L68))), ($x276 = $F[5]), ($x277 = $x275 * $x276) === $x277 ? $x277 : rt.mul($x275, $x276, L67))), ($x279 = $F[1]), ($x280 = $x278 + $x279) === $x280 ? $x280 : rt.add($x278, $x279, L66))); $F[5] = $v281; $s25 = true;
}
{ const $v282 = $F[7]; $F[4] = $v282; $s24 = true;
}
{ const $v285 = (($x283 = $F[6]), ($x284 = $x283 + 1) === $x284 ? $x284 : rt.add($x283, 1, L75)); $F[6] = $v285; $s26 = true;
}
}
$k243 = typeof $h124 === "number" && $h124 === $h124 ? Math.min($lim241 - $n239, $b28 - 1) : 0;
if ($k243 > 0) { let $brk298 = false; $n239 += $k243; $b28 -= $k243;
{ let $k299 = $k243, $w286 = $F[6], $w287 = $F[4], $w288 = $F[5], $w289 = $F[7], $w290 = $F[3], $w291 = $F[1], $f292 = false, $f293 = false, $f294 = false, $f295 = false;
$run296: while ($k299 > 0 && (((($x328 = $w286), $x328 === $x328 ? $x328 < $h124 : rt.lt($x328, $h124, L44)) && (($x339 = (($x329 = (($w287 * $w287) + ($w288 * $w288))) === $x329 ? $x329 : (($x333 = (($x330 = $w287), ($x331 = $w287), ($x332 = $x330 * $x331) === $x332 ? $x332 : rt.mul($x330, $x331, L50))), ($x337 = (($x334 = $w288), ($x335 = $w288), ($x336 = $x334 * $x335) === $x336 ? $x336 : rt.mul($x334, $x335, L53))), ($x338 = $x333 + $x337) === $x338 ? $x338 : rt.add($x333, $x337, L49)))), $x339 === $x339 ? $x339 <= 4 : rt.lte($x339, 4, L48))))) {
$k299--;
$b297: {
{ const $v313 = (($x300 = ((($w287 * $w287) - ($w288 * $w288)) + $w290)) === $x300 ? $x300 : (($x310 = (($x304 = (($x301 = $w287), ($x302 = $w287), ($x303 = $x301 * $x302) === $x303 ? $x303 : rt.mul($x301, $x302, L58))), ($x308 = (($x305 = $w288), ($x306 = $w288), ($x307 = $x305 * $x306) === $x307 ? $x307 : rt.mul($x305, $x306, L61))), ($x309 = $x304 - $x308) === $x309 ? $x309 : rt.sub($x304, $x308, L57))), ($x311 = $w290), ($x312 = $x310 + $x311) === $x312 ? $x312 : rt.add($x310, $x311, L56))); $w289 = $v313; $f295 = true;
}
{ const $v323 = (($x314 = (((2 * $w287) * $w288) + $w291)) === $x314 ? $x314 : (($x320 = (($x317 = (($x315 = $w287), ($x316 = 2 * $x315) === $x316 ? $x316 : rt.mul(2, $x315, L68))), ($x318 = $w288), ($x319 = $x317 * $x318) === $x319 ? $x319 : rt.mul($x317, $x318, L67))), ($x321 = $w291), ($x322 = $x320 + $x321) === $x322 ? $x322 : rt.add($x320, $x321, L66))); $w288 = $v323; $f294 = true;
}
{ const $v324 = $w289; $w287 = $v324; $f293 = true;
}
{ const $v327 = (($x325 = $w286), ($x326 = $x325 + 1) === $x326 ? $x326 : rt.add($x325, 1, L75)); $w286 = $v327; $f292 = true;
}
}
}
$k243 = $k299; $F[6] = $w286; $F[4] = $w287; $F[5] = $w288; $F[7] = $w289; if ($f292) $s26 = true; if ($f293) $s24 = true; if ($f294) $s25 = true; if ($f295) $s27 = true;
}
$n239 -= $k243; $b28 += $k243; $k243 = 0;
if ($brk298) break $loop242;
}
}
}
if ((($x340 = $F[6]), ($x341 = ($h124 !== undefined ? $h124 : ($h124 = rt.field(ctx, $r6, "maxiter", L81)))), typeof $x341 === "number" && $x340 === $x340 && $x341 === $x341 ? $x340 === $x341 : rt.eq($x340, $x341, L78))) {
{ const $v344 = (($x342 = $F[8]), ($x343 = $x342 + 1) === $x343 ? $x343 : rt.add($x342, 1, L82)); $F[8] = $v344;
}
}
{ const $v352 = (($x345 = $u18), ($x346 = ((($x347 = $F[6]), ($x348 = ($h124 !== undefined ? $h124 : ($h124 = rt.field(ctx, $r6, "maxiter", L90)))), typeof $x348 === "number" && $x347 === $x347 && $x348 === $x348 ? $x347 === $x348 : rt.eq($x347, $x348, L87)) ? "@" : rt.call(ctx, F0, L91, $r16, (($x350 = (($x349 = $F[6]), $x349 === $x349 && 9 === 9 && 9 !== 0 ? $x349 % 9 : rt.mod($x349, 9, L94))), ($x351 = 1 + $x350) === $x351 ? $x351 : rt.add(1, $x350, L93)), 1))), typeof $x345 === "string" && typeof $x346 === "string" && $x345.length + $x346.length <= ctx.limits.maxStringLength ? $x345 + $x346 : rt.concat(ctx, $x345, $x346, L85)); $u18 = (typeof $v352 === "number" ? $v352 : rt.checkSize(ctx, $v352, L96));
}
}
}
{ const $v357 = (($x353 = (($x355 = $u19), ($x356 = $u18), typeof $x355 === "string" && typeof $x356 === "string" && $x355.length + $x356.length <= ctx.limits.maxStringLength ? $x355 + $x356 : rt.concat(ctx, $x355, $x356, L98))), ($x354 = rt.call(ctx, F1, L101, 10)), typeof $x353 === "string" && typeof $x354 === "string" && $x353.length + $x354.length <= ctx.limits.maxStringLength ? $x353 + $x354 : rt.concat(ctx, $x353, $x354, L97)); $u19 = (typeof $v357 === "number" ? $v357 : rt.checkSize(ctx, $v357, L102));
}
}
break $re193;
} catch ($e197) {
if ($e197 !== T.PAUSE) throw $e197;
if (!$due195) { if ($last196 === $n184) throw $e197; $last196 = $n184; }
$due195 = false;
$F[0] = $c29; $F[1] = $c30; $u18 = $c31; $F[2] = $c32; $F[3] = $c33; $F[4] = $c34; $F[5] = $c35; $F[6] = $c36; $F[7] = $c37; $F[8] = $c38; $u19 = $c39; $s20 = $c40; $s21 = $c41; $s22 = $c42; $s23 = $c43; $s24 = $c44; $s25 = $c45; $s26 = $c46; $s27 = $c47; $o = $o.slice(0, $cl48);
{ yield $at49; $h63 = $h67 = $h70 = $h94 = $h98 = $h101 = $h124 = undefined; };
$again194 = true;
}
}
}
ctx.page.budget = $b28; if ($s20) $r5 = $F[0]; if ($s21) $r7 = $F[1]; $r8 = $u18; if ($s22) $r9 = $F[2]; if ($s23) $r10 = $F[3]; if ($s24) $r11 = $F[4]; if ($s25) $r12 = $F[5]; if ($s26) $r13 = $F[6]; if ($s27) $r14 = $F[7]; $r15 = $F[8]; $r17 = $u19;
}
$done50 = true;
} catch ($e52) {
$o = $o.slice(0, $len51);
// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if ($e52?.catchable === false) throw $e52;
if ($e52 === T.PAUSE) { { yield $at49; $h63 = $h67 = $h70 = $h94 = $h98 = $h101 = $h124 = undefined; }; } else { $replay53 = $b28; ctx.page.budget = Infinity; }
}
}
if (!$done50) {
$r5 = $slow4 ? undefined : T.own($vars3, "row");
$r7 = $slow4 ? undefined : T.own($vars3, "cy");
$r9 = $slow4 ? undefined : T.own($vars3, "col");
$r10 = $slow4 ? undefined : T.own($vars3, "cx");
$r11 = $slow4 ? undefined : T.own($vars3, "zx");
$r12 = $slow4 ? undefined : T.own($vars3, "zy");
$r13 = $slow4 ? undefined : T.own($vars3, "n");
$r14 = $slow4 ? undefined : T.own($vars3, "t");
try {
{ let $n56 = 0; const [$from60, $to61, $step62] = T.range(0, (($x65 = ($h63 !== undefined ? $h63 : (($x64 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L5)), "height", L6)), $slow4 || ($h63 = $x64), $x64))), typeof $x65 === "number" && ($x66 = $x65 - 1) === $x66 ? $x66 : rt.sub($x65, 1, L4)), undefined, L3);
$loop55: for (let $i59 = $from60; $step62 > 0 ? $i59 <= $to61 : $i59 >= $to61; $i59 += $step62) {
if (++$n56 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tickDue(ctx, $n56, $o.length, L3)) { yield L3; $h63 = $h67 = $h70 = $h94 = $h98 = $h101 = $h124 = undefined; }; }
if ($slow4) $vars3["row"] = $i59; else $r5 = $i59;
{ const $v84 = (($x69 = ($h67 !== undefined ? $h67 : (($x68 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L8)), "y0", L9)), $slow4 || ($h67 = $x68), $x68))), ($x82 = (($x79 = (($x76 = (($x72 = ($h70 !== undefined ? $h70 : (($x71 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L13)), "y1", L14)), $slow4 || ($h70 = $x71), $x71))), ($x74 = ($h67 !== undefined ? $h67 : (($x73 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L15)), "y0", L16)), $slow4 || ($h67 = $x73), $x73))), typeof $x72 === "number" && typeof $x74 === "number" && ($x75 = $x72 - $x74) === $x75 ? $x75 : rt.sub($x72, $x74, L12))), ($x77 = ($r5 !== undefined ? $r5 : rt.lookupName(ctx, "row", L17))), typeof $x77 === "number" && ($x78 = $x76 * $x77) === $x78 ? $x78 : rt.mul($x76, $x77, L11))), ($x81 = ($h63 !== undefined ? $h63 : (($x80 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L18)), "height", L19)), $slow4 || ($h63 = $x80), $x80))), typeof $x81 === "number" && $x79 === $x79 && $x81 === $x81 && $x81 !== 0 ? $x79 / $x81 : rt.div($x79, $x81, L10))), typeof $x69 === "number" && ($x83 = $x69 + $x82) === $x83 ? $x83 : rt.add($x69, $x82, L7)); if ($slow4) rt.assign(ctx, "cy", [], $v84, L20); else $r7 = $v84;
}
{ const $v85 = ""; if ($slow4) rt.assign(ctx, "line", [], $v85, L21); else $r8 = (typeof $v85 === "number" ? $v85 : rt.checkSize(ctx, $v85, L21));
}
{ let $n87 = 0; const [$from91, $to92, $step93] = T.range(0, (($x96 = ($h94 !== undefined ? $h94 : (($x95 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L24)), "width", L25)), $slow4 || ($h94 = $x95), $x95))), typeof $x96 === "number" && ($x97 = $x96 - 1) === $x97 ? $x97 : rt.sub($x96, 1, L23)), undefined, L22);
$loop86: for (let $i90 = $from91; $step93 > 0 ? $i90 <= $to92 : $i90 >= $to92; $i90 += $step93) {
if (++$n87 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tickDue(ctx, $n87, $o.length, L22)) { yield L22; $h63 = $h67 = $h70 = $h94 = $h98 = $h101 = $h124 = undefined; }; }
if ($slow4) $vars3["col"] = $i90; else $r9 = $i90;
{ const $v115 = (($x100 = ($h98 !== undefined ? $h98 : (($x99 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L27)), "x0", L28)), $slow4 || ($h98 = $x99), $x99))), ($x113 = (($x110 = (($x107 = (($x103 = ($h101 !== undefined ? $h101 : (($x102 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L32)), "x1", L33)), $slow4 || ($h101 = $x102), $x102))), ($x105 = ($h98 !== undefined ? $h98 : (($x104 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L34)), "x0", L35)), $slow4 || ($h98 = $x104), $x104))), typeof $x103 === "number" && typeof $x105 === "number" && ($x106 = $x103 - $x105) === $x106 ? $x106 : rt.sub($x103, $x105, L31))), ($x108 = ($r9 !== undefined ? $r9 : rt.lookupName(ctx, "col", L36))), typeof $x108 === "number" && ($x109 = $x107 * $x108) === $x109 ? $x109 : rt.mul($x107, $x108, L30))), ($x112 = ($h94 !== undefined ? $h94 : (($x111 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L37)), "width", L38)), $slow4 || ($h94 = $x111), $x111))), typeof $x112 === "number" && $x110 === $x110 && $x112 === $x112 && $x112 !== 0 ? $x110 / $x112 : rt.div($x110, $x112, L29))), typeof $x100 === "number" && ($x114 = $x100 + $x113) === $x114 ? $x114 : rt.add($x100, $x113, L26)); if ($slow4) rt.assign(ctx, "cx", [], $v115, L39); else $r10 = $v115;
}
{ const $v116 = 0; if ($slow4) rt.assign(ctx, "zx", [], $v116, L40); else $r11 = $v116;
}
{ const $v117 = 0; if ($slow4) rt.assign(ctx, "zy", [], $v117, L41); else $r12 = $v117;
}
{ const $v118 = 0; if ($slow4) rt.assign(ctx, "n", [], $v118, L42); else $r13 = $v118;
}
{ let $n120 = 0; 
$loop119: while (((($x123 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L45))), ($x126 = ($h124 !== undefined ? $h124 : (($x125 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L46)), "maxiter", L47)), $slow4 || ($h124 = $x125), $x125))), typeof $x123 === "number" && typeof $x126 === "number" && $x123 === $x123 && $x126 === $x126 ? $x123 < $x126 : rt.lt($x123, $x126, L44)) && (($x136 = (($x130 = (($x127 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L51))), ($x128 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L52))), typeof $x127 === "number" && typeof $x128 === "number" && ($x129 = $x127 * $x128) === $x129 ? $x129 : rt.mul($x127, $x128, L50))), ($x134 = (($x131 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L54))), ($x132 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L55))), typeof $x131 === "number" && typeof $x132 === "number" && ($x133 = $x131 * $x132) === $x133 ? $x133 : rt.mul($x131, $x132, L53))), ($x135 = $x130 + $x134) === $x135 ? $x135 : rt.add($x130, $x134, L49))), $x136 === $x136 ? $x136 <= 4 : rt.lte($x136, 4, L48)))) {
if (++$n120 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tickDue(ctx, $n120, $o.length, L43)) { yield L43; $h63 = $h67 = $h70 = $h94 = $h98 = $h101 = $h124 = undefined; }; }
{ const $v149 = (($x146 = (($x140 = (($x137 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L59))), ($x138 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L60))), typeof $x137 === "number" && typeof $x138 === "number" && ($x139 = $x137 * $x138) === $x139 ? $x139 : rt.mul($x137, $x138, L58))), ($x144 = (($x141 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L62))), ($x142 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L63))), typeof $x141 === "number" && typeof $x142 === "number" && ($x143 = $x141 * $x142) === $x143 ? $x143 : rt.mul($x141, $x142, L61))), ($x145 = $x140 - $x144) === $x145 ? $x145 : rt.sub($x140, $x144, L57))), ($x147 = ($r10 !== undefined ? $r10 : rt.lookupName(ctx, "cx", L64))), typeof $x147 === "number" && ($x148 = $x146 + $x147) === $x148 ? $x148 : rt.add($x146, $x147, L56)); if ($slow4) rt.assign(ctx, "t", [], $v149, L65); else $r14 = $v149;
}
{ const $v158 = (($x155 = (($x152 = (($x150 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L69))), typeof $x150 === "number" && ($x151 = 2 * $x150) === $x151 ? $x151 : rt.mul(2, $x150, L68))), ($x153 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L70))), typeof $x153 === "number" && ($x154 = $x152 * $x153) === $x154 ? $x154 : rt.mul($x152, $x153, L67))), ($x156 = ($r7 !== undefined ? $r7 : rt.lookupName(ctx, "cy", L71))), typeof $x156 === "number" && ($x157 = $x155 + $x156) === $x157 ? $x157 : rt.add($x155, $x156, L66)); if ($slow4) rt.assign(ctx, "zy", [], $v158, L72); else $r12 = $v158;
}
{ const $v159 = ($r14 !== undefined ? $r14 : rt.lookupName(ctx, "t", L73)); if ($slow4) rt.assign(ctx, "zx", [], $v159, L74); else $r11 = (typeof $v159 === "number" ? $v159 : rt.checkSize(ctx, $v159, L74));
}
{ const $v162 = (($x160 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L76))), typeof $x160 === "number" && ($x161 = $x160 + 1) === $x161 ? $x161 : rt.add($x160, 1, L75)); if ($slow4) rt.assign(ctx, "n", [], $v162, L77); else $r13 = $v162;
}
}
}
if ((($x163 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L79))), ($x165 = ($h124 !== undefined ? $h124 : (($x164 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L80)), "maxiter", L81)), $slow4 || ($h124 = $x164), $x164))), typeof $x163 === "number" && typeof $x165 === "number" && $x163 === $x163 && $x165 === $x165 ? $x163 === $x165 : rt.eq($x163, $x165, L78))) {
{ const $v168 = (($x166 = ($r15 !== undefined ? $r15 : rt.lookupName(ctx, "inside", L83))), typeof $x166 === "number" && ($x167 = $x166 + 1) === $x167 ? $x167 : rt.add($x166, 1, L82)); if ($slow4) rt.assign(ctx, "inside", [], $v168, L84); else $r15 = $v168;
}
}
{ const $v177 = (($x169 = ($r8 !== undefined ? $r8 : rt.lookupName(ctx, "line", L86))), ($x170 = ((($x171 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L88))), ($x173 = ($h124 !== undefined ? $h124 : (($x172 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L89)), "maxiter", L90)), $slow4 || ($h124 = $x172), $x172))), typeof $x171 === "number" && typeof $x173 === "number" && $x171 === $x171 && $x173 === $x173 ? $x171 === $x173 : rt.eq($x171, $x173, L87)) ? "@" : rt.call(ctx, F0, L91, ($r16 !== undefined ? $r16 : rt.lookupName(ctx, "palette", L92)), (($x175 = (($x174 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L95))), typeof $x174 === "number" && $x174 === $x174 && 9 === 9 && 9 !== 0 ? $x174 % 9 : rt.mod($x174, 9, L94))), ($x176 = 1 + $x175) === $x176 ? $x176 : rt.add(1, $x175, L93)), 1))), typeof $x169 === "string" && typeof $x170 === "string" && $x169.length + $x170.length <= ctx.limits.maxStringLength ? $x169 + $x170 : rt.concat(ctx, $x169, $x170, L85)); if ($slow4) rt.assign(ctx, "line", [], $v177, L96); else $r8 = (typeof $v177 === "number" ? $v177 : rt.checkSize(ctx, $v177, L96));
}
}
}
{ const $v182 = (($x178 = (($x180 = ($r17 !== undefined ? $r17 : rt.lookupName(ctx, "art", L99))), ($x181 = ($r8 !== undefined ? $r8 : rt.lookupName(ctx, "line", L100))), typeof $x180 === "string" && typeof $x181 === "string" && $x180.length + $x181.length <= ctx.limits.maxStringLength ? $x180 + $x181 : rt.concat(ctx, $x180, $x181, L98))), ($x179 = rt.call(ctx, F1, L101, 10)), typeof $x178 === "string" && typeof $x179 === "string" && $x178.length + $x179.length <= ctx.limits.maxStringLength ? $x178 + $x179 : rt.concat(ctx, $x178, $x179, L97)); if ($slow4) rt.assign(ctx, "art", [], $v182, L102); else $r17 = (typeof $v182 === "number" ? $v182 : rt.checkSize(ctx, $v182, L102));
}
}
}
} finally { if ($replay53 !== undefined) ctx.page.budget = $replay53; }
}
} finally { if (!$slow4) { if ($r5 !== undefined) $vars3["row"] = $r5; if ($r7 !== undefined) $vars3["cy"] = $r7; if ($r8 !== undefined) $vars3["line"] = $r8; if ($r9 !== undefined) $vars3["col"] = $r9; if ($r10 !== undefined) $vars3["cx"] = $r10; if ($r11 !== undefined) $vars3["zx"] = $r11; if ($r12 !== undefined) $vars3["zy"] = $r12; if ($r13 !== undefined) $vars3["n"] = $r13; if ($r14 !== undefined) $vars3["t"] = $r14; if ($r15 !== undefined) $vars3["inside"] = $r15; if ($r17 !== undefined) $vars3["art"] = $r17; } }
}
$o += "<p>" + rt.esc(rt.lookupName(ctx, "inside", L103), L104) + " points in the set.</p>\n<pre>" + rt.esc(rt.lookupName(ctx, "art", L105), L106) + "</pre>";
if (ctx.page.outputOnly === 0) $o += "\n";
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};
return function render(ctx) { return rt.settle(ctx.page, $run(ctx)); };