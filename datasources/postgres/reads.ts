// Which statements may run on a streaming replica: decided from the SQL text alone, and
// conservatively — what this cannot show to be a plain read goes to the primary. A plain read
// is one statement that starts with SELECT or WITH (after any opening parentheses) and has, outside
// string constants, quoted identifiers and comments, none of the words INSERT, UPDATE, DELETE,
// MERGE, INTO (SELECT INTO makes a table), COPY, LOCK, no locking clause (FOR UPDATE, FOR
// SHARE, FOR NO KEY UPDATE, FOR KEY SHARE), and calls none of the functions below, which
// change or depend on the primary's state. A function of the site's own that writes cannot be
// told from its name: a replica refuses its write (25006, read-only transaction) and the
// registry runs the statement on the primary instead (nothing ran on the replica).

const WRITES = new Set(["insert", "update", "delete", "merge", "into", "copy", "lock"]);
/** Functions whose effect a replica would lose or get wrong (sequences, advisory locks, settings, NOTIFY, the primary's WAL position). */
const NOT_ON_A_REPLICA =
  /^(nextval|setval|currval|lastval|set_config|pg_notify|txid_current|pg_current_xact_id|pg_current_wal|pg_advisory|pg_try_advisory|pg_export_snapshot|lo_|dblink)/;
const LOCKING = new Set(["update", "share", "no", "key"]);

/** The words of `sql` (lowercased) outside strings, quoted identifiers and comments; null when it holds a second statement. */
function words(sql: string): string[] | null {
  const out: string[] = [];
  const n = sql.length;
  let i = 0;
  while (i < n) {
    const c = sql[i]!;
    if (c === "-" && sql[i + 1] === "-") {
      const e = sql.indexOf("\n", i);
      i = e < 0 ? n : e + 1;
    } else if (c === "/" && sql[i + 1] === "*") {
      // Comments nest in Postgres.
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        const two = sql.slice(i, i + 2);
        depth += two === "/*" ? 1 : two === "*/" ? -1 : 0;
        i += two === "/*" || two === "*/" ? 2 : 1;
      }
    } else if (c === "'" || c === '"') {
      // E'…' allows backslash escapes; '' and "" are the quote itself.
      const escapes = c === "'" && /[eE]/.test(sql[i - 1] ?? "") && !/\w/.test(sql[i - 2] ?? "");
      i++;
      while (i < n) {
        if (escapes && sql[i] === "\\") i += 2;
        else if (sql[i] === c && sql[i + 1] === c) i += 2;
        else if (sql[i] === c) break;
        else i++;
      }
      i++;
    } else if (c === "$" && /^\$(?:[A-Za-z_]\w*)?\$/.test(sql.slice(i, i + 64))) {
      const tag = /^\$(?:[A-Za-z_]\w*)?\$/.exec(sql.slice(i, i + 64))![0];
      const e = sql.indexOf(tag, i + tag.length);
      i = e < 0 ? n : e + tag.length;
    } else if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < n && /[\w$]/.test(sql[j]!)) j++;
      out.push(sql.slice(i, j).toLowerCase());
      i = j;
    } else if (c === ";") {
      if (sql.slice(i + 1).trim() !== "") return null;
      i++;
    } else i++;
  }
  return out;
}

/** May `sql` run on a replica: is it one plain read (see above)? */
export function plainRead(sql: string): boolean {
  const first = /^[\s(]*(\w+)/.exec(sql.replace(/^(\s*(--[^\n]*\n|\/\*[\s\S]*?\*\/))*/, ""))?.[1]?.toLowerCase();
  if (first !== "select" && first !== "with") return false;
  const w = words(sql);
  if (!w) return false;
  for (let k = 0; k < w.length; k++) {
    const word = w[k]!;
    if (WRITES.has(word) || NOT_ON_A_REPLICA.test(word)) return false;
    if (word === "for" && LOCKING.has(w[k + 1] ?? "")) return false;
  }
  return true;
}
