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
let $x79, $x80, $x81, $x83, $x84, $x86, $x87, $x88, $x89, $x90, $x91, $x92, $x93, $x94, $x95, $x96, $x97, $x98, $x110, $x111, $x112, $x114, $x115, $x117, $x118, $x119, $x120, $x121, $x122, $x123, $x124, $x125, $x126, $x127, $x128, $x129, $x138, $x140, $x141, $x142, $x143, $x144, $x145, $x146, $x147, $x148, $x149, $x150, $x151, $x152, $x153, $x154, $x155, $x156, $x157, $x158, $x159, $x160, $x161, $x162, $x163, $x165, $x166, $x167, $x168, $x169, $x170, $x171, $x172, $x175, $x176, $x178, $x179, $x180, $x181, $x182, $x185, $x186, $x187, $x188, $x189, $x190, $x191, $x192, $x193, $x194, $x195, $x197, $x198, $x199, $x200, $x201, $x202, $x203, $x213, $x214, $x222, $x223, $x224, $x225, $x226, $x227, $x228, $x229, $x230, $x231, $x232, $x243, $x244, $x245, $x246, $x247, $x248, $x249, $x250, $x251, $x252, $x253, $x254, $x255, $x267, $x268, $x269, $x270, $x271, $x272, $x273, $x274, $x275, $x276, $x277, $x278, $x279, $x280, $x281, $x282, $x283, $x284, $x285, $x286, $x287, $x288, $x289, $x290, $x291, $x292, $x294, $x295, $x296, $x297, $x298, $x299, $x300, $x301, $x302, $x305, $x306, $x322, $x323, $x324, $x325, $x326, $x327, $x328, $x329, $x330, $x331, $x332, $x333, $x334, $x336, $x337, $x338, $x339, $x340, $x341, $x342, $x343, $x344, $x347, $x348, $x350, $x351, $x352, $x353, $x354, $x355, $x356, $x357, $x358, $x359, $x360, $x361, $x362, $x363, $x364, $x365, $x367, $x368, $x369, $x370, $x371, $x372, $x373, $x374, $x375, $x377, $x378, $x379, $x380, $x381, $x382, $x387, $x388, $F = [null, null, null, null, null, null, null, null, null];
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
let $r21, $r22, $r23 = $slow20 ? undefined : T.own($vars19, "line"), $r24, $r25, $r26, $r27, $r28, $r29, $r30 = $slow20 ? undefined : T.own($vars19, "inside"), $r31 = $slow20 ? undefined : T.own($vars19, "palette"), $r32 = $slow20 ? undefined : T.own($vars19, "art"), $h78 = undefined, $h82 = undefined, $h85 = undefined, $h109 = undefined, $h113 = undefined, $h116 = undefined, $h139 = undefined, $h184 = undefined;
try {
let $done65 = false, $replay68;
if (!$slow20 && typeof $r30 === "number" && $r31 !== undefined && $r32 !== undefined) {
const $len66 = $o.length;
let $at64 = L11, $b43 = ctx.page.budget;
try {
{ let $cl63 = 0, $c44, $c45, $c46, $c47, $c48, $c49, $c50, $c51, $c52, $c53, $c54, $c55, $c56, $c57, $c58, $c59, $c60, $c61, $c62, $s35 = false, $s36 = false, $s37 = false, $s38 = false, $s39 = false, $s40 = false, $s41 = false, $s42 = false, $u33 = $r23, $u34 = $r32;
$F[0] = 0; $F[1] = 0; $F[2] = 0; $F[3] = 0; $F[4] = 0; $F[5] = 0; $F[6] = 0; $F[7] = 0; $F[8] = $r30; 
{ let $n206 = 0, $again216 = false, $due217 = false, $last218 = -1, $k220 = 0, $lim208 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations;
let [$from210, $to211, $step212] = T.range(0, (($x213 = ($h78 !== undefined ? $h78 : ($h78 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L13)), "height", L14)))), typeof $x213 === "number" && ($x214 = $x213 - 1) === $x214 ? $x214 : rt.sub($x213, 1, L12)), undefined, L11);
let $i209 = $from210;
$re215: for (;;) {
$n206 = +$n206; $lim208 = +$lim208; $i209 = +$i209; $to211 = +$to211; $step212 = +$step212; $b43 = ctx.page.budget;
try {
$loop205: for (;; $i209 += $step212) {
if ($again216) $again216 = false;
else {
if (!($step212 > 0 ? $i209 <= $to211 : $i209 >= $to211)) break;
if (++$n206 > $lim208 || --$b43 <= 0) { ctx.page.budget = $b43; $due217 = T.tickDue(ctx, $n206, $o.length, L11); $b43 = ctx.page.budget; }
}
$F[0] = $i209; $s35 = true;
$c44 = $F[0]; $c45 = $F[1]; $c46 = $u33; $c47 = $F[2]; $c48 = $F[3]; $c49 = $F[4]; $c50 = $F[5]; $c51 = $F[6]; $c52 = $F[7]; $c53 = $F[8]; $c54 = $u34; $c55 = $s35; $c56 = $s36; $c57 = $s37; $c58 = $s38; $c59 = $s39; $c60 = $s40; $c61 = $s41; $c62 = $s42; $cl63 = $o.length;
if ($due217) { $at64 = L11; throw T.PAUSE; }
{ const $v233 = (($x222 = ($h82 !== undefined ? $h82 : ($h82 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L16)), "y0", L17)))), ($x231 = (($x229 = (($x226 = (($x223 = ($h85 !== undefined ? $h85 : ($h85 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L21)), "y1", L22)))), ($x224 = ($h82 !== undefined ? $h82 : ($h82 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L23)), "y0", L24)))), typeof $x223 === "number" && typeof $x224 === "number" && ($x225 = $x223 - $x224) === $x225 ? $x225 : rt.sub($x223, $x224, L20))), ($x227 = $F[0]), ($x228 = $x226 * $x227) === $x228 ? $x228 : rt.mul($x226, $x227, L19))), ($x230 = ($h78 !== undefined ? $h78 : ($h78 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L26)), "height", L27)))), typeof $x230 === "number" && $x229 === $x229 && $x230 === $x230 && $x230 !== 0 ? $x229 / $x230 : rt.div($x229, $x230, L18))), typeof $x222 === "number" && ($x232 = $x222 + $x231) === $x232 ? $x232 : rt.add($x222, $x231, L15)); $F[1] = $v233; $s36 = true;
}
{ const $v234 = ""; $u33 = (typeof $v234 === "number" ? $v234 : rt.checkSize(ctx, $v234, L29));
}
{ let $n236 = 0; const $lim238 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations;
const [$from240, $to241, $step242] = T.range(0, (($x243 = ($h109 !== undefined ? $h109 : ($h109 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L32)), "width", L33)))), typeof $x243 === "number" && ($x244 = $x243 - 1) === $x244 ? $x244 : rt.sub($x243, 1, L31)), undefined, L30);
$loop235: for (let $i239 = $from240; $step242 > 0 ? $i239 <= $to241 : $i239 >= $to241; $i239 += $step242) {
if (++$n236 > $lim238 || --$b43 <= 0) { ctx.page.budget = $b43; if (T.tickDue(ctx, $n236, $o.length, L30)) { $at64 = L30; throw T.PAUSE; } $b43 = ctx.page.budget; }
$F[2] = $i239; $s37 = true;
{ const $v256 = (($x245 = ($h113 !== undefined ? $h113 : ($h113 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L35)), "x0", L36)))), ($x254 = (($x252 = (($x249 = (($x246 = ($h116 !== undefined ? $h116 : ($h116 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L40)), "x1", L41)))), ($x247 = ($h113 !== undefined ? $h113 : ($h113 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L42)), "x0", L43)))), typeof $x246 === "number" && typeof $x247 === "number" && ($x248 = $x246 - $x247) === $x248 ? $x248 : rt.sub($x246, $x247, L39))), ($x250 = $F[2]), ($x251 = $x249 * $x250) === $x251 ? $x251 : rt.mul($x249, $x250, L38))), ($x253 = ($h109 !== undefined ? $h109 : ($h109 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L45)), "width", L46)))), typeof $x253 === "number" && $x252 === $x252 && $x253 === $x253 && $x253 !== 0 ? $x252 / $x253 : rt.div($x252, $x253, L37))), typeof $x245 === "number" && ($x255 = $x245 + $x254) === $x255 ? $x255 : rt.add($x245, $x254, L34)); $F[3] = $v256; $s38 = true;
}
{ const $v257 = 0; $F[4] = $v257; $s39 = true;
}
{ const $v258 = 0; $F[5] = $v258; $s40 = true;
}
{ const $v259 = 0; $F[6] = $v259; $s41 = true;
}
{ let $n261 = 0, $k265 = 0; const $lim263 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations;
$loop264: for (;;) {
if (!(((($x267 = $F[6]), ($x268 = ($h139 !== undefined ? $h139 : ($h139 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L54)), "maxiter", L55)))), typeof $x268 === "number" && $x267 === $x267 && $x268 === $x268 ? $x267 < $x268 : rt.lt($x267, $x268, L52)) && (($x279 = (($x269 = (($F[4] * $F[4]) + ($F[5] * $F[5]))) === $x269 ? $x269 : (($x273 = (($x270 = $F[4]), ($x271 = $F[4]), ($x272 = $x270 * $x271) === $x272 ? $x272 : rt.mul($x270, $x271, L58))), ($x277 = (($x274 = $F[5]), ($x275 = $F[5]), ($x276 = $x274 * $x275) === $x276 ? $x276 : rt.mul($x274, $x275, L61))), ($x278 = $x273 + $x277) === $x278 ? $x278 : rt.add($x273, $x277, L57)))), $x279 === $x279 ? $x279 <= 4 : rt.lte($x279, 4, L56))))) break;
if (++$n261 > $lim263 || --$b43 <= 0) { ctx.page.budget = $b43; if (T.tickDue(ctx, $n261, $o.length, L51)) { $at64 = L51; throw T.PAUSE; } $b43 = ctx.page.budget; }
$b266: {
{ const $v293 = (($x280 = ((($F[4] * $F[4]) - ($F[5] * $F[5])) + $F[3])) === $x280 ? $x280 : (($x290 = (($x284 = (($x281 = $F[4]), ($x282 = $F[4]), ($x283 = $x281 * $x282) === $x283 ? $x283 : rt.mul($x281, $x282, L66))), ($x288 = (($x285 = $F[5]), ($x286 = $F[5]), ($x287 = $x285 * $x286) === $x287 ? $x287 : rt.mul($x285, $x286, L69))), ($x289 = $x284 - $x288) === $x289 ? $x289 : rt.sub($x284, $x288, L65))), ($x291 = $F[3]), ($x292 = $x290 + $x291) === $x292 ? $x292 : rt.add($x290, $x291, L64))); $F[7] = $v293; $s42 = true;
}
{ const $v303 = (($x294 = (((2 * $F[4]) * $F[5]) + $F[1])) === $x294 ? $x294 : (($x300 = (($x297 = (($x295 = $F[4]), ($x296 = 2 * $x295) === $x296 ? $x296 : rt.mul(2, $x295, L76))), ($x298 = $F[5]), ($x299 = $x297 * $x298) === $x299 ? $x299 : rt.mul($x297, $x298, L75))), ($x301 = $F[1]), ($x302 = $x300 + $x301) === $x302 ? $x302 : rt.add($x300, $x301, L74))); $F[5] = $v303; $s40 = true;
}
{ const $v304 = $F[7]; $F[4] = $v304; $s39 = true;
}
{ const $v307 = (($x305 = $F[6]), ($x306 = $x305 + 1) === $x306 ? $x306 : rt.add($x305, 1, L83)); $F[6] = $v307; $s41 = true;
}
}
$k265 = typeof $h139 === "number" && $h139 === $h139 ? Math.min($lim263 - $n261, $b43 - 1) : 0;
if ($k265 > 0) { let $brk320 = false; $n261 += $k265; $b43 -= $k265;
{ let $k321 = $k265, $w308 = $F[6], $w309 = $F[4], $w310 = $F[5], $w311 = $F[7], $w312 = $F[3], $w313 = $F[1], $f314 = false, $f315 = false, $f316 = false, $f317 = false;
$run318: while ($k321 > 0 && (((($x350 = $w308), $x350 === $x350 ? $x350 < $h139 : rt.lt($x350, $h139, L52)) && (($x361 = (($x351 = (($w309 * $w309) + ($w310 * $w310))) === $x351 ? $x351 : (($x355 = (($x352 = $w309), ($x353 = $w309), ($x354 = $x352 * $x353) === $x354 ? $x354 : rt.mul($x352, $x353, L58))), ($x359 = (($x356 = $w310), ($x357 = $w310), ($x358 = $x356 * $x357) === $x358 ? $x358 : rt.mul($x356, $x357, L61))), ($x360 = $x355 + $x359) === $x360 ? $x360 : rt.add($x355, $x359, L57)))), $x361 === $x361 ? $x361 <= 4 : rt.lte($x361, 4, L56))))) {
$k321--;
$b319: {
{ const $v335 = (($x322 = ((($w309 * $w309) - ($w310 * $w310)) + $w312)) === $x322 ? $x322 : (($x332 = (($x326 = (($x323 = $w309), ($x324 = $w309), ($x325 = $x323 * $x324) === $x325 ? $x325 : rt.mul($x323, $x324, L66))), ($x330 = (($x327 = $w310), ($x328 = $w310), ($x329 = $x327 * $x328) === $x329 ? $x329 : rt.mul($x327, $x328, L69))), ($x331 = $x326 - $x330) === $x331 ? $x331 : rt.sub($x326, $x330, L65))), ($x333 = $w312), ($x334 = $x332 + $x333) === $x334 ? $x334 : rt.add($x332, $x333, L64))); $w311 = $v335; $f317 = true;
}
{ const $v345 = (($x336 = (((2 * $w309) * $w310) + $w313)) === $x336 ? $x336 : (($x342 = (($x339 = (($x337 = $w309), ($x338 = 2 * $x337) === $x338 ? $x338 : rt.mul(2, $x337, L76))), ($x340 = $w310), ($x341 = $x339 * $x340) === $x341 ? $x341 : rt.mul($x339, $x340, L75))), ($x343 = $w313), ($x344 = $x342 + $x343) === $x344 ? $x344 : rt.add($x342, $x343, L74))); $w310 = $v345; $f316 = true;
}
{ const $v346 = $w311; $w309 = $v346; $f315 = true;
}
{ const $v349 = (($x347 = $w308), ($x348 = $x347 + 1) === $x348 ? $x348 : rt.add($x347, 1, L83)); $w308 = $v349; $f314 = true;
}
}
}
$k265 = $k321; $F[6] = $w308; $F[4] = $w309; $F[5] = $w310; $F[7] = $w311; if ($f314) $s41 = true; if ($f315) $s39 = true; if ($f316) $s40 = true; if ($f317) $s42 = true;
}
$n261 -= $k265; $b43 += $k265; $k265 = 0;
if ($brk320) break $loop264;
}
}
}
if ((($x362 = $F[6]), ($x363 = ($h139 !== undefined ? $h139 : ($h139 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L88)), "maxiter", L89)))), typeof $x363 === "number" && $x362 === $x362 && $x363 === $x363 ? $x362 === $x363 : rt.eq($x362, $x363, L86))) {
{ const $v366 = (($x364 = $F[8]), ($x365 = $x364 + 1) === $x365 ? $x365 : rt.add($x364, 1, L90)); $F[8] = $v366;
}
}
if ((($x367 = ($h184 !== undefined ? $h184 : ($h184 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L94)), "output", L95)))), ($x368 = "ascii"), typeof $x367 === "number" && typeof $x368 === "number" && $x367 === $x367 && $x368 === $x368 ? $x367 === $x368 : rt.eq($x367, $x368, L93))) {
{ const $v376 = (($x369 = $u33), ($x370 = ((($x371 = $F[6]), ($x372 = ($h139 !== undefined ? $h139 : ($h139 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L100)), "maxiter", L101)))), typeof $x372 === "number" && $x371 === $x371 && $x372 === $x372 ? $x371 === $x372 : rt.eq($x371, $x372, L98)) ? "@" : rt.call(ctx, F0, L102, $r31, (($x374 = (($x373 = $F[6]), $x373 === $x373 && 9 === 9 && 9 !== 0 ? $x373 % 9 : rt.mod($x373, 9, L105))), ($x375 = 1 + $x374) === $x375 ? $x375 : rt.add(1, $x374, L104)), 1))), typeof $x369 === "string" && typeof $x370 === "string" && $x369.length + $x370.length <= ctx.limits.maxStringLength ? $x369 + $x370 : rt.concat(ctx, $x369, $x370, L96)); $u33 = (typeof $v376 === "number" ? $v376 : rt.checkSize(ctx, $v376, L107));
}
}
}
}
if ((($x377 = ($h184 !== undefined ? $h184 : ($h184 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L109)), "output", L110)))), ($x378 = "ascii"), typeof $x377 === "number" && typeof $x378 === "number" && $x377 === $x377 && $x378 === $x378 ? $x377 === $x378 : rt.eq($x377, $x378, L108))) {
{ const $v383 = (($x379 = (($x381 = $u34), ($x382 = $u33), typeof $x381 === "string" && typeof $x382 === "string" && $x381.length + $x382.length <= ctx.limits.maxStringLength ? $x381 + $x382 : rt.concat(ctx, $x381, $x382, L112))), ($x380 = rt.call(ctx, F1, L115, 10)), typeof $x379 === "string" && typeof $x380 === "string" && $x379.length + $x380.length <= ctx.limits.maxStringLength ? $x379 + $x380 : rt.concat(ctx, $x379, $x380, L111)); $u34 = (typeof $v383 === "number" ? $v383 : rt.checkSize(ctx, $v383, L116));
}
}
}
break $re215;
} catch ($e219) {
if ($e219 !== T.PAUSE) throw $e219;
if (!$due217) { if ($last218 === $n206) throw $e219; $last218 = $n206; }
$due217 = false;
$F[0] = $c44; $F[1] = $c45; $u33 = $c46; $F[2] = $c47; $F[3] = $c48; $F[4] = $c49; $F[5] = $c50; $F[6] = $c51; $F[7] = $c52; $F[8] = $c53; $u34 = $c54; $s35 = $c55; $s36 = $c56; $s37 = $c57; $s38 = $c58; $s39 = $c59; $s40 = $c60; $s41 = $c61; $s42 = $c62; $o = $o.slice(0, $cl63);
{ await T.pause(ctx.page, $at64); $h78 = $h82 = $h85 = $h109 = $h113 = $h116 = $h139 = $h184 = undefined; };
$again216 = true;
}
}
}
ctx.page.budget = $b43; if ($s35) $r21 = $F[0]; if ($s36) $r22 = $F[1]; $r23 = $u33; if ($s37) $r24 = $F[2]; if ($s38) $r25 = $F[3]; if ($s39) $r26 = $F[4]; if ($s40) $r27 = $F[5]; if ($s41) $r28 = $F[6]; if ($s42) $r29 = $F[7]; $r30 = $F[8]; $r32 = $u34;
}
$done65 = true;
} catch ($e67) {
$o = $o.slice(0, $len66);
// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if ($e67?.catchable === false) throw $e67;
if ($e67 === T.PAUSE) { { await T.pause(ctx.page, $at64); $h78 = $h82 = $h85 = $h109 = $h113 = $h116 = $h139 = $h184 = undefined; }; } else { $replay68 = $b43; ctx.page.budget = Infinity; }
}
}
if (!$done65) {
$r21 = $slow20 ? undefined : T.own($vars19, "row");
$r22 = $slow20 ? undefined : T.own($vars19, "cy");
$r24 = $slow20 ? undefined : T.own($vars19, "col");
$r25 = $slow20 ? undefined : T.own($vars19, "cx");
$r26 = $slow20 ? undefined : T.own($vars19, "zx");
$r27 = $slow20 ? undefined : T.own($vars19, "zy");
$r28 = $slow20 ? undefined : T.own($vars19, "n");
$r29 = $slow20 ? undefined : T.own($vars19, "t");
try {
{ let $n71 = 0; const [$from75, $to76, $step77] = T.range(0, (($x80 = ($h78 !== undefined ? $h78 : (($x79 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L13)), "height", L14)), $slow20 || ($h78 = $x79), $x79))), typeof $x80 === "number" && ($x81 = $x80 - 1) === $x81 ? $x81 : rt.sub($x80, 1, L12)), undefined, L11);
$loop70: for (let $i74 = $from75; $step77 > 0 ? $i74 <= $to76 : $i74 >= $to76; $i74 += $step77) {
if (++$n71 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tickDue(ctx, $n71, $o.length, L11)) { await T.pause(ctx.page, L11); $h78 = $h82 = $h85 = $h109 = $h113 = $h116 = $h139 = $h184 = undefined; }; }
if ($slow20) $vars19["row"] = $i74; else $r21 = $i74;
{ const $v99 = (($x84 = ($h82 !== undefined ? $h82 : (($x83 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L16)), "y0", L17)), $slow20 || ($h82 = $x83), $x83))), ($x97 = (($x94 = (($x91 = (($x87 = ($h85 !== undefined ? $h85 : (($x86 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L21)), "y1", L22)), $slow20 || ($h85 = $x86), $x86))), ($x89 = ($h82 !== undefined ? $h82 : (($x88 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L23)), "y0", L24)), $slow20 || ($h82 = $x88), $x88))), typeof $x87 === "number" && typeof $x89 === "number" && ($x90 = $x87 - $x89) === $x90 ? $x90 : rt.sub($x87, $x89, L20))), ($x92 = ($r21 !== undefined ? $r21 : rt.lookupName(ctx, "row", L25))), typeof $x92 === "number" && ($x93 = $x91 * $x92) === $x93 ? $x93 : rt.mul($x91, $x92, L19))), ($x96 = ($h78 !== undefined ? $h78 : (($x95 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L26)), "height", L27)), $slow20 || ($h78 = $x95), $x95))), typeof $x96 === "number" && $x94 === $x94 && $x96 === $x96 && $x96 !== 0 ? $x94 / $x96 : rt.div($x94, $x96, L18))), typeof $x84 === "number" && ($x98 = $x84 + $x97) === $x98 ? $x98 : rt.add($x84, $x97, L15)); if ($slow20) rt.assign(ctx, "cy", [], $v99, L28); else $r22 = $v99;
}
{ const $v100 = ""; if ($slow20) rt.assign(ctx, "line", [], $v100, L29); else $r23 = (typeof $v100 === "number" ? $v100 : rt.checkSize(ctx, $v100, L29));
}
{ let $n102 = 0; const [$from106, $to107, $step108] = T.range(0, (($x111 = ($h109 !== undefined ? $h109 : (($x110 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L32)), "width", L33)), $slow20 || ($h109 = $x110), $x110))), typeof $x111 === "number" && ($x112 = $x111 - 1) === $x112 ? $x112 : rt.sub($x111, 1, L31)), undefined, L30);
$loop101: for (let $i105 = $from106; $step108 > 0 ? $i105 <= $to107 : $i105 >= $to107; $i105 += $step108) {
if (++$n102 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tickDue(ctx, $n102, $o.length, L30)) { await T.pause(ctx.page, L30); $h78 = $h82 = $h85 = $h109 = $h113 = $h116 = $h139 = $h184 = undefined; }; }
if ($slow20) $vars19["col"] = $i105; else $r24 = $i105;
{ const $v130 = (($x115 = ($h113 !== undefined ? $h113 : (($x114 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L35)), "x0", L36)), $slow20 || ($h113 = $x114), $x114))), ($x128 = (($x125 = (($x122 = (($x118 = ($h116 !== undefined ? $h116 : (($x117 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L40)), "x1", L41)), $slow20 || ($h116 = $x117), $x117))), ($x120 = ($h113 !== undefined ? $h113 : (($x119 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L42)), "x0", L43)), $slow20 || ($h113 = $x119), $x119))), typeof $x118 === "number" && typeof $x120 === "number" && ($x121 = $x118 - $x120) === $x121 ? $x121 : rt.sub($x118, $x120, L39))), ($x123 = ($r24 !== undefined ? $r24 : rt.lookupName(ctx, "col", L44))), typeof $x123 === "number" && ($x124 = $x122 * $x123) === $x124 ? $x124 : rt.mul($x122, $x123, L38))), ($x127 = ($h109 !== undefined ? $h109 : (($x126 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L45)), "width", L46)), $slow20 || ($h109 = $x126), $x126))), typeof $x127 === "number" && $x125 === $x125 && $x127 === $x127 && $x127 !== 0 ? $x125 / $x127 : rt.div($x125, $x127, L37))), typeof $x115 === "number" && ($x129 = $x115 + $x128) === $x129 ? $x129 : rt.add($x115, $x128, L34)); if ($slow20) rt.assign(ctx, "cx", [], $v130, L47); else $r25 = $v130;
}
{ const $v131 = 0; if ($slow20) rt.assign(ctx, "zx", [], $v131, L48); else $r26 = $v131;
}
{ const $v132 = 0; if ($slow20) rt.assign(ctx, "zy", [], $v132, L49); else $r27 = $v132;
}
{ const $v133 = 0; if ($slow20) rt.assign(ctx, "n", [], $v133, L50); else $r28 = $v133;
}
{ let $n135 = 0; 
$loop134: while (((($x138 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L53))), ($x141 = ($h139 !== undefined ? $h139 : (($x140 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L54)), "maxiter", L55)), $slow20 || ($h139 = $x140), $x140))), typeof $x138 === "number" && typeof $x141 === "number" && $x138 === $x138 && $x141 === $x141 ? $x138 < $x141 : rt.lt($x138, $x141, L52)) && (($x151 = (($x145 = (($x142 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L59))), ($x143 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L60))), typeof $x142 === "number" && typeof $x143 === "number" && ($x144 = $x142 * $x143) === $x144 ? $x144 : rt.mul($x142, $x143, L58))), ($x149 = (($x146 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L62))), ($x147 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L63))), typeof $x146 === "number" && typeof $x147 === "number" && ($x148 = $x146 * $x147) === $x148 ? $x148 : rt.mul($x146, $x147, L61))), ($x150 = $x145 + $x149) === $x150 ? $x150 : rt.add($x145, $x149, L57))), $x151 === $x151 ? $x151 <= 4 : rt.lte($x151, 4, L56)))) {
if (++$n135 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tickDue(ctx, $n135, $o.length, L51)) { await T.pause(ctx.page, L51); $h78 = $h82 = $h85 = $h109 = $h113 = $h116 = $h139 = $h184 = undefined; }; }
{ const $v164 = (($x161 = (($x155 = (($x152 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L67))), ($x153 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L68))), typeof $x152 === "number" && typeof $x153 === "number" && ($x154 = $x152 * $x153) === $x154 ? $x154 : rt.mul($x152, $x153, L66))), ($x159 = (($x156 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L70))), ($x157 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L71))), typeof $x156 === "number" && typeof $x157 === "number" && ($x158 = $x156 * $x157) === $x158 ? $x158 : rt.mul($x156, $x157, L69))), ($x160 = $x155 - $x159) === $x160 ? $x160 : rt.sub($x155, $x159, L65))), ($x162 = ($r25 !== undefined ? $r25 : rt.lookupName(ctx, "cx", L72))), typeof $x162 === "number" && ($x163 = $x161 + $x162) === $x163 ? $x163 : rt.add($x161, $x162, L64)); if ($slow20) rt.assign(ctx, "t", [], $v164, L73); else $r29 = $v164;
}
{ const $v173 = (($x170 = (($x167 = (($x165 = ($r26 !== undefined ? $r26 : rt.lookupName(ctx, "zx", L77))), typeof $x165 === "number" && ($x166 = 2 * $x165) === $x166 ? $x166 : rt.mul(2, $x165, L76))), ($x168 = ($r27 !== undefined ? $r27 : rt.lookupName(ctx, "zy", L78))), typeof $x168 === "number" && ($x169 = $x167 * $x168) === $x169 ? $x169 : rt.mul($x167, $x168, L75))), ($x171 = ($r22 !== undefined ? $r22 : rt.lookupName(ctx, "cy", L79))), typeof $x171 === "number" && ($x172 = $x170 + $x171) === $x172 ? $x172 : rt.add($x170, $x171, L74)); if ($slow20) rt.assign(ctx, "zy", [], $v173, L80); else $r27 = $v173;
}
{ const $v174 = ($r29 !== undefined ? $r29 : rt.lookupName(ctx, "t", L81)); if ($slow20) rt.assign(ctx, "zx", [], $v174, L82); else $r26 = (typeof $v174 === "number" ? $v174 : rt.checkSize(ctx, $v174, L82));
}
{ const $v177 = (($x175 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L84))), typeof $x175 === "number" && ($x176 = $x175 + 1) === $x176 ? $x176 : rt.add($x175, 1, L83)); if ($slow20) rt.assign(ctx, "n", [], $v177, L85); else $r28 = $v177;
}
}
}
if ((($x178 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L87))), ($x180 = ($h139 !== undefined ? $h139 : (($x179 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L88)), "maxiter", L89)), $slow20 || ($h139 = $x179), $x179))), typeof $x178 === "number" && typeof $x180 === "number" && $x178 === $x178 && $x180 === $x180 ? $x178 === $x180 : rt.eq($x178, $x180, L86))) {
{ const $v183 = (($x181 = ($r30 !== undefined ? $r30 : rt.lookupName(ctx, "inside", L91))), typeof $x181 === "number" && ($x182 = $x181 + 1) === $x182 ? $x182 : rt.add($x181, 1, L90)); if ($slow20) rt.assign(ctx, "inside", [], $v183, L92); else $r30 = $v183;
}
}
if ((($x186 = ($h184 !== undefined ? $h184 : (($x185 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L94)), "output", L95)), $slow20 || ($h184 = $x185), $x185))), ($x187 = "ascii"), typeof $x186 === "number" && typeof $x187 === "number" && $x186 === $x186 && $x187 === $x187 ? $x186 === $x187 : rt.eq($x186, $x187, L93))) {
{ const $v196 = (($x188 = ($r23 !== undefined ? $r23 : rt.lookupName(ctx, "line", L97))), ($x189 = ((($x190 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L99))), ($x192 = ($h139 !== undefined ? $h139 : (($x191 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L100)), "maxiter", L101)), $slow20 || ($h139 = $x191), $x191))), typeof $x190 === "number" && typeof $x192 === "number" && $x190 === $x190 && $x192 === $x192 ? $x190 === $x192 : rt.eq($x190, $x192, L98)) ? "@" : rt.call(ctx, F0, L102, ($r31 !== undefined ? $r31 : rt.lookupName(ctx, "palette", L103)), (($x194 = (($x193 = ($r28 !== undefined ? $r28 : rt.lookupName(ctx, "n", L106))), typeof $x193 === "number" && $x193 === $x193 && 9 === 9 && 9 !== 0 ? $x193 % 9 : rt.mod($x193, 9, L105))), ($x195 = 1 + $x194) === $x195 ? $x195 : rt.add(1, $x194, L104)), 1))), typeof $x188 === "string" && typeof $x189 === "string" && $x188.length + $x189.length <= ctx.limits.maxStringLength ? $x188 + $x189 : rt.concat(ctx, $x188, $x189, L96)); if ($slow20) rt.assign(ctx, "line", [], $v196, L107); else $r23 = (typeof $v196 === "number" ? $v196 : rt.checkSize(ctx, $v196, L107));
}
}
}
}
if ((($x198 = ($h184 !== undefined ? $h184 : (($x197 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L109)), "output", L110)), $slow20 || ($h184 = $x197), $x197))), ($x199 = "ascii"), typeof $x198 === "number" && typeof $x199 === "number" && $x198 === $x198 && $x199 === $x199 ? $x198 === $x199 : rt.eq($x198, $x199, L108))) {
{ const $v204 = (($x200 = (($x202 = ($r32 !== undefined ? $r32 : rt.lookupName(ctx, "art", L113))), ($x203 = ($r23 !== undefined ? $r23 : rt.lookupName(ctx, "line", L114))), typeof $x202 === "string" && typeof $x203 === "string" && $x202.length + $x203.length <= ctx.limits.maxStringLength ? $x202 + $x203 : rt.concat(ctx, $x202, $x203, L112))), ($x201 = rt.call(ctx, F1, L115, 10)), typeof $x200 === "string" && typeof $x201 === "string" && $x200.length + $x201.length <= ctx.limits.maxStringLength ? $x200 + $x201 : rt.concat(ctx, $x200, $x201, L111)); if ($slow20) rt.assign(ctx, "art", [], $v204, L116); else $r32 = (typeof $v204 === "number" ? $v204 : rt.checkSize(ctx, $v204, L116));
}
}
}
}
} finally { if ($replay68 !== undefined) ctx.page.budget = $replay68; }
}
} finally { if (!$slow20) { if ($r21 !== undefined) $vars19["row"] = $r21; if ($r22 !== undefined) $vars19["cy"] = $r22; if ($r23 !== undefined) $vars19["line"] = $r23; if ($r24 !== undefined) $vars19["col"] = $r24; if ($r25 !== undefined) $vars19["cx"] = $r25; if ($r26 !== undefined) $vars19["zx"] = $r26; if ($r27 !== undefined) $vars19["zy"] = $r27; if ($r28 !== undefined) $vars19["n"] = $r28; if ($r29 !== undefined) $vars19["t"] = $r29; if ($r30 !== undefined) $vars19["inside"] = $r30; if ($r32 !== undefined) $vars19["art"] = $r32; } }
}
{ const $v384 = "Mandelbrot"; rt.assign(ctx, "title", [], $v384, L117); }
{ const $before385 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before385, "_layout/header.dbt", L118); } catch ($e386) { $o = T.takeAborted($e386); throw $e386; } }
if (ctx.page.outputOnly === 0) $o += "<h1>Mandelbrot</h1>\n";
$o += "<p>" + rt.esc(rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L119)), "width", L120), L121) + " × " + rt.esc(rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L122)), "height", L123), L124) + " points, at most " + rt.esc(rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L125)), "maxiter", L126), L127) + " iterations each: " + rt.esc(rt.lookupName(ctx, "inside", L128), L129) + " points in the set.</p>\n";
if ((($x387 = rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L131)), "output", L132)), ($x388 = "ascii"), typeof $x387 === "number" && typeof $x388 === "number" && $x387 === $x387 && $x388 === $x388 ? $x387 === $x388 : rt.eq($x387, $x388, L130))) {
$o += "<pre class=\"mandelbrot\">" + rt.esc(rt.lookupName(ctx, "art", L133), L134) + "</pre>";
}
$o += "\n";
{ const $before389 = $o; $o = ""; try { $o = await T.includeTemplate(ctx, $before389, "_layout/footer.dbt", L135); } catch ($e390) { $o = T.takeAborted($e390); throw $e390; } }
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};