"use strict";
// Compiled by Quarry from "mandelbrot.dbt".
let $row;
const L0 = {"file":"mandelbrot.dbt","line":3,"column":1,"start":167,"end":242};
const L1 = {"file":"mandelbrot.dbt","line":4,"column":1,"start":243,"end":318};
const L2 = {"file":"mandelbrot.dbt","line":5,"column":1,"start":319,"end":397};
const L3 = {"file":"mandelbrot.dbt","line":6,"column":1,"start":398,"end":453};
const L4 = {"file":"mandelbrot.dbt","line":7,"column":1,"start":454,"end":506};
const L5 = {"file":"mandelbrot.dbt","line":8,"column":1,"start":507,"end":562};
const L6 = {"file":"mandelbrot.dbt","line":9,"column":1,"start":563,"end":617};
const L7 = {"file":"mandelbrot.dbt","line":10,"column":1,"start":618,"end":698};
const L8 = {"file":"mandelbrot.dbt","line":11,"column":1,"start":699,"end":732};
const L9 = {"file":"mandelbrot.dbt","line":12,"column":1,"start":733,"end":753};
const L10 = {"file":"mandelbrot.dbt","line":13,"column":1,"start":754,"end":772};
const L11 = {"file":"mandelbrot.dbt","line":14,"column":1,"start":773,"end":826};
const L12 = {"file":"mandelbrot.dbt","line":14,"column":36,"start":808,"end":809};
const L13 = {"file":"mandelbrot.dbt","line":14,"column":25,"start":797,"end":800};
const L14 = {"file":"mandelbrot.dbt","line":14,"column":28,"start":800,"end":807};
const L15 = {"file":"mandelbrot.dbt","line":15,"column":24,"start":850,"end":851};
const L16 = {"file":"mandelbrot.dbt","line":15,"column":17,"start":843,"end":846};
const L17 = {"file":"mandelbrot.dbt","line":15,"column":20,"start":846,"end":849};
const L18 = {"file":"mandelbrot.dbt","line":15,"column":50,"start":876,"end":877};
const L19 = {"file":"mandelbrot.dbt","line":15,"column":44,"start":870,"end":871};
const L20 = {"file":"mandelbrot.dbt","line":15,"column":34,"start":860,"end":861};
const L21 = {"file":"mandelbrot.dbt","line":15,"column":27,"start":853,"end":856};
const L22 = {"file":"mandelbrot.dbt","line":15,"column":30,"start":856,"end":859};
const L23 = {"file":"mandelbrot.dbt","line":15,"column":36,"start":862,"end":865};
const L24 = {"file":"mandelbrot.dbt","line":15,"column":39,"start":865,"end":868};
const L25 = {"file":"mandelbrot.dbt","line":15,"column":46,"start":872,"end":875};
const L26 = {"file":"mandelbrot.dbt","line":15,"column":52,"start":878,"end":881};
const L27 = {"file":"mandelbrot.dbt","line":15,"column":55,"start":881,"end":888};
const L28 = {"file":"mandelbrot.dbt","line":15,"column":3,"start":829,"end":889};
const L29 = {"file":"mandelbrot.dbt","line":16,"column":3,"start":892,"end":911};
const L30 = {"file":"mandelbrot.dbt","line":17,"column":3,"start":914,"end":966};
const L31 = {"file":"mandelbrot.dbt","line":17,"column":37,"start":948,"end":949};
const L32 = {"file":"mandelbrot.dbt","line":17,"column":27,"start":938,"end":941};
const L33 = {"file":"mandelbrot.dbt","line":17,"column":30,"start":941,"end":947};
const L34 = {"file":"mandelbrot.dbt","line":18,"column":26,"start":992,"end":993};
const L35 = {"file":"mandelbrot.dbt","line":18,"column":19,"start":985,"end":988};
const L36 = {"file":"mandelbrot.dbt","line":18,"column":22,"start":988,"end":991};
const L37 = {"file":"mandelbrot.dbt","line":18,"column":52,"start":1018,"end":1019};
const L38 = {"file":"mandelbrot.dbt","line":18,"column":46,"start":1012,"end":1013};
const L39 = {"file":"mandelbrot.dbt","line":18,"column":36,"start":1002,"end":1003};
const L40 = {"file":"mandelbrot.dbt","line":18,"column":29,"start":995,"end":998};
const L41 = {"file":"mandelbrot.dbt","line":18,"column":32,"start":998,"end":1001};
const L42 = {"file":"mandelbrot.dbt","line":18,"column":38,"start":1004,"end":1007};
const L43 = {"file":"mandelbrot.dbt","line":18,"column":41,"start":1007,"end":1010};
const L44 = {"file":"mandelbrot.dbt","line":18,"column":48,"start":1014,"end":1017};
const L45 = {"file":"mandelbrot.dbt","line":18,"column":54,"start":1020,"end":1023};
const L46 = {"file":"mandelbrot.dbt","line":18,"column":57,"start":1023,"end":1029};
const L47 = {"file":"mandelbrot.dbt","line":18,"column":5,"start":971,"end":1030};
const L48 = {"file":"mandelbrot.dbt","line":19,"column":5,"start":1035,"end":1051};
const L49 = {"file":"mandelbrot.dbt","line":20,"column":5,"start":1056,"end":1072};
const L50 = {"file":"mandelbrot.dbt","line":21,"column":5,"start":1077,"end":1092};
const L51 = {"file":"mandelbrot.dbt","line":22,"column":5,"start":1097,"end":1164};
const L52 = {"file":"mandelbrot.dbt","line":22,"column":28,"start":1120,"end":1122};
const L53 = {"file":"mandelbrot.dbt","line":22,"column":26,"start":1118,"end":1119};
const L54 = {"file":"mandelbrot.dbt","line":22,"column":31,"start":1123,"end":1126};
const L55 = {"file":"mandelbrot.dbt","line":22,"column":34,"start":1126,"end":1134};
const L56 = {"file":"mandelbrot.dbt","line":22,"column":65,"start":1157,"end":1160};
const L57 = {"file":"mandelbrot.dbt","line":22,"column":55,"start":1147,"end":1148};
const L58 = {"file":"mandelbrot.dbt","line":22,"column":50,"start":1142,"end":1143};
const L59 = {"file":"mandelbrot.dbt","line":22,"column":47,"start":1139,"end":1141};
const L60 = {"file":"mandelbrot.dbt","line":22,"column":52,"start":1144,"end":1146};
const L61 = {"file":"mandelbrot.dbt","line":22,"column":60,"start":1152,"end":1153};
const L62 = {"file":"mandelbrot.dbt","line":22,"column":57,"start":1149,"end":1151};
const L63 = {"file":"mandelbrot.dbt","line":22,"column":62,"start":1154,"end":1156};
const L64 = {"file":"mandelbrot.dbt","line":23,"column":38,"start":1202,"end":1203};
const L65 = {"file":"mandelbrot.dbt","line":23,"column":28,"start":1192,"end":1193};
const L66 = {"file":"mandelbrot.dbt","line":23,"column":23,"start":1187,"end":1188};
const L67 = {"file":"mandelbrot.dbt","line":23,"column":20,"start":1184,"end":1186};
const L68 = {"file":"mandelbrot.dbt","line":23,"column":25,"start":1189,"end":1191};
const L69 = {"file":"mandelbrot.dbt","line":23,"column":33,"start":1197,"end":1198};
const L70 = {"file":"mandelbrot.dbt","line":23,"column":30,"start":1194,"end":1196};
const L71 = {"file":"mandelbrot.dbt","line":23,"column":35,"start":1199,"end":1201};
const L72 = {"file":"mandelbrot.dbt","line":23,"column":40,"start":1204,"end":1206};
const L73 = {"file":"mandelbrot.dbt","line":23,"column":7,"start":1171,"end":1207};
const L74 = {"file":"mandelbrot.dbt","line":24,"column":33,"start":1240,"end":1241};
const L75 = {"file":"mandelbrot.dbt","line":24,"column":28,"start":1235,"end":1236};
const L76 = {"file":"mandelbrot.dbt","line":24,"column":23,"start":1230,"end":1231};
const L77 = {"file":"mandelbrot.dbt","line":24,"column":25,"start":1232,"end":1234};
const L78 = {"file":"mandelbrot.dbt","line":24,"column":30,"start":1237,"end":1239};
const L79 = {"file":"mandelbrot.dbt","line":24,"column":35,"start":1242,"end":1244};
const L80 = {"file":"mandelbrot.dbt","line":24,"column":7,"start":1214,"end":1245};
const L81 = {"file":"mandelbrot.dbt","line":25,"column":21,"start":1266,"end":1267};
const L82 = {"file":"mandelbrot.dbt","line":25,"column":7,"start":1252,"end":1268};
const L83 = {"file":"mandelbrot.dbt","line":26,"column":22,"start":1290,"end":1291};
const L84 = {"file":"mandelbrot.dbt","line":26,"column":20,"start":1288,"end":1289};
const L85 = {"file":"mandelbrot.dbt","line":26,"column":7,"start":1275,"end":1294};
const L86 = {"file":"mandelbrot.dbt","line":28,"column":15,"start":1325,"end":1327};
const L87 = {"file":"mandelbrot.dbt","line":28,"column":13,"start":1323,"end":1324};
const L88 = {"file":"mandelbrot.dbt","line":28,"column":18,"start":1328,"end":1331};
const L89 = {"file":"mandelbrot.dbt","line":28,"column":21,"start":1331,"end":1339};
const L90 = {"file":"mandelbrot.dbt","line":29,"column":32,"start":1372,"end":1373};
const L91 = {"file":"mandelbrot.dbt","line":29,"column":25,"start":1365,"end":1371};
const L92 = {"file":"mandelbrot.dbt","line":29,"column":7,"start":1347,"end":1376};
const L93 = {"file":"mandelbrot.dbt","line":31,"column":13,"start":1403,"end":1406};
const L94 = {"file":"mandelbrot.dbt","line":31,"column":16,"start":1406,"end":1413};
const L95 = {"file":"mandelbrot.dbt","line":31,"column":24,"start":1414,"end":1416};
const L96 = {"file":"mandelbrot.dbt","line":32,"column":28,"start":1453,"end":1454};
const L97 = {"file":"mandelbrot.dbt","line":32,"column":23,"start":1448,"end":1452};
const L98 = {"file":"mandelbrot.dbt","line":32,"column":33,"start":1458,"end":1460};
const L99 = {"file":"mandelbrot.dbt","line":32,"column":31,"start":1456,"end":1457};
const L100 = {"file":"mandelbrot.dbt","line":32,"column":36,"start":1461,"end":1464};
const L101 = {"file":"mandelbrot.dbt","line":32,"column":39,"start":1464,"end":1472};
const F0 = F["mid"];
const L102 = {"file":"mandelbrot.dbt","line":32,"column":56,"start":1481,"end":1509};
const L103 = {"file":"mandelbrot.dbt","line":32,"column":60,"start":1485,"end":1492};
const L104 = {"file":"mandelbrot.dbt","line":32,"column":71,"start":1496,"end":1497};
const L105 = {"file":"mandelbrot.dbt","line":32,"column":75,"start":1500,"end":1503};
const L106 = {"file":"mandelbrot.dbt","line":32,"column":73,"start":1498,"end":1499};
const L107 = {"file":"mandelbrot.dbt","line":32,"column":7,"start":1432,"end":1511};
const L108 = {"file":"mandelbrot.dbt","line":35,"column":11,"start":1550,"end":1553};
const L109 = {"file":"mandelbrot.dbt","line":35,"column":14,"start":1553,"end":1560};
const L110 = {"file":"mandelbrot.dbt","line":35,"column":22,"start":1561,"end":1563};
const L111 = {"file":"mandelbrot.dbt","line":36,"column":31,"start":1603,"end":1604};
const L112 = {"file":"mandelbrot.dbt","line":36,"column":24,"start":1596,"end":1597};
const L113 = {"file":"mandelbrot.dbt","line":36,"column":20,"start":1592,"end":1595};
const L114 = {"file":"mandelbrot.dbt","line":36,"column":26,"start":1598,"end":1602};
const F1 = F["chr"];
const L115 = {"file":"mandelbrot.dbt","line":36,"column":33,"start":1605,"end":1612};
const L116 = {"file":"mandelbrot.dbt","line":36,"column":5,"start":1577,"end":1613};
const L117 = {"file":"mandelbrot.dbt","line":39,"column":1,"start":1638,"end":1668};
const L118 = {"file":"mandelbrot.dbt","line":40,"column":1,"start":1669,"end":1713};
const L119 = {"file":"mandelbrot.dbt","line":43,"column":5,"start":1751,"end":1754};
const L120 = {"file":"mandelbrot.dbt","line":43,"column":8,"start":1754,"end":1760};
const L121 = {"file":"mandelbrot.dbt","line":43,"column":4,"start":1750,"end":1761};
const L122 = {"file":"mandelbrot.dbt","line":43,"column":19,"start":1765,"end":1768};
const L123 = {"file":"mandelbrot.dbt","line":43,"column":22,"start":1768,"end":1775};
const L124 = {"file":"mandelbrot.dbt","line":43,"column":18,"start":1764,"end":1776};
const L125 = {"file":"mandelbrot.dbt","line":43,"column":48,"start":1794,"end":1797};
const L126 = {"file":"mandelbrot.dbt","line":43,"column":51,"start":1797,"end":1805};
const L127 = {"file":"mandelbrot.dbt","line":43,"column":47,"start":1793,"end":1806};
const L128 = {"file":"mandelbrot.dbt","line":43,"column":79,"start":1825,"end":1831};
const L129 = {"file":"mandelbrot.dbt","line":43,"column":78,"start":1824,"end":1832};
const L130 = {"file":"mandelbrot.dbt","line":44,"column":9,"start":1864,"end":1867};
const L131 = {"file":"mandelbrot.dbt","line":44,"column":12,"start":1867,"end":1874};
const L132 = {"file":"mandelbrot.dbt","line":44,"column":20,"start":1875,"end":1877};
const L133 = {"file":"mandelbrot.dbt","line":44,"column":56,"start":1911,"end":1914};
const L134 = {"file":"mandelbrot.dbt","line":44,"column":55,"start":1910,"end":1915};
const L135 = {"file":"mandelbrot.dbt","line":46,"column":1,"start":1945,"end":1989};
const $checked362 = async function checked362(ctx, $o, $r21, $r22, $r23, $r24, $r25, $r26, $r27, $r28, $r29, $r30, $r31, $r32) {
let $row;
let $F169 = 0, $F170 = 0, $F171 = 0, $F172 = 0, $F173 = 0, $F174 = 0, $F175 = 0, $F176 = 0, $F177 = 0, $x195, $x196, $x200, $x201, $x202, $x203, $x204, $x205, $x206, $x207, $x208, $x209, $x210, $x219, $x220, $x224, $x225, $x226, $x227, $x228, $x229, $x230, $x231, $x232, $x233, $x234, $x242, $x243, $x244, $x245, $x246, $x247, $x248, $x249, $x250, $x251, $x252, $x253, $x254, $x258, $x259, $x260, $x261, $x262, $x263, $x264, $x265, $x266, $x267, $x268, $x269, $x270, $x272, $x273, $x274, $x275, $x276, $x277, $x278, $x279, $x280, $x283, $x284, $x300, $x301, $x302, $x303, $x304, $x305, $x306, $x307, $x308, $x309, $x310, $x311, $x312, $x314, $x315, $x316, $x317, $x318, $x319, $x320, $x321, $x322, $x325, $x326, $x328, $x329, $x330, $x331, $x332, $x333, $x334, $x335, $x336, $x337, $x338, $x339, $x340, $x341, $x342, $x343, $x345, $x346, $x347, $x348, $x349, $x350, $x351, $x352, $x354, $x355, $x356, $x357, $x358;
let $at34 = L11, $b33 = ctx.page.budget, $h46, $h50, $h53, $h75, $h79, $h82, $h104, $h150;
try {
{ let $s180 = false, $s181 = false, $s182 = false, $s183 = false, $s184 = false, $s185 = false, $s186 = false, $s187 = false, $u178 = $r23, $u179 = $r32;
$F169 = 0; $F170 = 0; $F171 = 0; $F172 = 0; $F173 = 0; $F174 = 0; $F175 = 0; $F176 = 0; $F177 = $r30; 
{ let $n240 = 0, $lim255 = 0, $k256 = 0, $n214 = 0, $lim221 = 0, $k222 = 0, $i216 = 0, $to217 = 0, $step218 = 0, $n190 = 0, $lim197 = 0, $k198 = 0, $i192 = 0, $to193 = 0, $step194 = 0, $rz188 = 0;
$re360: for (;;) {
$n240 = +$n240; $lim255 = +$lim255; $k256 = +$k256; $n214 = +$n214; $lim221 = +$lim221; $k222 = +$k222; $i216 = +$i216; $to217 = +$to217; $step218 = +$step218; $n190 = +$n190; $lim197 = +$lim197; $k198 = +$k198; $i192 = +$i192; $to193 = +$to193; $step194 = +$step194; $b33 = ctx.page.budget;
try {
if ($rz188 === 0) { $n190 = 0; $k198 = 0; $lim197 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; [$i192, $to193, $step194] = T.range(0, (($x195 = ($h46 !== undefined ? $h46 : ($h46 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L13)), "height", L14)))), typeof $x195 === "number" && ($x196 = $x195 - 1) === $x196 ? $x196 : rt.sub($x195, 1, L12)), undefined, L11);
}
$loop189: for (;;) {
if ($rz188 !== 0) { if ($rz188 === 1) $rz188 = 0; }
else {
if (!(($step194 > 0 ? $i192 <= $to193 : $i192 >= $to193))) { $F169 = $i192; $s180 = true; break; }
if (++$n190 > $lim197 || --$b33 <= 0) { ctx.page.budget = $b33; if (T.tick(ctx, $n190, $o.length, L11, true)) { $rz188 = 1; $at34 = L11; throw T.PAUSE; } $b33 = ctx.page.budget; }
}
$F169 = $i192; $s180 = true;
$b199: {
if ($rz188 === 0) {
{ const $v211 = (($x200 = ($h50 !== undefined ? $h50 : ($h50 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L16)), "y0", L17)))), ($x209 = (($x207 = (($x204 = (($x201 = ($h53 !== undefined ? $h53 : ($h53 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L21)), "y1", L22)))), ($x202 = ($h50 !== undefined ? $h50 : ($h50 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L23)), "y0", L24)))), typeof $x201 === "number" && typeof $x202 === "number" && ($x203 = $x201 - $x202) === $x203 ? $x203 : rt.sub($x201, $x202, L20))), ($x205 = $F169), ($x206 = $x204 * $x205) === $x206 ? $x206 : rt.mul($x204, $x205, L19))), ($x208 = ($h46 !== undefined ? $h46 : ($h46 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L26)), "height", L27)))), typeof $x208 === "number" && $x207 === $x207 && $x208 === $x208 && $x208 !== 0 ? $x207 / $x208 : rt.div($x207, $x208, L18))), typeof $x200 === "number" && ($x210 = $x200 + $x209) === $x210 ? $x210 : rt.add($x200, $x209, L15)); $F170 = $v211; $s181 = true;
}
{ const $v212 = ""; $u178 = (typeof $v212 === "number" ? $v212 : rt.checkSize(ctx, $v212, L29));
}
}
if ($rz188 === 0 || ($rz188 >= 2 && $rz188 <= 3)) {
{ if ($rz188 === 0) { $n214 = 0; $k222 = 0; $lim221 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; [$i216, $to217, $step218] = T.range(0, (($x219 = ($h75 !== undefined ? $h75 : ($h75 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L32)), "width", L33)))), typeof $x219 === "number" && ($x220 = $x219 - 1) === $x220 ? $x220 : rt.sub($x219, 1, L31)), undefined, L30);
}
$loop213: for (;;) {
if ($rz188 !== 0) { if ($rz188 === 2) $rz188 = 0; }
else {
if (!(($step218 > 0 ? $i216 <= $to217 : $i216 >= $to217))) { $F171 = $i216; $s182 = true; break; }
if (++$n214 > $lim221 || --$b33 <= 0) { ctx.page.budget = $b33; if (T.tick(ctx, $n214, $o.length, L30, true)) { $rz188 = 2; $at34 = L30; throw T.PAUSE; } $b33 = ctx.page.budget; }
}
$F171 = $i216; $s182 = true;
$b223: {
if ($rz188 === 0) {
{ const $v235 = (($x224 = ($h79 !== undefined ? $h79 : ($h79 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L35)), "x0", L36)))), ($x233 = (($x231 = (($x228 = (($x225 = ($h82 !== undefined ? $h82 : ($h82 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L40)), "x1", L41)))), ($x226 = ($h79 !== undefined ? $h79 : ($h79 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L42)), "x0", L43)))), typeof $x225 === "number" && typeof $x226 === "number" && ($x227 = $x225 - $x226) === $x227 ? $x227 : rt.sub($x225, $x226, L39))), ($x229 = $F171), ($x230 = $x228 * $x229) === $x230 ? $x230 : rt.mul($x228, $x229, L38))), ($x232 = ($h75 !== undefined ? $h75 : ($h75 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L45)), "width", L46)))), typeof $x232 === "number" && $x231 === $x231 && $x232 === $x232 && $x232 !== 0 ? $x231 / $x232 : rt.div($x231, $x232, L37))), typeof $x224 === "number" && ($x234 = $x224 + $x233) === $x234 ? $x234 : rt.add($x224, $x233, L34)); $F172 = $v235; $s183 = true;
}
{ const $v236 = 0; $F173 = $v236; $s184 = true;
}
{ const $v237 = 0; $F174 = $v237; $s185 = true;
}
{ const $v238 = 0; $F175 = $v238; $s186 = true;
}
}
if ($rz188 === 0 || $rz188 === 3) {
{ if ($rz188 === 0) { $n240 = 0; $k256 = 0; $lim255 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; }
$loop239: for (;;) {
if ($rz188 !== 0) { $rz188 = 0; }
else {
if (!(((($x242 = $F175), ($x243 = ($h104 !== undefined ? $h104 : ($h104 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L54)), "maxiter", L55)))), typeof $x243 === "number" && $x242 === $x242 && $x243 === $x243 ? $x242 < $x243 : rt.lt($x242, $x243, L52)) && (($x254 = (($x244 = (($F173 * $F173) + ($F174 * $F174))) === $x244 ? $x244 : (($x248 = (($x245 = $F173), ($x246 = $F173), ($x247 = $x245 * $x246) === $x247 ? $x247 : rt.mul($x245, $x246, L58))), ($x252 = (($x249 = $F174), ($x250 = $F174), ($x251 = $x249 * $x250) === $x251 ? $x251 : rt.mul($x249, $x250, L61))), ($x253 = $x248 + $x252) === $x253 ? $x253 : rt.add($x248, $x252, L57)))), $x254 === $x254 ? $x254 <= 4 : rt.lte($x254, 4, L56))))) break;
if (++$n240 > $lim255 || --$b33 <= 0) { ctx.page.budget = $b33; if (T.tick(ctx, $n240, $o.length, L51, true)) { $rz188 = 3; $at34 = L51; throw T.PAUSE; } $b33 = ctx.page.budget; }
}
$b257: {
{ const $v271 = (($x258 = ((($F173 * $F173) - ($F174 * $F174)) + $F172)) === $x258 ? $x258 : (($x268 = (($x262 = (($x259 = $F173), ($x260 = $F173), ($x261 = $x259 * $x260) === $x261 ? $x261 : rt.mul($x259, $x260, L66))), ($x266 = (($x263 = $F174), ($x264 = $F174), ($x265 = $x263 * $x264) === $x265 ? $x265 : rt.mul($x263, $x264, L69))), ($x267 = $x262 - $x266) === $x267 ? $x267 : rt.sub($x262, $x266, L65))), ($x269 = $F172), ($x270 = $x268 + $x269) === $x270 ? $x270 : rt.add($x268, $x269, L64))); $F176 = $v271; $s187 = true;
}
{ const $v281 = (($x272 = (((2 * $F173) * $F174) + $F170)) === $x272 ? $x272 : (($x278 = (($x275 = (($x273 = $F173), ($x274 = 2 * $x273) === $x274 ? $x274 : rt.mul(2, $x273, L76))), ($x276 = $F174), ($x277 = $x275 * $x276) === $x277 ? $x277 : rt.mul($x275, $x276, L75))), ($x279 = $F170), ($x280 = $x278 + $x279) === $x280 ? $x280 : rt.add($x278, $x279, L74))); $F174 = $v281; $s185 = true;
}
{ const $v282 = $F176; $F173 = $v282; $s184 = true;
}
{ const $v285 = (($x283 = $F175), ($x284 = $x283 + 1) === $x284 ? $x284 : rt.add($x283, 1, L83)); $F175 = $v285; $s186 = true;
}
}
$k256 = typeof $h104 === "number" && $h104 === $h104 ? Math.min($lim255 - $n240, $b33 - 1) : 0;
if ($k256 > 0) { let $brk298 = false; $n240 += $k256; $b33 -= $k256;
{ let $k299 = $k256, $w286 = $F175, $w287 = $F173, $w288 = $F174, $w289 = $F176, $w290 = $F172, $w291 = $F170, $f292 = false, $f293 = false, $f294 = false, $f295 = false;
$run296: while ($k299 > 0 && (((($x328 = $w286), $x328 === $x328 ? $x328 < $h104 : rt.lt($x328, $h104, L52)) && (($x339 = (($x329 = (($w287 * $w287) + ($w288 * $w288))) === $x329 ? $x329 : (($x333 = (($x330 = $w287), ($x331 = $w287), ($x332 = $x330 * $x331) === $x332 ? $x332 : rt.mul($x330, $x331, L58))), ($x337 = (($x334 = $w288), ($x335 = $w288), ($x336 = $x334 * $x335) === $x336 ? $x336 : rt.mul($x334, $x335, L61))), ($x338 = $x333 + $x337) === $x338 ? $x338 : rt.add($x333, $x337, L57)))), $x339 === $x339 ? $x339 <= 4 : rt.lte($x339, 4, L56))))) {
$k299--;
$b297: {
{ const $v313 = (($x300 = ((($w287 * $w287) - ($w288 * $w288)) + $w290)) === $x300 ? $x300 : (($x310 = (($x304 = (($x301 = $w287), ($x302 = $w287), ($x303 = $x301 * $x302) === $x303 ? $x303 : rt.mul($x301, $x302, L66))), ($x308 = (($x305 = $w288), ($x306 = $w288), ($x307 = $x305 * $x306) === $x307 ? $x307 : rt.mul($x305, $x306, L69))), ($x309 = $x304 - $x308) === $x309 ? $x309 : rt.sub($x304, $x308, L65))), ($x311 = $w290), ($x312 = $x310 + $x311) === $x312 ? $x312 : rt.add($x310, $x311, L64))); $w289 = $v313; $f295 = true;
}
{ const $v323 = (($x314 = (((2 * $w287) * $w288) + $w291)) === $x314 ? $x314 : (($x320 = (($x317 = (($x315 = $w287), ($x316 = 2 * $x315) === $x316 ? $x316 : rt.mul(2, $x315, L76))), ($x318 = $w288), ($x319 = $x317 * $x318) === $x319 ? $x319 : rt.mul($x317, $x318, L75))), ($x321 = $w291), ($x322 = $x320 + $x321) === $x322 ? $x322 : rt.add($x320, $x321, L74))); $w288 = $v323; $f294 = true;
}
{ const $v324 = $w289; $w287 = $v324; $f293 = true;
}
{ const $v327 = (($x325 = $w286), ($x326 = $x325 + 1) === $x326 ? $x326 : rt.add($x325, 1, L83)); $w286 = $v327; $f292 = true;
}
}
}
$k256 = $k299; $F175 = $w286; $F173 = $w287; $F174 = $w288; $F176 = $w289; if ($f292) $s186 = true; if ($f293) $s184 = true; if ($f294) $s185 = true; if ($f295) $s187 = true;
}
$n240 -= $k256; $b33 += $k256; $k256 = 0;
if ($brk298) break $loop239;
}
}
}
}
if ($rz188 === 0) {
if ((($x340 = $F175), ($x341 = ($h104 !== undefined ? $h104 : ($h104 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L88)), "maxiter", L89)))), typeof $x341 === "number" && $x340 === $x340 && $x341 === $x341 ? $x340 === $x341 : rt.eq($x340, $x341, L86))) {
{ const $v344 = (($x342 = $F177), ($x343 = $x342 + 1) === $x343 ? $x343 : rt.add($x342, 1, L90)); $F177 = $v344;
}
}
if ((($x345 = ($h150 !== undefined ? $h150 : ($h150 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L93)), "output", L94)))) === "ascii" ? true : rt.eq($x345, "ascii", L95))) {
{ const $v353 = (($x346 = $u178), ($x347 = ((($x348 = $F175), ($x349 = ($h104 !== undefined ? $h104 : ($h104 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L100)), "maxiter", L101)))), typeof $x349 === "number" && $x348 === $x348 && $x349 === $x349 ? $x348 === $x349 : rt.eq($x348, $x349, L98)) ? "@" : rt.call3(ctx, F0, L102, $r31, (($x351 = (($x350 = $F175), $x350 === $x350 && 9 === 9 && 9 !== 0 ? $x350 % 9 : rt.mod($x350, 9, L105))), ($x352 = 1 + $x351) === $x352 ? $x352 : rt.add(1, $x351, L104)), 1))), typeof $x346 === "string" && typeof $x347 === "string" && $x346.length + $x347.length <= ctx.limits.maxStringLength ? $x346 + $x347 : rt.concat(ctx, $x346, $x347, L96)); $u178 = (typeof $v353 === "number" ? $v353 : rt.checkSize(ctx, $v353, L107));
}
}
}
}
$i216 += $step218;
}
}
}
if ($rz188 === 0) {
if ((($x354 = ($h150 !== undefined ? $h150 : ($h150 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L108)), "output", L109)))) === "ascii" ? true : rt.eq($x354, "ascii", L110))) {
{ const $v359 = (($x355 = (($x357 = $u179), ($x358 = $u178), typeof $x357 === "string" && typeof $x358 === "string" && $x357.length + $x358.length <= ctx.limits.maxStringLength ? $x357 + $x358 : rt.concat(ctx, $x357, $x358, L112))), ($x356 = rt.call1(ctx, F1, L115, 10)), typeof $x355 === "string" && typeof $x356 === "string" && $x355.length + $x356.length <= ctx.limits.maxStringLength ? $x355 + $x356 : rt.concat(ctx, $x355, $x356, L111)); $u179 = (typeof $v359 === "number" ? $v359 : rt.checkSize(ctx, $v359, L116));
}
}
}
}
$i192 += $step194;
}
break $re360;
} catch ($e361) {
if ($e361 !== T.PAUSE) throw $e361;
{ await T.pause(ctx.page, $at34); $h46 = $h50 = $h53 = $h75 = $h79 = $h82 = $h104 = $h150 = undefined; };
}
}
}
ctx.page.budget = $b33; if ($s180) $r21 = $F169; if ($s181) $r22 = $F170; $r23 = $u178; if ($s182) $r24 = $F171; if ($s183) $r25 = $F172; if ($s184) $r26 = $F173; if ($s185) $r27 = $F174; if ($s186) $r28 = $F175; if ($s187) $r29 = $F176; $r30 = $F177; $r32 = $u179;
}
} catch ($e168) { if ($e168?.catchable !== false) ctx.page.budget = $b33; throw $e168; }
return [$o, $r21, $r22, $r23, $r24, $r25, $r26, $r27, $r28, $r29, $r30, $r31, $r32];
};
return async function render(ctx) {
let $o = "", $row;
let $x47, $x48, $x49, $x51, $x52, $x54, $x55, $x56, $x57, $x58, $x59, $x60, $x61, $x62, $x63, $x64, $x65, $x66, $x76, $x77, $x78, $x80, $x81, $x83, $x84, $x85, $x86, $x87, $x88, $x89, $x90, $x91, $x92, $x93, $x94, $x95, $x103, $x105, $x106, $x107, $x108, $x109, $x110, $x111, $x112, $x113, $x114, $x115, $x116, $x117, $x118, $x119, $x120, $x121, $x122, $x123, $x124, $x125, $x126, $x127, $x128, $x130, $x131, $x132, $x133, $x134, $x135, $x136, $x137, $x140, $x141, $x143, $x144, $x145, $x146, $x147, $x149, $x151, $x152, $x153, $x154, $x155, $x156, $x157, $x158, $x159, $x161, $x162, $x163, $x164, $x165, $x166, $x366;
try {
T.checkParam(ctx, "url.width", "integer", true, "72", 1, 1024, undefined, L0);
T.checkParam(ctx, "url.height", "integer", true, "32", 1, 768, undefined, L1);
T.checkParam(ctx, "url.maxiter", "integer", true, "256", 1, 1000, undefined, L2);
T.checkParam(ctx, "url.x0", "numeric", true, "-2.2", undefined, undefined, undefined, L3);
T.checkParam(ctx, "url.x1", "numeric", true, "1", undefined, undefined, undefined, L4);
T.checkParam(ctx, "url.y0", "numeric", true, "-1.2", undefined, undefined, undefined, L5);
T.checkParam(ctx, "url.y1", "numeric", true, "1.2", undefined, undefined, undefined, L6);
T.checkParam(ctx, "url.output", "string", true, "ascii", undefined, undefined, "ascii|none", L7);
{ const $v16 = " .:-=+*#%@"; rt.assign(ctx, "palette", [], $v16, L8); }
{ const $v17 = 0; rt.assign(ctx, "inside", [], $v17, L9); }
{ const $v18 = ""; rt.assign(ctx, "art", [], $v18, L10); }
{ const $vars19 = ctx.scopes.local ?? ctx.scopes.variables;
T.respell($vars19, "row"); T.respell($vars19, "col"); const $slow20 = ctx.page.scopesShared || ctx.scopes.local !== undefined || T.shadowed(ctx, $vars19, "row") || T.shadowed(ctx, $vars19, "cy") || T.shadowed(ctx, $vars19, "line") || T.shadowed(ctx, $vars19, "col") || T.shadowed(ctx, $vars19, "cx") || T.shadowed(ctx, $vars19, "zx") || T.shadowed(ctx, $vars19, "zy") || T.shadowed(ctx, $vars19, "n") || T.shadowed(ctx, $vars19, "t") || T.shadowed(ctx, $vars19, "inside") || T.shadowed(ctx, $vars19, "palette") || T.shadowed(ctx, $vars19, "art") || T.respelled($vars19, "cy") || T.respelled($vars19, "line") || T.respelled($vars19, "cx") || T.respelled($vars19, "zx") || T.respelled($vars19, "zy") || T.respelled($vars19, "n") || T.respelled($vars19, "t") || T.respelled($vars19, "inside") || T.respelled($vars19, "palette") || T.respelled($vars19, "art");
let $r21, $r22, $r23 = $slow20 ? undefined : T.own($vars19, "line"), $r24, $r25, $r26, $r27, $r28, $r29, $r30 = $slow20 ? undefined : T.own($vars19, "inside"), $r31 = $slow20 ? undefined : T.own($vars19, "palette"), $r32 = $slow20 ? undefined : T.own($vars19, "art"), $h46 = undefined, $h50 = undefined, $h53 = undefined, $h75 = undefined, $h79 = undefined, $h82 = undefined, $h104 = undefined, $h150 = undefined;
try {
let $done35 = false, $replay38 = false;
if (!$slow20 && typeof $r30 === "number" && $r31 !== undefined && $r32 !== undefined) {
try {
[$o, $r21, $r22, $r23, $r24, $r25, $r26, $r27, $r28, $r29, $r30, $r31, $r32] = await $checked362(ctx, $o, $r21, $r22, $r23, $r24, $r25, $r26, $r27, $r28, $r29, $r30, $r31, $r32);
$done35 = true;
} catch ($e37) {
// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if ($e37?.catchable === false) throw $e37;
ctx.page.replaying++; $replay38 = true;
}
}
if (!$done35) {
$r21 = $slow20 ? undefined : T.own($vars19, "row");
$r22 = $slow20 ? undefined : T.own($vars19, "cy");
$r24 = $slow20 ? undefined : T.own($vars19, "col");
$r25 = $slow20 ? undefined : T.own($vars19, "cx");
$r26 = $slow20 ? undefined : T.own($vars19, "zx");
$r27 = $slow20 ? undefined : T.own($vars19, "zy");
$r28 = $slow20 ? undefined : T.own($vars19, "n");
$r29 = $slow20 ? undefined : T.own($vars19, "t");
try {
{ let $n41 = 0, $i43, $to44, $step45;
[$i43, $to44, $step45] = T.range(0, (($x48 = ($h46 !== undefined ? $h46 : (($x47 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L13)), "height", L14)), $slow20 || ($h46 = $x47), $x47))), typeof $x48 === "number" && ($x49 = $x48 - 1) === $x49 ? $x49 : rt.sub($x48, 1, L12)), undefined, L11);
$loop40: for (; ; $i43 += $step45) {
if (!(($step45 > 0 ? $i43 <= $to44 : $i43 >= $to44))) { if ($slow20) $vars19["row"] = $i43; else $r21 = $i43; break; }
if (++$n41 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n41, $o.length, L11, true)) { await T.pause(ctx.page, L11); $h46 = $h50 = $h53 = $h75 = $h79 = $h82 = $h104 = $h150 = undefined; }; }
if ($slow20) $vars19["row"] = $i43; else $r21 = $i43;
{ const $v67 = (($x52 = ($h50 !== undefined ? $h50 : (($x51 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L16)), "y0", L17)), $slow20 || ($h50 = $x51), $x51))), ($x65 = (($x62 = (($x59 = (($x55 = ($h53 !== undefined ? $h53 : (($x54 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L21)), "y1", L22)), $slow20 || ($h53 = $x54), $x54))), ($x57 = ($h50 !== undefined ? $h50 : (($x56 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L23)), "y0", L24)), $slow20 || ($h50 = $x56), $x56))), typeof $x55 === "number" && typeof $x57 === "number" && ($x58 = $x55 - $x57) === $x58 ? $x58 : rt.sub($x55, $x57, L20))), ($x60 = ($r21 !== undefined ? $r21 : rt.lookupName(ctx, "row", L25))), typeof $x60 === "number" && ($x61 = $x59 * $x60) === $x61 ? $x61 : rt.mul($x59, $x60, L19))), ($x64 = ($h46 !== undefined ? $h46 : (($x63 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L26)), "height", L27)), $slow20 || ($h46 = $x63), $x63))), typeof $x64 === "number" && $x62 === $x62 && $x64 === $x64 && $x64 !== 0 ? $x62 / $x64 : rt.div($x62, $x64, L18))), typeof $x52 === "number" && ($x66 = $x52 + $x65) === $x66 ? $x66 : rt.add($x52, $x65, L15)); if ($slow20) rt.assign(ctx, "cy", [], $v67, L28); else $r22 = $v67;
}
{ const $v68 = ""; if ($slow20) rt.assign(ctx, "line", [], $v68, L29); else $r23 = (typeof $v68 === "number" ? $v68 : rt.checkSize(ctx, $v68, L29));
}
{ let $n70 = 0, $i72, $to73, $step74;
[$i72, $to73, $step74] = T.range(0, (($x77 = ($h75 !== undefined ? $h75 : (($x76 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L32)), "width", L33)), $slow20 || ($h75 = $x76), $x76))), typeof $x77 === "number" && ($x78 = $x77 - 1) === $x78 ? $x78 : rt.sub($x77, 1, L31)), undefined, L30);
$loop69: for (; ; $i72 += $step74) {
if (!(($step74 > 0 ? $i72 <= $to73 : $i72 >= $to73))) { if ($slow20) $vars19["col"] = $i72; else $r24 = $i72; break; }
if (++$n70 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n70, $o.length, L30, true)) { await T.pause(ctx.page, L30); $h46 = $h50 = $h53 = $h75 = $h79 = $h82 = $h104 = $h150 = undefined; }; }
if ($slow20) $vars19["col"] = $i72; else $r24 = $i72;
{ const $v96 = (($x81 = ($h79 !== undefined ? $h79 : (($x80 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L35)), "x0", L36)), $slow20 || ($h79 = $x80), $x80))), ($x94 = (($x91 = (($x88 = (($x84 = ($h82 !== undefined ? $h82 : (($x83 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L40)), "x1", L41)), $slow20 || ($h82 = $x83), $x83))), ($x86 = ($h79 !== undefined ? $h79 : (($x85 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L42)), "x0", L43)), $slow20 || ($h79 = $x85), $x85))), typeof $x84 === "number" && typeof $x86 === "number" && ($x87 = $x84 - $x86) === $x87 ? $x87 : rt.sub($x84, $x86, L39))), ($x89 = ($r24 !== undefined ? $r24 : rt.lookupName(ctx, "col", L44))), typeof $x89 === "number" && ($x90 = $x88 * $x89) === $x90 ? $x90 : rt.mul($x88, $x89, L38))), ($x93 = ($h75 !== undefined ? $h75 : (($x92 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L45)), "width", L46)), $slow20 || ($h75 = $x92), $x92))), typeof $x93 === "number" && $x91 === $x91 && $x93 === $x93 && $x93 !== 0 ? $x91 / $x93 : rt.div($x91, $x93, L37))), typeof $x81 === "number" && ($x95 = $x81 + $x94) === $x95 ? $x95 : rt.add($x81, $x94, L34)); if ($slow20) rt.assign(ctx, "cx", [], $v96, L47); else $r25 = $v96;
}
{ const $v97 = 0; if ($slow20) rt.assign(ctx, "zx", [], $v97, L48); else $r26 = $v97;
}
{ const $v98 = 0; if ($slow20) rt.assign(ctx, "zy", [], $v98, L49); else $r27 = $v98;
}
{ const $v99 = 0; if ($slow20) rt.assign(ctx, "n", [], $v99, L50); else $r28 = $v99;
}
{ let $n101 = 0;
$loop100: for (; ((($x103 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L53))), ($x106 = ($h104 !== undefined ? $h104 : (($x105 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L54)), "maxiter", L55)), $slow20 || ($h104 = $x105), $x105))), typeof $x103 === "number" && typeof $x106 === "number" && $x103 === $x103 && $x106 === $x106 ? $x103 < $x106 : rt.lt($x103, $x106, L52)) && (($x116 = (($x110 = (($x107 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L59))), ($x108 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L60))), typeof $x107 === "number" && typeof $x108 === "number" && ($x109 = $x107 * $x108) === $x109 ? $x109 : rt.mul($x107, $x108, L58))), ($x114 = (($x111 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L62))), ($x112 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L63))), typeof $x111 === "number" && typeof $x112 === "number" && ($x113 = $x111 * $x112) === $x113 ? $x113 : rt.mul($x111, $x112, L61))), ($x115 = $x110 + $x114) === $x115 ? $x115 : rt.add($x110, $x114, L57))), $x116 === $x116 ? $x116 <= 4 : rt.lte($x116, 4, L56))); ) {
if (++$n101 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n101, $o.length, L51, true)) { await T.pause(ctx.page, L51); $h46 = $h50 = $h53 = $h75 = $h79 = $h82 = $h104 = $h150 = undefined; }; }
{ const $v129 = (($x126 = (($x120 = (($x117 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L67))), ($x118 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L68))), typeof $x117 === "number" && typeof $x118 === "number" && ($x119 = $x117 * $x118) === $x119 ? $x119 : rt.mul($x117, $x118, L66))), ($x124 = (($x121 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L70))), ($x122 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L71))), typeof $x121 === "number" && typeof $x122 === "number" && ($x123 = $x121 * $x122) === $x123 ? $x123 : rt.mul($x121, $x122, L69))), ($x125 = $x120 - $x124) === $x125 ? $x125 : rt.sub($x120, $x124, L65))), ($x127 = ($r25 !== undefined ? $r25 : rt.lookupName(ctx, "cx", L72))), typeof $x127 === "number" && ($x128 = $x126 + $x127) === $x128 ? $x128 : rt.add($x126, $x127, L64)); if ($slow20) rt.assign(ctx, "t", [], $v129, L73); else $r29 = $v129;
}
{ const $v138 = (($x135 = (($x132 = (($x130 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L77))), typeof $x130 === "number" && ($x131 = 2 * $x130) === $x131 ? $x131 : rt.mul(2, $x130, L76))), ($x133 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L78))), typeof $x133 === "number" && ($x134 = $x132 * $x133) === $x134 ? $x134 : rt.mul($x132, $x133, L75))), ($x136 = ($r22 !== undefined ? $r22 : rt.lookupName(ctx, "cy", L79))), typeof $x136 === "number" && ($x137 = $x135 + $x136) === $x137 ? $x137 : rt.add($x135, $x136, L74)); if ($slow20) rt.assign(ctx, "zy", [], $v138, L80); else $r27 = $v138;
}
{ const $v139 = ($r29 !== undefined ? $r29 : rt.lookupName(ctx, "t", L81)); if ($slow20) rt.assign(ctx, "zx", [], $v139, L82); else $r26 = (typeof $v139 === "number" ? $v139 : rt.checkSize(ctx, $v139, L82));
}
{ const $v142 = (($x140 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L84))), typeof $x140 === "number" && ($x141 = $x140 + 1) === $x141 ? $x141 : rt.add($x140, 1, L83)); if ($slow20) rt.assign(ctx, "n", [], $v142, L85); else $r28 = $v142;
}
}
}
if ((($x143 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L87))), ($x145 = ($h104 !== undefined ? $h104 : (($x144 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L88)), "maxiter", L89)), $slow20 || ($h104 = $x144), $x144))), typeof $x143 === "number" && typeof $x145 === "number" && $x143 === $x143 && $x145 === $x145 ? $x143 === $x145 : rt.eq($x143, $x145, L86))) {
{ const $v148 = (($x146 = ($r30 !== undefined ? $r30 : rt.lookupName(ctx, "inside", L91))), typeof $x146 === "number" && ($x147 = $x146 + 1) === $x147 ? $x147 : rt.add($x146, 1, L90)); if ($slow20) rt.assign(ctx, "inside", [], $v148, L92); else $r30 = $v148;
}
}
if ((($x149 = ($h150 !== undefined ? $h150 : (($x151 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L93)), "output", L94)), $slow20 || ($h150 = $x151), $x151))) === "ascii" ? true : rt.eq($x149, "ascii", L95))) {
{ const $v160 = (($x152 = ($r23 !== undefined ? $r23 : rt.lookupName(ctx, "line", L97))), ($x153 = ((($x154 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L99))), ($x156 = ($h104 !== undefined ? $h104 : (($x155 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L100)), "maxiter", L101)), $slow20 || ($h104 = $x155), $x155))), typeof $x154 === "number" && typeof $x156 === "number" && $x154 === $x154 && $x156 === $x156 ? $x154 === $x156 : rt.eq($x154, $x156, L98)) ? "@" : rt.call3(ctx, F0, L102, ($r31 !== undefined ? $r31 : rt.lookupName(ctx, "palette", L103)), (($x158 = (($x157 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L106))), typeof $x157 === "number" && $x157 === $x157 && 9 === 9 && 9 !== 0 ? $x157 % 9 : rt.mod($x157, 9, L105))), ($x159 = 1 + $x158) === $x159 ? $x159 : rt.add(1, $x158, L104)), 1))), typeof $x152 === "string" && typeof $x153 === "string" && $x152.length + $x153.length <= ctx.limits.maxStringLength ? $x152 + $x153 : rt.concat(ctx, $x152, $x153, L96)); if ($slow20) rt.assign(ctx, "line", [], $v160, L107); else $r23 = (typeof $v160 === "number" ? $v160 : rt.checkSize(ctx, $v160, L107));
}
}
}
}
if ((($x161 = ($h150 !== undefined ? $h150 : (($x162 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L108)), "output", L109)), $slow20 || ($h150 = $x162), $x162))) === "ascii" ? true : rt.eq($x161, "ascii", L110))) {
{ const $v167 = (($x163 = (($x165 = ($r32 !== undefined ? $r32 : rt.lookupName(ctx, "art", L113))), ($x166 = ($r23 !== undefined ? $r23 : rt.lookupName(ctx, "line", L114))), typeof $x165 === "string" && typeof $x166 === "string" && $x165.length + $x166.length <= ctx.limits.maxStringLength ? $x165 + $x166 : rt.concat(ctx, $x165, $x166, L112))), ($x164 = rt.call1(ctx, F1, L115, 10)), typeof $x163 === "string" && typeof $x164 === "string" && $x163.length + $x164.length <= ctx.limits.maxStringLength ? $x163 + $x164 : rt.concat(ctx, $x163, $x164, L111)); if ($slow20) rt.assign(ctx, "art", [], $v167, L116); else $r32 = (typeof $v167 === "number" ? $v167 : rt.checkSize(ctx, $v167, L116));
}
}
}
}
} finally { if ($replay38) ctx.page.replaying--; }
}
} finally { if (!$slow20) { if ($r21 !== undefined) $vars19["row"] = $r21; if ($r22 !== undefined) $vars19["cy"] = $r22; if ($r23 !== undefined) $vars19["line"] = $r23; if ($r24 !== undefined) $vars19["col"] = $r24; if ($r25 !== undefined) $vars19["cx"] = $r25; if ($r26 !== undefined) $vars19["zx"] = $r26; if ($r27 !== undefined) $vars19["zy"] = $r27; if ($r28 !== undefined) $vars19["n"] = $r28; if ($r29 !== undefined) $vars19["t"] = $r29; if ($r30 !== undefined) $vars19["inside"] = $r30; if ($r32 !== undefined) $vars19["art"] = $r32; } }
}
{ const $v363 = "Mandelbrot"; rt.assign(ctx, "title", [], $v363, L117); }
{ const $before364 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before364, "_layout/header.dbt", L118); } catch ($e365) { $o = T.takeAborted($e365); throw $e365; } }
if (ctx.page.outputOnly === 0) $o += "<h1>Mandelbrot</h1>\n";
$o += "<p>" + rt.esc(rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L119)), "width", L120), L121) + " × " + rt.esc(rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L122)), "height", L123), L124) + " points, at most " + rt.esc(rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L125)), "maxiter", L126), L127) + " iterations each: " + rt.esc(rt.lookupName(ctx, "inside", L128), L129) + " points in the set.</p>\n";
if ((($x366 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L130)), "output", L131)) === "ascii" ? true : rt.eq($x366, "ascii", L132))) {
$o += "<pre class=\"mandelbrot\">" + rt.esc(rt.lookupName(ctx, "art", L133), L134) + "</pre>";
}
$o += "\n";
{ const $before367 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before367, "_layout/footer.dbt", L135); } catch ($e368) { $o = T.takeAborted($e368); throw $e368; } }
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};