"use strict";
// Compiled by Quarry from "personalised.dbt".
let $row;
const L0 = {"file":"personalised.dbt","line":2,"column":1,"start":101,"end":151};
const L1 = {"file":"personalised.dbt","line":3,"column":1,"start":152,"end":207};
const L2 = {"file":"personalised.dbt","line":4,"column":1,"start":208,"end":270};
const L3 = {"file":"personalised.dbt","line":6,"column":85,"start":398,"end":401};
const L4 = {"file":"personalised.dbt","line":6,"column":88,"start":401,"end":406};
const L5 = {"file":"personalised.dbt","line":6,"column":84,"start":397,"end":407};
const L6 = {"file":"personalised.dbt","line":5,"column":1,"start":271,"end":313};
const L7 = {"file":"personalised.dbt","line":8,"column":26,"start":446,"end":448};
const L8 = {"file":"personalised.dbt","line":8,"column":9,"start":429,"end":433};
const L9 = {"file":"personalised.dbt","line":8,"column":13,"start":433,"end":445};
const L10 = {"file":"personalised.dbt","line":8,"column":53,"start":473,"end":476};
const L11 = {"file":"personalised.dbt","line":8,"column":34,"start":454,"end":458};
const L12 = {"file":"personalised.dbt","line":8,"column":38,"start":458,"end":472};
const F0 = F["hash"];
const L13 = {"file":"personalised.dbt","line":8,"column":57,"start":477,"end":505};
const L14 = {"file":"personalised.dbt","line":8,"column":62,"start":482,"end":485};
const L15 = {"file":"personalised.dbt","line":8,"column":65,"start":485,"end":494};
const L16 = {"file":"personalised.dbt","line":9,"column":3,"start":509,"end":538};
const L17 = {"file":"personalised.dbt","line":11,"column":3,"start":582,"end":593};
const L18 = {"file":"personalised.dbt","line":13,"column":95,"start":698,"end":701};
const L19 = {"file":"personalised.dbt","line":13,"column":98,"start":701,"end":706};
const L20 = {"file":"personalised.dbt","line":13,"column":94,"start":697,"end":707};
const L21 = {"file":"personalised.dbt","line":13,"column":1,"start":604,"end":649};
const L22 = {"file":"personalised.dbt","line":14,"column":29,"start":748,"end":750};
const L23 = {"file":"personalised.dbt","line":14,"column":9,"start":728,"end":735};
const L24 = {"file":"personalised.dbt","line":14,"column":16,"start":735,"end":747};
const L25 = {"file":"personalised.dbt","line":15,"column":3,"start":756,"end":785};
const L26 = {"file":"personalised.dbt","line":17,"column":3,"start":819,"end":830};
const L27 = {"file":"personalised.dbt","line":19,"column":17,"start":857,"end":864};
const L28 = {"file":"personalised.dbt","line":19,"column":24,"start":864,"end":869};
const L29 = {"file":"personalised.dbt","line":19,"column":1,"start":841,"end":870};
const F1 = F["queryGetRow"];
const L30 = {"file":"personalised.dbt","line":20,"column":18,"start":888,"end":908};
const L31 = {"file":"personalised.dbt","line":20,"column":30,"start":900,"end":904};
const L32 = {"file":"personalised.dbt","line":20,"column":1,"start":871,"end":909};
const L33 = {"file":"personalised.dbt","line":21,"column":1,"start":910,"end":971};
const L34 = {"file":"personalised.dbt","line":21,"column":17,"start":926,"end":956};
const F2 = F["replace"];
const L35 = {"file":"personalised.dbt","line":22,"column":19,"start":990,"end":1058};
const L36 = {"file":"personalised.dbt","line":22,"column":27,"start":998,"end":1002};
const L37 = {"file":"personalised.dbt","line":22,"column":45,"start":1016,"end":1017};
const L38 = {"file":"personalised.dbt","line":22,"column":37,"start":1008,"end":1009};
const L39 = {"file":"personalised.dbt","line":22,"column":39,"start":1010,"end":1015};
const F3 = F["encodeForHTML"];
const L40 = {"file":"personalised.dbt","line":22,"column":52,"start":1023,"end":1050};
const L41 = {"file":"personalised.dbt","line":22,"column":66,"start":1037,"end":1042};
const L42 = {"file":"personalised.dbt","line":22,"column":72,"start":1043,"end":1048};
const L43 = {"file":"personalised.dbt","line":22,"column":71,"start":1042,"end":1049};
const L44 = {"file":"personalised.dbt","line":22,"column":3,"start":974,"end":1059};
const L45 = {"file":"personalised.dbt","line":24,"column":70,"start":1141,"end":1148};
const L46 = {"file":"personalised.dbt","line":24,"column":77,"start":1148,"end":1154};
const L47 = {"file":"personalised.dbt","line":24,"column":69,"start":1140,"end":1155};
const F4 = F["raw"];
const L48 = {"file":"personalised.dbt","line":25,"column":14,"start":1203,"end":1212};
const L49 = {"file":"personalised.dbt","line":25,"column":18,"start":1207,"end":1211};
const L50 = {"file":"personalised.dbt","line":25,"column":13,"start":1202,"end":1213};
const $checked77 = async function checked77(ctx, $o, $r34, $r35, $r36) {
let $row;
let $x70, $x71, $x72, $x73;
let $at38 = L33, $b37 = ctx.page.budget;
try {
{ let $u57 = $r34, $u58 = $r35;

{ let $n61 = 0, $lim67 = 0, $k68 = 0, $list63, $at64 = 0, $rz59 = 0;
$re75: for (;;) {
$n61 = +$n61; $lim67 = +$lim67; $k68 = +$k68; $at64 = +$at64; $b37 = ctx.page.budget;
try {
if ($rz59 === 0) { $n61 = 0; $k68 = 0; $lim67 = $o.length > ctx.limits.maxOutputLength ? 0 : ctx.limits.maxIterations; $list63 = T.entries("list", "first_name,last_name,city,plan", undefined, L34); $at64 = 0;
}
$loop60: for (;;) {
if ($rz59 !== 0) { $rz59 = 0; }
else {
if (!($at64 < $list63.length)) break;
if (++$n61 > $lim67 || --$b37 <= 0) { ctx.page.budget = $b37; if (T.tick(ctx, $n61, $o.length, L33, true)) { $rz59 = 1; $at38 = L33; throw T.PAUSE; } $b37 = ctx.page.budget; }
}
const [$k65, $v66] = $list63[$at64];
$u57 = $v66;
$b69: {
{ const $v74 = rt.call(ctx, F2, L35, $u58, (($x70 = (($x72 = "{"), ($x73 = $u57), typeof $x72 === "string" && typeof $x73 === "string" && $x72.length + $x73.length <= ctx.limits.maxStringLength ? $x72 + $x73 : rt.concat(ctx, $x72, $x73, L38))), ($x71 = "}"), typeof $x70 === "string" && typeof $x71 === "string" && $x70.length + $x71.length <= ctx.limits.maxStringLength ? $x70 + $x71 : rt.concat(ctx, $x70, $x71, L37)), rt.call1(ctx, F3, L40, rt.index(ctx, $r36, $u57, L43)), "all"); $u58 = (typeof $v74 === "number" ? $v74 : rt.checkSize(ctx, $v74, L44));
}
}
$at64++;
}
break $re75;
} catch ($e76) {
if ($e76 !== T.PAUSE) throw $e76;
{ await T.pause(ctx.page, $at38);  };
}
}
}
ctx.page.budget = $b37; $r34 = $u57; $r35 = $u58;
}
} catch ($e56) { if ($e56?.catchable !== false) ctx.page.budget = $b37; throw $e56; }
return [$o, $r34, $r35, $r36];
};
return async function render(ctx) {
let $o = "", $row;
let $x12, $x13, $x14, $x25, $x51, $x52, $x53, $x54;
try {
T.checkParam(ctx, "url.user", "integer", false, undefined, 1, undefined, undefined, L0);
T.checkParam(ctx, "url.password", "string", false, undefined, undefined, 100, undefined, L1);
T.checkParam(ctx, "url.file", "integer", true, "1", 1, undefined, undefined, L2);
await T.execQuery(ctx, "user", undefined, undefined, undefined, undefined, undefined, "60s", undefined, async () => {
let $body6 = "";
const $saved7 = $o; $o = ""; ctx.page.captures++;
try {
$o += "\n  SELECT password_hash, first_name, last_name, city, plan FROM app_user WHERE id = ";
{ const $r8 = T.queryParam(ctx, rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L3)), "user", L4), "", "url.user", undefined, undefined, undefined, undefined, L5); $o += $r8; }
$o += "\n";
$body6 = $o;
} finally { $o = $saved7; ctx.page.captures--; }
return $body6;
}, L6);
if (((($x12 = rt.field(ctx, rt.lookupName(ctx, "user", L8), "recordCount", L9)), typeof $x12 === "number" && $x12 === $x12 ? $x12 === 0 : rt.eq($x12, 0, L7)) || (($x13 = rt.field(ctx, rt.lookupName(ctx, "user", L11), "password_hash", L12)), ($x14 = rt.call2(ctx, F0, L13, rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L14)), "password", L15), "sha256")), typeof $x13 === "number" && typeof $x14 === "number" && $x13 === $x13 && $x14 === $x14 ? $x13 !== $x14 : rt.neq($x13, $x14, L10)))) {
T.setHeader(ctx, undefined, undefined, 403, L16);
if (ctx.page.outputOnly === 0) $o += "  <p>Unknown user or wrong password.</p>\n";
T.abortPage(ctx, L17);
}
await T.execQuery(ctx, "content", undefined, undefined, undefined, undefined, undefined, "60s", undefined, async () => {
let $body19 = "";
const $saved20 = $o; $o = ""; ctx.page.captures++;
try {
$o += "SELECT title, body FROM content_file WHERE id = ";
{ const $r21 = T.queryParam(ctx, rt.field(ctx, (ctx.scopes.url ?? rt.base(ctx, "url", L18)), "file", L19), "", "url.file", undefined, undefined, undefined, undefined, L20); $o += $r21; }
$body19 = $o;
} finally { $o = $saved20; ctx.page.captures--; }
return $body19;
}, L21);
if ((($x25 = rt.field(ctx, rt.lookupName(ctx, "content", L23), "recordCount", L24)), typeof $x25 === "number" && $x25 === $x25 ? $x25 === 0 : rt.eq($x25, 0, L22))) {
T.setHeader(ctx, undefined, undefined, 404, L25);
if (ctx.page.outputOnly === 0) $o += "  <p>No such content file.</p>\n";
T.abortPage(ctx, L26);
}
{ const $v30 = rt.field(ctx, rt.lookupName(ctx, "content", L27), "body", L28); rt.assign(ctx, "body", [], $v30, L29); }
{ const $v31 = rt.call2(ctx, F1, L30, rt.lookupName(ctx, "user", L31), 1); rt.assign(ctx, "attrs", [], $v31, L32); }
{ const $vars32 = ctx.scopes.local ?? ctx.scopes.variables;
T.respell($vars32, "field"); const $slow33 = ctx.page.scopesShared || ctx.scopes.local !== undefined || T.shadowed(ctx, $vars32, "field") || T.shadowed(ctx, $vars32, "body") || T.shadowed(ctx, $vars32, "attrs") || T.respelled($vars32, "body") || T.respelled($vars32, "attrs");
let $r34 = $slow33 ? undefined : T.own($vars32, "field"), $r35 = $slow33 ? undefined : T.own($vars32, "body"), $r36 = $slow33 ? undefined : T.own($vars32, "attrs");
try {
let $done39 = false, $replay42 = false;
if (!$slow33 && $r35 !== undefined && $r36 !== undefined) {
try {
[$o, $r34, $r35, $r36] = await $checked77(ctx, $o, $r34, $r35, $r36);
$done39 = true;
} catch ($e41) {
// A page stopped (time limit, cancel) stops where the checked version was, as the general one would.
if ($e41?.catchable === false) throw $e41;
ctx.page.replaying++; $replay42 = true;
}
}
if (!$done39) {
try {
{ let $n45 = 0, $list47, $at48;
$list47 = T.entries("list", "first_name,last_name,city,plan", undefined, L34); $at48 = 0;
$loop44: for (; $at48 < $list47.length; $at48++) {
if (++$n45 > ctx.limits.maxIterations || $o.length > ctx.limits.maxOutputLength || --ctx.page.budget <= 0) { if (T.tick(ctx, $n45, $o.length, L33, true)) { await T.pause(ctx.page, L33);  }; }
const [$k49, $v50] = $list47[$at48];
if ($slow33) $vars32["field"] = $v50; else $r34 = $v50;
{ const $v55 = rt.call(ctx, F2, L35, ($r35 !== undefined ? $r35 : rt.lookupName(ctx, "body", L36)), (($x51 = (($x53 = "{"), ($x54 = ($r34 !== undefined ? $r34 : rt.lookupName(ctx, "field", L39))), typeof $x53 === "string" && typeof $x54 === "string" && $x53.length + $x54.length <= ctx.limits.maxStringLength ? $x53 + $x54 : rt.concat(ctx, $x53, $x54, L38))), ($x52 = "}"), typeof $x51 === "string" && typeof $x52 === "string" && $x51.length + $x52.length <= ctx.limits.maxStringLength ? $x51 + $x52 : rt.concat(ctx, $x51, $x52, L37)), rt.call1(ctx, F3, L40, rt.index(ctx, ($r36 !== undefined ? $r36 : rt.lookupName(ctx, "attrs", L41)), ($r34 !== undefined ? $r34 : rt.lookupName(ctx, "field", L42)), L43)), "all"); if ($slow33) rt.assign(ctx, "body", [], $v55, L44); else $r35 = (typeof $v55 === "number" ? $v55 : rt.checkSize(ctx, $v55, L44));
}
}
}
} finally { if ($replay42) ctx.page.replaying--; }
}
} finally { if (!$slow33) { if ($r34 !== undefined) $vars32["field"] = $r34; if ($r35 !== undefined) $vars32["body"] = $r35; } }
}
if (ctx.page.outputOnly === 0) $o += "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>";
$o += rt.esc(rt.field(ctx, rt.lookupName(ctx, "content", L45), "title", L46), L47);
if (ctx.page.outputOnly === 0) $o += "</title></head><body>\n";
$o += rt.esc(rt.call1(ctx, F4, L48, rt.lookupName(ctx, "body", L49)), L50);
if (ctx.page.outputOnly === 0) $o += "\n</body></html>\n";
} catch (e) { return rt.templateEnd(e, $o); }
return $o;
};