// npm run compat:lucee — a real Lucee as the CFML oracle (issue 25). The same corpus renders on
// Lucee (one JVM: bench/lucee/Oracle.java over Lucee's JSR-223 script engine, fetched from
// Maven Central into ~/.m2 and compiled here with javac) and on Quarry (compiled and
// interpreted, which must agree), and the outputs are diffed. Groups: the cases of
// test/cfml-cases.json (scripts/cfml-cases.mjs), the fixtures of test/fixtures that are plain
// CFML once `dbt:` is written `cf`, and bench/compat-snippets.ts. A difference that
// bench/compat-known.ts explains is "known"; any other is a disagreement.
// Writes bench/compat-lucee.json (the figures, the ids of the agreeing cases and of each known
// difference's) and bench/COMPAT.md (the table, the known differences, the disagreements). Exits
// 1 when the agreement falls below the floor recorded in bench/compat-lucee.json, a case that
// agreed there disagrees now, or a known difference explains another number of cases than the
// count pinned in bench/compat-known.ts; then nothing is written unless --accept is given. Options: --accept, --floor <percent>,
// --only <group> (checks that group's recorded cases, writes nothing), --timeout <ms per Lucee
// case>, --dump <file> (every case's outcomes as JSON).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { scopesFrom } from "../engine/context.js";
import { Engine, type Mode } from "../engine/engine.js";
import { QuarryError } from "../engine/errors.js";
import { newPageState } from "../engine/page.js";
import {
  explain,
  known,
  knownIds,
  pinFailures,
  type CaseInfo,
  type KnownDifference,
  type Outcome,
} from "./compat-known.js";
import { snippets } from "./compat-snippets.js";
import { writeSection } from "./results-file.js";
import { LUCEE, LUCEE_ARTIFACTS, LUCEE_VERSION, classpath, compileJava, hash, luceeCache, need } from "./lucee-java.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const RESULTS_JSON = join(ROOT, "bench", "compat-lucee.json");
const COMPAT_MD = join(ROOT, "bench", "COMPAT.md");
const SHOWN = 50;

const USAGE = `Usage: npm run compat:lucee -- [options]

Renders the corpus (test/cfml-cases.json, the plain-CFML fixtures, bench/compat-snippets.ts) on
Lucee ${LUCEE_VERSION} and on Quarry, diffs them and writes bench/compat-lucee.json and
bench/COMPAT.md. Exits 1 below the floor, when a case that agreed disagrees or when a known
difference explains another number of cases than its count in bench/compat-known.ts (nothing written).

Options:
  --accept          write the results even when the run fails its checks
  --floor <pct>     the agreement floor (default: the one recorded, or this run's, rounded down)
  --only <group>    check one group's recorded cases (snippets, fixtures, cfml-cases); writes nothing
  --timeout <ms>    per Lucee case (default 10000)
  --dump <file>     every case's outcome as JSON
  -h, --help        this text`;
