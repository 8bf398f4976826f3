-- The workload matrix's tables (bench/workloads.ts): 10,000 items to read in pages of 10, 1,000
-- and 10,000 rows, and a table the write page inserts into.
CREATE TABLE item (id integer PRIMARY KEY, name text NOT NULL, price numeric(10, 2) NOT NULL);
INSERT INTO item SELECT i, 'item ' || i, (i % 997) * 1.25 FROM generate_series(1, 10000) AS i;
CREATE TABLE visit (id serial PRIMARY KEY, page text NOT NULL, at timestamptz NOT NULL DEFAULT now());
