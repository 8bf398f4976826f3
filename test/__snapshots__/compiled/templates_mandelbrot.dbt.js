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
let $x57, $x58, $x59, $x61, $x62, $x64, $x65, $x66, $x67, $x68, $x69, $x70, $x71, $x72, $x73, $x74, $x75, $x76, $x86, $x87, $x88, $x90, $x91, $x93, $x94, $x95, $x96, $x97, $x98, $x99, $x100, $x101, $x102, $x103, $x104, $x105, $x113, $x115, $x116, $x117, $x118, $x119, $x120, $x121, $x122, $x123, $x124, $x125, $x126, $x127, $x128, $x129, $x130, $x131, $x132, $x133, $x134, $x135, $x136, $x137, $x138, $x140, $x141, $x142, $x143, $x144, $x145, $x146, $x147, $x150, $x151, $x153, $x154, $x155, $x156, $x157, $x159, $x161, $x162, $x163, $x164, $x165, $x166, $x167, $x168, $x169, $x171, $x172, $x173, $x174, $x175, $x176, $x185, $x186, $x190, $x191, $x192, $x193, $x194, $x195, $x196, $x197, $x198, $x199, $x200, $x209, $x210, $x214, $x215, $x216, $x217, $x218, $x219, $x220, $x221, $x222, $x223, $x224, $x232, $x233, $x234, $x235, $x236, $x237, $x238, $x239, $x240, $x241, $x242, $x243, $x244, $x248, $x249, $x250, $x251, $x252, $x253, $x254, $x255, $x256, $x257, $x258, $x259, $x260, $x262, $x263, $x264, $x265, $x266, $x267, $x268, $x269, $x270, $x273, $x274, $x290, $x291, $x292, $x293, $x294, $x295, $x296, $x297, $x298, $x299, $x300, $x301, $x302, $x304, $x305, $x306, $x307, $x308, $x309, $x310, $x311, $x312, $x315, $x316, $x318, $x319, $x320, $x321, $x322, $x323, $x324, $x325, $x326, $x327, $x328, $x329, $x330, $x331, $x332, $x333, $x335, $x336, $x337, $x338, $x339, $x340, $x341, $x342, $x344, $x345, $x346, $x347, $x348, $x355, $F = [null, null, null, null, null, null, null, null, null];
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
let $r21, $r22, $r23 = $slow20 ? undefined : T.own($vars19, "line"), $r24, $r25, $r26, $r27, $r28, $r29, $r30 = $slow20 ? undefined : T.own($vars19, "inside"), $r31 = $slow20 ? undefined : T.own($vars19, "palette"), $r32 = $slow20 ? undefined : T.own($vars19, "art"), $h56 = undefined, $h60 = undefined, $h63 = undefined, $h85 = undefined, $h89 = undefined, $h92 = undefined, $h114 = undefined, $h160 = undefined;
try {
let $done45 = false, $replay48 = false;
if (!$slow20 && typeof $r30 === "number" && $r31 !== undefined && $r32 !== undefined) {
const $len46 = $o.length;
let $at44 = L11, $b43 = ctx.page.budget;
try {
{ let $s35 = false, $s36 = false, $s37 = false, $s38 = false, $s39 = false, $s40 = false, $s41 = false, $s42 = false, $u33 = $r23, $u34 = $r32;
$F[0] = 0; $F[1] = 0; $F[2] = 0; $F[3] = 0; $F[4] = 0; $F[5] = 0; $F[6] = 0; $F[7] = 0; $F[8] = $r30; 
{ let $n230 = 0, $lim245 = 0, $k246 = 0, $n204 = 0, $lim211 = 0, $k212 = 0, $i206 = 0, $to207 = 0, $step208 = 0, $n180 = 0, $lim187 = 0, $k188 = 0, $i182 = 0, $to183 = 0, $step184 = 0, $rz178 = 0;
$re350: for (;;) {
$n230 = +$n230; $lim245 = +$lim245; $k246 = +$k246; $n204 = +$n204; $lim211 = +$lim211; $k212 = +$k212; $i206 = +$i206; $to207 = +$to207; $step208 = +$step208; $n180 = +$n180; $lim187 = +$lim187; $k188 = +$k188; $i182 = +$i182; $to183 = +$to183; $step184 = +$step184; $b43 = ctx.page.budget;
try {
if ($rz178 === 0) { $n180 = 0; $k188 = 0; $lim187 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; [$i182, $to183, $step184] = T.range(0, (($x185 = ($h56 !== undefined ? $h56 : ($h56 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L13)), "height", L14)))), typeof $x185 === "number" && ($x186 = $x185 - 1) === $x186 ? $x186 : rt.sub($x185, 1, L12)), undefined, L11);
}
$loop179: for (;;) {
if ($rz178 !== 0) { if ($rz178 === 1) $rz178 = 0; }
else {
if (!(($step184 > 0 ? $i182 <= $to183 : $i182 >= $to183))) { $F[0] = $i182; $s35 = true; break; }
if (++$n180 > $lim187 || --$b43 <= 0) { ctx.page.budget = $b43; if (T.tick(ctx, $n180, $o.length, L11, true)) { $rz178 = 1; $at44 = L11; throw T.PAUSE; } $b43 = ctx.page.budget; }
}
$F[0] = $i182; $s35 = true;
$b189: {
if ($rz178 === 0) {
{ const $v201 = (($x190 = ($h60 !== undefined ? $h60 : ($h60 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L16)), "y0", L17)))), ($x199 = (($x197 = (($x194 = (($x191 = ($h63 !== undefined ? $h63 : ($h63 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L21)), "y1", L22)))), ($x192 = ($h60 !== undefined ? $h60 : ($h60 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L23)), "y0", L24)))), typeof $x191 === "number" && typeof $x192 === "number" && ($x193 = $x191 - $x192) === $x193 ? $x193 : rt.sub($x191, $x192, L20))), ($x195 = $F[0]), ($x196 = $x194 * $x195) === $x196 ? $x196 : rt.mul($x194, $x195, L19))), ($x198 = ($h56 !== undefined ? $h56 : ($h56 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L26)), "height", L27)))), typeof $x198 === "number" && $x197 === $x197 && $x198 === $x198 && $x198 !== 0 ? $x197 / $x198 : rt.div($x197, $x198, L18))), typeof $x190 === "number" && ($x200 = $x190 + $x199) === $x200 ? $x200 : rt.add($x190, $x199, L15)); $F[1] = $v201; $s36 = true;
}
{ const $v202 = ""; $u33 = (typeof $v202 === "number" ? $v202 : rt.checkSize(ctx, $v202, L29));
}
}
if ($rz178 === 0 || ($rz178 >= 2 && $rz178 <= 3)) {
{ if ($rz178 === 0) { $n204 = 0; $k212 = 0; $lim211 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; [$i206, $to207, $step208] = T.range(0, (($x209 = ($h85 !== undefined ? $h85 : ($h85 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L32)), "width", L33)))), typeof $x209 === "number" && ($x210 = $x209 - 1) === $x210 ? $x210 : rt.sub($x209, 1, L31)), undefined, L30);
}
$loop203: for (;;) {
if ($rz178 !== 0) { if ($rz178 === 2) $rz178 = 0; }
else {
if (!(($step208 > 0 ? $i206 <= $to207 : $i206 >= $to207))) { $F[2] = $i206; $s37 = true; break; }
if (++$n204 > $lim211 || --$b43 <= 0) { ctx.page.budget = $b43; if (T.tick(ctx, $n204, $o.length, L30, true)) { $rz178 = 2; $at44 = L30; throw T.PAUSE; } $b43 = ctx.page.budget; }
}
$F[2] = $i206; $s37 = true;
$b213: {
if ($rz178 === 0) {
{ const $v225 = (($x214 = ($h89 !== undefined ? $h89 : ($h89 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L35)), "x0", L36)))), ($x223 = (($x221 = (($x218 = (($x215 = ($h92 !== undefined ? $h92 : ($h92 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L40)), "x1", L41)))), ($x216 = ($h89 !== undefined ? $h89 : ($h89 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L42)), "x0", L43)))), typeof $x215 === "number" && typeof $x216 === "number" && ($x217 = $x215 - $x216) === $x217 ? $x217 : rt.sub($x215, $x216, L39))), ($x219 = $F[2]), ($x220 = $x218 * $x219) === $x220 ? $x220 : rt.mul($x218, $x219, L38))), ($x222 = ($h85 !== undefined ? $h85 : ($h85 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L45)), "width", L46)))), typeof $x222 === "number" && $x221 === $x221 && $x222 === $x222 && $x222 !== 0 ? $x221 / $x222 : rt.div($x221, $x222, L37))), typeof $x214 === "number" && ($x224 = $x214 + $x223) === $x224 ? $x224 : rt.add($x214, $x223, L34)); $F[3] = $v225; $s38 = true;
}
{ const $v226 = 0; $F[4] = $v226; $s39 = true;
}
{ const $v227 = 0; $F[5] = $v227; $s40 = true;
}
{ const $v228 = 0; $F[6] = $v228; $s41 = true;
}
}
if ($rz178 === 0 || $rz178 === 3) {
{ if ($rz178 === 0) { $n230 = 0; $k246 = 0; $lim245 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; }
$loop229: for (;;) {
if ($rz178 !== 0) { $rz178 = 0; }
else {
if (!(((($x232 = $F[6]), ($x233 = ($h114 !== undefined ? $h114 : ($h114 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L54)), "maxiter", L55)))), typeof $x233 === "number" && $x232 === $x232 && $x233 === $x233 ? $x232 < $x233 : rt.lt($x232, $x233, L52)) && (($x244 = (($x234 = (($F[4] * $F[4]) + ($F[5] * $F[5]))) === $x234 ? $x234 : (($x238 = (($x235 = $F[4]), ($x236 = $F[4]), ($x237 = $x235 * $x236) === $x237 ? $x237 : rt.mul($x235, $x236, L58))), ($x242 = (($x239 = $F[5]), ($x240 = $F[5]), ($x241 = $x239 * $x240) === $x241 ? $x241 : rt.mul($x239, $x240, L61))), ($x243 = $x238 + $x242) === $x243 ? $x243 : rt.add($x238, $x242, L57)))), $x244 === $x244 ? $x244 <= 4 : rt.lte($x244, 4, L56))))) break;
if (++$n230 > $lim245 || --$b43 <= 0) { ctx.page.budget = $b43; if (T.tick(ctx, $n230, $o.length, L51, true)) { $rz178 = 3; $at44 = L51; throw T.PAUSE; } $b43 = ctx.page.budget; }
}
$b247: {
{ const $v261 = (($x248 = ((($F[4] * $F[4]) - ($F[5] * $F[5])) + $F[3])) === $x248 ? $x248 : (($x258 = (($x252 = (($x249 = $F[4]), ($x250 = $F[4]), ($x251 = $x249 * $x250) === $x251 ? $x251 : rt.mul($x249, $x250, L66))), ($x256 = (($x253 = $F[5]), ($x254 = $F[5]), ($x255 = $x253 * $x254) === $x255 ? $x255 : rt.mul($x253, $x254, L69))), ($x257 = $x252 - $x256) === $x257 ? $x257 : rt.sub($x252, $x256, L65))), ($x259 = $F[3]), ($x260 = $x258 + $x259) === $x260 ? $x260 : rt.add($x258, $x259, L64))); $F[7] = $v261; $s42 = true;
}
{ const $v271 = (($x262 = (((2 * $F[4]) * $F[5]) + $F[1])) === $x262 ? $x262 : (($x268 = (($x265 = (($x263 = $F[4]), ($x264 = 2 * $x263) === $x264 ? $x264 : rt.mul(2, $x263, L76))), ($x266 = $F[5]), ($x267 = $x265 * $x266) === $x267 ? $x267 : rt.mul($x265, $x266, L75))), ($x269 = $F[1]), ($x270 = $x268 + $x269) === $x270 ? $x270 : rt.add($x268, $x269, L74))); $F[5] = $v271; $s40 = true;
}
{ const $v272 = $F[7]; $F[4] = $v272; $s39 = true;
}
{ const $v275 = (($x273 = $F[6]), ($x274 = $x273 + 1) === $x274 ? $x274 : rt.add($x273, 1, L83)); $F[6] = $v275; $s41 = true;
}
}
$k246 = typeof $h114 === "number" && $h114 === $h114 ? Math.min($lim245 - $n230, $b43 - 1) : 0;
if ($k246 > 0) { let $brk288 = false; $n230 += $k246; $b43 -= $k246;
{ let $k289 = $k246, $w276 = $F[6], $w277 = $F[4], $w278 = $F[5], $w279 = $F[7], $w280 = $F[3], $w281 = $F[1], $f282 = false, $f283 = false, $f284 = false, $f285 = false;
$run286: while ($k289 > 0 && (((($x318 = $w276), $x318 === $x318 ? $x318 < $h114 : rt.lt($x318, $h114, L52)) && (($x329 = (($x319 = (($w277 * $w277) + ($w278 * $w278))) === $x319 ? $x319 : (($x323 = (($x320 = $w277), ($x321 = $w277), ($x322 = $x320 * $x321) === $x322 ? $x322 : rt.mul($x320, $x321, L58))), ($x327 = (($x324 = $w278), ($x325 = $w278), ($x326 = $x324 * $x325) === $x326 ? $x326 : rt.mul($x324, $x325, L61))), ($x328 = $x323 + $x327) === $x328 ? $x328 : rt.add($x323, $x327, L57)))), $x329 === $x329 ? $x329 <= 4 : rt.lte($x329, 4, L56))))) {
$k289--;
$b287: {
{ const $v303 = (($x290 = ((($w277 * $w277) - ($w278 * $w278)) + $w280)) === $x290 ? $x290 : (($x300 = (($x294 = (($x291 = $w277), ($x292 = $w277), ($x293 = $x291 * $x292) === $x293 ? $x293 : rt.mul($x291, $x292, L66))), ($x298 = (($x295 = $w278), ($x296 = $w278), ($x297 = $x295 * $x296) === $x297 ? $x297 : rt.mul($x295, $x296, L69))), ($x299 = $x294 - $x298) === $x299 ? $x299 : rt.sub($x294, $x298, L65))), ($x301 = $w280), ($x302 = $x300 + $x301) === $x302 ? $x302 : rt.add($x300, $x301, L64))); $w279 = $v303; $f285 = true;
}
{ const $v313 = (($x304 = (((2 * $w277) * $w278) + $w281)) === $x304 ? $x304 : (($x310 = (($x307 = (($x305 = $w277), ($x306 = 2 * $x305) === $x306 ? $x306 : rt.mul(2, $x305, L76))), ($x308 = $w278), ($x309 = $x307 * $x308) === $x309 ? $x309 : rt.mul($x307, $x308, L75))), ($x311 = $w281), ($x312 = $x310 + $x311) === $x312 ? $x312 : rt.add($x310, $x311, L74))); $w278 = $v313; $f284 = true;
}
{ const $v314 = $w279; $w277 = $v314; $f283 = true;
}
{ const $v317 = (($x315 = $w276), ($x316 = $x315 + 1) === $x316 ? $x316 : rt.add($x315, 1, L83)); $w276 = $v317; $f282 = true;
}
}
}
$k246 = $k289; $F[6] = $w276; $F[4] = $w277; $F[5] = $w278; $F[7] = $w279; if ($f282) $s41 = true; if ($f283) $s39 = true; if ($f284) $s40 = true; if ($f285) $s42 = true;
}
$n230 -= $k246; $b43 += $k246; $k246 = 0;
if ($brk288) break $loop229;
}
}
}
}
if ($rz178 === 0) {
if ((($x330 = $F[6]), ($x331 = ($h114 !== undefined ? $h114 : ($h114 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L88)), "maxiter", L89)))), typeof $x331 === "number" && $x330 === $x330 && $x331 === $x331 ? $x330 === $x331 : rt.eq($x330, $x331, L86))) {
{ const $v334 = (($x332 = $F[8]), ($x333 = $x332 + 1) === $x333 ? $x333 : rt.add($x332, 1, L90)); $F[8] = $v334;
}
}
if ((($x335 = ($h160 !== undefined ? $h160 : ($h160 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L93)), "output", L94)))) === "ascii" ? true : rt.eq($x335, "ascii", L95))) {
{ const $v343 = (($x336 = $u33), ($x337 = ((($x338 = $F[6]), ($x339 = ($h114 !== undefined ? $h114 : ($h114 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L100)), "maxiter", L101)))), typeof $x339 === "number" && $x338 === $x338 && $x339 === $x339 ? $x338 === $x339 : rt.eq($x338, $x339, L98)) ? "@" : rt.call(ctx, F0, L102, $r31, (($x341 = (($x340 = $F[6]), $x340 === $x340 && 9 === 9 && 9 !== 0 ? $x340 % 9 : rt.mod($x340, 9, L105))), ($x342 = 1 + $x341) === $x342 ? $x342 : rt.add(1, $x341, L104)), 1))), typeof $x336 === "string" && typeof $x337 === "string" && $x336.length + $x337.length <= ctx.limits.maxStringLength ? $x336 + $x337 : rt.concat(ctx, $x336, $x337, L96)); $u33 = (typeof $v343 === "number" ? $v343 : rt.checkSize(ctx, $v343, L107));
}
}
}
}
$i206 += $step208;
}
}
}
if ($rz178 === 0) {
if ((($x344 = ($h160 !== undefined ? $h160 : ($h160 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L108)), "output", L109)))) === "ascii" ? true : rt.eq($x344, "ascii", L110))) {
{ const $v349 = (($x345 = (($x347 = $u34), ($x348 = $u33), typeof $x347 === "string" && typeof $x348 === "string" && $x347.length + $x348.length <= ctx.limits.maxStringLength ? $x347 + $x348 : rt.concat(ctx, $x347, $x348, L112))), ($x346 = rt.call(ctx, F1, L115, 10)), typeof $x345 === "string" && typeof $x346 === "string" && $x345.length + $x346.length <= ctx.limits.maxStringLength ? $x345 + $x346 : rt.concat(ctx, $x345, $x346, L111)); $u34 = (typeof $v349 === "number" ? $v349 : rt.checkSize(ctx, $v349, L116));
}
}
}
}
$i182 += $step184;
}
break $re350;
} catch ($e351) {
if ($e351 !== T.PAUSE) throw $e351;
{ await T.pause(ctx.page, $at44); $h56 = $h60 = $h63 = $h85 = $h89 = $h92 = $h114 = $h160 = undefined; };
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
ctx.page.budget = $b43; ctx.page.replaying++; $replay48 = true;
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
try {
{ let $n51 = 0, $i53, $to54, $step55;
[$i53, $to54, $step55] = T.range(0, (($x58 = ($h56 !== undefined ? $h56 : (($x57 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L13)), "height", L14)), $slow20 || ($h56 = $x57), $x57))), typeof $x58 === "number" && ($x59 = $x58 - 1) === $x59 ? $x59 : rt.sub($x58, 1, L12)), undefined, L11);
$loop50: for (; ; $i53 += $step55) {
if (!(($step55 > 0 ? $i53 <= $to54 : $i53 >= $to54))) { if ($slow20) $vars19["row"] = $i53; else $r21 = $i53; break; }
if (++$n51 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n51, $o.length, L11, true)) { await T.pause(ctx.page, L11); $h56 = $h60 = $h63 = $h85 = $h89 = $h92 = $h114 = $h160 = undefined; }; }
if ($slow20) $vars19["row"] = $i53; else $r21 = $i53;
{ const $v77 = (($x62 = ($h60 !== undefined ? $h60 : (($x61 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L16)), "y0", L17)), $slow20 || ($h60 = $x61), $x61))), ($x75 = (($x72 = (($x69 = (($x65 = ($h63 !== undefined ? $h63 : (($x64 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L21)), "y1", L22)), $slow20 || ($h63 = $x64), $x64))), ($x67 = ($h60 !== undefined ? $h60 : (($x66 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L23)), "y0", L24)), $slow20 || ($h60 = $x66), $x66))), typeof $x65 === "number" && typeof $x67 === "number" && ($x68 = $x65 - $x67) === $x68 ? $x68 : rt.sub($x65, $x67, L20))), ($x70 = ($r21 !== undefined ? $r21 : rt.lookupName(ctx, "row", L25))), typeof $x70 === "number" && ($x71 = $x69 * $x70) === $x71 ? $x71 : rt.mul($x69, $x70, L19))), ($x74 = ($h56 !== undefined ? $h56 : (($x73 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L26)), "height", L27)), $slow20 || ($h56 = $x73), $x73))), typeof $x74 === "number" && $x72 === $x72 && $x74 === $x74 && $x74 !== 0 ? $x72 / $x74 : rt.div($x72, $x74, L18))), typeof $x62 === "number" && ($x76 = $x62 + $x75) === $x76 ? $x76 : rt.add($x62, $x75, L15)); if ($slow20) rt.assign(ctx, "cy", [], $v77, L28); else $r22 = $v77;
}
{ const $v78 = ""; if ($slow20) rt.assign(ctx, "line", [], $v78, L29); else $r23 = (typeof $v78 === "number" ? $v78 : rt.checkSize(ctx, $v78, L29));
}
{ let $n80 = 0, $i82, $to83, $step84;
[$i82, $to83, $step84] = T.range(0, (($x87 = ($h85 !== undefined ? $h85 : (($x86 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L32)), "width", L33)), $slow20 || ($h85 = $x86), $x86))), typeof $x87 === "number" && ($x88 = $x87 - 1) === $x88 ? $x88 : rt.sub($x87, 1, L31)), undefined, L30);
$loop79: for (; ; $i82 += $step84) {
if (!(($step84 > 0 ? $i82 <= $to83 : $i82 >= $to83))) { if ($slow20) $vars19["col"] = $i82; else $r24 = $i82; break; }
if (++$n80 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n80, $o.length, L30, true)) { await T.pause(ctx.page, L30); $h56 = $h60 = $h63 = $h85 = $h89 = $h92 = $h114 = $h160 = undefined; }; }
if ($slow20) $vars19["col"] = $i82; else $r24 = $i82;
{ const $v106 = (($x91 = ($h89 !== undefined ? $h89 : (($x90 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L35)), "x0", L36)), $slow20 || ($h89 = $x90), $x90))), ($x104 = (($x101 = (($x98 = (($x94 = ($h92 !== undefined ? $h92 : (($x93 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L40)), "x1", L41)), $slow20 || ($h92 = $x93), $x93))), ($x96 = ($h89 !== undefined ? $h89 : (($x95 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L42)), "x0", L43)), $slow20 || ($h89 = $x95), $x95))), typeof $x94 === "number" && typeof $x96 === "number" && ($x97 = $x94 - $x96) === $x97 ? $x97 : rt.sub($x94, $x96, L39))), ($x99 = ($r24 !== undefined ? $r24 : rt.lookupName(ctx, "col", L44))), typeof $x99 === "number" && ($x100 = $x98 * $x99) === $x100 ? $x100 : rt.mul($x98, $x99, L38))), ($x103 = ($h85 !== undefined ? $h85 : (($x102 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L45)), "width", L46)), $slow20 || ($h85 = $x102), $x102))), typeof $x103 === "number" && $x101 === $x101 && $x103 === $x103 && $x103 !== 0 ? $x101 / $x103 : rt.div($x101, $x103, L37))), typeof $x91 === "number" && ($x105 = $x91 + $x104) === $x105 ? $x105 : rt.add($x91, $x104, L34)); if ($slow20) rt.assign(ctx, "cx", [], $v106, L47); else $r25 = $v106;
}
{ const $v107 = 0; if ($slow20) rt.assign(ctx, "zx", [], $v107, L48); else $r26 = $v107;
}
{ const $v108 = 0; if ($slow20) rt.assign(ctx, "zy", [], $v108, L49); else $r27 = $v108;
}
{ const $v109 = 0; if ($slow20) rt.assign(ctx, "n", [], $v109, L50); else $r28 = $v109;
}
{ let $n111 = 0;
$loop110: for (; ((($x113 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L53))), ($x116 = ($h114 !== undefined ? $h114 : (($x115 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L54)), "maxiter", L55)), $slow20 || ($h114 = $x115), $x115))), typeof $x113 === "number" && typeof $x116 === "number" && $x113 === $x113 && $x116 === $x116 ? $x113 < $x116 : rt.lt($x113, $x116, L52)) && (($x126 = (($x120 = (($x117 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L59))), ($x118 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L60))), typeof $x117 === "number" && typeof $x118 === "number" && ($x119 = $x117 * $x118) === $x119 ? $x119 : rt.mul($x117, $x118, L58))), ($x124 = (($x121 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L62))), ($x122 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L63))), typeof $x121 === "number" && typeof $x122 === "number" && ($x123 = $x121 * $x122) === $x123 ? $x123 : rt.mul($x121, $x122, L61))), ($x125 = $x120 + $x124) === $x125 ? $x125 : rt.add($x120, $x124, L57))), $x126 === $x126 ? $x126 <= 4 : rt.lte($x126, 4, L56))); ) {
if (++$n111 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n111, $o.length, L51, true)) { await T.pause(ctx.page, L51); $h56 = $h60 = $h63 = $h85 = $h89 = $h92 = $h114 = $h160 = undefined; }; }
{ const $v139 = (($x136 = (($x130 = (($x127 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L67))), ($x128 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L68))), typeof $x127 === "number" && typeof $x128 === "number" && ($x129 = $x127 * $x128) === $x129 ? $x129 : rt.mul($x127, $x128, L66))), ($x134 = (($x131 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L70))), ($x132 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L71))), typeof $x131 === "number" && typeof $x132 === "number" && ($x133 = $x131 * $x132) === $x133 ? $x133 : rt.mul($x131, $x132, L69))), ($x135 = $x130 - $x134) === $x135 ? $x135 : rt.sub($x130, $x134, L65))), ($x137 = ($r25 !== undefined ? $r25 : rt.lookupName(ctx, "cx", L72))), typeof $x137 === "number" && ($x138 = $x136 + $x137) === $x138 ? $x138 : rt.add($x136, $x137, L64)); if ($slow20) rt.assign(ctx, "t", [], $v139, L73); else $r29 = $v139;
}
{ const $v148 = (($x145 = (($x142 = (($x140 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L77))), typeof $x140 === "number" && ($x141 = 2 * $x140) === $x141 ? $x141 : rt.mul(2, $x140, L76))), ($x143 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L78))), typeof $x143 === "number" && ($x144 = $x142 * $x143) === $x144 ? $x144 : rt.mul($x142, $x143, L75))), ($x146 = ($r22 !== undefined ? $r22 : rt.lookupName(ctx, "cy", L79))), typeof $x146 === "number" && ($x147 = $x145 + $x146) === $x147 ? $x147 : rt.add($x145, $x146, L74)); if ($slow20) rt.assign(ctx, "zy", [], $v148, L80); else $r27 = $v148;
}
{ const $v149 = ($r29 !== undefined ? $r29 : rt.lookupName(ctx, "t", L81)); if ($slow20) rt.assign(ctx, "zx", [], $v149, L82); else $r26 = (typeof $v149 === "number" ? $v149 : rt.checkSize(ctx, $v149, L82));
}
{ const $v152 = (($x150 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L84))), typeof $x150 === "number" && ($x151 = $x150 + 1) === $x151 ? $x151 : rt.add($x150, 1, L83)); if ($slow20) rt.assign(ctx, "n", [], $v152, L85); else $r28 = $v152;
}
}
}
if ((($x153 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L87))), ($x155 = ($h114 !== undefined ? $h114 : (($x154 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L88)), "maxiter", L89)), $slow20 || ($h114 = $x154), $x154))), typeof $x153 === "number" && typeof $x155 === "number" && $x153 === $x153 && $x155 === $x155 ? $x153 === $x155 : rt.eq($x153, $x155, L86))) {
{ const $v158 = (($x156 = ($r30 !== undefined ? $r30 : rt.lookupName(ctx, "inside", L91))), typeof $x156 === "number" && ($x157 = $x156 + 1) === $x157 ? $x157 : rt.add($x156, 1, L90)); if ($slow20) rt.assign(ctx, "inside", [], $v158, L92); else $r30 = $v158;
}
}
if ((($x159 = ($h160 !== undefined ? $h160 : (($x161 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L93)), "output", L94)), $slow20 || ($h160 = $x161), $x161))) === "ascii" ? true : rt.eq($x159, "ascii", L95))) {
{ const $v170 = (($x162 = ($r23 !== undefined ? $r23 : rt.lookupName(ctx, "line", L97))), ($x163 = ((($x164 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L99))), ($x166 = ($h114 !== undefined ? $h114 : (($x165 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L100)), "maxiter", L101)), $slow20 || ($h114 = $x165), $x165))), typeof $x164 === "number" && typeof $x166 === "number" && $x164 === $x164 && $x166 === $x166 ? $x164 === $x166 : rt.eq($x164, $x166, L98)) ? "@" : rt.call(ctx, F0, L102, ($r31 !== undefined ? $r31 : rt.lookupName(ctx, "palette", L103)), (($x168 = (($x167 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L106))), typeof $x167 === "number" && $x167 === $x167 && 9 === 9 && 9 !== 0 ? $x167 % 9 : rt.mod($x167, 9, L105))), ($x169 = 1 + $x168) === $x169 ? $x169 : rt.add(1, $x168, L104)), 1))), typeof $x162 === "string" && typeof $x163 === "string" && $x162.length + $x163.length <= ctx.limits.maxStringLength ? $x162 + $x163 : rt.concat(ctx, $x162, $x163, L96)); if ($slow20) rt.assign(ctx, "line", [], $v170, L107); else $r23 = (typeof $v170 === "number" ? $v170 : rt.checkSize(ctx, $v170, L107));
}
}
}
}
if ((($x171 = ($h160 !== undefined ? $h160 : (($x172 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L108)), "output", L109)), $slow20 || ($h160 = $x172), $x172))) === "ascii" ? true : rt.eq($x171, "ascii", L110))) {
{ const $v177 = (($x173 = (($x175 = ($r32 !== undefined ? $r32 : rt.lookupName(ctx, "art", L113))), ($x176 = ($r23 !== undefined ? $r23 : rt.lookupName(ctx, "line", L114))), typeof $x175 === "string" && typeof $x176 === "string" && $x175.length + $x176.length <= ctx.limits.maxStringLength ? $x175 + $x176 : rt.concat(ctx, $x175, $x176, L112))), ($x174 = rt.call(ctx, F1, L115, 10)), typeof $x173 === "string" && typeof $x174 === "string" && $x173.length + $x174.length <= ctx.limits.maxStringLength ? $x173 + $x174 : rt.concat(ctx, $x173, $x174, L111)); if ($slow20) rt.assign(ctx, "art", [], $v177, L116); else $r32 = (typeof $v177 === "number" ? $v177 : rt.checkSize(ctx, $v177, L116));
}
}
}
}
} finally { if ($replay48) ctx.page.replaying--; }
}
} finally { if (!$slow20) { if ($r21 !== undefined) $vars19["row"] = $r21; if ($r22 !== undefined) $vars19["cy"] = $r22; if ($r23 !== undefined) $vars19["line"] = $r23; if ($r24 !== undefined) $vars19["col"] = $r24; if ($r25 !== undefined) $vars19["cx"] = $r25; if ($r26 !== undefined) $vars19["zx"] = $r26; if ($r27 !== undefined) $vars19["zy"] = $r27; if ($r28 !== undefined) $vars19["n"] = $r28; if ($r29 !== undefined) $vars19["t"] = $r29; if ($r30 !== undefined) $vars19["inside"] = $r30; if ($r32 !== undefined) $vars19["art"] = $r32; } }
}
{ const $v352 = "Mandelbrot"; rt.assign(ctx, "title", [], $v352, L117); }
{ const $before353 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before353, "_layout/header.dbt", L118); } catch ($e354) { $o = T.takeAborted($e354); throw $e354; } }
if (ctx.page.outputOnly === 0) $o += "<h1>Mandelbrot</h1>\n";
$o += "<p>" + rt.esc(rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L119)), "width", L120), L121) + " × " + rt.esc(rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L122)), "height", L123), L124) + " points, at most " + rt.esc(rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L125)), "maxiter", L126), L127) + " iterations each: " + rt.esc(rt.lookupName(ctx, "inside", L128), L129) + " points in the set.</p>\n";
if ((($x355 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L130)), "output", L131)) === "ascii" ? true : rt.eq($x355, "ascii", L132))) {
$o += "<pre class=\"mandelbrot\">" + rt.esc(rt.lookupName(ctx, "art", L133), L134) + "</pre>";
}
$o += "\n";
{ const $before356 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before356, "_layout/footer.dbt", L135); } catch ($e357) { $o = T.takeAborted($e357); throw $e357; } }
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};