const { values: opts } = (() => {
  try {
    return parseArgs({
      options: {
        accept: { type: "boolean" },
        floor: { type: "string" },
        only: { type: "string" },
        timeout: { type: "string" },
        dump: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (e) {
    process.stderr.write(`compat:lucee: ${(e as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
})();
if (opts.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const option = (name: "floor" | "only" | "timeout" | "dump") => opts[name];
const accept = opts.accept === true;
const only = option("only");
const caseTimeout = Number(option("timeout") ?? 10_000);
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const log = (s: string) => process.stderr.write(`compat:lucee [${elapsed()}] ${s}\n`);

// ---------------------------------------------------------------- the corpus

interface Case {
  id: string;
  group: "cfml-cases" | "fixtures" | "snippets";
  /** What a reader sees in the report: the expression or the page. */
  source: string;
  /**
   * Lucee: a script returning the text, or a tag page (`cf` tags) to include; `files`: the
   * component files (Name.cfc, by path) beside the page, as `cf` tags too.
   */
  lucee: {
    kind: "script" | "tag";
    code: string;
    fn?: { name: string; decl: string };
    files?: Record<string, string>;
  };
  /** Quarry: the page, in a site folder of its own or of a fixture. */
  quarry: { page: string; root?: string };
  /** A fixture whose expectation is an error. */
  expectsError?: boolean;
  /** For a case of test/cfml-cases.json, what its Lucee test asserts (its text, or Quarry's error code). */
  asserted?: string | { error: string };
}

/** Prints a value as both sides print it: simple values as strings, the rest as JSON. */
const LUCEE_PRINT =
  'if (isNull(oracleR)) return "[null]"; return isSimpleValue(oracleR) ? toString(oracleR) : serializeJSON(oracleR);';
const QUARRY_PRINT =
  "<dbt:output>#raw(isSimpleValue(oracleR) ? toString(oracleR) : serializeJSON(oracleR))#</dbt:output>";

/**
 * An expression, optionally after statements and a prelude expression (setLocale…): on Lucee,
 * the body of a function that returns the value (so that cases can be batched: see runLucee),
 * on Quarry as test/cfml-cases.test.ts renders it.
 */
function exprCase(id: string, group: Case["group"], expr: string, script?: string, prelude?: string): Case {
  const pre = prelude ? `oraclePrelude = ${prelude};\n` : "";
  const fn = `oracleCase${hash(id)}`;
  const decl = `function ${fn}() {\n${pre}${script ?? ""}\nreturn (${expr});\n}`;
  const lucee = `${decl}\noracleR = ${fn}();\n${LUCEE_PRINT}`;
  const qpre = prelude ? `<dbt:set oraclePrelude = ${prelude}>` : "";
  const quarry =
    script === undefined
      ? `${qpre}<dbt:set oracleR = ${expr}>${QUARRY_PRINT}`
      : `${qpre}<dbt:script>\nfunction ${fn}() {\n${script}\nreturn (${expr});\n}\noracleR = ${fn}();\n</dbt:script>${QUARRY_PRINT}`;
  const source = (prelude ? `${prelude} → ` : "") + (script === undefined ? expr : `${script.trim()}\n→ ${expr}`);
  return {
    id,
    group,
    source,
    lucee: { kind: "script", code: lucee, fn: { name: fn, decl } },
    quarry: { page: quarry },
  };
}

/**
 * One Lucee script running many expression cases: Lucee compiles a script to a class, which
 * costs more than most cases take to run. Each case starts from empty variables, en_US and UTC;
 * its value is "O" and the text, its error "E" type TAB message.
 */
function batchScript(members: Case[]): string {
  const fns = members.map((c) => c.lucee.fn!);
  const calls = fns.map(
    (f, i) =>
      `structClear(variables); setLocale("en_US"); setTimeZone("UTC");\n` +
      `try { oracleF = request.oracleFns[${i + 1}]; oracleV = oracleF(); arrayAppend(request.oracleOut, isNull(oracleV) ? "O[null]" : "O" & (isSimpleValue(oracleV) ? toString(oracleV) : serializeJSON(oracleV))); }\n` +
      `catch (any e) { arrayAppend(request.oracleOut, "E" & e.type & chr(9) & e.message); }`,
  );
  return [
    ...fns.map((f) => f.decl),
    `request.oracleFns = [${fns.map((f) => f.name).join(", ")}];`,
    "request.oracleOut = [];",
    ...calls,
    "return serializeJSON(request.oracleOut);",
  ].join("\n");
}
const BATCH = 50;

/** Tags Lucee has under the same name and meaning; a fixture using any other is Quarry's own. */
const CFML_TAGS = new Set(
  "set output if elseif else loop break continue function argument return param savecontent silent exit abort setting switch case defaultcase try catch finally rethrow throw lock script".split(
    " ",
  ),
);
/** Functions that only Quarry has, or that need a request (location): a page calling one is not CFML run headless. */
const QUARRY_ONLY = /\b(raw|jsonEncode|jsonDecode|location)\s*\(/i;
/** The fixture folders that are plain CFML once `dbt:` is `cf` (added by `add`), and why the others are not. */
function fixtureCases(add: (c: Case) => void): { taken: number; of: number; skipped: Record<string, number> } {
  const dir = join(ROOT, "test", "fixtures");
  const names = readdirSync(dir).sort();
  const skipped: Record<string, number> = {};
  const skip = (why: string) => (skipped[why] = (skipped[why] ?? 0) + 1);
  let taken = 0;
  for (const name of names) {
    const files = readdirSync(join(dir, name), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => relative(join(dir, name), join(d.parentPath, d.name)).split(sep).join("/"));
    const page = readFileSync(join(dir, name, "page.dbt"), "utf8");
    // Component files (Name.cfc, in folders too) go beside the page on both sides.
    const components = files.filter((f) => f.endsWith(".cfc"));
    const own = (f: string) => f === "page.dbt" || f === "expected.html" || f === "expected-error.txt";
    if (files.some((f) => !own(f) && !f.endsWith(".cfc"))) {
      skip("other files (includes, modules, data.json, limits.json)");
      continue;
    }
    const tags = [...page.matchAll(/<\/?dbt:(\w+)/gi)].map((m) => m[1]!.toLowerCase());
    if (tags.some((t) => !CFML_TAGS.has(t))) {
      skip("a Quarry-only tag or one needing a datasource, HTTP or the request");
      continue;
    }
    if (QUARRY_ONLY.test(page)) {
      skip("a Quarry-only function (raw, jsonEncode, jsonDecode) or location()");
      continue;
    }
    if (QUARRY_ERRORS.test(page)) {
      skip("Quarry's error codes (`error` variable, `.code` of a caught error)");
      continue;
    }
    taken++;
    add({
      id: `fixtures:${name}`,
      group: "fixtures",
      source: page,
      lucee: {
        kind: "tag",
        code: toCfml(page),
        ...(components.length
          ? {
              files: Object.fromEntries(components.map((f) => [f, toCfml(readFileSync(join(dir, name, f), "utf8"))])),
            }
          : {}),
      },
      quarry: { page, root: join(dir, name) },
      expectsError: files.includes("expected-error.txt"),
    });
  }
  return { taken, of: names.length, skipped };
}

/** Quarry's error codes, or the `error` variable dbt:catch sets beside cfcatch, or a caught error's `code`. */
const QUARRY_ERRORS = /QRY_ERR|\berror\.(code|message|line|column|detail|type)\b|\b\w+\.code\b/i;
const toCfml = (page: string) => page.replace(/<(\/?)dbt:/gi, "<$1cf");

function corpus(): { cases: Case[]; fixtures: { taken: number; of: number; skipped: Record<string, number> } } {
  const cases: Case[] = [];
  const seen = new Set<string>();
  const add = (c: Case) => {
    if (seen.has(c.id)) return;
    seen.add(c.id);
    cases.push(c);
  };
  type Translated = [string, string | { error: string }, string?, string?];
  const translated = JSON.parse(readFileSync(join(ROOT, "test", "cfml-cases.json"), "utf8")) as Translated[];
  for (const [expr, asserted, prelude, script] of translated)
    add({
      ...exprCase(
        `cfml-cases:${hash(JSON.stringify([expr, prelude ?? "", script ?? null]))}`,
        "cfml-cases",
        expr,
        script,
        prelude || undefined,
      ),
      asserted,
    });

  const fixtures = fixtureCases(add);

  for (const s of snippets) {
    const id = `snippets:${s.name}`;
    if ("tags" in s)
      add({
        id,
        group: "snippets",
        source: s.tags,
        lucee: { kind: "tag", code: toCfml(s.tags) },
        quarry: { page: s.tags },
      });
    else add(exprCase(id, "snippets", s.expr, s.script));
  }
  // The report lists the disagreements in this order: the snippets first, the translated cases last.
  const order: Case["group"][] = ["snippets", "fixtures", "cfml-cases"];
  cases.sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group));
  return {
    cases: only ? cases.filter((c) => c.group === only) : cases,
    fixtures,
  };
}

// ---------------------------------------------------------------- Lucee

type LuceeResult = { id: string; out?: string; error?: { type: string; message: string } };

/** Runs every case on one Lucee JVM; resolves with the results by id. */
function runLucee(cases: Case[]): { done: Promise<Map<string, LuceeResult>>; version: string } {
  need(["java", "javac", "mvn"], "the Lucee oracle");
  const cache = luceeCache("compat-lucee");
  const cp = classpath(LUCEE_ARTIFACTS, log);
  const classes = compileJava("Oracle", cache, cp, log);
  const java = spawnSync("java", ["-version"], { encoding: "utf8" }).stderr.split("\n")[0] ?? "java";
  const work = mkdtempSync(join(tmpdir(), "quarry-compat-lucee-"));
  const batches = writeCorpus(cases, work);
  const resultsFile = join(work, "results.jsonl");
  const done = new Promise<Map<string, LuceeResult>>((resolve, reject) => {
    let stderr = "";
    // The working folder is Lucee's web root (expandPath("/")): the tag cases live under it.
    const child = spawn(
      "java",
      [
        "-cp",
        [...cp, classes].join(":"),
        `-Dlucee.base.dir=${join(cache, "base")}`,
        "-Dfile.encoding=UTF-8",
        "Oracle",
        "corpus.txt",
        resultsFile,
        String(caseTimeout),
      ],
      { cwd: work, stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout.on("data", (d: Buffer) => (stderr += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      const [results, batchesRun] = readResults(resultsFile, batches);
      rmSync(work, { recursive: true, force: true });
      log(`Lucee ran ${batchesRun} of ${batches.size} batches whole`);
      if (code !== 0 || results.size !== cases.length)
        reject(
          new Error(
            `Lucee exited with ${code} after ${results.size} of ${cases.length} cases:\n${stderr.slice(-4000)}`,
          ),
        );
      else resolve(results);
    });
  });
  return { done, version: `Lucee ${LUCEE_VERSION} (${LUCEE}), ${java}` };
}

/**
 * Writes work/corpus.txt for bench/lucee/Oracle.java: each case a line (id, kind, base64 code),
 * a tag case's page (and its components) a file under work/cases; expression cases also in
 * batches, one script running many. Returns the batches by id.
 */
function writeCorpus(cases: Case[], work: string): Map<string, Case[]> {
  const lines: string[] = [];
  const batches = new Map<string, Case[]>();
  let pending: Case[] = [];
  const flush = () => {
    if (pending.length > 1) {
      const id = `batch:${batches.size}`;
      batches.set(id, pending);
      lines.push(`${id}\tbatch:${pending.length}\t${Buffer.from(batchScript(pending), "utf8").toString("base64")}`);
    }
    for (const c of pending) lines.push(`${c.id}\tscript\t${Buffer.from(c.lucee.code, "utf8").toString("base64")}`);
    pending = [];
  };
  cases.forEach((c, i) => {
    if (c.lucee.fn) {
      pending.push(c);
      if (pending.length === BATCH) flush();
      return;
    }
    flush();
    let code = c.lucee.code;
    if (c.lucee.kind === "tag" && c.lucee.files) {
      // A page with its component files: a folder of its own, where `new Name()` finds them.
      for (const [f, text] of Object.entries(c.lucee.files)) {
        mkdirSync(dirname(join(work, "cases", `c${i}`, f)), { recursive: true });
        writeFileSync(join(work, "cases", `c${i}`, f), text);
      }
      writeFileSync(join(work, "cases", `c${i}`, "page.cfm"), code);
      code = `/cases/c${i}/page.cfm`;
    } else if (c.lucee.kind === "tag") {
      mkdirSync(join(work, "cases"), { recursive: true });
      writeFileSync(join(work, "cases", `c${i}.cfm`), code);
      code = `/cases/c${i}.cfm`;
    }
    lines.push(`${c.id}\t${c.lucee.kind}\t${Buffer.from(code, "utf8").toString("base64")}`);
  });
  flush();
  writeFileSync(join(work, "corpus.txt"), `${lines.join("\n")}\n`);
  return batches;
}

/** Oracle.java's results file: each case's answer, a batch's spread back to its cases; and how many batches ran whole. */
function readResults(resultsFile: string, batches: Map<string, Case[]>): [Map<string, LuceeResult>, number] {
  const results = new Map<string, LuceeResult>();
  let batchesRun = 0;
  if (existsSync(resultsFile))
    for (const line of readFileSync(resultsFile, "utf8").split("\n"))
      if (line) {
        const r = JSON.parse(line) as LuceeResult;
        const members = batches.get(r.id);
        if (!members) results.set(r.id, r);
        else if (r.out !== undefined && ++batchesRun)
          (JSON.parse(r.out) as string[]).forEach((v, i) => {
            const id = members[i]!.id;
            if (v.startsWith("O")) results.set(id, { id, out: v.slice(1) });
            else {
              const [type, ...message] = v.slice(1).split("\t");
              results.set(id, { id, error: { type: type!, message: message.join("\t") } });
            }
          });
      }
  return [results, batchesRun];
}

// ---------------------------------------------------------------- Quarry

/**
 * Renders every case in both modes. Expression cases are rendered as test/cfml-cases.test.ts
 * renders them, many to a page (compiling a page costs more than most cases take to run), each
 * case's output after a separator; a page that fails is rendered again case by case.
 */
async function runQuarry(cases: Case[]): Promise<Map<string, { compiled: Outcome; interpreted: Outcome }>> {
  const site = mkdtempSync(join(tmpdir(), "quarry-compat-"));
  const engines = new Map<string, Engine>();
  const engine = (root: string, mode: Mode) => {
    const key = `${mode}\0${root}`;
    let e = engines.get(key);
    if (!e) engines.set(key, (e = new Engine({ root, mode })));
    return e;
  };
  const run = async (root: string, page: string, mode: Mode): Promise<Outcome> => {
    try {
      return { out: await engine(root, mode).render(page, scopesFrom({}), newPageState(null)) };
    } catch (err) {
      if (err instanceof QuarryError) return { error: { type: err.code, message: err.message } };
      return { error: { type: "crash", message: String(err) } };
    }
  };
  const results = new Map<string, { compiled: Outcome; interpreted: Outcome }>();
  let pages = 0;
  let chunksWhole = 0;
  const alone = async (c: Case) => {
    let root = c.quarry.root;
    let page = "page.dbt";
    if (!root) {
      root = site;
      page = `p${pages++}.dbt`;
      writeFileSync(join(site, page), c.quarry.page);
    }
    results.set(c.id, {
      compiled: await run(root, page, "compiled"),
      interpreted: await run(root, page, "interpreted"),
    });
  };
  const SEPARATOR = "\u241e";
  // A case's setLocale/setTimeZone holds for it alone.
  const RESET = '<dbt:set oracleReset = setLocale("en-US") & setTimeZone("UTC")>';
  const together = async (chunk: Case[]) => {
    const page = `p${pages++}.dbt`;
    writeFileSync(join(site, page), chunk.map((c) => `${c.quarry.page}${RESET}`).join(SEPARATOR));
    const compiled = await run(site, page, "compiled");
    const interpreted = await run(site, page, "interpreted");
    const parts = compiled.out?.split(SEPARATOR);
    if (parts?.length === chunk.length && interpreted.out === compiled.out && ++chunksWhole)
      chunk.forEach((c, i) => results.set(c.id, { compiled: { out: parts[i]! }, interpreted: { out: parts[i]! } }));
    else for (const c of chunk) await alone(c);
  };
  try {
    const batchable = cases.filter((c) => c.lucee.fn);
    for (let i = 0; i < batchable.length; i += 25) await together(batchable.slice(i, i + 25));
    for (const c of cases) if (!c.lucee.fn) await alone(c);
    log(`Quarry rendered ${chunksWhole} of ${Math.ceil(batchable.length / 25)} pages of 25 cases whole`);
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
  return results;
}

// ---------------------------------------------------------------- comparing and reporting

type Verdict = "agree" | "known" | "disagree";
interface Row {
  c: Case;
  lucee: Outcome;
  quarry: Outcome;
  verdict: Verdict;
  why: string;
}

const same = (a: Outcome, b: Outcome) =>
  a.error !== undefined
    ? b.error !== undefined && a.error.type === b.error.type && a.error.message === b.error.message
    : a.out === b.out;

function judge(c: Case, lucee: Outcome, q: { compiled: Outcome; interpreted: Outcome }): Row {
  const quarry = q.compiled;
  if (!same(q.compiled, q.interpreted))
    return {
      c,
      lucee,
      quarry,
      verdict: "disagree",
      why: `Quarry's modes differ (interpreted: ${show(q.interpreted)})`,
    };
  if (lucee.error !== undefined && quarry.error !== undefined)
    return { c, lucee, quarry, verdict: "agree", why: "both refuse" };
  if (lucee.error === undefined && quarry.error === undefined && lucee.out === quarry.out)
    return { c, lucee, quarry, verdict: "agree", why: "" };
  const k = explain(caseInfo(c), lucee, quarry);
  if (k) return { c, lucee, quarry, verdict: "known", why: k.join(" + ") };
  const why = lucee.error ? "Lucee refuses" : quarry.error ? "Quarry refuses" : "different output";
  return { c, lucee, quarry, verdict: "disagree", why };
}

const caseInfo = (c: Case): CaseInfo => ({
  id: c.id,
  source: c.source,
  expectsError: c.expectsError === true,
  asserted: c.asserted,
});

const show = (o: Outcome) => (o.error ? `error ${o.error.type}: ${o.error.message}` : JSON.stringify(o.out));
const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…` : s);
const cell = (s: string) => clip(s).replace(/\|/g, "\\|").replace(/\n/g, "↵");

interface Recorded {
  engine: string;
  floor: number;
  groups: Record<string, { total: number; agree: number; known: number; disagree: number }>;
  /** Each known difference's cases (a case that two entries explain together is under both). */
  known?: Record<string, string[]>;
  agreeing: string[];
}

async function main(): Promise<void> {
  const { cases, fixtures } = corpus();
  log(`${cases.length} cases; fixtures taken ${fixtures.taken} of ${fixtures.of}`);
  const lucee = runLucee(cases);
  log("Lucee started; rendering on Quarry meanwhile");
  const quarry = await runQuarry(cases);
  log("Quarry done; waiting for Lucee");
  const luceeResults = await lucee.done;
  log("Lucee done");

  const rows = cases.map((c) => {
    const l = luceeResults.get(c.id)!;
    return judge(c, l.error ? { error: l.error } : { out: l.out ?? "" }, quarry.get(c.id)!);
  });
  const groups: Recorded["groups"] = {};
  for (const r of rows) {
    const g = (groups[r.c.group] ??= { total: 0, agree: 0, known: 0, disagree: 0 });
    g.total++;
    g[r.verdict]++;
  }
  const total = rows.length;
  const agree = rows.filter((r) => r.verdict === "agree").length;
  const knownCount = rows.filter((r) => r.verdict === "known").length;
  const pct = (100 * agree) / total;

  const previous = existsSync(RESULTS_JSON) ? (JSON.parse(readFileSync(RESULTS_JSON, "utf8")) as Recorded) : undefined;
  const floor = Number(option("floor") ?? previous?.floor ?? Math.floor(pct));
  const byId = new Map(rows.map((r) => [r.c.id, r]));
  const regressed = (previous?.agreeing ?? []).filter((id) => byId.has(id) && byId.get(id)!.verdict !== "agree");
  const failures: string[] = [];
  if (pct < floor && !only) failures.push(`agreement ${pct.toFixed(1)}% is below the recorded floor of ${floor}%`);
  if (regressed.length)
    failures.push(`${regressed.length} case(s) that agreed now differ: ${regressed.slice(0, 20).join(", ")}`);
  // The pins count the whole corpus: a run of one group cannot check them.
  const ids = knownIds(rows.map((r) => ({ id: r.c.id, verdict: r.verdict, why: r.why })));
  if (!only) failures.push(...pinFailures(ids, previous?.known));

  const disagreements = rows.filter((r) => r.verdict === "disagree");
  const table = [
    "| Group | Cases | Agree | Known differences | Disagree |",
    "|---|--:|--:|--:|--:|",
    ...Object.entries(groups).map(([g, n]) => `| ${g} | ${n.total} | ${n.agree} | ${n.known} | ${n.disagree} |`),
    `| all | ${total} | ${agree} (${pct.toFixed(1)}%) | ${knownCount} | ${disagreements.length} |`,
  ];
  const md = reportMarkdown(rows, table, lucee.version, fixtures, floor);

  process.stdout.write(`${table.join("\n")}\n`);
  const dump = option("dump");
  if (dump) writeDump(dump, rows);
  if (failures.length && (!accept || only)) {
    process.stdout.write(`\nFAILED (nothing written; --accept records this run):\n- ${failures.join("\n- ")}\n`);
    for (const id of regressed.slice(0, 20)) {
      const r = byId.get(id)!;
      process.stdout.write(
        `  ${id}: ${clip(r.c.source, 120)}\n    Lucee:  ${clip(show(r.lucee), 200)}\n    Quarry: ${clip(show(r.quarry), 200)}\n`,
      );
    }
    process.exitCode = 1;
    return;
  }
  if (only) return; // a part of the corpus records nothing (its regressions are checked above)
  const recorded: Recorded = {
    engine: lucee.version,
    floor,
    groups,
    known: ids,
    agreeing: rows
      .filter((r) => r.verdict === "agree")
      .map((r) => r.c.id)
      .sort(),
  };
  writeFileSync(RESULTS_JSON, `${JSON.stringify(recorded, null, 1)}\n`);
  writeSection(
    { name: "compat-lucee", title: "Agreement with Lucee", command: "npm run compat:lucee", markdown: md },
    COMPAT_MD,
  );
  log(`wrote bench/compat-lucee.json and bench/COMPAT.md (agree ${agree} of ${total})`);
}

/** bench/COMPAT.md's section: the table, the known differences with their counts, the first disagreements. */
function reportMarkdown(
  rows: Row[],
  table: string[],
  version: string,
  fixtures: ReturnType<typeof corpus>["fixtures"],
  floor: number,
): string {
  const disagreements = rows.filter((r) => r.verdict === "disagree");
  const classes = new Map<string, number>();
  for (const r of disagreements) classes.set(r.why, (classes.get(r.why) ?? 0) + 1);
  return [
    `Engine: ${version}. Fixtures taken: ${fixtures.taken} of ${fixtures.of} (skipped: ${Object.entries(
      fixtures.skipped,
    )
      .map(([why, n]) => `${n} for ${why}`)
      .join("; ")}). Floor: ${floor}%. Run time: ${elapsed()}.`,
    "",
    ...table,
    "",
    "Known differences (bench/compat-known.ts) by how many cases each explains (each count is pinned there; a case two entries explain together counts for both):",
    "",
    ...known.map(
      (k) =>
        `- \`${k.name}\` (${rows.filter((r) => r.verdict === "known" && r.why.split(" + ").includes(k.name)).length}): ${k.reason}`,
    ),
    "",
    ...known.filter((k) => k.kinds).flatMap((k) => kindsMarkdown(k, rows)),
    `Disagreements by kind: ${[...classes].map(([k, n]) => `${k} ${n}`).join(", ") || "none"}.`,
    "",
    `### Disagreements${disagreements.length > SHOWN ? ` (the first ${SHOWN} of ${disagreements.length})` : ""}`,
    "",
    "| Case | Source | Lucee | Quarry |",
    "|---|---|---|---|",
    ...disagreements
      .slice(0, SHOWN)
      .map((r) => `| ${r.c.id} | \`${cell(r.c.source)}\` | ${cell(show(r.lucee))} | ${cell(show(r.quarry))} |`),
  ].join("\n");
}

/** An entry's cases by kind (KnownDifference.kinds): each kind with how many and their ids. */
function kindsMarkdown(k: KnownDifference, rows: Row[]): string[] {
  const byKind = new Map<string, string[]>();
  for (const r of rows)
    if (r.verdict === "known" && r.why.split(" + ").includes(k.name)) {
      const kind = k.kinds!.find(([, test]) => test(caseInfo(r.c), r.lucee, r.quarry))?.[0] ?? "no kind listed";
      byKind.set(kind, [...(byKind.get(kind) ?? []), r.c.id]);
    }
  return [
    `The cases of \`${k.name}\` by kind:`,
    "",
    ...[...k.kinds!.map(([kind]) => kind), "no kind listed"]
      .filter((kind) => byKind.has(kind))
      .map((kind) => `- ${kind} (${byKind.get(kind)!.length}): ${byKind.get(kind)!.sort().join(", ")}`),
    "",
  ];
}

/** --dump FILE: every case's verdict and both engines' answers, as JSON. */
function writeDump(file: string, rows: Row[]): void {
  writeFileSync(
    file,
    `${JSON.stringify(
      rows.map((r) => ({
        id: r.c.id,
        verdict: r.verdict,
        why: r.why,
        source: r.c.source,
        lucee: r.lucee,
        quarry: r.quarry,
      })),
      null,
      1,
    )}\n`,
  );
}

await main();
