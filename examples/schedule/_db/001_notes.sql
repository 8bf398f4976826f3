-- The notes of docs/recipes/scheduled-tasks.md: each expires; a task deletes the expired ones.
CREATE TABLE note (
  id serial PRIMARY KEY,
  body varchar(200) NOT NULL,
  expires timestamptz NOT NULL
);
-- What the daily task counted, one row per run.
CREATE TABLE note_count (
  taken timestamptz PRIMARY KEY,
  total integer NOT NULL
);
