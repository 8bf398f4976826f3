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
const L93 = {"file":"mandelbrot.dbt","line":31,"column":24,"start":1414,"end":1416};
const L94 = {"file":"mandelbrot.dbt","line":31,"column":13,"start":1403,"end":1406};
const L95 = {"file":"mandelbrot.dbt","line":31,"column":16,"start":1406,"end":1413};
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
const L108 = {"file":"mandelbrot.dbt","line":35,"column":22,"start":1561,"end":1563};
const L109 = {"file":"mandelbrot.dbt","line":35,"column":11,"start":1550,"end":1553};
const L110 = {"file":"mandelbrot.dbt","line":35,"column":14,"start":1553,"end":1560};
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
const L130 = {"file":"mandelbrot.dbt","line":44,"column":20,"start":1875,"end":1877};
const L131 = {"file":"mandelbrot.dbt","line":44,"column":9,"start":1864,"end":1867};
const L132 = {"file":"mandelbrot.dbt","line":44,"column":12,"start":1867,"end":1874};
const L133 = {"file":"mandelbrot.dbt","line":44,"column":56,"start":1911,"end":1914};
const L134 = {"file":"mandelbrot.dbt","line":44,"column":55,"start":1910,"end":1915};
const L135 = {"file":"mandelbrot.dbt","line":46,"column":1,"start":1945,"end":1989};
return async function render(ctx) {
let $o = "", $row;
let $x57, $x58, $x59, $x61, $x62, $x64, $x65, $x66, $x67, $x68, $x69, $x70, $x71, $x72, $x73, $x74, $x75, $x76, $x86, $x87, $x88, $x90, $x91, $x93, $x94, $x95, $x96, $x97, $x98, $x99, $x100, $x101, $x102, $x103, $x104, $x105, $x113, $x115, $x116, $x117, $x118, $x119, $x120, $x121, $x122, $x123, $x124, $x125, $x126, $x127, $x128, $x129, $x130, $x131, $x132, $x133, $x134, $x135, $x136, $x137, $x138, $x140, $x141, $x142, $x143, $x144, $x145, $x146, $x147, $x150, $x151, $x153, $x154, $x155, $x156, $x157, $x160, $x161, $x162, $x163, $x164, $x165, $x166, $x167, $x168, $x169, $x170, $x172, $x173, $x174, $x175, $x176, $x177, $x178, $x187, $x188, $x192, $x193, $x194, $x195, $x196, $x197, $x198, $x199, $x200, $x201, $x202, $x211, $x212, $x216, $x217, $x218, $x219, $x220, $x221, $x222, $x223, $x224, $x225, $x226, $x234, $x235, $x236, $x237, $x238, $x239, $x240, $x241, $x242, $x243, $x244, $x245, $x246, $x250, $x251, $x252, $x253, $x254, $x255, $x256, $x257, $x258, $x259, $x260, $x261, $x262, $x264, $x265, $x266, $x267, $x268, $x269, $x270, $x271, $x272, $x275, $x276, $x292, $x293, $x294, $x295, $x296, $x297, $x298, $x299, $x300, $x301, $x302, $x303, $x304, $x306, $x307, $x308, $x309, $x310, $x311, $x312, $x313, $x314, $x317, $x318, $x320, $x321, $x322, $x323, $x324, $x325, $x326, $x327, $x328, $x329, $x330, $x331, $x332, $x333, $x334, $x335, $x337, $x338, $x339, $x340, $x341, $x342, $x343, $x344, $x345, $x347, $x348, $x349, $x350, $x351, $x352, $x359, $x360, $F = [null, null, null, null, null, null, null, null, null];
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
let $r21, $r22, $r23 = $slow20 ? undefined : T.own($vars19, "line"), $r24, $r25, $r26, $r27, $r28, $r29, $r30 = $slow20 ? undefined : T.own($vars19, "inside"), $r31 = $slow20 ? undefined : T.own($vars19, "palette"), $r32 = $slow20 ? undefined : T.own($vars19, "art"), $h56 = undefined, $h60 = undefined, $h63 = undefined, $h85 = undefined, $h89 = undefined, $h92 = undefined, $h114 = undefined, $h159 = undefined;
try {
let $done45 = false, $replay48;
if (!$slow20 && typeof $r30 === "number" && $r31 !== undefined && $r32 !== undefined) {
const $len46 = $o.length;
let $at44 = L11, $b43 = ctx.page.budget;
try {
{ let $s35 = false, $s36 = false, $s37 = false, $s38 = false, $s39 = false, $s40 = false, $s41 = false, $s42 = false, $u33 = $r23, $u34 = $r32;
$F[0] = 0; $F[1] = 0; $F[2] = 0; $F[3] = 0; $F[4] = 0; $F[5] = 0; $F[6] = 0; $F[7] = 0; $F[8] = $r30; 
{ let $n232 = 0, $lim247 = 0, $k248 = 0, $n206 = 0, $lim213 = 0, $k214 = 0, $i208 = 0, $to209 = 0, $step210 = 0, $n182 = 0, $lim189 = 0, $k190 = 0, $i184 = 0, $to185 = 0, $step186 = 0, $rz180 = 0;
$re354: for (;;) {
$n232 = +$n232; $lim247 = +$lim247; $k248 = +$k248; $n206 = +$n206; $lim213 = +$lim213; $k214 = +$k214; $i208 = +$i208; $to209 = +$to209; $step210 = +$step210; $n182 = +$n182; $lim189 = +$lim189; $k190 = +$k190; $i184 = +$i184; $to185 = +$to185; $step186 = +$step186; $b43 = ctx.page.budget;
try {
if ($rz180 === 0) { $n182 = 0; $k190 = 0; $lim189 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; [$i184, $to185, $step186] = T.range(0, (($x187 = ($h56 !== undefined ? $h56 : ($h56 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L13)), "height", L14)))), typeof $x187 === "number" && ($x188 = $x187 - 1) === $x188 ? $x188 : rt.sub($x187, 1, L12)), undefined, L11);
}
$loop181: for (;;) {
if ($rz180 !== 0) { if ($rz180 === 1) $rz180 = 0; }
else {
if (!(($step186 > 0 ? $i184 <= $to185 : $i184 >= $to185))) break;
if (++$n182 > $lim189 || --$b43 <= 0) { ctx.page.budget = $b43; if (T.tick(ctx, $n182, $o.length, L11, true)) { $rz180 = 1; $at44 = L11; throw T.PAUSE; } $b43 = ctx.page.budget; }
}
$F[0] = $i184; $s35 = true;
$b191: {
if ($rz180 === 0) {
{ const $v203 = (($x192 = ($h60 !== undefined ? $h60 : ($h60 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L16)), "y0", L17)))), ($x201 = (($x199 = (($x196 = (($x193 = ($h63 !== undefined ? $h63 : ($h63 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L21)), "y1", L22)))), ($x194 = ($h60 !== undefined ? $h60 : ($h60 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L23)), "y0", L24)))), typeof $x193 === "number" && typeof $x194 === "number" && ($x195 = $x193 - $x194) === $x195 ? $x195 : rt.sub($x193, $x194, L20))), ($x197 = $F[0]), ($x198 = $x196 * $x197) === $x198 ? $x198 : rt.mul($x196, $x197, L19))), ($x200 = ($h56 !== undefined ? $h56 : ($h56 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L26)), "height", L27)))), typeof $x200 === "number" && $x199 === $x199 && $x200 === $x200 && $x200 !== 0 ? $x199 / $x200 : rt.div($x199, $x200, L18))), typeof $x192 === "number" && ($x202 = $x192 + $x201) === $x202 ? $x202 : rt.add($x192, $x201, L15)); $F[1] = $v203; $s36 = true;
}
{ const $v204 = ""; $u33 = (typeof $v204 === "number" ? $v204 : rt.checkSize(ctx, $v204, L29));
}
}
if ($rz180 === 0 || ($rz180 >= 2 && $rz180 <= 3)) {
{ if ($rz180 === 0) { $n206 = 0; $k214 = 0; $lim213 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; [$i208, $to209, $step210] = T.range(0, (($x211 = ($h85 !== undefined ? $h85 : ($h85 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L32)), "width", L33)))), typeof $x211 === "number" && ($x212 = $x211 - 1) === $x212 ? $x212 : rt.sub($x211, 1, L31)), undefined, L30);
}
$loop205: for (;;) {
if ($rz180 !== 0) { if ($rz180 === 2) $rz180 = 0; }
else {
if (!(($step210 > 0 ? $i208 <= $to209 : $i208 >= $to209))) break;
if (++$n206 > $lim213 || --$b43 <= 0) { ctx.page.budget = $b43; if (T.tick(ctx, $n206, $o.length, L30, true)) { $rz180 = 2; $at44 = L30; throw T.PAUSE; } $b43 = ctx.page.budget; }
}
$F[2] = $i208; $s37 = true;
$b215: {
if ($rz180 === 0) {
{ const $v227 = (($x216 = ($h89 !== undefined ? $h89 : ($h89 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L35)), "x0", L36)))), ($x225 = (($x223 = (($x220 = (($x217 = ($h92 !== undefined ? $h92 : ($h92 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L40)), "x1", L41)))), ($x218 = ($h89 !== undefined ? $h89 : ($h89 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L42)), "x0", L43)))), typeof $x217 === "number" && typeof $x218 === "number" && ($x219 = $x217 - $x218) === $x219 ? $x219 : rt.sub($x217, $x218, L39))), ($x221 = $F[2]), ($x222 = $x220 * $x221) === $x222 ? $x222 : rt.mul($x220, $x221, L38))), ($x224 = ($h85 !== undefined ? $h85 : ($h85 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L45)), "width", L46)))), typeof $x224 === "number" && $x223 === $x223 && $x224 === $x224 && $x224 !== 0 ? $x223 / $x224 : rt.div($x223, $x224, L37))), typeof $x216 === "number" && ($x226 = $x216 + $x225) === $x226 ? $x226 : rt.add($x216, $x225, L34)); $F[3] = $v227; $s38 = true;
}
{ const $v228 = 0; $F[4] = $v228; $s39 = true;
}
{ const $v229 = 0; $F[5] = $v229; $s40 = true;
}
{ const $v230 = 0; $F[6] = $v230; $s41 = true;
}
}
if ($rz180 === 0 || $rz180 === 3) {
{ if ($rz180 === 0) { $n232 = 0; $k248 = 0; $lim247 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; }
$loop231: for (;;) {
if ($rz180 !== 0) { $rz180 = 0; }
else {
if (!(((($x234 = $F[6]), ($x235 = ($h114 !== undefined ? $h114 : ($h114 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L54)), "maxiter", L55)))), typeof $x235 === "number" && $x234 === $x234 && $x235 === $x235 ? $x234 < $x235 : rt.lt($x234, $x235, L52)) && (($x246 = (($x236 = (($F[4] * $F[4]) + ($F[5] * $F[5]))) === $x236 ? $x236 : (($x240 = (($x237 = $F[4]), ($x238 = $F[4]), ($x239 = $x237 * $x238) === $x239 ? $x239 : rt.mul($x237, $x238, L58))), ($x244 = (($x241 = $F[5]), ($x242 = $F[5]), ($x243 = $x241 * $x242) === $x243 ? $x243 : rt.mul($x241, $x242, L61))), ($x245 = $x240 + $x244) === $x245 ? $x245 : rt.add($x240, $x244, L57)))), $x246 === $x246 ? $x246 <= 4 : rt.lte($x246, 4, L56))))) break;
if (++$n232 > $lim247 || --$b43 <= 0) { ctx.page.budget = $b43; if (T.tick(ctx, $n232, $o.length, L51, true)) { $rz180 = 3; $at44 = L51; throw T.PAUSE; } $b43 = ctx.page.budget; }
}
$b249: {
{ const $v263 = (($x250 = ((($F[4] * $F[4]) - ($F[5] * $F[5])) + $F[3])) === $x250 ? $x250 : (($x260 = (($x254 = (($x251 = $F[4]), ($x252 = $F[4]), ($x253 = $x251 * $x252) === $x253 ? $x253 : rt.mul($x251, $x252, L66))), ($x258 = (($x255 = $F[5]), ($x256 = $F[5]), ($x257 = $x255 * $x256) === $x257 ? $x257 : rt.mul($x255, $x256, L69))), ($x259 = $x254 - $x258) === $x259 ? $x259 : rt.sub($x254, $x258, L65))), ($x261 = $F[3]), ($x262 = $x260 + $x261) === $x262 ? $x262 : rt.add($x260, $x261, L64))); $F[7] = $v263; $s42 = true;
}
{ const $v273 = (($x264 = (((2 * $F[4]) * $F[5]) + $F[1])) === $x264 ? $x264 : (($x270 = (($x267 = (($x265 = $F[4]), ($x266 = 2 * $x265) === $x266 ? $x266 : rt.mul(2, $x265, L76))), ($x268 = $F[5]), ($x269 = $x267 * $x268) === $x269 ? $x269 : rt.mul($x267, $x268, L75))), ($x271 = $F[1]), ($x272 = $x270 + $x271) === $x272 ? $x272 : rt.add($x270, $x271, L74))); $F[5] = $v273; $s40 = true;
}
{ const $v274 = $F[7]; $F[4] = $v274; $s39 = true;
}
{ const $v277 = (($x275 = $F[6]), ($x276 = $x275 + 1) === $x276 ? $x276 : rt.add($x275, 1, L83)); $F[6] = $v277; $s41 = true;
}
}
$k248 = typeof $h114 === "number" && $h114 === $h114 ? Math.min($lim247 - $n232, $b43 - 1) : 0;
if ($k248 > 0) { let $brk290 = false; $n232 += $k248; $b43 -= $k248;
{ let $k291 = $k248, $w278 = $F[6], $w279 = $F[4], $w280 = $F[5], $w281 = $F[7], $w282 = $F[3], $w283 = $F[1], $f284 = false, $f285 = false, $f286 = false, $f287 = false;
$run288: while ($k291 > 0 && (((($x320 = $w278), $x320 === $x320 ? $x320 < $h114 : rt.lt($x320, $h114, L52)) && (($x331 = (($x321 = (($w279 * $w279) + ($w280 * $w280))) === $x321 ? $x321 : (($x325 = (($x322 = $w279), ($x323 = $w279), ($x324 = $x322 * $x323) === $x324 ? $x324 : rt.mul($x322, $x323, L58))), ($x329 = (($x326 = $w280), ($x327 = $w280), ($x328 = $x326 * $x327) === $x328 ? $x328 : rt.mul($x326, $x327, L61))), ($x330 = $x325 + $x329) === $x330 ? $x330 : rt.add($x325, $x329, L57)))), $x331 === $x331 ? $x331 <= 4 : rt.lte($x331, 4, L56))))) {
$k291--;
$b289: {
{ const $v305 = (($x292 = ((($w279 * $w279) - ($w280 * $w280)) + $w282)) === $x292 ? $x292 : (($x302 = (($x296 = (($x293 = $w279), ($x294 = $w279), ($x295 = $x293 * $x294) === $x295 ? $x295 : rt.mul($x293, $x294, L66))), ($x300 = (($x297 = $w280), ($x298 = $w280), ($x299 = $x297 * $x298) === $x299 ? $x299 : rt.mul($x297, $x298, L69))), ($x301 = $x296 - $x300) === $x301 ? $x301 : rt.sub($x296, $x300, L65))), ($x303 = $w282), ($x304 = $x302 + $x303) === $x304 ? $x304 : rt.add($x302, $x303, L64))); $w281 = $v305; $f287 = true;
}
{ const $v315 = (($x306 = (((2 * $w279) * $w280) + $w283)) === $x306 ? $x306 : (($x312 = (($x309 = (($x307 = $w279), ($x308 = 2 * $x307) === $x308 ? $x308 : rt.mul(2, $x307, L76))), ($x310 = $w280), ($x311 = $x309 * $x310) === $x311 ? $x311 : rt.mul($x309, $x310, L75))), ($x313 = $w283), ($x314 = $x312 + $x313) === $x314 ? $x314 : rt.add($x312, $x313, L74))); $w280 = $v315; $f286 = true;
}
{ const $v316 = $w281; $w279 = $v316; $f285 = true;
}
{ const $v319 = (($x317 = $w278), ($x318 = $x317 + 1) === $x318 ? $x318 : rt.add($x317, 1, L83)); $w278 = $v319; $f284 = true;
}
}
}
$k248 = $k291; $F[6] = $w278; $F[4] = $w279; $F[5] = $w280; $F[7] = $w281; if ($f284) $s41 = true; if ($f285) $s39 = true; if ($f286) $s40 = true; if ($f287) $s42 = true;
}
$n232 -= $k248; $b43 += $k248; $k248 = 0;
if ($brk290) break $loop231;
}
}
}
}
if ($rz180 === 0) {
if ((($x332 = $F[6]), ($x333 = ($h114 !== undefined ? $h114 : ($h114 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L88)), "maxiter", L89)))), typeof $x333 === "number" && $x332 === $x332 && $x333 === $x333 ? $x332 === $x333 : rt.eq($x332, $x333, L86))) {
{ const $v336 = (($x334 = $F[8]), ($x335 = $x334 + 1) === $x335 ? $x335 : rt.add($x334, 1, L90)); $F[8] = $v336;
}
}
if ((($x337 = ($h159 !== undefined ? $h159 : ($h159 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L94)), "output", L95)))), ($x338 = "ascii"), typeof $x337 === "number" && typeof $x338 === "number" && $x337 === $x337 && $x338 === $x338 ? $x337 === $x338 : rt.eq($x337, $x338, L93))) {
{ const $v346 = (($x339 = $u33), ($x340 = ((($x341 = $F[6]), ($x342 = ($h114 !== undefined ? $h114 : ($h114 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L100)), "maxiter", L101)))), typeof $x342 === "number" && $x341 === $x341 && $x342 === $x342 ? $x341 === $x342 : rt.eq($x341, $x342, L98)) ? "@" : rt.call(ctx, F0, L102, $r31, (($x344 = (($x343 = $F[6]), $x343 === $x343 && 9 === 9 && 9 !== 0 ? $x343 % 9 : rt.mod($x343, 9, L105))), ($x345 = 1 + $x344) === $x345 ? $x345 : rt.add(1, $x344, L104)), 1))), typeof $x339 === "string" && typeof $x340 === "string" && $x339.length + $x340.length <= ctx.limits.maxStringLength ? $x339 + $x340 : rt.concat(ctx, $x339, $x340, L96)); $u33 = (typeof $v346 === "number" ? $v346 : rt.checkSize(ctx, $v346, L107));
}
}
}
}
$i208 += $step210;
}
}
}
if ($rz180 === 0) {
if ((($x347 = ($h159 !== undefined ? $h159 : ($h159 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L109)), "output", L110)))), ($x348 = "ascii"), typeof $x347 === "number" && typeof $x348 === "number" && $x347 === $x347 && $x348 === $x348 ? $x347 === $x348 : rt.eq($x347, $x348, L108))) {
{ const $v353 = (($x349 = (($x351 = $u34), ($x352 = $u33), typeof $x351 === "string" && typeof $x352 === "string" && $x351.length + $x352.length <= ctx.limits.maxStringLength ? $x351 + $x352 : rt.concat(ctx, $x351, $x352, L112))), ($x350 = rt.call(ctx, F1, L115, 10)), typeof $x349 === "string" && typeof $x350 === "string" && $x349.length + $x350.length <= ctx.limits.maxStringLength ? $x349 + $x350 : rt.concat(ctx, $x349, $x350, L111)); $u34 = (typeof $v353 === "number" ? $v353 : rt.checkSize(ctx, $v353, L116));
}
}
}
}
$i184 += $step186;
}
break $re354;
} catch ($e355) {
if ($e355 !== T.PAUSE) throw $e355;
{ await T.pause(ctx.page, $at44); $h56 = $h60 = $h63 = $h85 = $h89 = $h92 = $h114 = $h159 = undefined; };
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
$replay48 = $b43; ctx.page.budget = Infinity;
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
$loop50: for (; ($step55 > 0 ? $i53 <= $to54 : $i53 >= $to54); $i53 += $step55) {
if (++$n51 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n51, $o.length, L11, true)) { await T.pause(ctx.page, L11); $h56 = $h60 = $h63 = $h85 = $h89 = $h92 = $h114 = $h159 = undefined; }; }
if ($slow20) $vars19["row"] = $i53; else $r21 = $i53;
{ const $v77 = (($x62 = ($h60 !== undefined ? $h60 : (($x61 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L16)), "y0", L17)), $slow20 || ($h60 = $x61), $x61))), ($x75 = (($x72 = (($x69 = (($x65 = ($h63 !== undefined ? $h63 : (($x64 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L21)), "y1", L22)), $slow20 || ($h63 = $x64), $x64))), ($x67 = ($h60 !== undefined ? $h60 : (($x66 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L23)), "y0", L24)), $slow20 || ($h60 = $x66), $x66))), typeof $x65 === "number" && typeof $x67 === "number" && ($x68 = $x65 - $x67) === $x68 ? $x68 : rt.sub($x65, $x67, L20))), ($x70 = ($r21 !== undefined ? $r21 : rt.lookupName(ctx, "row", L25))), typeof $x70 === "number" && ($x71 = $x69 * $x70) === $x71 ? $x71 : rt.mul($x69, $x70, L19))), ($x74 = ($h56 !== undefined ? $h56 : (($x73 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L26)), "height", L27)), $slow20 || ($h56 = $x73), $x73))), typeof $x74 === "number" && $x72 === $x72 && $x74 === $x74 && $x74 !== 0 ? $x72 / $x74 : rt.div($x72, $x74, L18))), typeof $x62 === "number" && ($x76 = $x62 + $x75) === $x76 ? $x76 : rt.add($x62, $x75, L15)); if ($slow20) rt.assign(ctx, "cy", [], $v77, L28); else $r22 = $v77;
}
{ const $v78 = ""; if ($slow20) rt.assign(ctx, "line", [], $v78, L29); else $r23 = (typeof $v78 === "number" ? $v78 : rt.checkSize(ctx, $v78, L29));
}
{ let $n80 = 0, $i82, $to83, $step84;
[$i82, $to83, $step84] = T.range(0, (($x87 = ($h85 !== undefined ? $h85 : (($x86 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L32)), "width", L33)), $slow20 || ($h85 = $x86), $x86))), typeof $x87 === "number" && ($x88 = $x87 - 1) === $x88 ? $x88 : rt.sub($x87, 1, L31)), undefined, L30);
$loop79: for (; ($step84 > 0 ? $i82 <= $to83 : $i82 >= $to83); $i82 += $step84) {
if (++$n80 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n80, $o.length, L30, true)) { await T.pause(ctx.page, L30); $h56 = $h60 = $h63 = $h85 = $h89 = $h92 = $h114 = $h159 = undefined; }; }
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
if (++$n111 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n111, $o.length, L51, true)) { await T.pause(ctx.page, L51); $h56 = $h60 = $h63 = $h85 = $h89 = $h92 = $h114 = $h159 = undefined; }; }
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
if ((($x161 = ($h159 !== undefined ? $h159 : (($x160 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L94)), "output", L95)), $slow20 || ($h159 = $x160), $x160))), ($x162 = "ascii"), typeof $x161 === "number" && typeof $x162 === "number" && $x161 === $x161 && $x162 === $x162 ? $x161 === $x162 : rt.eq($x161, $x162, L93))) {
{ const $v171 = (($x163 = ($r23 !== undefined ? $r23 : rt.lookupName(ctx, "line", L97))), ($x164 = ((($x165 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L99))), ($x167 = ($h114 !== undefined ? $h114 : (($x166 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L100)), "maxiter", L101)), $slow20 || ($h114 = $x166), $x166))), typeof $x165 === "number" && typeof $x167 === "number" && $x165 === $x165 && $x167 === $x167 ? $x165 === $x167 : rt.eq($x165, $x167, L98)) ? "@" : rt.call(ctx, F0, L102, ($r31 !== undefined ? $r31 : rt.lookupName(ctx, "palette", L103)), (($x169 = (($x168 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L106))), typeof $x168 === "number" && $x168 === $x168 && 9 === 9 && 9 !== 0 ? $x168 % 9 : rt.mod($x168, 9, L105))), ($x170 = 1 + $x169) === $x170 ? $x170 : rt.add(1, $x169, L104)), 1))), typeof $x163 === "string" && typeof $x164 === "string" && $x163.length + $x164.length <= ctx.limits.maxStringLength ? $x163 + $x164 : rt.concat(ctx, $x163, $x164, L96)); if ($slow20) rt.assign(ctx, "line", [], $v171, L107); else $r23 = (typeof $v171 === "number" ? $v171 : rt.checkSize(ctx, $v171, L107));
}
}
}
}
if ((($x173 = ($h159 !== undefined ? $h159 : (($x172 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L109)), "output", L110)), $slow20 || ($h159 = $x172), $x172))), ($x174 = "ascii"), typeof $x173 === "number" && typeof $x174 === "number" && $x173 === $x173 && $x174 === $x174 ? $x173 === $x174 : rt.eq($x173, $x174, L108))) {
{ const $v179 = (($x175 = (($x177 = ($r32 !== undefined ? $r32 : rt.lookupName(ctx, "art", L113))), ($x178 = ($r23 !== undefined ? $r23 : rt.lookupName(ctx, "line", L114))), typeof $x177 === "string" && typeof $x178 === "string" && $x177.length + $x178.length <= ctx.limits.maxStringLength ? $x177 + $x178 : rt.concat(ctx, $x177, $x178, L112))), ($x176 = rt.call(ctx, F1, L115, 10)), typeof $x175 === "string" && typeof $x176 === "string" && $x175.length + $x176.length <= ctx.limits.maxStringLength ? $x175 + $x176 : rt.concat(ctx, $x175, $x176, L111)); if ($slow20) rt.assign(ctx, "art", [], $v179, L116); else $r32 = (typeof $v179 === "number" ? $v179 : rt.checkSize(ctx, $v179, L116));
}
}
}
}
} finally { if ($replay48 !== undefined) ctx.page.budget = $replay48; }
}
} finally { if (!$slow20) { if ($r21 !== undefined) $vars19["row"] = $r21; if ($r22 !== undefined) $vars19["cy"] = $r22; if ($r23 !== undefined) $vars19["line"] = $r23; if ($r24 !== undefined) $vars19["col"] = $r24; if ($r25 !== undefined) $vars19["cx"] = $r25; if ($r26 !== undefined) $vars19["zx"] = $r26; if ($r27 !== undefined) $vars19["zy"] = $r27; if ($r28 !== undefined) $vars19["n"] = $r28; if ($r29 !== undefined) $vars19["t"] = $r29; if ($r30 !== undefined) $vars19["inside"] = $r30; if ($r32 !== undefined) $vars19["art"] = $r32; } }
}
{ const $v356 = "Mandelbrot"; rt.assign(ctx, "title", [], $v356, L117); }
{ const $before357 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before357, "_layout/header.dbt", L118); } catch ($e358) { $o = T.takeAborted($e358); throw $e358; } }
if (ctx.page.outputOnly === 0) $o += "<h1>Mandelbrot</h1>\n";
$o += "<p>" + rt.esc(rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L119)), "width", L120), L121) + " × " + rt.esc(rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L122)), "height", L123), L124) + " points, at most " + rt.esc(rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L125)), "maxiter", L126), L127) + " iterations each: " + rt.esc(rt.lookupName(ctx, "inside", L128), L129) + " points in the set.</p>\n";
if ((($x359 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L131)), "output", L132)), ($x360 = "ascii"), typeof $x359 === "number" && typeof $x360 === "number" && $x359 === $x359 && $x360 === $x360 ? $x359 === $x360 : rt.eq($x359, $x360, L130))) {
$o += "<pre class=\"mandelbrot\">" + rt.esc(rt.lookupName(ctx, "art", L133), L134) + "</pre>";
}
$o += "\n";
{ const $before361 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before361, "_layout/footer.dbt", L135); } catch ($e362) { $o = T.takeAborted($e362); throw $e362; } }
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};