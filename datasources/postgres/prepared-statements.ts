// The named statements prepared on each connection, as Quarry keeps them beside
// node-postgres's own book (`parsedStatements`):
// - each one's row description, from the first answer to a Describe of it (the run that
//   prepared it, or the next when that one failed), so that every later run sends Bind, Execute
//   and Sync only: Postgres then answers no RowDescription, and node-postgres does not build the
//   row's parsers again (pg.Result.addFields). A prepared statement's result type cannot change
//   under it: after ALTER TABLE Postgres refuses to run it ("cached plan must not change result
//   type", 0A000) rather than answer rows of another shape, and the statement is prepared again
//   (driver.ts replanned) or run unnamed on a connection that is then replaced (pipeline.ts
//   send). A new Parse forgets the description and brings the next. A statement that answers no
//   rows (Describe answered NoData: an INSERT without RETURNING) is kept as a description of no
//   fields;
// - how many: at most PREPARED_PER_CONNECTION, of PREPARED_CHARS_PER_CONNECTION characters of
//   SQL, the least recently run closed on the server when a new one is prepared past either.
//   Every SQL text gets its own name, so a site that builds its SQL from strings (a list of n
//   placeholders, a chosen ORDER BY, values written into the text) would otherwise prepare a new
//   statement per text on every connection, each holding a plan in its backend's memory and
//   its text in node-postgres's for as long as the connection lives.

/** What pg.Result.addFields makes of a RowDescription: the fields, their parsers, the empty row. */
export interface Description {
  fields: unknown[];
  parsers: unknown[] | undefined;
  empty: object | null;
}

/**
 * One statement name on one connection, since its last Parse: its description once an answer
 * brought it. A new Parse makes a new entry, so a query written before it, holding the old one,
 * can never set the new one's.
 */
export interface Described {
  description: Description | null;
  /** The characters of its SQL. */
  chars: number;
}

/** The parts of node-postgres's Connection this reads and writes. */
export interface StatementBook {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  close(msg: { type: "S"; name: string }): void;
}

/**
 * Named statements one connection keeps prepared, at most, and the characters of their SQL
 * (which node-postgres keeps too, as does Postgres with each plan): pgjdbc's defaults
 * (preparedStatementCacheQueries and preparedStatementCacheSizeMiB, what Lucee's Postgres
 * datasources run on). A site's own statements are far fewer; texts built from strings pass
 * through.
 */
export const PREPARED_PER_CONNECTION = 256;
export const PREPARED_CHARS_PER_CONNECTION = 5 * 1024 * 1024;

/** One connection's named statements, the least recently written first, and their characters. */
interface Book {
  statements: Map<string, Described>;
  chars: number;
}
const books = new WeakMap<StatementBook, Book>();

/**
 * As a statement named `name` (of SQL `text`) is about to be written on `connection`: its entry,
 * a new one when the statement is not prepared there yet (this write's Parse prepares it
 * afresh; past a bound the least recently written statements are closed first, in the same
 * write).
 */
export function describedFor(connection: StatementBook, name: string, text: string): Described {
  let book = books.get(connection);
  if (book === undefined) books.set(connection, (book = { statements: new Map(), chars: 0 }));
  const statements = book.statements;
  let d = statements.get(name);
  const prepared =
    connection.parsedStatements[name] !== undefined || connection.submittedNamedStatements[name] !== undefined;
  // Most recently written last: deleted and set again.
  if (d !== undefined) statements.delete(name);
  if (!prepared || d === undefined) {
    if (d !== undefined) book.chars -= d.chars;
    d = { description: null, chars: text.length };
    closeOldest(connection, book, d.chars);
    book.chars += d.chars;
  }
  statements.set(name, d);
  return d;
}

/**
 * Closes the least recently written statements until one of `chars` more fits both bounds, but
 * none being prepared now (one whose Parse is written but not yet answered would be marked
 * prepared again by that answer, after the Close: a burst of new statements may pass the bounds
 * until they are answered). Runs of a statement written before its Close are answered first:
 * the server takes messages in order. Closing a statement that is not there (its Parse failed)
 * is not an error.
 */
function closeOldest(connection: StatementBook, book: Book, chars: number): void {
  const statements = book.statements;
  for (const [name, d] of statements) {
    if (statements.size < PREPARED_PER_CONNECTION && book.chars + chars <= PREPARED_CHARS_PER_CONNECTION) return;
    if (connection.submittedNamedStatements[name] !== undefined) continue;
    connection.close({ type: "S", name });
    delete connection.parsedStatements[name];
    statements.delete(name);
    book.chars -= d.chars;
  }
}

/** An answer to a Describe of the statement (its RowDescription, or NoData): the first is kept. */
export function keep(d: Described, description: Description): void {
  d.description ??= description;
}
