// Translates a CFML engine's function tests into Quarry expressions: every assertion whose two
// sides are calls on literals (no closures, no variables but those the file sets once to a
// literal) becomes a case [actual, expected] in test/cfml-cases.json, which
// test/cfml-cases.test.ts renders in both modes. Cases that fail (with CFML's loose equality)
// are listed with what Quarry gives, so deviations can be fixed or explained.
// An assertion that reads variables its test sets (an `it(…)` body or test function whose
// statements are script: assignments, calls, loops, closures) becomes a script case: the
// body's statements before it, its other assertions left out, as the body of a function in a
// <dbt:script> (so var and local. mean what they mean in the test), which returns the value.
// Usage: node scripts/cfml-cases.mjs <Lucee>/test/functions [<Lucee>/test/tickets …]
// [--failures [--applying: only cases calling functions Quarry has]] [--write] [--isolated: without the file's setLocale/setTimeZone] [--no-members: skip x.f()]
// [--native-members: keep x.f() as written, for Quarry's member functions, instead of f(x)]
// [--no-constants: leave a variable set once to a literal untranslated, as before]
// [--no-script: no script cases, as before]
// (run `npm run build` first).
import { readdirSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

const root = join(import.meta.dirname, "..");
const dirs = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const flags = process.argv.slice(2).filter((a) => a.startsWith("--"));
if (!dirs.length)
  throw new Error("usage: node scripts/cfml-cases.mjs <dirs of CFML test .cfc files…> [--failures] [--write]");

// ---------------------------------------------------------------- CFML source scanning

/** Removes comments outside strings. */
function stripComments(src) {
  let out = "";
  for (let i = 0; i < src.length;) {
    const c = src[i];
    if (c === '"' || c === "'") {
      const j = skipString(src, i);
      out += src.slice(i, j);
      i = j;
      continue;
    }
    if (src.startsWith("<!---", i)) {
      const j = src.indexOf("--->", i);
      i = j < 0 ? src.length : j + 4;
      continue;
    }
    if (src.startsWith("//", i)) {
      const j = src.indexOf("\n", i);
      i = j < 0 ? src.length : j;
      continue;
    }
    if (src.startsWith("/*", i)) {
      const j = src.indexOf("*/", i);
      i = j < 0 ? src.length : j + 2;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** Index after the string literal starting at i (doubled quotes; #expr# may hold quotes). */
function skipString(src, i) {
  const q = src[i];
  let j = i + 1;
  while (j < src.length) {
    if (src[j] === q) {
      if (src[j + 1] === q) {
        j += 2;
        continue;
      }
      return j + 1;
    }
    if (src[j] === "#") {
      if (src[j + 1] === "#") {
        j += 2;
        continue;
      }
      j = skipExpr(src, j + 1, "#") + 1;
      continue;
    }
    if (src[j] === "\n" && q === "'") {
      /* tolerate */
    }
    j++;
  }
  return j;
}

/** Index of the closing `end` char at depth 0 from i. */
function skipExpr(src, i, end) {
  let depth = 0;
  for (let j = i; j < src.length; j++) {
    const c = src[j];
    if (c === '"' || c === "'") {
      j = skipString(src, j) - 1;
      continue;
    }
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0 && c === end) return j;
      depth--;
      if (depth < 0) return j;
    } else if (depth === 0 && c === end) return j;
  }
  return src.length;
}

/** The top-level comma-separated arguments of a call whose "(" is at i, and the index after ")". */
function callArgs(src, i) {
  const close = skipExpr(src, i + 1, ")");
  const inner = src.slice(i + 1, close);
  const args = [];
  let start = 0,
    depth = 0;
  for (let j = 0; j < inner.length; j++) {
    const c = inner[j];
    if (c === '"' || c === "'") {
      j = skipString(inner, j) - 1;
      continue;
    }
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (c === "," && depth === 0) {
      args.push(inner.slice(start, j).trim());
      start = j + 1;
    }
  }
  if (inner.trim() !== "" || args.length) args.push(inner.slice(start).trim());
  return { args, end: close + 1 };
}

/**
 * Keeps, of `if (…getJavaVersion()…) A else B`, the branch a current Lucee takes (Java 21, the
 * newest it supports): the other branch asserts what older JDKs' locale data printed, and no
 * engine can pass both. The dropped branch is blanked, so offsets stay where they were.
 */
const JAVA = 21;
function javaBranches(src) {
  const re = /\bif\s*\(/g;
  let m;
  while ((m = re.exec(src))) {
    const open = m.index + m[0].length - 1;
    const close = skipExpr(src, open + 1, ")");
    const cond = src.slice(open + 1, close);
    if (!/getJavaVersion\s*\(\s*\)/i.test(cond)) continue;
    const js = cond.replace(/getJavaVersion\s*\(\s*\)/gi, String(JAVA));
    if (!/^[\d\s<>=!|&()]+$/.test(js)) continue;
    const taken = Function(`return (${js});`)();
    const thenSpan = statementAt(src, close + 1);
    const rest = /^\s*else\b/.exec(src.slice(thenSpan[1]));
    const elseSpan = rest ? statementAt(src, thenSpan[1] + rest[0].length) : null;
    const blank = ([a, b]) => {
      src = src.slice(0, a) + src.slice(a, b).replace(/[^\n]/g, " ") + src.slice(b);
    };
    if (!taken) blank(thenSpan);
    else if (elseSpan) blank(elseSpan);
  }
  return src;
}

/** Is a test's `skip` value one that Lucee (on Java 21) skips by: true, "true", a Java-version test? */
function skipsTest(value) {
  const v = value.trim().replace(/^"(.*)"$/, "$1");
  if (/^(true|yes)$/i.test(v)) return true;
  if (!/getJavaVersion\s*\(\s*\)/i.test(v)) return false;
  const js = v.replace(/getJavaVersion\s*\(\s*\)/gi, String(JAVA));
  return /^[\d\s<>=!|&()]+$/.test(js) && Function(`return (${js});`)() === true;
}

/**
 * Blanks what Lucee's test runner skips: the whole file when its component says skip=true, an
 * it()/describe() whose skip is true (or true on Java 21), a test function declared skip=true.
 * Offsets stay where they were.
 */
function skippedTests(src) {
  const blank = (a, b) => src.slice(0, a) + src.slice(a, b).replace(/[^\n]/g, " ") + src.slice(b);
  const head = /^\s*(?:<cfcomponent|component)\b[^{>]*/i.exec(src);
  if (head && /\bskip\s*=\s*(?:"(?:true|yes)"|(?:true|yes)\b)/i.test(head[0])) return "";
  const calls = /\b(it|describe)\s*\(/gi;
  let m;
  while ((m = calls.exec(src))) {
    const open = m.index + m[0].length - 1;
    const { args, end } = callArgs(src, open);
    const skip = args.map((a) => /^skip\s*=\s*([\s\S]*)$/i.exec(a)).find(Boolean);
    if (skip && skipsTest(skip[1])) src = blank(open, end);
  }
  const fns = /\bfunction\s+\w+\s*\([^)]*\)([^{;]*)\{/gi;
  while ((m = fns.exec(src))) {
    const attrs = /\bskip\s*=\s*("[^"]*"|\w+)/i.exec(m[1]);
    if (attrs && skipsTest(attrs[1])) src = blank(m.index, skipExpr(src, m.index + m[0].length, "}") + 1);
  }
  return src;
}

/** [start, end) of the statement or { block } starting after whitespace at i. */
function statementAt(src, i) {
  while (/\s/.test(src[i] ?? "")) i++;
  if (src[i] === "{") return [i, skipExpr(src, i + 1, "}") + 1];
  return [i, skipExpr(src, i, ";") + 1];
}

// ---------------------------------------------------------------- translation

const KEYWORDS = new Set([
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "and",
  "or",
  "not",
  "mod",
  "contains",
  "true",
  "false",
  "null",
]);
const OPS = [
  "&&",
  "||",
  "==",
  "!=",
  "<>",
  "<=",
  ">=",
  "<",
  ">",
  "&",
  "+",
  "-",
  "*",
  "/",
  "%",
  "^",
  "!",
  "?",
  ":",
  ".",
  ",",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  "=",
];

class Untranslatable extends Error {}

/** A CFML string literal's parts: text and #expr# pieces. */
function stringParts(lit) {
  const q = lit[0];
  const body = lit.slice(1, -1);
  const parts = [];
  let text = "";
  for (let j = 0; j < body.length;) {
    if (body[j] === q && body[j + 1] === q) {
      text += q;
      j += 2;
      continue;
    }
    if (body[j] === "#") {
      if (body[j + 1] === "#") {
        text += "#";
        j += 2;
        continue;
      }
      const end = skipExpr(body, j + 1, "#");
      if (text) parts.push({ text });
      text = "";
      parts.push({ expr: body.slice(j + 1, end) });
      j = end + 1;
      continue;
    }
    text += body[j++];
  }
  if (text || parts.length === 0) parts.push({ text });
  return parts;
}

// A Quarry string literal: quotes doubled, and # too ("#…#" is live in strings).
const quote = (t) => `"${t.replace(/"/g, '""').replace(/#/g, "##")}"`;

let members = 0;
let constants = 0;
let blockValues = 0;
const builtin = (await import(join(root, "build", "engine", "functions", "index.js"))).findBuiltin;

/** Where the receiver of a member call ends at the end of `out` begins, or -1. */
function receiverStart(out) {
  let j = out.length - 1;
  while (j >= 0 && /\s/.test(out[j])) j--;
  if (j < 0) return -1;
  const c = out[j];
  if (c === '"') {
    j--;
    while (j >= 0 && !(out[j] === '"' && out[j - 1] !== '"')) j -= out[j] === '"' ? 2 : 1;
    return j;
  }
  if (/[\d.]/.test(c)) {
    while (j > 0 && /[\d.]/.test(out[j - 1])) j--;
    return j;
  }
  if (!")]}".includes(c)) return -1;
  const pairs = { ")": "(", "]": "[", "}": "{" };
  let depth = 0;
  for (; j >= 0; j--) {
    if (out[j] === '"') {
      j--;
      while (j >= 0 && out[j] !== '"') j--;
      continue;
    }
    if (")]}".includes(out[j])) depth++;
    else if ("([{".includes(out[j])) {
      depth--;
      if (depth === 0) break;
    }
  }
  if (j < 0 || pairs[c] === undefined) return -1;
  while (j > 0 && /[A-Za-z0-9_]/.test(out[j - 1])) j--;
  return j;
}

/** Top-level comma-separated parts of an argument list. */
function topLevel(inner) {
  const parts = [];
  let start = 0,
    depth = 0;
  for (let j = 0; j < inner.length; j++) {
    const c = inner[j];
    if (c === '"' || c === "'") {
      j = skipString(inner, j) - 1;
      continue;
    }
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (c === "," && depth === 0) {
      parts.push(inner.slice(start, j));
      start = j + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts;
}

const SECOND = new Set([
  "find",
  "findnocase",
  "findoneof",
  "findlast",
  "findlastnocase",
  "refind",
  "refindnocase",
  "rematch",
  "rematchnocase",
  "insert",
  "datepart",
]);

// Lucee's member-chaining functions (core-base.fld): as members they return their object
// (q.addColumn("c") is the query), as functions something else (its column number), so such a
// member call has no function form to translate to.
const CHAINING = new Set(
  "arrayappend arrayclear arraydelete arraydeletenocase arraydeleteat arrayeach arrayinsertat arrayprepend arrayresize arrayset arraysort arrayswap queryaddcolumn queryaddrow querydeletecolumn querydeleterow querysetcell querysort structappend structclear structdelete structeach queryeach structinsert structupdate".split(
    " ",
  ),
);

/** The function call CFML's member call stands for (Lucee's naming: arrayLen for [].len()). */
function memberCall(recv, name, args) {
  const lower = name.toLowerCase();
  // A receiver in parentheses (a variable's value, translated) is of its expression's kind.
  const bare = recv.replace(/^[(\s]+/, "");
  const kind = bare.startsWith("[")
    ? "array"
    : bare.startsWith("{")
      ? "struct"
      : bare.startsWith('"') || /^[\d.]/.test(bare)
        ? "string"
        : /^(createDateTime|createDate|createTime|createODBCDateTime|createODBCDate|parseDateTime|lsParseDateTime)\s*\(/i.test(
              bare,
            )
          ? "date"
          : "";
  const order =
    kind === "array"
      ? ["array", "", "list"]
      : kind === "struct"
        ? ["struct", ""]
        : kind === "string"
          ? ["", "string", "list"]
          : kind === "date"
            ? ["date", ""]
            : ["", "date", "array", "struct", "query", "list", "string"];
  for (const prefix of order) {
    const fn = builtin(prefix + name);
    if (!fn) continue;
    const full = fn.name;
    if (CHAINING.has(full.toLowerCase())) throw new Untranslatable("member function");
    if (full.toLowerCase() === "dateadd" || full.toLowerCase() === "datediff")
      return `${full}(${args.join(", ")}, ${recv})`;
    // Functions whose string is their second argument: "abc".find("b") is find("b", "abc").
    if (SECOND.has(full.toLowerCase()) && args.length > 0)
      return `${full}(${[args[0], recv, ...args.slice(1)].join(", ")})`;
    return `${full}(${[recv, ...args].join(", ")})`;
  }
  void lower;
  throw new Untranslatable("member function");
}

/** The functions the file being read defines, and the variables it sets (lower-case). */
let fileFunctions = new Set();
let fileVariables = new Set();
let fileConstantValues = new Map();
/** Functions whose string argument is a variable's name. */
const NAMING = new Set(["isdefined", "parameterexists", "structget"]);

/**
 * Does the call whose arguments follow (`("x.y")…`) name, in its first argument, a variable the
 * file sets? Any name for a naming function; a scoped one (variables.x) for any other.
 */
function namesFileVariable(rest, naming) {
  const m = /^\s*\(\s*("[^"#]*"|'[^'#]*')/.exec(rest);
  if (!m) return false;
  const scoped = /^(variables|local|arguments)\./i.test(m[1].slice(1, -1));
  if (!naming && !scoped) return false;
  const name = m[1].slice(1, -1).replace(/^(variables|local|arguments)\./i, "");
  const first = /^[A-Za-z_]\w*/.exec(name);
  return !!first && fileVariables.has(first[0].toLowerCase());
}

/** The names of the functions a file defines and of the variables it assigns. */
function fileNames(src) {
  // function f(), f = function(), f = (a) => …, f = a => …, <cffunction name="f">.
  const fns = new Set(
    [
      ...src.matchAll(
        /\bfunction\s+([A-Za-z_]\w*)\s*\(|\b([A-Za-z_]\w*)\s*=\s*(?:function\s*\(|\([^()]*\)\s*=>|[A-Za-z_]\w*\s*=>)|<cffunction\b[^>]*?\bname\s*=\s*["']([A-Za-z_]\w*)["']/gi,
      ),
    ].map((m) => (m[1] ?? m[2] ?? m[3]).toLowerCase()),
  );
  const vars = new Set(
    [
      ...src.matchAll(
        /(?:^|[;{}(,])\s*(?:var\s+)?(?:(?:variables|local|this|request)\s*\.\s*)?([A-Za-z_]\w*)\s*(?:[.[][^=;\n]*)?=(?!=)/gim,
      ),
    ].map((m) => m[1].toLowerCase()),
  );
  return { fns, vars, constants: fileConstants(src) };
}

/**
 * The variables a file sets once, to a simple literal ("abc", 'abc', 12, -1.5, true), and
 * writes nowhere else: no other assignment (x =, x.y =, x[1] =, x &=, x++), no loop, catch,
 * argument or tag attribute (index="x", name="x") of that name. CFML passes simple values by
 * value, so every read of such a variable reads that literal (a lower-case name → its text).
 */
function fileConstants(src) {
  const writes = new Map();
  const write = (name) => writes.set(name.toLowerCase(), (writes.get(name.toLowerCase()) ?? 0) + 1);
  const literals = new Map();
  const ASSIGN =
    /(?:^|[;{}(,]|<cfset\s)\s*(?:var\s+)?((?:(?:variables|local|this|request|application|session|server|url|form|arguments)\s*\.\s*)?)([A-Za-z_]\w*)\s*([.[][^=;\n]*)?=(?!=)/gim;
  for (const m of src.matchAll(ASSIGN)) {
    write(m[2]);
    if (m[3] || (m[1] && !/^(variables|local)/i.test(m[1]))) {
      write(m[2]); // a member, or another scope's variable of that name: never a constant
      continue;
    }
    const rhs = /^\s*("[^"#]*"|'[^'#]*'|-?\d+(?:\.\d+)?|true|false)\s*(?:;|\/?>|\n)/i.exec(
      src.slice(m.index + m[0].length),
    );
    if (rhs) literals.set(m[2].toLowerCase(), rhs[1]);
    else write(m[2]);
  }
  const others = [
    /\b([A-Za-z_]\w*)\s*(?:\+=|-=|\*=|\/=|&=|%=|\+\+|--)/g,
    /(?:\+\+|--)\s*([A-Za-z_]\w*)/g,
    /\b\w+\s*=\s*["']([A-Za-z_]\w*)["']/g,
    /\bfor\s*\(\s*(?:var\s+)?([A-Za-z_]\w*)\s+in\b/gi,
    /\bcatch\s*\(\s*[\w.]+\s+([A-Za-z_]\w*)/gi,
    /\b([A-Za-z_]\w*)\s*=>/g,
  ];
  for (const re of others) for (const m of src.matchAll(re)) write(m[1]);
  // Parameters of functions and closures: function f(required string x = "d"), (a, b) => ….
  for (const m of src.matchAll(/\bfunction\b\s*\w*\s*\(([^)]*)\)|\(([^()]*)\)\s*=>/gi))
    for (const param of (m[1] ?? m[2]).split(",")) {
      const name = /([A-Za-z_]\w*)\s*(?:=.*)?$/.exec(param.trim());
      if (name) write(name[1]);
    }
  return new Map([...literals].filter(([name]) => writes.get(name) === 1));
}

// Calls whose effect lasts (the object cache): a test's earlier such statements in the same
// block, and in the blocks around it, run before its assertion.
const SETUP = new Set(["cacheput", "cacheclear", "cacheremove", "cachedelete"]);

/** The CFML setup calls that run before the assertion at `index` (bare statements `f(…);`). */
function setupCalls(src, index) {
  const blocks = [[]];
  let statementStart = true;
  for (let i = 0; i < index; i++) {
    const c = src[i];
    if (c === '"' || c === "'") {
      i = skipString(src, i) - 1;
      statementStart = false;
      continue;
    }
    if (c === "{") {
      blocks.push([]);
      statementStart = true;
      continue;
    }
    if (c === "}") {
      if (blocks.length > 1) blocks.pop();
      statementStart = true;
      continue;
    }
    if (c === ";") {
      statementStart = true;
      continue;
    }
    if (/\s/.test(c)) continue;
    const id = statementStart ? /^[A-Za-z_]\w*(?=\s*\()/.exec(src.slice(i, i + 40)) : null;
    if (id && SETUP.has(id[0].toLowerCase())) {
      const open = src.indexOf("(", i);
      const { end } = callArgs(src, open);
      if (/^\s*;/.test(src.slice(end))) blocks[blocks.length - 1].push(src.slice(i, end));
      i = end - 1;
    }
    statementStart = false;
  }
  return blocks.flat();
}

/** The file being read, its brace depth at each index, and where the assertion being translated stands. */
let scope = { src: "", depth: [], at: 0, nesting: 0 };

/** The depth of { } nesting before each character of the source (braces in strings do not count). */
function braceDepths(src) {
  const depth = new Array(src.length + 1).fill(0);
  let d = 0;
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '"' || src[i] === "'") {
      const j = skipString(src, i);
      for (let k = i; k < j && k < src.length; k++) depth[k] = d;
      i = j - 1;
      continue;
    }
    depth[i] = d;
    if (src[i] === "{") d++;
    else if (src[i] === "}") d = Math.max(0, d - 1);
  }
  depth[src.length] = d;
  return depth;
}

// Calls whose value differs from one evaluation to the next: such an assignment cannot be
// repeated inside the assertion.
const VOLATILE =
  /\b(now|createUUID|createGUID|createUniqueId|createULID|rand|randRange|getTickCount|generateSecretKey|getRandom)\s*\(/i;
// Values nothing changes but assignment (and a date's set…() methods): others may be changed
// by any call given them, so no mention of the variable may come between.
const IMMUTABLE =
  /^\s*("[^"#]*"|'[^'#]*'|-?\d+(\.\d+)?|true|false|(createDateTime|createDate|createTime|createODBCDateTime|createODBCDate|parseDateTime|lsParseDateTime)\s*\([^()]*\))\s*$/i;

/** Does the expression hold a line break outside brackets and strings? */
function topLevelLineBreak(expr) {
  let depth = 0;
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i];
    if (c === '"' || c === "'") i = skipString(expr, i) - 1;
    else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (c === "\n" && depth === 0 && expr.slice(i).trim() !== "") return true;
  }
  return false;
}

/**
 * The translated value of a variable the assertion's own block set by a statement before it
 * (`x = expr;`, `var x = expr;`, `local.x = expr;`) and nothing wrote since: no assignment,
 * x++, x &=, x.set…(), setLocale or setTimeZone in between, and for a value that calls can
 * change (an array, a struct…) no mention of x at all. Statements in one block run in order,
 * so the assertion reads what the expression gives. Null when there is none.
 */
function blockValue(name, rest) {
  // x.y and x[…] read a part of x; x.f() is a member call on it, which the caller translates.
  if (/^\s*\[/.test(rest) || (/^\s*\./.test(rest) && !/^\s*\.\s*\w+\s*\(/.test(rest))) return null;
  if (scope.nesting > 4) return null;
  const { src, depth, at } = scope;
  const d = depth[at];
  let start = at;
  while (start > 0 && depth[start - 1] >= d) start--;
  const re = new RegExp(`(^|[;{}])\\s*(?:var\\s+)?(?:(?:variables|local)\\s*\\.\\s*)?${name}\\s*=(?!=)`, "gi");
  let last = null;
  for (const m of src.slice(start, at).matchAll(re)) {
    const pos = start + m.index + m[1].length;
    if (depth[pos] === d) last = { pos, rhs: pos + m[0].length - m[1].length };
  }
  if (!last) return null;
  const end = skipExpr(src, last.rhs, ";");
  if (src[end] !== ";" || end >= at) return null;
  const rhs = src.slice(last.rhs, end);
  // A statement CFML ends at a line break without a semicolon: the expression is not all of it.
  if (topLevelLineBreak(rhs)) return null;
  if (VOLATILE.test(rhs)) throw new Untranslatable(`variable ${name}`);
  const between = src.slice(end, at);
  const writes = new RegExp(
    `\\b${name}\\s*(?:[.[][^=;\\n]*)?=(?!=)|\\b${name}\\s*(?:\\+=|-=|\\*=|\\/=|&=|%=|\\+\\+|--)|(?:\\+\\+|--)\\s*${name}\\b|\\b${name}\\s*\\.\\s*set\\w*\\s*\\(|\\b(?:setLocale|setTimeZone)\\s*\\(`,
    "i",
  );
  if (writes.test(between)) throw new Untranslatable(`variable ${name}`);
  if (!IMMUTABLE.test(rhs) && new RegExp(`\\b${name}\\b`, "i").test(between))
    throw new Untranslatable(`variable ${name}`);
  const saved = scope.at;
  scope.at = last.pos;
  scope.nesting++;
  try {
    const value = translate(rhs).trim();
    return /^("([^"]|"")*"|\d+(\.\d+)?)$/.test(value) ? value : `(${value})`;
  } finally {
    scope.at = saved;
    scope.nesting--;
  }
}

/** Translates a CFML expression into Quarry's syntax, or throws Untranslatable. */
function translate(src) {
  let out = "";
  let i = 0;
  const s = src.trim();
  let prevIdent = false;
  while (i < s.length) {
    const c = s[i];
    if (/\s/.test(c)) {
      out += c;
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const j = skipString(s, i);
      const parts = stringParts(s.slice(i, j));
      const pieces = parts.map((p) => (p.text !== undefined ? quote(p.text) : `(${translate(p.expr)})`));
      out +=
        pieces.length === 1 ? (parts[0].expr !== undefined ? `${pieces[0]}` : pieces[0]) : `(${pieces.join(" & ")})`;
      i = j;
      prevIdent = false;
      continue;
    }
    const num = /^(\d+\.?\d*(e[+-]?\d+)?|\.\d+)/i.exec(s.slice(i));
    if (num) {
      // An integer literal beyond 2^53 is exact in CFML; Quarry's exact form is a string
      // (its numbers are doubles, docs/language.md), which the bit functions read exactly.
      out += /^\d+$/.test(num[0]) && !Number.isSafeInteger(Number(num[0])) ? quote(num[0]) : num[0];
      i += num[0].length;
      prevIdent = false;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(s.slice(i));
    if (id) {
      const w = id[0];
      const rest = s.slice(i + w.length);
      const before = out.trimEnd();
      const isMember = before.endsWith(".");
      const isCall = /^\s*\(/.test(rest);
      if (isMember && isCall && flags.includes("--no-members")) throw new Untranslatable("member function");
      if (isMember && isCall && flags.includes("--native-members")) {
        // Quarry's own member functions (engine/functions/members.ts): left as written.
        out += w;
        i += w.length;
        members++;
        continue;
      }
      if (isMember && isCall) {
        // CFML's member call x.f(args) becomes the function call f(x, args).
        const recvStart = receiverStart(before.slice(0, -1));
        if (recvStart < 0) throw new Untranslatable("member function");
        const recv = before.slice(recvStart, -1).trim();
        const open = i + w.length + rest.indexOf("(");
        const close = skipExpr(s, open + 1, ")");
        const inner = s.slice(open + 1, close);
        const args = inner.trim() === "" ? [] : topLevel(inner).map(translate);
        out = out.slice(0, recvStart) + memberCall(recv, w, args);
        i = close + 1;
        members++;
        continue;
      }
      const isKey = /^\s*[:=](?!=)/.test(rest) && /[{,]$/.test(before);
      const lw = w.toLowerCase();
      if (lw === "function" || lw === "var" || lw === "new" || lw === "createobject" || lw === "evaluate")
        throw new Untranslatable(w);
      // A call to a function the test file defines is not a call to the built-in library.
      if (isCall && !isMember && fileFunctions.has(lw)) throw new Untranslatable("function");
      // isDefined("x.y"), structGet("x.y"): a string that names a variable the file sets reads it.
      // So does any call given "variables.x" (imageGetHeight("variables.image")).
      if (isCall && !isMember && namesFileVariable(rest, NAMING.has(lw))) throw new Untranslatable("variable");
      if (!(isMember || isCall || isKey || KEYWORDS.has(lw))) {
        if (lw === "yes") {
          out += "true";
          i += w.length;
          continue;
        }
        if (lw === "no") {
          out += "false";
          i += w.length;
          continue;
        }
        // A variable set just before, in the same block, reads as the expression it was set to.
        const set = flags.includes("--no-block-values") ? null : blockValue(lw, rest);
        if (set !== null) {
          out += set;
          i += w.length;
          blockValues++;
          continue;
        }
        // A variable the file sets once to a literal and never changes reads as that literal.
        const property = /^\s*\[/.test(rest) || (/^\s*\./.test(rest) && !/^\s*\.\s*\w+\s*\(/.test(rest));
        if (fileConstantValues.has(lw) && !property && !flags.includes("--no-constants")) {
          const literal = translate(fileConstantValues.get(lw));
          out += literal.startsWith("-") ? `(${literal})` : literal;
          i += w.length;
          constants++;
          continue;
        }
        throw new Untranslatable(`variable ${w}`);
      }
      out += isKey ? `${quote(w)}` : w;
      i += w.length;
      prevIdent = true;
      continue;
    }
    const op = OPS.find((o) => s.startsWith(o, i));
    if (!op) throw new Untranslatable(`character ${c}`);
    if (op === "=" && !/[{,]\s*("[^"]*")\s*$/.test(out) && !/[{,]\s*"[^"]*"\s*$/.test(out)) {
      // Only a struct literal's key = value is allowed.
      throw new Untranslatable("assignment");
    }
    out += op === "=" ? ":" : op;
    i += op.length;
    prevIdent = false;
  }
  void prevIdent;
  if (!/\(/.test(out)) return out; // a literal
  return out;
}

// ---------------------------------------------------------------- extraction

/** Every assertion in a file as { kind, a, b } with CFML source text. */
function assertions(src) {
  const out = [];
  const re = /\b(assertEquals|assertEqualsWithCase|assertTrue|assertFalse|expect)\s*\(/gi;
  let m;
  while ((m = re.exec(src))) {
    // The locale and time zone that the file set last before this assertion (setLocale("…")).
    const before = src.slice(0, m.index);
    const prelude = ["setLocale", "setTimeZone"]
      .map((f) => {
        const calls = [...before.matchAll(new RegExp(`\\b${f}\\s*\\(\\s*("[^"]*"|'[^']*')\\s*\\)`, "gi"))];
        return calls.length ? `${f}(${calls[calls.length - 1][1]})` : null;
      })
      .filter(Boolean)
      .concat(setupCalls(src, m.index))
      .join(" & ");
    const push = out.push.bind(out);
    const out2 = { push: (x) => push({ ...x, prelude, index: m.index }) };
    const open = m.index + m[0].length - 1;
    const { args, end } = callArgs(src, open);
    const name = m[1].toLowerCase();
    if (name === "expect") {
      const tail = /^\s*\.\s*(toBe|toBeWithCase|toBeTrue|toBeFalse|toThrow|notToBe|toBeTypeOf)\s*\(/i.exec(
        src.slice(end),
      );
      if (!tail || args.length !== 1) continue;
      const t = tail[1].toLowerCase();
      const { args: targs } = callArgs(src, end + tail[0].length - 1);
      if (t === "tobe" || t === "tobewithcase")
        out2.push({ kind: "eq", a: targs[0], b: args[0], withCase: t === "tobewithcase" });
      else if (t === "tobetrue") out2.push({ kind: "eq", a: "true", b: truth(args[0]) });
      else if (t === "tobefalse") out2.push({ kind: "eq", a: "false", b: truth(args[0]) });
      else if (t === "tothrow") {
        const fm = /^function\s*\(\s*\)\s*\{\s*([\s\S]*?);?\s*\}$/.exec(args[0]);
        if (fm && !fm[1].includes(";")) out2.push({ kind: "throws", b: fm[1] });
      }
      continue;
    }
    // assertEquals(…) directly followed by fail(…) inside a try: the call must throw.
    if (/^\s*;?\s*fail\s*\(/i.test(src.slice(end)) && args.length >= 1) {
      out2.push({ kind: "throws", b: args[args.length - 1] });
      continue;
    }
    if (name === "asserttrue" && args.length >= 1) out2.push({ kind: "eq", a: "true", b: truth(args[0]) });
    else if (name === "assertfalse" && args.length >= 1) out2.push({ kind: "eq", a: "false", b: truth(args[0]) });
    else if (args.length >= 2)
      out2.push({ kind: "eq", a: args[0], b: args[1], withCase: name === "assertequalswithcase" });
  }
  return out;
}

// ---------------------------------------------------------------- script cases

// What a test body may not hold for its script case: components, Java, the database, files,
// HTTP, threads, other scopes of the test runner's request, the test framework's helpers (a
// name ends where a word does: includeEmptyFields is not include).
const SCRIPT_REFUSED =
  /\b(new\s+[\w.$]+|\w+::|query\s+\w+\s*=|queryparam|wddx|file\s+action|application\s+action|createObject|component|entityNew|queryExecute|query\s*\{|cfquery|transaction|ormExecute|http\s*\(|cfhttp|http\s+\w+\s*=|thread|application\s*\.|session\s*\.|server\s*\.|cgi\s*\.|request\s*\.|this\s*\.|super\s*\.|variables\s*\.|arguments|file\w*\s*\(|directory\w*\s*\(|expandPath|getTempDirectory|getCurrentTemplatePath|getDirectoryFromPath|include|import|getPageContext|\$helper|internalRequest|_InternalRequest|getApplicationSettings|getLuceeId|getComponentMetadata|getMetadata|createTemporaryFile|sleep|lock|cfcatch|evaluate|iif|mail|image\w*\s*\(|spreadsheet|ldap|ftp|pdf|systemOutput|setting\s+\w+|savecontent|cfloop|cfsavecontent)(?:(?<=\w)(?!\w)|(?<!\w))/i;
// Statements of the test framework, left out of a script case (they check, they set nothing
// the case reads).
const FRAMEWORK = /^(expect|assert\w*|fail|debug|systemOutput|writeDump|dump|writeOutput|echo)\s*\(/i;

/**
 * The statement beginning at i that is a framework call (chained calls too): [start, end) and
 * what stands for it, an assertion's arguments evaluated (they may change what they are given).
 */
function frameworkStatement(src, i) {
  const m = FRAMEWORK.exec(src.slice(i, i + 40));
  if (!m) return null;
  let { args, end } = callArgs(src, i + m[0].length - 1);
  const all = [...args];
  for (;;) {
    const chain = /^\s*\.\s*\w+\s*\(/.exec(src.slice(end));
    if (!chain) break;
    ({ args, end } = callArgs(src, end + chain[0].length - 1));
    all.push(...args);
  }
  const semi = /^\s*;/.exec(src.slice(end));
  const values = /^(expect|assert)/i.test(m[1]) ? all.filter((x) => !/^\w+\s*=[^=]/.test(x)) : [];
  return [i, semi ? end + semi[0].length : end, values.length ? `cfmlIgnored = [${values.join(", ")}];` : ""];
}

const MAX_SETUP = 1200;

/**
 * The statements of the test body that hold the assertion at `index`, before it, as Quarry
 * script (the framework's statements blanked), or throws Untranslatable. The assertion must
 * stand as a statement of the body itself (not inside its if or loop).
 */
function scriptSetup(index) {
  const { src, depth } = scope;
  const d = depth[index];
  let start = index;
  while (start > 0 && depth[start - 1] >= d) start--;
  if (src[start - 1] !== "{") throw new Untranslatable("script: not in a body");
  const head = src.slice(Math.max(0, start - 400), start - 1);
  if (!/(?:\bfunction\s*\w*\s*\([^()]*\)[^{};()]*|=>\s*)$/i.test(head))
    throw new Untranslatable("script: not in a body");
  // The body is a test's: an it() or a test function, not a helper the file defines.
  if (!/(?:\bit\s*\([^]*|\bfunction\s+test\w*\s*\([^()]*\)[^{};()]*)$/i.test(head))
    throw new Untranslatable("script: not in a test");
  const before = src.slice(start, index);
  if (!/(^|[;{}\n])\s*$/.test(before)) throw new Untranslatable("script: not a statement");
  let out = "";
  let statementStart = true;
  for (let i = 0; i < before.length;) {
    const c = before[i];
    if (c === '"' || c === "'") {
      const j = skipString(before, i);
      out += before.slice(i, j);
      i = j;
      statementStart = false;
      continue;
    }
    if (statementStart && /[A-Za-z]/.test(c)) {
      const span = frameworkStatement(before, i);
      if (span) {
        const lines = before.slice(span[0], span[1]).replace(/[^\n]/g, "");
        out += span[2] + lines;
        i = span[1];
        continue;
      }
    }
    if (!/\s/.test(c)) statementStart = ";{}".includes(c);
    else if (c === "\n") statementStart = statementStart || /[\w)\]"']\s*$/.test(out);
    out += c;
    i++;
  }
  const all = out;
  // A long set-up (a test of many assertions, each one's values evaluated again before the
  // next) makes a slow case: such cases are left out, so the data file stays fast to render.
  if (all.length > MAX_SETUP) throw new Untranslatable("script: long set-up");
  if (SCRIPT_REFUSED.test(all)) throw new Untranslatable(`script: ${refusedWord(all)}`);
  // A function declared in the body would be a declaration inside a function.
  if (/\bfunction\s+[A-Za-z_]\w*\s*\(/i.test(all)) throw new Untranslatable("script: function declaration");
  return all.replace(/^\n+|\s+$/g, "");
}

/** The kind of thing a script case may not hold, as a skip reason: "queryexecute", "file…", "image…". */
const refusedWord = (text) =>
  SCRIPT_REFUSED.exec(text)[1]
    .toLowerCase()
    .replace(/^\w+::$/, "::")
    .replace(/[\s(][^]*/, "")
    .replace(/^(file|directory|image)\w+/, "$1…");

/** The script case of an assertion whose sides read variables, or throws Untranslatable. */
function scriptCase(a) {
  if (a.kind !== "eq") throw new Untranslatable("script: not an equality");
  const setup = scriptSetup(a.index);
  const text = [setup, a.a, a.b].join("\n");
  if (SCRIPT_REFUSED.test(a.a + "\n" + a.b)) throw new Untranslatable(`script: ${refusedWord(a.a + "\n" + a.b)}`);
  // Calls of the file's own functions that the body does not set.
  for (const m of text.matchAll(/(?<![.\w])([A-Za-z_]\w*)\s*\(/g)) {
    const name = m[1].toLowerCase();
    if (fileFunctions.has(name) && !new RegExp(`\\b${name}\\s*=(?!=)`, "i").test(setup))
      throw new Untranslatable("script: file's function");
  }
  return { setup, actual: a.b.trim(), expected: a.a.trim() };
}

/** The page of a script case: its function (named by `id`) and the value it returns in r. */
const scriptPage = (id, setup, expr) =>
  `<dbt:script>\nfunction ${id}() {\n${setup}\nreturn (${expr});\n}\n</dbt:script><dbt:set r = ${id}()>`;

// ---------------------------------------------------------------- evaluation

const { Engine } = await import(join(root, "build", "engine", "engine.js"));
const { scopesFrom } = await import(join(root, "build", "engine", "context.js"));
const { newPageState } = await import(join(root, "build", "engine", "page.js"));
const { QueryResult } = await import(join(root, "build", "engine", "values.js"));
const { codes } = await import(join(root, "build", "engine", "errors.js"));

const site = mkdtempSync(join(tmpdir(), "quarry-cfml-cases-"));
const engines = {
  compiled: new Engine({ root: site, mode: "compiled" }),
  interpreted: new Engine({ root: site, mode: "interpreted" }),
};
let n = 0;

/** What Quarry prints for an expression (JSON for complex values), or { error }. */
async function run(expr, prelude = "", setup = null) {
  const file = `c${n++}.dbt`;
  writeFileSync(
    join(site, file),
    `${prelude ? `<dbt:set r = ${prelude}>` : ""}${setup === null ? `<dbt:set r = ${expr}>` : scriptPage("cfmlCase", setup, expr)}<dbt:output>#isSimpleValue(r) ? toString(r) : jsonEncode(r)#</dbt:output>`,
  );
  const outs = [];
  for (const mode of ["compiled", "interpreted"]) {
    try {
      outs.push({ output: unescape(await engines[mode].render(file, scopesFrom({}), newPageState(null))) });
    } catch (err) {
      outs.push({ error: err.code ?? err.message, ...(setup === null ? {} : { message: err.message }) });
    }
  }
  if (JSON.stringify(outs[0]) !== JSON.stringify(outs[1])) return { error: `modes differ: ${JSON.stringify(outs)}` };
  return outs[0];
}
const unescape = (s) =>
  s
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** CFML's loose equality of two printed values (case-insensitive strings, numbers by value, booleans as yes/no). */
/** What TestBox's assertTrue/toBeTrue (and the False forms) test: the value as a condition (2 is true; a string that is no boolean fails), not its text. */
const truth = (expr) => `(${expr}) ? true : false`;

function looseEqual(x, y, withCase) {
  if (x === y) return true;
  const jx = tryJson(x),
    jy = tryJson(y);
  if (jx !== undefined && jy !== undefined && typeof jx === "object" && typeof jy === "object")
    return deepLoose(jx, jy, withCase);
  return simpleLoose(x, y, withCase);
}
function tryJson(s) {
  if (!/^[[{]/.test(s)) return undefined;
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
const BOOL = { true: true, yes: true, false: false, no: false };
function simpleLoose(x, y, withCase) {
  const a = String(x),
    b = String(y);
  if (withCase ? a === b : a.toLowerCase() === b.toLowerCase()) return true;
  const na = Number(a),
    nb = Number(b);
  if (a.trim() !== "" && b.trim() !== "" && !Number.isNaN(na) && !Number.isNaN(nb))
    return Math.abs(na - nb) < 1e-12 * Math.max(1, Math.abs(na));
  const ba = BOOL[a.toLowerCase()],
    bb = BOOL[b.toLowerCase()];
  if (ba !== undefined && bb !== undefined) return ba === bb;
  if (ba !== undefined && !Number.isNaN(nb) && b.trim() !== "") return ba === (nb !== 0);
  if (bb !== undefined && !Number.isNaN(na) && a.trim() !== "") return bb === (na !== 0);
  return false;
}
function deepLoose(a, b, withCase) {
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object")
    return simpleLoose(a ?? "", b ?? "", withCase);
  if (Array.isArray(a)) return a.length === b.length && a.every((v, i) => deepLoose(v, b[i], withCase));
  const ka = Object.keys(a),
    kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const lower = new Map(kb.map((k) => [k.toLowerCase(), k]));
  return ka.every((k) => lower.has(k.toLowerCase()) && deepLoose(a[k], b[lower.get(k.toLowerCase())], withCase));
}

// ---------------------------------------------------------------- main

const cases = [];
let found = 0;
const skipped = {};
// Directories are read recursively.
const files = dirs.flatMap((dir) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".cfc"))
    .sort()
    .map((f) => join(dir, f)),
);
for (const path of files) {
  const f = path.split("/").pop();
  const src = skippedTests(javaBranches(stripComments(readFileSync(path, "utf8"))));
  ({ fns: fileFunctions, vars: fileVariables, constants: fileConstantValues } = fileNames(src));
  scope = { src, depth: braceDepths(src), at: 0, nesting: 0 };
  for (const a of assertions(src)) {
    found++;
    scope.at = a.index;
    try {
      const b = translate(a.b);
      if (!b.includes("(")) throw new Untranslatable("no call");
      cases.push({
        file: f,
        prelude: a.prelude && !flags.includes("--isolated") ? translate(a.prelude) : "",
        kind: a.kind,
        expected: a.kind === "eq" ? translate(a.a) : null,
        actual: b,
        withCase: !!a.withCase,
        cfml: a.kind === "eq" ? `${a.a} == ${a.b}` : `throws ${a.b}`,
      });
    } catch (err) {
      if (!(err instanceof Untranslatable)) throw err;
      let why = err.message.startsWith("variable") ? "variable" : err.message;
      if (!flags.includes("--no-script") && a.kind === "eq")
        try {
          const sc = scriptCase(a);
          cases.push({
            file: f,
            prelude: a.prelude && !flags.includes("--isolated") ? translate(a.prelude) : "",
            kind: a.kind,
            expected: sc.expected,
            actual: sc.actual,
            script: sc.setup,
            withCase: !!a.withCase,
            cfml: `${a.a} == ${a.b}`,
          });
          continue;
        } catch (err2) {
          if (!(err2 instanceof Untranslatable)) throw err2;
          why = err2.message;
        }
      skipped[why] = (skipped[why] ?? 0) + 1;
    }
  }
}

let pass = 0;
const failures = [];
/** A data-file case: [expression, expected] or, after a setLocale/setTimeZone, [expression, expected, prelude]. */
// A script case: [expression, expected, prelude, the test's statements before it].
const entry = (c, want) =>
  c.script !== undefined
    ? [c.actual, want, c.prelude, c.script]
    : c.prelude
      ? [c.actual, want, c.prelude]
      : [c.actual, want];
const table = [];
/** A script case whose failure is a variable the test did not set (the file's, or its set-up's): not Quarry's. */
const outside = (c, r) => {
  const m = /^Variable "([A-Za-z_]\w*)/.exec(r.message ?? "");
  return (
    r.error === codes.UNDEFINED &&
    !!m &&
    !new RegExp(
      `(?:^|[^.\\w])${m[1]}\\s*(?:=(?!=)|\\+\\+|--|[-+*/&]=)|\\b(?:for\\s*\\(\\s*(?:var\\s+)?|function\\s*\\([^)]*\\b|catch\\s*\\(\\s*[\\w.]+\\s+)${m[1]}\\b|\\b${m[1]}\\s*=>|\\(([^()]*\\b)?${m[1]}\\b[^()]*\\)\\s*=>`,
      "i",
    ).test(c.script)
  );
};
const scriptFigures = { translated: 0, pass: 0, outside: 0 };
for (const c of cases) {
  const got = await run(c.actual, c.prelude, c.script ?? null);
  if (c.script !== undefined) {
    const want0 = await run(c.expected, c.prelude, c.script);
    if (outside(c, got) || outside(c, want0)) {
      c.dropped = true;
      scriptFigures.outside++;
      skipped["script: variable from outside the test"] = (skipped["script: variable from outside the test"] ?? 0) + 1;
      continue;
    }
    scriptFigures.translated++;
  }
  if (c.kind === "throws") {
    if (got.error !== undefined) {
      pass++;
      table.push(entry(c, { error: got.error }));
    } else failures.push({ ...c, got });
    continue;
  }
  const want = await run(c.expected, c.prelude, c.script ?? null);
  if (want.error !== undefined) {
    failures.push({ ...c, got, want, note: "expected side fails" });
    continue;
  }
  if (got.output !== undefined && looseEqual(want.output, got.output, c.withCase)) {
    pass++;
    if (c.script !== undefined) scriptFigures.pass++;
    // What changes from run to run (the clock, random numbers, the temporary site's path) is checked, not kept.
    if (
      !got.output.includes(site) &&
      (!/\b(now|rand|randRange|createUUID|createGUID|getTickCount|beat|getNumericDate|createUniqueId|createULID|generateSecretKey)\s*\(/i.test(
        `${c.script ?? ""}\n${c.actual}`,
      ) ||
        /^(true|false)$/.test(got.output))
    )
      table.push(entry(c, got.output));
  } else failures.push({ ...c, got, want: want.output });
}
rmSync(site, { recursive: true, force: true });

const kept = cases.filter((c) => !c.dropped);
console.log(
  `${found} assertions found, ${kept.length} translated (${members} member calls as function calls, ${constants} reads of constants, ${blockValues} of values set in the block, ${scriptFigures.translated} script cases; skipped: ${JSON.stringify(skipped)})`,
);
console.log(`${pass} of ${kept.length} translated assertions pass`);
// The cases that apply: every function they call exists in Quarry (for a script case, every
// function its statements call too, but member calls and the functions they set).
const { findBuiltin } = await import(join(root, "build", "engine", "functions", "index.js"));
// A file named _… is one Lucee's own test runner skips (test/_testFilter.cfc: "test has _
// prefix"), mostly because Lucee fails it: its cases are kept in the table but do not apply.
const applies = (c) =>
  !basename(c.file).startsWith("_") &&
  [...`${c.script ?? ""}\n${c.actual}`.matchAll(/(?<![.\w]\s*)([A-Za-z_]\w*)\s*\(/g)].every(
    (m) =>
      findBuiltin(m[1]) ||
      (c.script !== undefined &&
        (/^(if|for|while|switch|catch|function|return)$/i.test(m[1]) ||
          new RegExp(`\\b${m[1]}\\s*=(?!=)`, "i").test(c.script))),
  );
const failedApplying = failures.filter(applies).length;
const applying = kept.filter(applies).length;
console.log(
  `${applying - failedApplying} of ${applying} pass among those calling only functions Quarry has (not counting the files Lucee skips, named _…)`,
);
const scripts = kept.filter((c) => c.script !== undefined);
const scriptApplying = scripts.filter(applies).length;
const scriptFailedApplying = failures.filter((c) => c.script !== undefined && applies(c)).length;
console.log(
  `script cases: ${scriptFigures.pass} of ${scriptFigures.translated} pass (${scriptApplying - scriptFailedApplying} of ${scriptApplying} calling only functions Quarry has; ${scriptFigures.outside} left out: they read a variable the test did not set)`,
);
if (flags.includes("--failures"))
  for (const f of flags.includes("--applying") ? failures.filter(applies) : failures)
    console.log(
      `${f.file}: ${f.script !== undefined ? `{ ${f.script.replace(/\s+/g, " ")} } ` : ""}${f.actual}  want ${JSON.stringify(f.want ?? "an error")}  got ${JSON.stringify(f.got)}`,
    );
if (flags.includes("--write")) {
  writeFileSync(
    join(root, "test", "cfml-cases.json"),
    // One case a line (a "],[" inside a case's string stays as it is).
    `[${table.map((c) => JSON.stringify(c)).join(",\n")}]\n`,
  );
  console.log(`test/cfml-cases.json: ${table.length} cases`);
}
