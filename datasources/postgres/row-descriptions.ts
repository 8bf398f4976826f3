// A named statement's row description, kept per connection from the first answer to a Describe
// of it (the run that prepared it, or the next when that one failed), so that every later run
// sends Bind, Execute and Sync only: Postgres then answers no
// RowDescription, and node-postgres does not build the row's parsers again (pg.Result.addFields).
// A prepared statement's result type cannot change under it: after ALTER TABLE Postgres refuses
// to run it ("cached plan must not change result type", 0A000) rather than answer rows of
// another shape, and the statement is prepared again (driver.ts replanned) or run unnamed on a
// connection that is then replaced (pipeline.ts send). A new Parse forgets the description and
// brings the next. A statement that answers no rows (Describe answered NoData: an INSERT without
// RETURNING) is kept as a description of no fields.

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
}

/** The parts of node-postgres's Connection this reads. */
export interface StatementBook {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

const books = new WeakMap<StatementBook, Map<string, Described>>();

/**
 * As a statement named `name` is about to be written on `connection`: its entry, a new one when
 * the statement is not prepared there yet (this write's Parse prepares it afresh).
 */
export function describedFor(connection: StatementBook, name: string): Described {
  let book = books.get(connection);
  if (book === undefined) books.set(connection, (book = new Map<string, Described>()));
  let d = book.get(name);
  const prepared =
    connection.parsedStatements[name] !== undefined || connection.submittedNamedStatements[name] !== undefined;
  if (!prepared || d === undefined) book.set(name, (d = { description: null }));
  return d;
}

/** An answer to a Describe of the statement (its RowDescription, or NoData): the first is kept. */
export function keep(d: Described, description: Description): void {
  d.description ??= description;
}
