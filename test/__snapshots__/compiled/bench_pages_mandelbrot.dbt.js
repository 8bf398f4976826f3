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
const $checked340 = function* checked340(ctx, $o, $r5, $r6, $r7, $r8, $r9, $r10, $r11, $r12, $r13, $r14, $r15, $r16, $r17) {
let $row;
let $F149 = 0, $F150 = 0, $F151 = 0, $F152 = 0, $F153 = 0, $F154 = 0, $F155 = 0, $F156 = 0, $F157 = 0, $x175, $x176, $x180, $x181, $x182, $x183, $x184, $x185, $x186, $x187, $x188, $x189, $x190, $x199, $x200, $x204, $x205, $x206, $x207, $x208, $x209, $x210, $x211, $x212, $x213, $x214, $x222, $x223, $x224, $x225, $x226, $x227, $x228, $x229, $x230, $x231, $x232, $x233, $x234, $x238, $x239, $x240, $x241, $x242, $x243, $x244, $x245, $x246, $x247, $x248, $x249, $x250, $x252, $x253, $x254, $x255, $x256, $x257, $x258, $x259, $x260, $x263, $x264, $x280, $x281, $x282, $x283, $x284, $x285, $x286, $x287, $x288, $x289, $x290, $x291, $x292, $x294, $x295, $x296, $x297, $x298, $x299, $x300, $x301, $x302, $x305, $x306, $x308, $x309, $x310, $x311, $x312, $x313, $x314, $x315, $x316, $x317, $x318, $x319, $x320, $x321, $x322, $x323, $x325, $x326, $x327, $x328, $x329, $x330, $x331, $x333, $x334, $x335, $x336;
let $at19 = L3, $b18 = ctx.page.budget, $h31, $h35, $h38, $h60, $h64, $h67, $h89;
try {
{ let $s160 = false, $s161 = false, $s162 = false, $s163 = false, $s164 = false, $s165 = false, $s166 = false, $s167 = false, $u158 = $r8, $u159 = $r17;
$F149 = 0; $F150 = 0; $F151 = 0; $F152 = 0; $F153 = 0; $F154 = 0; $F155 = 0; $F156 = 0; $F157 = $r15; 
{ let $n220 = 0, $lim235 = 0, $k236 = 0, $n194 = 0, $lim201 = 0, $k202 = 0, $i196 = 0, $to197 = 0, $step198 = 0, $n170 = 0, $lim177 = 0, $k178 = 0, $i172 = 0, $to173 = 0, $step174 = 0, $rz168 = 0;
$re338: for (;;) {
$n220 = +$n220; $lim235 = +$lim235; $k236 = +$k236; $n194 = +$n194; $lim201 = +$lim201; $k202 = +$k202; $i196 = +$i196; $to197 = +$to197; $step198 = +$step198; $n170 = +$n170; $lim177 = +$lim177; $k178 = +$k178; $i172 = +$i172; $to173 = +$to173; $step174 = +$step174; $b18 = ctx.page.budget;
try {
if ($rz168 === 0) { $n170 = 0; $k178 = 0; $lim177 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; [$i172, $to173, $step174] = T.range(0, (($x175 = ($h31 !== undefined ? $h31 : ($h31 = rt.field(ctx, $r6, "height", L6)))), typeof $x175 === "number" && ($x176 = $x175 - 1) === $x176 ? $x176 : rt.sub($x175, 1, L4)), undefined, L3);
}
$loop169: for (;;) {
if ($rz168 !== 0) { if ($rz168 === 1) $rz168 = 0; }
else {
if (!(($step174 > 0 ? $i172 <= $to173 : $i172 >= $to173))) { $F149 = $i172; $s160 = true; break; }
if (++$n170 > $lim177 || --$b18 <= 0) { ctx.page.budget = $b18; if (T.tick(ctx, $n170, $o.length, L3, true)) { $rz168 = 1; $at19 = L3; throw T.PAUSE; } $b18 = ctx.page.budget; }
}
$F149 = $i172; $s160 = true;
$b179: {
if ($rz168 === 0) {
{ const $v191 = (($x180 = ($h35 !== undefined ? $h35 : ($h35 = rt.field(ctx, $r6, "y0", L9)))), ($x189 = (($x187 = (($x184 = (($x181 = ($h38 !== undefined ? $h38 : ($h38 = rt.field(ctx, $r6, "y1", L14)))), ($x182 = ($h35 !== undefined ? $h35 : ($h35 = rt.field(ctx, $r6, "y0", L16)))), typeof $x181 === "number" && typeof $x182 === "number" && ($x183 = $x181 - $x182) === $x183 ? $x183 : rt.sub($x181, $x182, L12))), ($x185 = $F149), ($x186 = $x184 * $x185) === $x186 ? $x186 : rt.mul($x184, $x185, L11))), ($x188 = ($h31 !== undefined ? $h31 : ($h31 = rt.field(ctx, $r6, "height", L19)))), typeof $x188 === "number" && $x187 === $x187 && $x188 === $x188 && $x188 !== 0 ? $x187 / $x188 : rt.div($x187, $x188, L10))), typeof $x180 === "number" && ($x190 = $x180 + $x189) === $x190 ? $x190 : rt.add($x180, $x189, L7)); $F150 = $v191; $s161 = true;
}
{ const $v192 = ""; $u158 = (typeof $v192 === "number" ? $v192 : rt.checkSize(ctx, $v192, L21));
}
}
if ($rz168 === 0 || ($rz168 >= 2 && $rz168 <= 3)) {
{ if ($rz168 === 0) { $n194 = 0; $k202 = 0; $lim201 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; [$i196, $to197, $step198] = T.range(0, (($x199 = ($h60 !== undefined ? $h60 : ($h60 = rt.field(ctx, $r6, "width", L25)))), typeof $x199 === "number" && ($x200 = $x199 - 1) === $x200 ? $x200 : rt.sub($x199, 1, L23)), undefined, L22);
}
$loop193: for (;;) {
if ($rz168 !== 0) { if ($rz168 === 2) $rz168 = 0; }
else {
if (!(($step198 > 0 ? $i196 <= $to197 : $i196 >= $to197))) { $F151 = $i196; $s162 = true; break; }
if (++$n194 > $lim201 || --$b18 <= 0) { ctx.page.budget = $b18; if (T.tick(ctx, $n194, $o.length, L22, true)) { $rz168 = 2; $at19 = L22; throw T.PAUSE; } $b18 = ctx.page.budget; }
}
$F151 = $i196; $s162 = true;
$b203: {
if ($rz168 === 0) {
{ const $v215 = (($x204 = ($h64 !== undefined ? $h64 : ($h64 = rt.field(ctx, $r6, "x0", L28)))), ($x213 = (($x211 = (($x208 = (($x205 = ($h67 !== undefined ? $h67 : ($h67 = rt.field(ctx, $r6, "x1", L33)))), ($x206 = ($h64 !== undefined ? $h64 : ($h64 = rt.field(ctx, $r6, "x0", L35)))), typeof $x205 === "number" && typeof $x206 === "number" && ($x207 = $x205 - $x206) === $x207 ? $x207 : rt.sub($x205, $x206, L31))), ($x209 = $F151), ($x210 = $x208 * $x209) === $x210 ? $x210 : rt.mul($x208, $x209, L30))), ($x212 = ($h60 !== undefined ? $h60 : ($h60 = rt.field(ctx, $r6, "width", L38)))), typeof $x212 === "number" && $x211 === $x211 && $x212 === $x212 && $x212 !== 0 ? $x211 / $x212 : rt.div($x211, $x212, L29))), typeof $x204 === "number" && ($x214 = $x204 + $x213) === $x214 ? $x214 : rt.add($x204, $x213, L26)); $F152 = $v215; $s163 = true;
}
{ const $v216 = 0; $F153 = $v216; $s164 = true;
}
{ const $v217 = 0; $F154 = $v217; $s165 = true;
}
{ const $v218 = 0; $F155 = $v218; $s166 = true;
}
}
if ($rz168 === 0 || $rz168 === 3) {
{ if ($rz168 === 0) { $n220 = 0; $k236 = 0; $lim235 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; }
$loop219: for (;;) {
if ($rz168 !== 0) { $rz168 = 0; }
else {
if (!(((($x222 = $F155), ($x223 = ($h89 !== undefined ? $h89 : ($h89 = rt.field(ctx, $r6, "maxiter", L47)))), typeof $x223 === "number" && $x222 === $x222 && $x223 === $x223 ? $x222 < $x223 : rt.lt($x222, $x223, L44)) && (($x234 = (($x224 = (($F153 * $F153) + ($F154 * $F154))) === $x224 ? $x224 : (($x228 = (($x225 = $F153), ($x226 = $F153), ($x227 = $x225 * $x226) === $x227 ? $x227 : rt.mul($x225, $x226, L50))), ($x232 = (($x229 = $F154), ($x230 = $F154), ($x231 = $x229 * $x230) === $x231 ? $x231 : rt.mul($x229, $x230, L53))), ($x233 = $x228 + $x232) === $x233 ? $x233 : rt.add($x228, $x232, L49)))), $x234 === $x234 ? $x234 <= 4 : rt.lte($x234, 4, L48))))) break;
if (++$n220 > $lim235 || --$b18 <= 0) { ctx.page.budget = $b18; if (T.tick(ctx, $n220, $o.length, L43, true)) { $rz168 = 3; $at19 = L43; throw T.PAUSE; } $b18 = ctx.page.budget; }
}
$b237: {
{ const $v251 = (($x238 = ((($F153 * $F153) - ($F154 * $F154)) + $F152)) === $x238 ? $x238 : (($x248 = (($x242 = (($x239 = $F153), ($x240 = $F153), ($x241 = $x239 * $x240) === $x241 ? $x241 : rt.mul($x239, $x240, L58))), ($x246 = (($x243 = $F154), ($x244 = $F154), ($x245 = $x243 * $x244) === $x245 ? $x245 : rt.mul($x243, $x244, L61))), ($x247 = $x242 - $x246) === $x247 ? $x247 : rt.sub($x242, $x246, L57))), ($x249 = $F152), ($x250 = $x248 + $x249) === $x250 ? $x250 : rt.add($x248, $x249, L56))); $F156 = $v251; $s167 = true;
}
{ const $v261 = (($x252 = (((2 * $F153) * $F154) + $F150)) === $x252 ? $x252 : (($x258 = (($x255 = (($x253 = $F153), ($x254 = 2 * $x253) === $x254 ? $x254 : rt.mul(2, $x253, L68))), ($x256 = $F154), ($x257 = $x255 * $x256) === $x257 ? $x257 : rt.mul($x255, $x256, L67))), ($x259 = $F150), ($x260 = $x258 + $x259) === $x260 ? $x260 : rt.add($x258, $x259, L66))); $F154 = $v261; $s165 = true;
}
{ const $v262 = $F156; $F153 = $v262; $s164 = true;
}
{ const $v265 = (($x263 = $F155), ($x264 = $x263 + 1) === $x264 ? $x264 : rt.add($x263, 1, L75)); $F155 = $v265; $s166 = true;
}
}
$k236 = typeof $h89 === "number" && $h89 === $h89 ? Math.min($lim235 - $n220, $b18 - 1) : 0;
if ($k236 > 0) { let $brk278 = false; $n220 += $k236; $b18 -= $k236;
{ let $k279 = $k236, $w266 = $F155, $w267 = $F153, $w268 = $F154, $w269 = $F156, $w270 = $F152, $w271 = $F150, $f272 = false, $f273 = false, $f274 = false, $f275 = false;
$run276: while ($k279 > 0 && (((($x308 = $w266), $x308 === $x308 ? $x308 < $h89 : rt.lt($x308, $h89, L44)) && (($x319 = (($x309 = (($w267 * $w267) + ($w268 * $w268))) === $x309 ? $x309 : (($x313 = (($x310 = $w267), ($x311 = $w267), ($x312 = $x310 * $x311) === $x312 ? $x312 : rt.mul($x310, $x311, L50))), ($x317 = (($x314 = $w268), ($x315 = $w268), ($x316 = $x314 * $x315) === $x316 ? $x316 : rt.mul($x314, $x315, L53))), ($x318 = $x313 + $x317) === $x318 ? $x318 : rt.add($x313, $x317, L49)))), $x319 === $x319 ? $x319 <= 4 : rt.lte($x319, 4, L48))))) {
$k279--;
$b277: {
{ const $v293 = (($x280 = ((($w267 * $w267) - ($w268 * $w268)) + $w270)) === $x280 ? $x280 : (($x290 = (($x284 = (($x281 = $w267), ($x282 = $w267), ($x283 = $x281 * $x282) === $x283 ? $x283 : rt.mul($x281, $x282, L58))), ($x288 = (($x285 = $w268), ($x286 = $w268), ($x287 = $x285 * $x286) === $x287 ? $x287 : rt.mul($x285, $x286, L61))), ($x289 = $x284 - $x288) === $x289 ? $x289 : rt.sub($x284, $x288, L57))), ($x291 = $w270), ($x292 = $x290 + $x291) === $x292 ? $x292 : rt.add($x290, $x291, L56))); $w269 = $v293; $f275 = true;
}
{ const $v303 = (($x294 = (((2 * $w267) * $w268) + $w271)) === $x294 ? $x294 : (($x300 = (($x297 = (($x295 = $w267), ($x296 = 2 * $x295) === $x296 ? $x296 : rt.mul(2, $x295, L68))), ($x298 = $w268), ($x299 = $x297 * $x298) === $x299 ? $x299 : rt.mul($x297, $x298, L67))), ($x301 = $w271), ($x302 = $x300 + $x301) === $x302 ? $x302 : rt.add($x300, $x301, L66))); $w268 = $v303; $f274 = true;
}
{ const $v304 = $w269; $w267 = $v304; $f273 = true;
}
{ const $v307 = (($x305 = $w266), ($x306 = $x305 + 1) === $x306 ? $x306 : rt.add($x305, 1, L75)); $w266 = $v307; $f272 = true;
}
}
}
$k236 = $k279; $F155 = $w266; $F153 = $w267; $F154 = $w268; $F156 = $w269; if ($f272) $s166 = true; if ($f273) $s164 = true; if ($f274) $s165 = true; if ($f275) $s167 = true;
}
$n220 -= $k236; $b18 += $k236; $k236 = 0;
if ($brk278) break $loop219;
}
}
}
}
if ($rz168 === 0) {
if ((($x320 = $F155), ($x321 = ($h89 !== undefined ? $h89 : ($h89 = rt.field(ctx, $r6, "maxiter", L81)))), typeof $x321 === "number" && $x320 === $x320 && $x321 === $x321 ? $x320 === $x321 : rt.eq($x320, $x321, L78))) {
{ const $v324 = (($x322 = $F157), ($x323 = $x322 + 1) === $x323 ? $x323 : rt.add($x322, 1, L82)); $F157 = $v324;
}
}
{ const $v332 = (($x325 = $u158), ($x326 = ((($x327 = $F155), ($x328 = ($h89 !== undefined ? $h89 : ($h89 = rt.field(ctx, $r6, "maxiter", L90)))), typeof $x328 === "number" && $x327 === $x327 && $x328 === $x328 ? $x327 === $x328 : rt.eq($x327, $x328, L87)) ? "@" : rt.call3(ctx, F0, L91, $r16, (($x330 = (($x329 = $F155), $x329 === $x329 && 9 === 9 && 9 !== 0 ? $x329 % 9 : rt.mod($x329, 9, L94))), ($x331 = 1 + $x330) === $x331 ? $x331 : rt.add(1, $x330, L93)), 1))), typeof $x325 === "string" && typeof $x326 === "string" && $x325.length + $x326.length <= ctx.limits.maxStringLength ? $x325 + $x326 : rt.concat(ctx, $x325, $x326, L85)); $u158 = (typeof $v332 === "number" ? $v332 : rt.checkSize(ctx, $v332, L96));
}
}
}
$i196 += $step198;
}
}
}
if ($rz168 === 0) {
{ const $v337 = (($x333 = (($x335 = $u159), ($x336 = $u158), typeof $x335 === "string" && typeof $x336 === "string" && $x335.length + $x336.length <= ctx.limits.maxStringLength ? $x335 + $x336 : rt.concat(ctx, $x335, $x336, L98))), ($x334 = rt.call1(ctx, F1, L101, 10)), typeof $x333 === "string" && typeof $x334 === "string" && $x333.length + $x334.length <= ctx.limits.maxStringLength ? $x333 + $x334 : rt.concat(ctx, $x333, $x334, L97)); $u159 = (typeof $v337 === "number" ? $v337 : rt.checkSize(ctx, $v337, L102));
}
}
}
$i172 += $step174;
}
break $re338;
} catch ($e339) {
if ($e339 !== T.PAUSE) throw $e339;
{ yield $at19; $h31 = $h35 = $h38 = $h60 = $h64 = $h67 = $h89 = undefined; };
}
}
}
ctx.page.budget = $b18; if ($s160) $r5 = $F149; if ($s161) $r7 = $F150; $r8 = $u158; if ($s162) $r9 = $F151; if ($s163) $r10 = $F152; if ($s164) $r11 = $F153; if ($s165) $r12 = $F154; if ($s166) $r13 = $F155; if ($s167) $r14 = $F156; $r15 = $F157; $r17 = $u159;
}
} catch ($e148) { if ($e148?.catchable !== false) ctx.page.budget = $b18; throw $e148; }
return [$o, $r5, $r6, $r7, $r8, $r9, $r10, $r11, $r12, $r13, $r14, $r15, $r16, $r17];
};
const $run = function* render(ctx) {
let $o = "", $row;
let $x32, $x33, $x34, $x36, $x37, $x39, $x40, $x41, $x42, $x43, $x44, $x45, $x46, $x47, $x48, $x49, $x50, $x51, $x61, $x62, $x63, $x65, $x66, $x68, $x69, $x70, $x71, $x72, $x73, $x74, $x75, $x76, $x77, $x78, $x79, $x80, $x88, $x90, $x91, $x92, $x93, $x94, $x95, $x96, $x97, $x98, $x99, $x100, $x101, $x102, $x103, $x104, $x105, $x106, $x107, $x108, $x109, $x110, $x111, $x112, $x113, $x115, $x116, $x117, $x118, $x119, $x120, $x121, $x122, $x125, $x126, $x128, $x129, $x130, $x131, $x132, $x134, $x135, $x136, $x137, $x138, $x139, $x140, $x141, $x143, $x144, $x145, $x146;
try {
{ const $v0 = " .:-=+*#%@"; rt.assign(ctx, "palette", [], $v0, L0); }
{ const $v1 = 0; rt.assign(ctx, "inside", [], $v1, L1); }
{ const $v2 = ""; rt.assign(ctx, "art", [], $v2, L2); }
{ const $vars3 = ctx.scopes.local ?? ctx.scopes.variables;
T.respell($vars3, "row"); T.respell($vars3, "col"); const $slow4 = ctx.page.scopesShared || ctx.scopes.local !== undefined || T.shadowed(ctx, $vars3, "row") || T.shadowed(ctx, $vars3, "m") || T.shadowed(ctx, $vars3, "cy") || T.shadowed(ctx, $vars3, "line") || T.shadowed(ctx, $vars3, "col") || T.shadowed(ctx, $vars3, "cx") || T.shadowed(ctx, $vars3, "zx") || T.shadowed(ctx, $vars3, "zy") || T.shadowed(ctx, $vars3, "n") || T.shadowed(ctx, $vars3, "t") || T.shadowed(ctx, $vars3, "inside") || T.shadowed(ctx, $vars3, "palette") || T.shadowed(ctx, $vars3, "art") || T.respelled($vars3, "m") || T.respelled($vars3, "cy") || T.respelled($vars3, "line") || T.respelled($vars3, "cx") || T.respelled($vars3, "zx") || T.respelled($vars3, "zy") || T.respelled($vars3, "n") || T.respelled($vars3, "t") || T.respelled($vars3, "inside") || T.respelled($vars3, "palette") || T.respelled($vars3, "art");
let $r5, $r6 = $slow4 ? undefined : T.own($vars3, "m"), $r7, $r8 = $slow4 ? undefined : T.own($vars3, "line"), $r9, $r10, $r11, $r12, $r13, $r14, $r15 = $slow4 ? undefined : T.own($vars3, "inside"), $r16 = $slow4 ? undefined : T.own($vars3, "palette"), $r17 = $slow4 ? undefined : T.own($vars3, "art"), $h31 = undefined, $h35 = undefined, $h38 = undefined, $h60 = undefined, $h64 = undefined, $h67 = undefined, $h89 = undefined;
try {
let $done20 = false, $replay23 = false;
if (!$slow4 && $r6 !== undefined && typeof $r15 === "number" && $r16 !== undefined && $r17 !== undefined) {
try {
[$o, $r5, $r6, $r7, $r8, $r9, $r10, $r11, $r12, $r13, $r14, $r15, $r16, $r17] = yield* $checked340(ctx, $o, $r5, $r6, $r7, $r8, $r9, $r10, $r11, $r12, $r13, $r14, $r15, $r16, $r17);
$done20 = true;
} catch ($e22) {
// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if ($e22?.catchable === false) throw $e22;
ctx.page.replaying++; $replay23 = true;
}
}
if (!$done20) {
$r5 = $slow4 ? undefined : T.own($vars3, "row");
$r7 = $slow4 ? undefined : T.own($vars3, "cy");
$r9 = $slow4 ? undefined : T.own($vars3, "col");
$r10 = $slow4 ? undefined : T.own($vars3, "cx");
$r11 = $slow4 ? undefined : T.own($vars3, "zx");
$r12 = $slow4 ? undefined : T.own($vars3, "zy");
$r13 = $slow4 ? undefined : T.own($vars3, "n");
$r14 = $slow4 ? undefined : T.own($vars3, "t");
try {
{ let $n26 = 0, $i28, $to29, $step30;
[$i28, $to29, $step30] = T.range(0, (($x33 = ($h31 !== undefined ? $h31 : (($x32 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L5)), "height", L6)), $slow4 || ($h31 = $x32), $x32))), typeof $x33 === "number" && ($x34 = $x33 - 1) === $x34 ? $x34 : rt.sub($x33, 1, L4)), undefined, L3);
$loop25: for (; ; $i28 += $step30) {
if (!(($step30 > 0 ? $i28 <= $to29 : $i28 >= $to29))) { if ($slow4) $vars3["row"] = $i28; else $r5 = $i28; break; }
if (++$n26 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n26, $o.length, L3, true)) { yield L3; $h31 = $h35 = $h38 = $h60 = $h64 = $h67 = $h89 = undefined; }; }
if ($slow4) $vars3["row"] = $i28; else $r5 = $i28;
{ const $v52 = (($x37 = ($h35 !== undefined ? $h35 : (($x36 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L8)), "y0", L9)), $slow4 || ($h35 = $x36), $x36))), ($x50 = (($x47 = (($x44 = (($x40 = ($h38 !== undefined ? $h38 : (($x39 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L13)), "y1", L14)), $slow4 || ($h38 = $x39), $x39))), ($x42 = ($h35 !== undefined ? $h35 : (($x41 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L15)), "y0", L16)), $slow4 || ($h35 = $x41), $x41))), typeof $x40 === "number" && typeof $x42 === "number" && ($x43 = $x40 - $x42) === $x43 ? $x43 : rt.sub($x40, $x42, L12))), ($x45 = ($r5 !== undefined ? $r5 : rt.lookupName(ctx, "row", L17))), typeof $x45 === "number" && ($x46 = $x44 * $x45) === $x46 ? $x46 : rt.mul($x44, $x45, L11))), ($x49 = ($h31 !== undefined ? $h31 : (($x48 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L18)), "height", L19)), $slow4 || ($h31 = $x48), $x48))), typeof $x49 === "number" && $x47 === $x47 && $x49 === $x49 && $x49 !== 0 ? $x47 / $x49 : rt.div($x47, $x49, L10))), typeof $x37 === "number" && ($x51 = $x37 + $x50) === $x51 ? $x51 : rt.add($x37, $x50, L7)); if ($slow4) rt.assign(ctx, "cy", [], $v52, L20); else $r7 = $v52;
}
{ const $v53 = ""; if ($slow4) rt.assign(ctx, "line", [], $v53, L21); else $r8 = (typeof $v53 === "number" ? $v53 : rt.checkSize(ctx, $v53, L21));
}
{ let $n55 = 0, $i57, $to58, $step59;
[$i57, $to58, $step59] = T.range(0, (($x62 = ($h60 !== undefined ? $h60 : (($x61 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L24)), "width", L25)), $slow4 || ($h60 = $x61), $x61))), typeof $x62 === "number" && ($x63 = $x62 - 1) === $x63 ? $x63 : rt.sub($x62, 1, L23)), undefined, L22);
$loop54: for (; ; $i57 += $step59) {
if (!(($step59 > 0 ? $i57 <= $to58 : $i57 >= $to58))) { if ($slow4) $vars3["col"] = $i57; else $r9 = $i57; break; }
if (++$n55 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n55, $o.length, L22, true)) { yield L22; $h31 = $h35 = $h38 = $h60 = $h64 = $h67 = $h89 = undefined; }; }
if ($slow4) $vars3["col"] = $i57; else $r9 = $i57;
{ const $v81 = (($x66 = ($h64 !== undefined ? $h64 : (($x65 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L27)), "x0", L28)), $slow4 || ($h64 = $x65), $x65))), ($x79 = (($x76 = (($x73 = (($x69 = ($h67 !== undefined ? $h67 : (($x68 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L32)), "x1", L33)), $slow4 || ($h67 = $x68), $x68))), ($x71 = ($h64 !== undefined ? $h64 : (($x70 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L34)), "x0", L35)), $slow4 || ($h64 = $x70), $x70))), typeof $x69 === "number" && typeof $x71 === "number" && ($x72 = $x69 - $x71) === $x72 ? $x72 : rt.sub($x69, $x71, L31))), ($x74 = ($r9 !== undefined ? $r9 : rt.lookupName(ctx, "col", L36))), typeof $x74 === "number" && ($x75 = $x73 * $x74) === $x75 ? $x75 : rt.mul($x73, $x74, L30))), ($x78 = ($h60 !== undefined ? $h60 : (($x77 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L37)), "width", L38)), $slow4 || ($h60 = $x77), $x77))), typeof $x78 === "number" && $x76 === $x76 && $x78 === $x78 && $x78 !== 0 ? $x76 / $x78 : rt.div($x76, $x78, L29))), typeof $x66 === "number" && ($x80 = $x66 + $x79) === $x80 ? $x80 : rt.add($x66, $x79, L26)); if ($slow4) rt.assign(ctx, "cx", [], $v81, L39); else $r10 = $v81;
}
{ const $v82 = 0; if ($slow4) rt.assign(ctx, "zx", [], $v82, L40); else $r11 = $v82;
}
{ const $v83 = 0; if ($slow4) rt.assign(ctx, "zy", [], $v83, L41); else $r12 = $v83;
}
{ const $v84 = 0; if ($slow4) rt.assign(ctx, "n", [], $v84, L42); else $r13 = $v84;
}
{ let $n86 = 0;
$loop85: for (; ((($x88 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L45))), ($x91 = ($h89 !== undefined ? $h89 : (($x90 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L46)), "maxiter", L47)), $slow4 || ($h89 = $x90), $x90))), typeof $x88 === "number" && typeof $x91 === "number" && $x88 === $x88 && $x91 === $x91 ? $x88 < $x91 : rt.lt($x88, $x91, L44)) && (($x101 = (($x95 = (($x92 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L51))), ($x93 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L52))), typeof $x92 === "number" && typeof $x93 === "number" && ($x94 = $x92 * $x93) === $x94 ? $x94 : rt.mul($x92, $x93, L50))), ($x99 = (($x96 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L54))), ($x97 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L55))), typeof $x96 === "number" && typeof $x97 === "number" && ($x98 = $x96 * $x97) === $x98 ? $x98 : rt.mul($x96, $x97, L53))), ($x100 = $x95 + $x99) === $x100 ? $x100 : rt.add($x95, $x99, L49))), $x101 === $x101 ? $x101 <= 4 : rt.lte($x101, 4, L48))); ) {
if (++$n86 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n86, $o.length, L43, true)) { yield L43; $h31 = $h35 = $h38 = $h60 = $h64 = $h67 = $h89 = undefined; }; }
{ const $v114 = (($x111 = (($x105 = (($x102 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L59))), ($x103 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L60))), typeof $x102 === "number" && typeof $x103 === "number" && ($x104 = $x102 * $x103) === $x104 ? $x104 : rt.mul($x102, $x103, L58))), ($x109 = (($x106 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L62))), ($x107 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L63))), typeof $x106 === "number" && typeof $x107 === "number" && ($x108 = $x106 * $x107) === $x108 ? $x108 : rt.mul($x106, $x107, L61))), ($x110 = $x105 - $x109) === $x110 ? $x110 : rt.sub($x105, $x109, L57))), ($x112 = ($r10 !== undefined ? $r10 : rt.lookupName(ctx, "cx", L64))), typeof $x112 === "number" && ($x113 = $x111 + $x112) === $x113 ? $x113 : rt.add($x111, $x112, L56)); if ($slow4) rt.assign(ctx, "t", [], $v114, L65); else $r14 = $v114;
}
{ const $v123 = (($x120 = (($x117 = (($x115 = ($r11 !== undefined ? $r11 : rt.lookupName(ctx, "zx", L69))), typeof $x115 === "number" && ($x116 = 2 * $x115) === $x116 ? $x116 : rt.mul(2, $x115, L68))), ($x118 = ($r12 !== undefined ? $r12 : rt.lookupName(ctx, "zy", L70))), typeof $x118 === "number" && ($x119 = $x117 * $x118) === $x119 ? $x119 : rt.mul($x117, $x118, L67))), ($x121 = ($r7 !== undefined ? $r7 : rt.lookupName(ctx, "cy", L71))), typeof $x121 === "number" && ($x122 = $x120 + $x121) === $x122 ? $x122 : rt.add($x120, $x121, L66)); if ($slow4) rt.assign(ctx, "zy", [], $v123, L72); else $r12 = $v123;
}
{ const $v124 = ($r14 !== undefined ? $r14 : rt.lookupName(ctx, "t", L73)); if ($slow4) rt.assign(ctx, "zx", [], $v124, L74); else $r11 = (typeof $v124 === "number" ? $v124 : rt.checkSize(ctx, $v124, L74));
}
{ const $v127 = (($x125 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L76))), typeof $x125 === "number" && ($x126 = $x125 + 1) === $x126 ? $x126 : rt.add($x125, 1, L75)); if ($slow4) rt.assign(ctx, "n", [], $v127, L77); else $r13 = $v127;
}
}
}
if ((($x128 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L79))), ($x130 = ($h89 !== undefined ? $h89 : (($x129 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L80)), "maxiter", L81)), $slow4 || ($h89 = $x129), $x129))), typeof $x128 === "number" && typeof $x130 === "number" && $x128 === $x128 && $x130 === $x130 ? $x128 === $x130 : rt.eq($x128, $x130, L78))) {
{ const $v133 = (($x131 = ($r15 !== undefined ? $r15 : rt.lookupName(ctx, "inside", L83))), typeof $x131 === "number" && ($x132 = $x131 + 1) === $x132 ? $x132 : rt.add($x131, 1, L82)); if ($slow4) rt.assign(ctx, "inside", [], $v133, L84); else $r15 = $v133;
}
}
{ const $v142 = (($x134 = ($r8 !== undefined ? $r8 : rt.lookupName(ctx, "line", L86))), ($x135 = ((($x136 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L88))), ($x138 = ($h89 !== undefined ? $h89 : (($x137 = rt.field(ctx, ($r6 !== undefined ? $r6 : rt.lookupName(ctx, "m", L89)), "maxiter", L90)), $slow4 || ($h89 = $x137), $x137))), typeof $x136 === "number" && typeof $x138 === "number" && $x136 === $x136 && $x138 === $x138 ? $x136 === $x138 : rt.eq($x136, $x138, L87)) ? "@" : rt.call3(ctx, F0, L91, ($r16 !== undefined ? $r16 : rt.lookupName(ctx, "palette", L92)), (($x140 = (($x139 = ($r13 !== undefined ? $r13 : rt.lookupName(ctx, "n", L95))), typeof $x139 === "number" && $x139 === $x139 && 9 === 9 && 9 !== 0 ? $x139 % 9 : rt.mod($x139, 9, L94))), ($x141 = 1 + $x140) === $x141 ? $x141 : rt.add(1, $x140, L93)), 1))), typeof $x134 === "string" && typeof $x135 === "string" && $x134.length + $x135.length <= ctx.limits.maxStringLength ? $x134 + $x135 : rt.concat(ctx, $x134, $x135, L85)); if ($slow4) rt.assign(ctx, "line", [], $v142, L96); else $r8 = (typeof $v142 === "number" ? $v142 : rt.checkSize(ctx, $v142, L96));
}
}
}
{ const $v147 = (($x143 = (($x145 = ($r17 !== undefined ? $r17 : rt.lookupName(ctx, "art", L99))), ($x146 = ($r8 !== undefined ? $r8 : rt.lookupName(ctx, "line", L100))), typeof $x145 === "string" && typeof $x146 === "string" && $x145.length + $x146.length <= ctx.limits.maxStringLength ? $x145 + $x146 : rt.concat(ctx, $x145, $x146, L98))), ($x144 = rt.call1(ctx, F1, L101, 10)), typeof $x143 === "string" && typeof $x144 === "string" && $x143.length + $x144.length <= ctx.limits.maxStringLength ? $x143 + $x144 : rt.concat(ctx, $x143, $x144, L97)); if ($slow4) rt.assign(ctx, "art", [], $v147, L102); else $r17 = (typeof $v147 === "number" ? $v147 : rt.checkSize(ctx, $v147, L102));
}
}
}
} finally { if ($replay23) ctx.page.replaying--; }
}
} finally { if (!$slow4) { if ($r5 !== undefined) $vars3["row"] = $r5; if ($r7 !== undefined) $vars3["cy"] = $r7; if ($r8 !== undefined) $vars3["line"] = $r8; if ($r9 !== undefined) $vars3["col"] = $r9; if ($r10 !== undefined) $vars3["cx"] = $r10; if ($r11 !== undefined) $vars3["zx"] = $r11; if ($r12 !== undefined) $vars3["zy"] = $r12; if ($r13 !== undefined) $vars3["n"] = $r13; if ($r14 !== undefined) $vars3["t"] = $r14; if ($r15 !== undefined) $vars3["inside"] = $r15; if ($r17 !== undefined) $vars3["art"] = $r17; } }
}
$o += "<p>" + rt.esc(rt.lookupName(ctx, "inside", L103), L104) + " points in the set.</p>\n<pre>" + rt.esc(rt.lookupName(ctx, "art", L105), L106) + "</pre>";
if (ctx.page.outputOnly === 0) $o += "\n";
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};
return function render(ctx) { return rt.settle(ctx.page, $run(ctx)); };