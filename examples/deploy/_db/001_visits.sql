-- The table of docs/recipes/deploy.md: quarry start applies this once, before any worker serves.
CREATE TABLE visit (
  id serial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now()
);
