-- Tables the fixture pages query (test/fixtures/*/page.dbt).
CREATE TABLE fruit (
  id integer PRIMARY KEY,
  name text NOT NULL,
  color text NOT NULL,
  price numeric(6, 2) NOT NULL
);
INSERT INTO fruit VALUES
  (1, 'apple', 'red', 0.50),
  (2, 'banana', 'yellow', 0.25),
  (3, 'cherry', 'red', 3.00),
  (4, 'lemon', 'yellow', 0.40),
  (5, 'plum', 'purple', 0.80);
CREATE TABLE ledger (
  id serial PRIMARY KEY,
  note text NOT NULL
);
