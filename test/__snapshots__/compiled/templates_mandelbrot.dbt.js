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
return async function render(ctx) {
let $o = "", $row;
let $x56, $x57, $x58, $x60, $x61, $x63, $x64, $x65, $x66, $x67, $x68, $x69, $x70, $x71, $x72, $x73, $x74, $x75, $x85, $x86, $x87, $x89, $x90, $x92, $x93, $x94, $x95, $x96, $x97, $x98, $x99, $x100, $x101, $x102, $x103, $x104, $x112, $x114, $x115, $x116, $x117, $x118, $x119, $x120, $x121, $x122, $x123, $x124, $x125, $x126, $x127, $x128, $x129, $x130, $x131, $x132, $x133, $x134, $x135, $x136, $x137, $x139, $x140, $x141, $x142, $x143, $x144, $x145, $x146, $x149, $x150, $x152, $x153, $x154, $x155, $x156, $x158, $x160, $x161, $x162, $x163, $x164, $x165, $x166, $x167, $x168, $x170, $x171, $x172, $x173, $x174, $x175, $x184, $x185, $x189, $x190, $x191, $x192, $x193, $x194, $x195, $x196, $x197, $x198, $x199, $x208, $x209, $x213, $x214, $x215, $x216, $x217, $x218, $x219, $x220, $x221, $x222, $x223, $x231, $x232, $x233, $x234, $x235, $x236, $x237, $x238, $x239, $x240, $x241, $x242, $x243, $x247, $x248, $x249, $x250, $x251, $x252, $x253, $x254, $x255, $x256, $x257, $x258, $x259, $x261, $x262, $x263, $x264, $x265, $x266, $x267, $x268, $x269, $x272, $x273, $x289, $x290, $x291, $x292, $x293, $x294, $x295, $x296, $x297, $x298, $x299, $x300, $x301, $x303, $x304, $x305, $x306, $x307, $x308, $x309, $x310, $x311, $x314, $x315, $x317, $x318, $x319, $x320, $x321, $x322, $x323, $x324, $x325, $x326, $x327, $x328, $x329, $x330, $x331, $x332, $x334, $x335, $x336, $x337, $x338, $x339, $x340, $x341, $x343, $x344, $x345, $x346, $x347, $x354, $F = [null, null, null, null, null, null, null, null, null];
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
let $r21, $r22, $r23 = $slow20 ? undefined : T.own($vars19, "line"), $r24, $r25, $r26, $r27, $r28, $r29, $r30 = $slow20 ? undefined : T.own($vars19, "inside"), $r31 = $slow20 ? undefined : T.own($vars19, "palette"), $r32 = $slow20 ? undefined : T.own($vars19, "art"), $h55 = undefined, $h59 = undefined, $h62 = undefined, $h84 = undefined, $h88 = undefined, $h91 = undefined, $h113 = undefined, $h159 = undefined;
try {
let $done45 = false;
if (!$slow20 && typeof $r30 === "number" && $r31 !== undefined && $r32 !== undefined) {
const $len46 = $o.length;
let $at44 = L11, $b43 = ctx.page.budget;
try {
{ let $s35 = false, $s36 = false, $s37 = false, $s38 = false, $s39 = false, $s40 = false, $s41 = false, $s42 = false, $u33 = $r23, $u34 = $r32;
$F[0] = 0; $F[1] = 0; $F[2] = 0; $F[3] = 0; $F[4] = 0; $F[5] = 0; $F[6] = 0; $F[7] = 0; $F[8] = $r30; 
{ let $n229 = 0, $lim244 = 0, $k245 = 0, $n203 = 0, $lim210 = 0, $k211 = 0, $i205 = 0, $to206 = 0, $step207 = 0, $n179 = 0, $lim186 = 0, $k187 = 0, $i181 = 0, $to182 = 0, $step183 = 0, $rz177 = 0;
$re349: for (;;) {
$n229 = +$n229; $lim244 = +$lim244; $k245 = +$k245; $n203 = +$n203; $lim210 = +$lim210; $k211 = +$k211; $i205 = +$i205; $to206 = +$to206; $step207 = +$step207; $n179 = +$n179; $lim186 = +$lim186; $k187 = +$k187; $i181 = +$i181; $to182 = +$to182; $step183 = +$step183; $b43 = ctx.page.budget;
try {
if ($rz177 === 0) { $n179 = 0; $k187 = 0; $lim186 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; [$i181, $to182, $step183] = T.range(0, (($x184 = ($h55 !== undefined ? $h55 : ($h55 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L13)), "height", L14)))), typeof $x184 === "number" && ($x185 = $x184 - 1) === $x185 ? $x185 : rt.sub($x184, 1, L12)), undefined, L11);
}
$loop178: for (;;) {
if ($rz177 !== 0) { if ($rz177 === 1) $rz177 = 0; }
else {
if (!(($step183 > 0 ? $i181 <= $to182 : $i181 >= $to182))) { $F[0] = $i181; $s35 = true; break; }
if (++$n179 > $lim186 || --$b43 <= 0) { ctx.page.budget = $b43; if (T.tick(ctx, $n179, $o.length, L11, true)) { $rz177 = 1; $at44 = L11; throw T.PAUSE; } $b43 = ctx.page.budget; }
}
$F[0] = $i181; $s35 = true;
$b188: {
if ($rz177 === 0) {
{ const $v200 = (($x189 = ($h59 !== undefined ? $h59 : ($h59 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L16)), "y0", L17)))), ($x198 = (($x196 = (($x193 = (($x190 = ($h62 !== undefined ? $h62 : ($h62 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L21)), "y1", L22)))), ($x191 = ($h59 !== undefined ? $h59 : ($h59 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L23)), "y0", L24)))), typeof $x190 === "number" && typeof $x191 === "number" && ($x192 = $x190 - $x191) === $x192 ? $x192 : rt.sub($x190, $x191, L20))), ($x194 = $F[0]), ($x195 = $x193 * $x194) === $x195 ? $x195 : rt.mul($x193, $x194, L19))), ($x197 = ($h55 !== undefined ? $h55 : ($h55 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L26)), "height", L27)))), typeof $x197 === "number" && $x196 === $x196 && $x197 === $x197 && $x197 !== 0 ? $x196 / $x197 : rt.div($x196, $x197, L18))), typeof $x189 === "number" && ($x199 = $x189 + $x198) === $x199 ? $x199 : rt.add($x189, $x198, L15)); $F[1] = $v200; $s36 = true;
}
{ const $v201 = ""; $u33 = (typeof $v201 === "number" ? $v201 : rt.checkSize(ctx, $v201, L29));
}
}
if ($rz177 === 0 || ($rz177 >= 2 && $rz177 <= 3)) {
{ if ($rz177 === 0) { $n203 = 0; $k211 = 0; $lim210 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; [$i205, $to206, $step207] = T.range(0, (($x208 = ($h84 !== undefined ? $h84 : ($h84 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L32)), "width", L33)))), typeof $x208 === "number" && ($x209 = $x208 - 1) === $x209 ? $x209 : rt.sub($x208, 1, L31)), undefined, L30);
}
$loop202: for (;;) {
if ($rz177 !== 0) { if ($rz177 === 2) $rz177 = 0; }
else {
if (!(($step207 > 0 ? $i205 <= $to206 : $i205 >= $to206))) { $F[2] = $i205; $s37 = true; break; }
if (++$n203 > $lim210 || --$b43 <= 0) { ctx.page.budget = $b43; if (T.tick(ctx, $n203, $o.length, L30, true)) { $rz177 = 2; $at44 = L30; throw T.PAUSE; } $b43 = ctx.page.budget; }
}
$F[2] = $i205; $s37 = true;
$b212: {
if ($rz177 === 0) {
{ const $v224 = (($x213 = ($h88 !== undefined ? $h88 : ($h88 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L35)), "x0", L36)))), ($x222 = (($x220 = (($x217 = (($x214 = ($h91 !== undefined ? $h91 : ($h91 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L40)), "x1", L41)))), ($x215 = ($h88 !== undefined ? $h88 : ($h88 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L42)), "x0", L43)))), typeof $x214 === "number" && typeof $x215 === "number" && ($x216 = $x214 - $x215) === $x216 ? $x216 : rt.sub($x214, $x215, L39))), ($x218 = $F[2]), ($x219 = $x217 * $x218) === $x219 ? $x219 : rt.mul($x217, $x218, L38))), ($x221 = ($h84 !== undefined ? $h84 : ($h84 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L45)), "width", L46)))), typeof $x221 === "number" && $x220 === $x220 && $x221 === $x221 && $x221 !== 0 ? $x220 / $x221 : rt.div($x220, $x221, L37))), typeof $x213 === "number" && ($x223 = $x213 + $x222) === $x223 ? $x223 : rt.add($x213, $x222, L34)); $F[3] = $v224; $s38 = true;
}
{ const $v225 = 0; $F[4] = $v225; $s39 = true;
}
{ const $v226 = 0; $F[5] = $v226; $s40 = true;
}
{ const $v227 = 0; $F[6] = $v227; $s41 = true;
}
}
if ($rz177 === 0 || $rz177 === 3) {
{ if ($rz177 === 0) { $n229 = 0; $k245 = 0; $lim244 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; }
$loop228: for (;;) {
if ($rz177 !== 0) { $rz177 = 0; }
else {
if (!(((($x231 = $F[6]), ($x232 = ($h113 !== undefined ? $h113 : ($h113 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L54)), "maxiter", L55)))), typeof $x232 === "number" && $x231 === $x231 && $x232 === $x232 ? $x231 < $x232 : rt.lt($x231, $x232, L52)) && (($x243 = (($x233 = (($F[4] * $F[4]) + ($F[5] * $F[5]))) === $x233 ? $x233 : (($x237 = (($x234 = $F[4]), ($x235 = $F[4]), ($x236 = $x234 * $x235) === $x236 ? $x236 : rt.mul($x234, $x235, L58))), ($x241 = (($x238 = $F[5]), ($x239 = $F[5]), ($x240 = $x238 * $x239) === $x240 ? $x240 : rt.mul($x238, $x239, L61))), ($x242 = $x237 + $x241) === $x242 ? $x242 : rt.add($x237, $x241, L57)))), $x243 === $x243 ? $x243 <= 4 : rt.lte($x243, 4, L56))))) break;
if (++$n229 > $lim244 || --$b43 <= 0) { ctx.page.budget = $b43; if (T.tick(ctx, $n229, $o.length, L51, true)) { $rz177 = 3; $at44 = L51; throw T.PAUSE; } $b43 = ctx.page.budget; }
}
$b246: {
{ const $v260 = (($x247 = ((($F[4] * $F[4]) - ($F[5] * $F[5])) + $F[3])) === $x247 ? $x247 : (($x257 = (($x251 = (($x248 = $F[4]), ($x249 = $F[4]), ($x250 = $x248 * $x249) === $x250 ? $x250 : rt.mul($x248, $x249, L66))), ($x255 = (($x252 = $F[5]), ($x253 = $F[5]), ($x254 = $x252 * $x253) === $x254 ? $x254 : rt.mul($x252, $x253, L69))), ($x256 = $x251 - $x255) === $x256 ? $x256 : rt.sub($x251, $x255, L65))), ($x258 = $F[3]), ($x259 = $x257 + $x258) === $x259 ? $x259 : rt.add($x257, $x258, L64))); $F[7] = $v260; $s42 = true;
}
{ const $v270 = (($x261 = (((2 * $F[4]) * $F[5]) + $F[1])) === $x261 ? $x261 : (($x267 = (($x264 = (($x262 = $F[4]), ($x263 = 2 * $x262) === $x263 ? $x263 : rt.mul(2, $x262, L76))), ($x265 = $F[5]), ($x266 = $x264 * $x265) === $x266 ? $x266 : rt.mul($x264, $x265, L75))), ($x268 = $F[1]), ($x269 = $x267 + $x268) === $x269 ? $x269 : rt.add($x267, $x268, L74))); $F[5] = $v270; $s40 = true;
}
{ const $v271 = $F[7]; $F[4] = $v271; $s39 = true;
}
{ const $v274 = (($x272 = $F[6]), ($x273 = $x272 + 1) === $x273 ? $x273 : rt.add($x272, 1, L83)); $F[6] = $v274; $s41 = true;
}
}
$k245 = typeof $h113 === "number" && $h113 === $h113 ? Math.min($lim244 - $n229, $b43 - 1) : 0;
if ($k245 > 0) { let $brk287 = false; $n229 += $k245; $b43 -= $k245;
{ let $k288 = $k245, $w275 = $F[6], $w276 = $F[4], $w277 = $F[5], $w278 = $F[7], $w279 = $F[3], $w280 = $F[1], $f281 = false, $f282 = false, $f283 = false, $f284 = false;
$run285: while ($k288 > 0 && (((($x317 = $w275), $x317 === $x317 ? $x317 < $h113 : rt.lt($x317, $h113, L52)) && (($x328 = (($x318 = (($w276 * $w276) + ($w277 * $w277))) === $x318 ? $x318 : (($x322 = (($x319 = $w276), ($x320 = $w276), ($x321 = $x319 * $x320) === $x321 ? $x321 : rt.mul($x319, $x320, L58))), ($x326 = (($x323 = $w277), ($x324 = $w277), ($x325 = $x323 * $x324) === $x325 ? $x325 : rt.mul($x323, $x324, L61))), ($x327 = $x322 + $x326) === $x327 ? $x327 : rt.add($x322, $x326, L57)))), $x328 === $x328 ? $x328 <= 4 : rt.lte($x328, 4, L56))))) {
$k288--;
$b286: {
{ const $v302 = (($x289 = ((($w276 * $w276) - ($w277 * $w277)) + $w279)) === $x289 ? $x289 : (($x299 = (($x293 = (($x290 = $w276), ($x291 = $w276), ($x292 = $x290 * $x291) === $x292 ? $x292 : rt.mul($x290, $x291, L66))), ($x297 = (($x294 = $w277), ($x295 = $w277), ($x296 = $x294 * $x295) === $x296 ? $x296 : rt.mul($x294, $x295, L69))), ($x298 = $x293 - $x297) === $x298 ? $x298 : rt.sub($x293, $x297, L65))), ($x300 = $w279), ($x301 = $x299 + $x300) === $x301 ? $x301 : rt.add($x299, $x300, L64))); $w278 = $v302; $f284 = true;
}
{ const $v312 = (($x303 = (((2 * $w276) * $w277) + $w280)) === $x303 ? $x303 : (($x309 = (($x306 = (($x304 = $w276), ($x305 = 2 * $x304) === $x305 ? $x305 : rt.mul(2, $x304, L76))), ($x307 = $w277), ($x308 = $x306 * $x307) === $x308 ? $x308 : rt.mul($x306, $x307, L75))), ($x310 = $w280), ($x311 = $x309 + $x310) === $x311 ? $x311 : rt.add($x309, $x310, L74))); $w277 = $v312; $f283 = true;
}
{ const $v313 = $w278; $w276 = $v313; $f282 = true;
}
{ const $v316 = (($x314 = $w275), ($x315 = $x314 + 1) === $x315 ? $x315 : rt.add($x314, 1, L83)); $w275 = $v316; $f281 = true;
}
}
}
$k245 = $k288; $F[6] = $w275; $F[4] = $w276; $F[5] = $w277; $F[7] = $w278; if ($f281) $s41 = true; if ($f282) $s39 = true; if ($f283) $s40 = true; if ($f284) $s42 = true;
}
$n229 -= $k245; $b43 += $k245; $k245 = 0;
if ($brk287) break $loop228;
}
}
}
}
if ($rz177 === 0) {
if ((($x329 = $F[6]), ($x330 = ($h113 !== undefined ? $h113 : ($h113 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L88)), "maxiter", L89)))), typeof $x330 === "number" && $x329 === $x329 && $x330 === $x330 ? $x329 === $x330 : rt.eq($x329, $x330, L86))) {
{ const $v333 = (($x331 = $F[8]), ($x332 = $x331 + 1) === $x332 ? $x332 : rt.add($x331, 1, L90)); $F[8] = $v333;
}
}
if ((($x334 = ($h159 !== undefined ? $h159 : ($h159 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L93)), "output", L94)))) === "ascii" ? true : rt.eq($x334, "ascii", L95))) {
{ const $v342 = (($x335 = $u33), ($x336 = ((($x337 = $F[6]), ($x338 = ($h113 !== undefined ? $h113 : ($h113 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L100)), "maxiter", L101)))), typeof $x338 === "number" && $x337 === $x337 && $x338 === $x338 ? $x337 === $x338 : rt.eq($x337, $x338, L98)) ? "@" : rt.call(ctx, F0, L102, $r31, (($x340 = (($x339 = $F[6]), $x339 === $x339 && 9 === 9 && 9 !== 0 ? $x339 % 9 : rt.mod($x339, 9, L105))), ($x341 = 1 + $x340) === $x341 ? $x341 : rt.add(1, $x340, L104)), 1))), typeof $x335 === "string" && typeof $x336 === "string" && $x335.length + $x336.length <= ctx.limits.maxStringLength ? $x335 + $x336 : rt.concat(ctx, $x335, $x336, L96)); $u33 = (typeof $v342 === "number" ? $v342 : rt.checkSize(ctx, $v342, L107));
}
}
}
}
$i205 += $step207;
}
}
}
if ($rz177 === 0) {
if ((($x343 = ($h159 !== undefined ? $h159 : ($h159 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L108)), "output", L109)))) === "ascii" ? true : rt.eq($x343, "ascii", L110))) {
{ const $v348 = (($x344 = (($x346 = $u34), ($x347 = $u33), typeof $x346 === "string" && typeof $x347 === "string" && $x346.length + $x347.length <= ctx.limits.maxStringLength ? $x346 + $x347 : rt.concat(ctx, $x346, $x347, L112))), ($x345 = rt.call(ctx, F1, L115, 10)), typeof $x344 === "string" && typeof $x345 === "string" && $x344.length + $x345.length <= ctx.limits.maxStringLength ? $x344 + $x345 : rt.concat(ctx, $x344, $x345, L111)); $u34 = (typeof $v348 === "number" ? $v348 : rt.checkSize(ctx, $v348, L116));
}
}
}
}
$i181 += $step183;
}
break $re349;
} catch ($e350) {
if ($e350 !== T.PAUSE) throw $e350;
{ await T.pause(ctx.page, $at44); $h55 = $h59 = $h62 = $h84 = $h88 = $h91 = $h113 = $h159 = undefined; };
}
}
}
ctx.page.budget = $b43; if ($s35) $r21 = $F[0]; if ($s36) $r22 = $F[1]; $r23 = $u33; if ($s37) $r24 = $F[2]; if ($s38) $r25 = $F[3]; if ($s39) $r26 = $F[4]; if ($s40) $r27 = $F[5]; if ($s41) $r28 = $F[6]; if ($s42) $r29 = $F[7]; $r30 = $F[8]; $r32 = $u34;
}
$done45 = true;
} catch ($e47) {
$o = $o.slice(0, $len46);
// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if ($e47?.catchable === false) throw $e47;
ctx.page.budget = $b43;
}
}
if (!$done45) {
$r21 = $slow20 ? undefined : T.own($vars19, "row");
$r22 = $slow20 ? undefined : T.own($vars19, "cy");
$r24 = $slow20 ? undefined : T.own($vars19, "col");
$r25 = $slow20 ? undefined : T.own($vars19, "cx");
$r26 = $slow20 ? undefined : T.own($vars19, "zx");
$r27 = $slow20 ? undefined : T.own($vars19, "zy");
$r28 = $slow20 ? undefined : T.own($vars19, "n");
$r29 = $slow20 ? undefined : T.own($vars19, "t");
{ let $n50 = 0, $i52, $to53, $step54;
[$i52, $to53, $step54] = T.range(0, (($x57 = ($h55 !== undefined ? $h55 : (($x56 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L13)), "height", L14)), $slow20 || ($h55 = $x56), $x56))), typeof $x57 === "number" && ($x58 = $x57 - 1) === $x58 ? $x58 : rt.sub($x57, 1, L12)), undefined, L11);
$loop49: for (; ; $i52 += $step54) {
if (!(($step54 > 0 ? $i52 <= $to53 : $i52 >= $to53))) { if ($slow20) $vars19["row"] = $i52; else $r21 = $i52; break; }
if (++$n50 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n50, $o.length, L11, true)) { await T.pause(ctx.page, L11); $h55 = $h59 = $h62 = $h84 = $h88 = $h91 = $h113 = $h159 = undefined; }; }
if ($slow20) $vars19["row"] = $i52; else $r21 = $i52;
{ const $v76 = (($x61 = ($h59 !== undefined ? $h59 : (($x60 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L16)), "y0", L17)), $slow20 || ($h59 = $x60), $x60))), ($x74 = (($x71 = (($x68 = (($x64 = ($h62 !== undefined ? $h62 : (($x63 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L21)), "y1", L22)), $slow20 || ($h62 = $x63), $x63))), ($x66 = ($h59 !== undefined ? $h59 : (($x65 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L23)), "y0", L24)), $slow20 || ($h59 = $x65), $x65))), typeof $x64 === "number" && typeof $x66 === "number" && ($x67 = $x64 - $x66) === $x67 ? $x67 : rt.sub($x64, $x66, L20))), ($x69 = ($r21 !== undefined ? $r21 : rt.lookupName(ctx, "row", L25))), typeof $x69 === "number" && ($x70 = $x68 * $x69) === $x70 ? $x70 : rt.mul($x68, $x69, L19))), ($x73 = ($h55 !== undefined ? $h55 : (($x72 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L26)), "height", L27)), $slow20 || ($h55 = $x72), $x72))), typeof $x73 === "number" && $x71 === $x71 && $x73 === $x73 && $x73 !== 0 ? $x71 / $x73 : rt.div($x71, $x73, L18))), typeof $x61 === "number" && ($x75 = $x61 + $x74) === $x75 ? $x75 : rt.add($x61, $x74, L15)); if ($slow20) rt.assign(ctx, "cy", [], $v76, L28); else $r22 = $v76;
}
{ const $v77 = ""; if ($slow20) rt.assign(ctx, "line", [], $v77, L29); else $r23 = (typeof $v77 === "number" ? $v77 : rt.checkSize(ctx, $v77, L29));
}
{ let $n79 = 0, $i81, $to82, $step83;
[$i81, $to82, $step83] = T.range(0, (($x86 = ($h84 !== undefined ? $h84 : (($x85 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L32)), "width", L33)), $slow20 || ($h84 = $x85), $x85))), typeof $x86 === "number" && ($x87 = $x86 - 1) === $x87 ? $x87 : rt.sub($x86, 1, L31)), undefined, L30);
$loop78: for (; ; $i81 += $step83) {
if (!(($step83 > 0 ? $i81 <= $to82 : $i81 >= $to82))) { if ($slow20) $vars19["col"] = $i81; else $r24 = $i81; break; }
if (++$n79 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n79, $o.length, L30, true)) { await T.pause(ctx.page, L30); $h55 = $h59 = $h62 = $h84 = $h88 = $h91 = $h113 = $h159 = undefined; }; }
if ($slow20) $vars19["col"] = $i81; else $r24 = $i81;
{ const $v105 = (($x90 = ($h88 !== undefined ? $h88 : (($x89 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L35)), "x0", L36)), $slow20 || ($h88 = $x89), $x89))), ($x103 = (($x100 = (($x97 = (($x93 = ($h91 !== undefined ? $h91 : (($x92 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L40)), "x1", L41)), $slow20 || ($h91 = $x92), $x92))), ($x95 = ($h88 !== undefined ? $h88 : (($x94 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L42)), "x0", L43)), $slow20 || ($h88 = $x94), $x94))), typeof $x93 === "number" && typeof $x95 === "number" && ($x96 = $x93 - $x95) === $x96 ? $x96 : rt.sub($x93, $x95, L39))), ($x98 = ($r24 !== undefined ? $r24 : rt.lookupName(ctx, "col", L44))), typeof $x98 === "number" && ($x99 = $x97 * $x98) === $x99 ? $x99 : rt.mul($x97, $x98, L38))), ($x102 = ($h84 !== undefined ? $h84 : (($x101 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L45)), "width", L46)), $slow20 || ($h84 = $x101), $x101))), typeof $x102 === "number" && $x100 === $x100 && $x102 === $x102 && $x102 !== 0 ? $x100 / $x102 : rt.div($x100, $x102, L37))), typeof $x90 === "number" && ($x104 = $x90 + $x103) === $x104 ? $x104 : rt.add($x90, $x103, L34)); if ($slow20) rt.assign(ctx, "cx", [], $v105, L47); else $r25 = $v105;
}
{ const $v106 = 0; if ($slow20) rt.assign(ctx, "zx", [], $v106, L48); else $r26 = $v106;
}
{ const $v107 = 0; if ($slow20) rt.assign(ctx, "zy", [], $v107, L49); else $r27 = $v107;
}
{ const $v108 = 0; if ($slow20) rt.assign(ctx, "n", [], $v108, L50); else $r28 = $v108;
}
{ let $n110 = 0;
$loop109: for (; ((($x112 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L53))), ($x115 = ($h113 !== undefined ? $h113 : (($x114 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L54)), "maxiter", L55)), $slow20 || ($h113 = $x114), $x114))), typeof $x112 === "number" && typeof $x115 === "number" && $x112 === $x112 && $x115 === $x115 ? $x112 < $x115 : rt.lt($x112, $x115, L52)) && (($x125 = (($x119 = (($x116 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L59))), ($x117 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L60))), typeof $x116 === "number" && typeof $x117 === "number" && ($x118 = $x116 * $x117) === $x118 ? $x118 : rt.mul($x116, $x117, L58))), ($x123 = (($x120 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L62))), ($x121 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L63))), typeof $x120 === "number" && typeof $x121 === "number" && ($x122 = $x120 * $x121) === $x122 ? $x122 : rt.mul($x120, $x121, L61))), ($x124 = $x119 + $x123) === $x124 ? $x124 : rt.add($x119, $x123, L57))), $x125 === $x125 ? $x125 <= 4 : rt.lte($x125, 4, L56))); ) {
if (++$n110 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n110, $o.length, L51, true)) { await T.pause(ctx.page, L51); $h55 = $h59 = $h62 = $h84 = $h88 = $h91 = $h113 = $h159 = undefined; }; }
{ const $v138 = (($x135 = (($x129 = (($x126 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L67))), ($x127 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L68))), typeof $x126 === "number" && typeof $x127 === "number" && ($x128 = $x126 * $x127) === $x128 ? $x128 : rt.mul($x126, $x127, L66))), ($x133 = (($x130 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L70))), ($x131 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L71))), typeof $x130 === "number" && typeof $x131 === "number" && ($x132 = $x130 * $x131) === $x132 ? $x132 : rt.mul($x130, $x131, L69))), ($x134 = $x129 - $x133) === $x134 ? $x134 : rt.sub($x129, $x133, L65))), ($x136 = ($r25 !== undefined ? $r25 : rt.lookupName(ctx, "cx", L72))), typeof $x136 === "number" && ($x137 = $x135 + $x136) === $x137 ? $x137 : rt.add($x135, $x136, L64)); if ($slow20) rt.assign(ctx, "t", [], $v138, L73); else $r29 = $v138;
}
{ const $v147 = (($x144 = (($x141 = (($x139 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L77))), typeof $x139 === "number" && ($x140 = 2 * $x139) === $x140 ? $x140 : rt.mul(2, $x139, L76))), ($x142 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L78))), typeof $x142 === "number" && ($x143 = $x141 * $x142) === $x143 ? $x143 : rt.mul($x141, $x142, L75))), ($x145 = ($r22 !== undefined ? $r22 : rt.lookupName(ctx, "cy", L79))), typeof $x145 === "number" && ($x146 = $x144 + $x145) === $x146 ? $x146 : rt.add($x144, $x145, L74)); if ($slow20) rt.assign(ctx, "zy", [], $v147, L80); else $r27 = $v147;
}
{ const $v148 = ($r29 !== undefined ? $r29 : rt.lookupName(ctx, "t", L81)); if ($slow20) rt.assign(ctx, "zx", [], $v148, L82); else $r26 = (typeof $v148 === "number" ? $v148 : rt.checkSize(ctx, $v148, L82));
}
{ const $v151 = (($x149 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L84))), typeof $x149 === "number" && ($x150 = $x149 + 1) === $x150 ? $x150 : rt.add($x149, 1, L83)); if ($slow20) rt.assign(ctx, "n", [], $v151, L85); else $r28 = $v151;
}
}
}
if ((($x152 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L87))), ($x154 = ($h113 !== undefined ? $h113 : (($x153 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L88)), "maxiter", L89)), $slow20 || ($h113 = $x153), $x153))), typeof $x152 === "number" && typeof $x154 === "number" && $x152 === $x152 && $x154 === $x154 ? $x152 === $x154 : rt.eq($x152, $x154, L86))) {
{ const $v157 = (($x155 = ($r30 !== undefined ? $r30 : rt.lookupName(ctx, "inside", L91))), typeof $x155 === "number" && ($x156 = $x155 + 1) === $x156 ? $x156 : rt.add($x155, 1, L90)); if ($slow20) rt.assign(ctx, "inside", [], $v157, L92); else $r30 = $v157;
}
}
if ((($x158 = ($h159 !== undefined ? $h159 : (($x160 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L93)), "output", L94)), $slow20 || ($h159 = $x160), $x160))) === "ascii" ? true : rt.eq($x158, "ascii", L95))) {
{ const $v169 = (($x161 = ($r23 !== undefined ? $r23 : rt.lookupName(ctx, "line", L97))), ($x162 = ((($x163 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L99))), ($x165 = ($h113 !== undefined ? $h113 : (($x164 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L100)), "maxiter", L101)), $slow20 || ($h113 = $x164), $x164))), typeof $x163 === "number" && typeof $x165 === "number" && $x163 === $x163 && $x165 === $x165 ? $x163 === $x165 : rt.eq($x163, $x165, L98)) ? "@" : rt.call(ctx, F0, L102, ($r31 !== undefined ? $r31 : rt.lookupName(ctx, "palette", L103)), (($x167 = (($x166 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L106))), typeof $x166 === "number" && $x166 === $x166 && 9 === 9 && 9 !== 0 ? $x166 % 9 : rt.mod($x166, 9, L105))), ($x168 = 1 + $x167) === $x168 ? $x168 : rt.add(1, $x167, L104)), 1))), typeof $x161 === "string" && typeof $x162 === "string" && $x161.length + $x162.length <= ctx.limits.maxStringLength ? $x161 + $x162 : rt.concat(ctx, $x161, $x162, L96)); if ($slow20) rt.assign(ctx, "line", [], $v169, L107); else $r23 = (typeof $v169 === "number" ? $v169 : rt.checkSize(ctx, $v169, L107));
}
}
}
}
if ((($x170 = ($h159 !== undefined ? $h159 : (($x171 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L108)), "output", L109)), $slow20 || ($h159 = $x171), $x171))) === "ascii" ? true : rt.eq($x170, "ascii", L110))) {
{ const $v176 = (($x172 = (($x174 = ($r32 !== undefined ? $r32 : rt.lookupName(ctx, "art", L113))), ($x175 = ($r23 !== undefined ? $r23 : rt.lookupName(ctx, "line", L114))), typeof $x174 === "string" && typeof $x175 === "string" && $x174.length + $x175.length <= ctx.limits.maxStringLength ? $x174 + $x175 : rt.concat(ctx, $x174, $x175, L112))), ($x173 = rt.call(ctx, F1, L115, 10)), typeof $x172 === "string" && typeof $x173 === "string" && $x172.length + $x173.length <= ctx.limits.maxStringLength ? $x172 + $x173 : rt.concat(ctx, $x172, $x173, L111)); if ($slow20) rt.assign(ctx, "art", [], $v176, L116); else $r32 = (typeof $v176 === "number" ? $v176 : rt.checkSize(ctx, $v176, L116));
}
}
}
}
}
} finally { if (!$slow20) { if ($r21 !== undefined) $vars19["row"] = $r21; if ($r22 !== undefined) $vars19["cy"] = $r22; if ($r23 !== undefined) $vars19["line"] = $r23; if ($r24 !== undefined) $vars19["col"] = $r24; if ($r25 !== undefined) $vars19["cx"] = $r25; if ($r26 !== undefined) $vars19["zx"] = $r26; if ($r27 !== undefined) $vars19["zy"] = $r27; if ($r28 !== undefined) $vars19["n"] = $r28; if ($r29 !== undefined) $vars19["t"] = $r29; if ($r30 !== undefined) $vars19["inside"] = $r30; if ($r32 !== undefined) $vars19["art"] = $r32; } }
}
{ const $v351 = "Mandelbrot"; rt.assign(ctx, "title", [], $v351, L117); }
{ const $before352 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before352, "_layout/header.dbt", L118); } catch ($e353) { $o = T.takeAborted($e353); throw $e353; } }
if (ctx.page.outputOnly === 0) $o += "<h1>Mandelbrot</h1>\n";
$o += "<p>" + rt.esc(rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L119)), "width", L120), L121) + " × " + rt.esc(rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L122)), "height", L123), L124) + " points, at most " + rt.esc(rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L125)), "maxiter", L126), L127) + " iterations each: " + rt.esc(rt.lookupName(ctx, "inside", L128), L129) + " points in the set.</p>\n";
if ((($x354 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L130)), "output", L131)) === "ascii" ? true : rt.eq($x354, "ascii", L132))) {
$o += "<pre class=\"mandelbrot\">" + rt.esc(rt.lookupName(ctx, "art", L133), L134) + "</pre>";
}
$o += "\n";
{ const $before355 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before355, "_layout/footer.dbt", L135); } catch ($e356) { $o = T.takeAborted($e356); throw $e356; } }
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};