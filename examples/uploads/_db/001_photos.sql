-- The pictures of docs/recipes/uploads.md, kept in the database: every worker and machine sees
-- them, a backup holds them, and no file name of a visitor's ever becomes a path on the server.
CREATE TABLE photo (
  id serial PRIMARY KEY,
  file_name varchar(255) NOT NULL,
  content_type varchar(40) NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL,
  created timestamptz NOT NULL DEFAULT now()
);
